/**
 * The embed code of a view: an `<iframe>` of the embed view (`embed=1`) that a slide deck, an
 * LMS page or any web page can hold. Pure: the address and the title come from the caller.
 */

/** Frame sizes offered, CSS px (16:9; the embed view fits 640×360 and up). */
export const EMBED_SIZES: readonly { width: number; height: number }[] = [
  { width: 640, height: 360 },
  { width: 800, height: 450 },
  { width: 960, height: 540 },
  { width: 1280, height: 720 },
];

/** The size the embed code starts with. */
export const DEFAULT_EMBED_SIZE = EMBED_SIZES[1]!;

/** Text for a double-quoted HTML attribute value. */
export function htmlAttr(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * `<iframe src="…" width="800" height="450" title="…" loading="lazy"></iframe>`: `src` the
 * embed view's absolute address (with `embed=1`), `title` what the frame shows (screen readers
 * announce it). Both are escaped for the attribute (`&` in the query becomes `&amp;`).
 */
export function embedSnippet(
  src: string,
  size: { width: number; height: number },
  title: string,
): string {
  return `<iframe src="${htmlAttr(src)}" width="${Math.round(size.width)}" height="${Math.round(size.height)}" title="${htmlAttr(title)}" loading="lazy"></iframe>`;
}
