/**
 * What compare-fit*.spec.ts measure in each compared run's row: whether its name and key
 * decisions show whole (or, folded, end in an ellipsis with the full text in the tooltip),
 * whether any label of its two minis is clipped by its plot, and how tall the minis' plots are.
 */
import { expect, type Page } from '@playwright/test';

export interface RowFit {
  sender: string;
  /** What is cut off, or '' when the name, the stats and every plot label show whole. */
  clipped: string;
  /** Height of the router mini's plot area, px. */
  plotPx: number;
  /** Height of the cwnd mini's plot frame, px. */
  cwndPx: number;
  /** y tick labels of the router mini. */
  yTicks: string[];
}

export function rowFits(page: Page): Promise<RowFit[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('section.compare-row')).map((row) => {
      const sender = (row.dataset.testid ?? '').replace(/^compare-/, '');
      const rowBox = row.getBoundingClientRect();
      const problems: string[] = [];
      const outside = (b: DOMRect, box: DOMRect) =>
        b.left < box.left - 1 ||
        b.right > box.right + 1 ||
        b.top < box.top - 1 ||
        b.bottom > box.bottom + 1;
      const within = (el: Element, what: string) => {
        if (outside(el.getBoundingClientRect(), rowBox)) problems.push(`${what} outside its row`);
      };
      const label = row.querySelector<HTMLElement>('.compare-label')!;
      if (label.scrollHeight > label.clientHeight + 1)
        problems.push(`label ${label.scrollHeight} px tall in ${label.clientHeight} px`);
      if (label.scrollWidth > label.clientWidth + 1)
        problems.push(`label ${label.scrollWidth} px wide in ${label.clientWidth} px`);
      const name = row.querySelector<HTMLElement>('[data-testid="compare-name"]')!;
      if (name.scrollWidth > name.clientWidth + 1) problems.push('name cut at its end');
      within(name, 'name');
      const lb = label.getBoundingClientRect();
      // Key decisions folded into one line: allowed to end in an ellipsis when the list's
      // tooltip holds every line in full.
      const list = row.querySelector<HTMLElement>('.compare-events')!;
      const items = Array.from(list.querySelectorAll<HTMLElement>('li:not(.sr-only)'));
      const texts = items.map((li) => (li.textContent ?? '').trim());
      const ls = getComputedStyle(list);
      const folded = ls.textOverflow === 'ellipsis' && ls.whiteSpace === 'nowrap';
      if (folded) {
        const lb2 = list.getBoundingClientRect();
        if (outside(lb2, lb)) problems.push('stats line outside its label');
        const title = list.title;
        if (list.scrollWidth > list.clientWidth + 1)
          for (const t of texts)
            if (!title.includes(t)) problems.push(`stat “${t}” clamped, not in the tooltip`);
      } else
        for (const li of items) {
          const b = li.getBoundingClientRect();
          const text = (li.textContent ?? '').trim();
          if (b.top < lb.top - 1 || b.bottom > lb.bottom + 1 || b.right > lb.right + 1)
            problems.push(`stat “${text}” cut off`);
          if (li.scrollWidth > li.clientWidth + 1) problems.push(`stat “${text}” cut at its end`);
        }
      // Every label drawn in a mini lies inside its SVG (nothing clipped by its plot).
      for (const svg of Array.from(
        row.querySelectorAll<SVGSVGElement>('[data-panel="router"] svg, .compare-cwnd svg'),
      )) {
        const sb = svg.getBoundingClientRect();
        for (const t of Array.from(svg.querySelectorAll<SVGTextElement>('text'))) {
          const text = (t.textContent ?? '').trim();
          if (!text || getComputedStyle(t).display === 'none') continue;
          const b = t.getBoundingClientRect();
          if (b.width === 0) continue;
          // The box holds the font's descent below the baseline, empty under digits: up to
          // 0.3 em of it may pass the SVG's bottom edge; nothing may pass its sides or top.
          const descent = 0.3 * parseFloat(getComputedStyle(t).fontSize);
          if (
            b.left < sb.left - 1 ||
            b.right > sb.right + 1 ||
            b.top < sb.top - 1 ||
            b.bottom > sb.bottom + descent
          )
            problems.push(`plot label “${text}” clipped by its plot`);
        }
      }
      // Axis labels of the router mini do not overlap its tick labels.
      const ticks = Array.from(
        row.querySelectorAll<SVGTextElement>('[data-panel="router"] .tick text'),
      ).map((t) => t.getBoundingClientRect());
      for (const al of Array.from(
        row.querySelectorAll<SVGTextElement>(
          '[data-panel="router"] .ackp-axis-label-x, [data-panel="router"] .ackp-axis-label-y',
        ),
      )) {
        const a = al.getBoundingClientRect();
        if (!al.textContent || a.width === 0) continue;
        if (
          ticks.some(
            (b) =>
              a.left < b.right - 1 &&
              b.left < a.right - 1 &&
              a.top < b.bottom - 1 &&
              b.top < a.bottom - 1,
          )
        )
          problems.push(`axis label “${al.textContent}” over the tick labels`);
      }
      const clip = row.querySelector('[data-panel="router"] clipPath rect');
      const plotPx = clip ? Number(clip.getAttribute('height')) - 2 : 0;
      const frame = row.querySelector('.compare-cwnd svg rect');
      const cwndPx = frame ? Number(frame.getAttribute('height')) : 0;
      const yTicks = Array.from(
        row.querySelectorAll('[data-panel="router"] .ackp-axis-y .tick text'),
      ).map((t) => t.textContent ?? '');
      return { sender, clipped: problems.join('; '), plotPx, cwndPx, yTicks };
    }),
  );
}

/** The rows' fits once two readings a frame apart agree (the minis redraw after a resize). */
export async function settledFits(page: Page): Promise<RowFit[]> {
  let last = '';
  let fits: RowFit[] = [];
  await expect
    .poll(
      async () => {
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
        fits = await rowFits(page);
        const now = JSON.stringify(fits);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [50], timeout: 10_000 },
    )
    .toBe(true);
  return fits;
}
