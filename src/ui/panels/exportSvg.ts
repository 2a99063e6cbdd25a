/**
 * Export a rendered panel as one standalone SVG document: its plot layers (SVG cloned,
 * canvas layers embedded as PNG images), legend rows redrawn as SVG text, the text summary as
 * <title>/<desc>. Colours and fonts are attributes already, so no stylesheet is needed.
 */
import { FONT_FAMILY } from './draw/axes';
import { PALETTE } from './palette';
import type { Theme } from './types';

const SVG_NS = 'http://www.w3.org/2000/svg';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function sizeOf(el: Element): { w: number; h: number } {
  const r = el.getBoundingClientRect();
  if (r.width > 0 && r.height > 0) return { w: r.width, h: r.height };
  const w = Number(el.getAttribute('width')) || (el as HTMLCanvasElement).width || 0;
  const h = Number(el.getAttribute('height')) || (el as HTMLCanvasElement).height || 0;
  return { w, h };
}

/** The panel root (.ackp) for any element inside or around it. */
function panelRoot(el: Element): Element {
  return el.closest('.ackp') ?? el.querySelector('.ackp') ?? el;
}

/**
 * A legend entry's words once: a label with a long and a short form ("arrival at router" /
 * "arrival") holds both in the page, one hidden by CSS; the export takes the one shown (the long
 * one when styles are not computed), then the count.
 */
export function legendLabel(li: Element): string {
  const label = li.querySelector('.ackp-label');
  if (!label) return li.textContent ?? '';
  const long = label.querySelector('.ackp-long');
  const short = label.querySelector('.ackp-short');
  const shown = (el: Element) => getComputedStyle(el).display !== 'none';
  const words =
    long && short
      ? ((shown(long) || !shown(short) ? long : short).textContent ?? '')
      : Array.from(label.childNodes)
          .filter((n) => !(n instanceof Element && n.classList.contains('ackp-count')))
          .map((n) => n.textContent ?? '')
          .join('');
  return words + (label.querySelector('.ackp-count')?.textContent ?? '');
}

function legendToSvg(doc: Document, legend: Element, box: Box, color: string): SVGGElement {
  const g = doc.createElementNS(SVG_NS, 'g') as SVGGElement;
  g.setAttribute('transform', `translate(${box.x},${box.y})`);
  g.setAttribute('font-family', FONT_FAMILY);
  const fontPx = parseFloat(getComputedStyle(legend).fontSize) || 13;
  const lineH = Math.round(fontPx * 1.6);
  let x = 8;
  let y = 0;
  const put = (w: number) => {
    if (x + w > box.w - 8 && x > 8) {
      x = 8;
      y += lineH;
    }
  };
  const title = legend.querySelector('.ackp-title');
  if (title?.textContent) {
    const w = title.textContent.length * fontPx * 0.62 + 16;
    put(w);
    const t = doc.createElementNS(SVG_NS, 'text');
    t.setAttribute('x', String(x));
    t.setAttribute('y', String(y + fontPx * 1.1));
    t.setAttribute('font-size', String(fontPx));
    t.setAttribute('font-weight', '650');
    t.setAttribute('fill', color);
    t.textContent = title.textContent;
    g.appendChild(t);
    x += w;
  }
  for (const li of Array.from(legend.querySelectorAll('li[data-legend]'))) {
    const sw = li.querySelector('svg');
    const label = legendLabel(li);
    const swW = sw ? Number(sw.getAttribute('width')) || 18 : 0;
    const swH = sw ? Number(sw.getAttribute('height')) || fontPx : 0;
    const w = swW + 6 + label.length * fontPx * 0.58 + 14;
    put(w);
    if (sw) {
      const sg = doc.createElementNS(SVG_NS, 'g');
      sg.setAttribute('transform', `translate(${x},${y + (lineH - swH) / 2})`);
      for (const child of Array.from(sw.childNodes)) sg.appendChild(child.cloneNode(true));
      g.appendChild(sg);
    }
    const t = doc.createElementNS(SVG_NS, 'text');
    t.setAttribute('x', String(x + swW + 5));
    t.setAttribute('y', String(y + fontPx * 1.1));
    t.setAttribute('font-size', String(fontPx));
    t.setAttribute('fill', color);
    t.textContent = label;
    g.appendChild(t);
    x += w;
  }
  return g;
}

/** The legend's height in the export: the rows legendToSvg's line breaks give it. */
function legendHeight(legend: Element, width: number): number {
  const fontPx = parseFloat(getComputedStyle(legend).fontSize) || 13;
  let x = 8;
  let rows = 1;
  const put = (w: number) => {
    if (x + w > width - 8 && x > 8) {
      x = 8;
      rows++;
    }
    x += w;
  };
  const title = legend.querySelector('.ackp-title')?.textContent ?? '';
  if (title) put(title.length * fontPx * 0.62 + 16);
  for (const li of Array.from(legend.querySelectorAll('li[data-legend]'))) {
    const sw = li.querySelector('svg');
    const swW = sw ? Number(sw.getAttribute('width')) || 18 : 0;
    put(swW + 6 + legendLabel(li).length * fontPx * 0.58 + 14);
  }
  return rows * Math.round(fontPx * 1.6) + 4;
}

/**
 * Serialise the panel containing (or contained in) `el` as a standalone SVG string.
 * @throws Error when `el` holds no rendered plot.
 */
export function exportSvg(el: Element): string {
  const root = panelRoot(el);
  const doc = root.ownerDocument;
  const plots = Array.from(root.querySelectorAll('.ackp-timeplot'));
  const areas = plots.length ? plots : Array.from(root.querySelectorAll('.ackp-area'));
  if (!areas.length || !root.querySelector('.ackp-area svg'))
    throw new Error('no rendered plot to export');
  const theme = (root.getAttribute('data-theme') ?? 'light') as Theme;
  const { bg, fg } = PALETTE[theme] ?? PALETTE.light;

  const out = doc.createElementNS(SVG_NS, 'svg');
  out.setAttribute('xmlns', SVG_NS);
  out.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  const body = doc.createElementNS(SVG_NS, 'g');
  let y = 0;
  let width = 0;
  const summaries: string[] = [];
  for (const plot of areas) {
    const area = plot.classList.contains('ackp-area') ? plot : plot.querySelector('.ackp-area');
    if (!area) continue;
    const { w, h } = sizeOf(area.querySelector('svg') ?? area);
    width = Math.max(width, w);
    const legend = plot.querySelector('.ackp-legend');
    if (legend) {
      const lh = legendHeight(legend, w);
      body.appendChild(legendToSvg(doc, legend, { x: 0, y, w, h: lh }, fg));
      y += lh;
    }
    const label = area.getAttribute('aria-label');
    if (label) summaries.push(label);
    const g = doc.createElementNS(SVG_NS, 'g');
    g.setAttribute('transform', `translate(0,${y})`);
    for (const layer of Array.from(area.children)) {
      if (layer instanceof HTMLCanvasElement) {
        let href = '';
        try {
          href = layer.toDataURL('image/png');
        } catch {
          href = '';
        }
        if (!href || href === 'data:,') continue;
        const img = doc.createElementNS(SVG_NS, 'image');
        img.setAttribute('x', '0');
        img.setAttribute('y', '0');
        img.setAttribute('width', String(w));
        img.setAttribute('height', String(h));
        img.setAttribute('href', href);
        g.appendChild(img);
      } else if (layer instanceof SVGSVGElement) {
        const lg = doc.createElementNS(SVG_NS, 'g');
        for (const child of Array.from(layer.childNodes)) lg.appendChild(child.cloneNode(true));
        g.appendChild(lg);
      }
    }
    body.appendChild(g);
    y += h;
  }
  out.setAttribute('width', String(Math.ceil(width)));
  out.setAttribute('height', String(Math.ceil(y)));
  out.setAttribute('viewBox', `0 0 ${Math.ceil(width)} ${Math.ceil(y)}`);
  const title = doc.createElementNS(SVG_NS, 'title');
  title.textContent = root.querySelector('.ackp-title')?.textContent ?? 'ackclock panel';
  out.appendChild(title);
  if (summaries.length) {
    const desc = doc.createElementNS(SVG_NS, 'desc');
    desc.textContent = summaries.join('\n');
    out.appendChild(desc);
  }
  const bgRect = doc.createElementNS(SVG_NS, 'rect');
  bgRect.setAttribute('width', '100%');
  bgRect.setAttribute('height', '100%');
  bgRect.setAttribute('fill', bg);
  out.appendChild(bgRect);
  out.appendChild(body);
  // Interaction-only pieces are not part of a figure.
  for (const n of Array.from(out.querySelectorAll('.ackp-zoombox'))) n.remove();
  return new XMLSerializer().serializeToString(out);
}
