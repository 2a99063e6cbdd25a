/**
 * Whether the page itself scrolls: the document must stay exactly one window tall and wide, at
 * the top, and the app's own frame (whose overflow is hidden, yet scrollable by the browser
 * when a focused or scrolled-to element lies outside it) must not have moved either. Only inner
 * areas (the log, the sidebar, a panel's list) may scroll.
 */
import { expect, type Page } from '@playwright/test';

export interface DocumentScroll {
  scrollHeight: number;
  scrollWidth: number;
  scrollTop: number;
  scrollLeft: number;
  innerHeight: number;
  innerWidth: number;
  /** Frame elements (app, body of the app, visualizer, grid) that have scrolled: "class top". */
  framesScrolled: string[];
  /** Top of the app's header in the window, px (0 when nothing moved). */
  headerTop: number;
}

export function documentScroll(page: Page): Promise<DocumentScroll> {
  return page.evaluate(() => {
    const d = document.scrollingElement!;
    const frames = ['.app', '.app-body', '.visualizer', '.main-grid', '#root'];
    const framesScrolled: string[] = [];
    for (const sel of frames)
      for (const el of Array.from(document.querySelectorAll(sel)))
        if (el.scrollTop !== 0 || el.scrollLeft !== 0)
          framesScrolled.push(`${sel} at ${el.scrollLeft},${el.scrollTop}`);
    const header = document.querySelector('.app-header');
    return {
      scrollHeight: d.scrollHeight,
      scrollWidth: d.scrollWidth,
      scrollTop: d.scrollTop,
      scrollLeft: d.scrollLeft,
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
      framesScrolled,
      headerTop: header ? Math.round(header.getBoundingClientRect().top) : 0,
    };
  });
}

/**
 * What is wrong with a document's scroll, each problem in words that start with `what` (none
 * when the document is one window tall and wide, at the top, and no frame has scrolled).
 */
export function pageScrollProblems(s: DocumentScroll, what: string): string[] {
  const where = `${what}: document ${s.scrollWidth}×${s.scrollHeight} at ${s.scrollLeft},${s.scrollTop} in a ${s.innerWidth}×${s.innerHeight} window`;
  const out: string[] = [];
  if (s.scrollHeight !== s.innerHeight) out.push(`${where}: the document is not one window tall`);
  if (s.scrollWidth !== s.innerWidth) out.push(`${where}: the document is not one window wide`);
  if (s.scrollTop !== 0) out.push(`${where}: the document is not at the top`);
  if (s.framesScrolled.length)
    out.push(`${where}: the app's frame has scrolled: ${s.framesScrolled.join(', ')}`);
  return out;
}

/**
 * The document is one window tall and wide and nothing of the frame has scrolled (one soft
 * expectation: a spec that checks many views collects pageScrollProblems and expects once).
 */
export async function expectNoPageScroll(page: Page, what: string): Promise<void> {
  expect.soft(pageScrollProblems(await documentScroll(page), what), what).toEqual([]);
}
