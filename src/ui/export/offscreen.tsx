/**
 * A plot exported whether or not its panel is on screen: the lower slot shows one panel at a
 * time (the tab strip), so the export draws a panel that is not mounted off-screen — the same
 * component, the same props as the panel would have (run, cursor, zoom, theme, flows shown,
 * units, router) at a fixed size — takes the standalone SVG (exportSvg) and removes it again.
 * The tab on screen does not change.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useVisibleFlows } from '../hooks/useVisibleFlows';
import {
  exportSvg,
  panelOf,
  type PanelSlotProps,
  type PanelView,
  type PlotId,
} from '../deps/panels';
import { oneFlowOf } from '../model/flows';
import { mainTrace, useApp } from '../store';

/** The plots the export menu offers (the registry's `exportable` panels). */
export type ExportPlotId = PlotId;

/** Longest wait for an off-screen plot to draw, ms. */
const DRAW_TIMEOUT_MS = 8000;

const noop = () => {};

/**
 * The panel `id` of the run on screen, as the panel grid would draw it (its descriptor's
 * component, the same view settings), at a fixed size; its router buttons change nothing.
 */
function ExportPlot({ id, width, height }: { id: ExportPlotId; width: number; height: number }) {
  const result = useApp((s) => s.run.results[0] ?? null);
  const trace = useApp(mainTrace);
  const s = useApp.getState();
  const flows = useVisibleFlows(trace);
  const Panel = panelOf(id).Component;
  if (!trace || !result || !Panel) return null;
  const view: PanelView = {
    metrics: result.metrics,
    metricsError: result.metricsError,
    modulus: s.modulus,
    routerNode: s.routerNode,
    units: s.cwndUnits,
    // As the panel grid: one flow when there are more than two, else its default (all).
    oneFlow: oneFlowOf(trace, s.flowFilter),
  };
  const props: PanelSlotProps = {
    trace,
    cursor: s.cursor,
    cursorTime: (trace.packets.time[s.cursor] as number | undefined) ?? 0,
    highlight: null,
    onHover: noop,
    onSeek: noop,
    xDomain: s.xDomain,
    theme: s.theme,
    flows,
    width,
    height,
    future: s.predict.pending !== null && !s.predict.pending.revealed ? 'hidden' : 'faded',
    view,
  };
  return <Panel {...props} />;
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/**
 * Draw plot `id` off-screen at `width` × `height` CSS pixels and return it as one standalone
 * SVG document (exportSvg).
 * @throws Error when the plot has not drawn within DRAW_TIMEOUT_MS, or has nothing to export.
 */
export async function exportOffscreen(
  id: ExportPlotId,
  width: number,
  height: number,
): Promise<string> {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.className = 'export-offscreen';
  Object.assign(host.style, {
    position: 'fixed',
    left: '-100000px',
    top: '0',
    width: `${width}px`,
    height: `${height}px`,
    pointerEvents: 'none',
  });
  // Inside the app, so the theme's CSS variables and the panels' styles apply.
  (document.querySelector('.app') ?? document.body).appendChild(host);
  const root = createRoot(host);
  try {
    flushSync(() => root.render(<ExportPlot id={id} width={width} height={height} />));
    // Drawn when the plot area holds an SVG and nothing changed in the last two frames (a
    // panel may draw its layers over several frames).
    const t0 = performance.now();
    let last = -1;
    let still = 0;
    while (performance.now() - t0 < DRAW_TIMEOUT_MS) {
      await frame();
      const ready = host.querySelector('.ackp-area svg') !== null;
      const size = host.getElementsByTagName('*').length;
      still = ready && size === last ? still + 1 : 0;
      last = size;
      if (still >= 2) return exportSvg(host);
    }
    throw new Error('the plot did not finish drawing');
  } finally {
    root.unmount();
    host.remove();
  }
}
