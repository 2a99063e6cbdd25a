/**
 * Compare mode's SVG export: each compared run's row as the page shows it — its name (in its
 * colour, with its swatch), its router plot (the panel export, exportSvg) and its cwnd plot on
 * the shared scale — stacked into one standalone SVG document. CSS variables the cwnd plot uses
 * (`var(--muted)`) are resolved to their values and the root names the app's sans-serif font,
 * so the file needs no stylesheet.
 */
import { exportSvg, FONT_FAMILY } from '../deps/panels';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Copy `src`'s subtree into `dst`, each `var(--x)` attribute replaced by its computed value. */
function copyResolved(src: Element, dst: Element, style: CSSStyleDeclaration): void {
  for (const child of Array.from(src.childNodes)) {
    const c = child.cloneNode(true);
    if (c instanceof Element) {
      for (const el of [c, ...Array.from(c.querySelectorAll('*'))])
        for (const a of Array.from(el.attributes))
          if (a.value.includes('var(--'))
            el.setAttribute(
              a.name,
              a.value.replace(
                /var\((--[\w-]+)\)/g,
                (_m, v: string) => style.getPropertyValue(v).trim() || 'currentColor',
              ),
            );
    }
    dst.appendChild(c);
  }
}

function sizeOf(el: Element): { w: number; h: number } {
  const r = el.getBoundingClientRect();
  const w = r.width || Number(el.getAttribute('width')) || 0;
  const h = r.height || Number(el.getAttribute('height')) || 0;
  return { w, h };
}

/** One compared run's row: its name and where its plots are. */
export interface CompareRowParts {
  name: string;
  color: string;
  swatch: Element | null;
  router: Element | null;
  cwnd: Element | null;
}

export function compareRows(root: ParentNode): CompareRowParts[] {
  return Array.from(root.querySelectorAll('section.compare-row')).map((row) => {
    const label = row.querySelector('[data-testid="compare-name"]') as HTMLElement | null;
    return {
      name: (label?.textContent ?? '').trim(),
      color: label ? getComputedStyle(label).color || label.style.color : '',
      swatch: label?.querySelector('svg') ?? null,
      router: row.querySelector('[data-slot]'),
      cwnd: row.querySelector('.compare-cwnd svg'),
    };
  });
}

/**
 * The compared runs (all, or the one at `only`) as one SVG document string.
 * @throws Error when no compared run has a rendered plot.
 */
export function compareSvg(root: ParentNode, only?: number): string {
  const all = compareRows(root);
  const rows = only === undefined ? all : all.slice(only, only + 1);
  if (rows.length === 0) throw new Error('no compared run to export');
  const doc = document;
  const style = getComputedStyle(doc.documentElement);
  const fontPx = 15;
  const out = doc.createElementNS(SVG_NS, 'svg');
  out.setAttribute('xmlns', SVG_NS);
  // The app's sans-serif for every text (the cwnd plots' labels carry none of their own): as an
  // attribute and as style, so viewers and the PNG rasterisation (an <img>) both use it.
  out.setAttribute('font-family', FONT_FAMILY);
  out.setAttribute('style', `font-family: ${FONT_FAMILY}`);
  const title = doc.createElementNS(SVG_NS, 'title');
  title.textContent = `Compared runs: ${rows.map((r) => r.name).join(', ')}`;
  out.appendChild(title);
  const bg = doc.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', style.getPropertyValue('--bg').trim() || '#ffffff');
  out.appendChild(bg);
  let y = 0;
  let width = 0;
  for (const r of rows) {
    const g = doc.createElementNS(SVG_NS, 'g');
    g.setAttribute('data-run', r.name);
    // The run's name, as its row's label: swatch, then the name in the run's colour.
    let x = 8;
    if (r.swatch) {
      const sw = doc.createElementNS(SVG_NS, 'g');
      sw.setAttribute('transform', `translate(${x},${y + fontPx * 0.55})`);
      copyResolved(r.swatch, sw, getComputedStyle(r.swatch));
      g.appendChild(sw);
      x += 44;
    }
    const name = doc.createElementNS(SVG_NS, 'text');
    name.setAttribute('x', String(x));
    name.setAttribute('y', String(y + fontPx * 1.1));
    name.setAttribute('font-size', String(fontPx));
    name.setAttribute('font-weight', '700');
    name.setAttribute('font-family', FONT_FAMILY);
    name.setAttribute('fill', r.color || '#000000');
    name.textContent = r.name;
    g.appendChild(name);
    width = Math.max(width, x + r.name.length * fontPx * 0.62 + 8);
    y += Math.round(fontPx * 1.6);
    if (r.router) {
      const parsed = new DOMParser().parseFromString(exportSvg(r.router), 'image/svg+xml');
      const src = parsed.documentElement;
      const w = Number(src.getAttribute('width')) || 0;
      const h = Number(src.getAttribute('height')) || 0;
      const nest = doc.createElementNS(SVG_NS, 'svg');
      nest.setAttribute('x', '0');
      nest.setAttribute('y', String(y));
      nest.setAttribute('width', String(w));
      nest.setAttribute('height', String(h));
      nest.setAttribute('viewBox', src.getAttribute('viewBox') ?? `0 0 ${w} ${h}`);
      for (const c of Array.from(src.childNodes))
        if (!(c instanceof Element && c.localName === 'title'))
          nest.appendChild(doc.importNode(c, true));
      g.appendChild(nest);
      y += h;
      width = Math.max(width, w);
    }
    if (r.cwnd) {
      const { w, h } = sizeOf(r.cwnd);
      const nest = doc.createElementNS(SVG_NS, 'svg');
      nest.setAttribute('x', '0');
      nest.setAttribute('y', String(y));
      nest.setAttribute('width', String(w));
      nest.setAttribute('height', String(h));
      const label = r.cwnd.getAttribute('aria-label');
      if (label) {
        const t = doc.createElementNS(SVG_NS, 'title');
        t.textContent = label;
        nest.appendChild(t);
      }
      copyResolved(r.cwnd, nest, getComputedStyle(r.cwnd));
      g.appendChild(nest);
      y += h;
      width = Math.max(width, w);
    }
    out.appendChild(g);
    y += 12;
  }
  out.setAttribute('width', String(Math.ceil(width)));
  out.setAttribute('height', String(Math.ceil(y)));
  out.setAttribute('viewBox', `0 0 ${Math.ceil(width)} ${Math.ceil(y)}`);
  return new XMLSerializer().serializeToString(out);
}
