/**
 * Every panel of the app, in the order of the `panels` URL key, the sidebar's list and the
 * lower tab strip. Adding a panel is its component file (exporting its descriptor), its model
 * file, and one line here. The other lists are derived: the key's values (`PANEL_IDS`), the
 * titles, the plots and the lower slot's tabs (PanelGrid), the export menu's figures, the
 * panels prepared ahead on a long run.
 */
import { cwndPanel } from './CwndPlot';
import { delayPanel } from './DelayPlot';
import { streamsPanel } from './DeliveryPlot';
import type { PanelDescriptor } from './descriptor';
import { macPanel } from './MacPanel';
import { metricsPanel } from './MetricsPanel';
import { queuePanel } from './QueueView';
import { qlenPanel } from './QueueTimePlot';
import { ratePanel } from './RatePlot';
import { routerPanel } from './RouterPlot';
import { rttPanel } from './RttPlot';
import { timeseqPanel } from './TimeSeqPlot';
import { tputPanel } from './TputPlot';

/**
 * The sweep panel (components/sweep) and the explanation log (components/ExplanationLog) read
 * the app's store, so the shell draws them in their slots itself; their descriptors say where.
 */
const sweepPanel = {
  id: 'sweep',
  title: 'Sweep (many runs)',
  slot: 'above',
  byDefault: false,
} as const satisfies PanelDescriptor<'sweep'>;
const logPanel = {
  id: 'log',
  title: 'Explanation log',
  slot: 'side',
} as const satisfies PanelDescriptor<'log'>;

export const PANELS = [
  routerPanel,
  cwndPanel,
  timeseqPanel,
  queuePanel,
  qlenPanel,
  tputPanel,
  ratePanel,
  rttPanel,
  delayPanel,
  streamsPanel,
  metricsPanel,
  macPanel,
  sweepPanel,
  logPanel,
] as const;

/** A panel's name in the `panels` URL key. */
export type PanelId = (typeof PANELS)[number]['id'];

/** Every panel id, in the registry's order. */
export const PANEL_IDS: readonly PanelId[] = PANELS.map((p) => p.id);

const byId = new Map<string, PanelDescriptor>(PANELS.map((p) => [p.id, p]));

/** The descriptor of `id`. */
export function panelOf(id: PanelId): PanelDescriptor<PanelId> {
  return byId.get(id) as PanelDescriptor<PanelId>;
}

/** Whether `s` names a panel (the `panels` key's check). */
export function isPanelId(s: string): s is PanelId {
  return byId.has(s);
}

/** Each panel's title. */
export const PANEL_TITLES = Object.fromEntries(PANELS.map((p) => [p.id, p.title])) as Record<
  PanelId,
  string
>;

/** The panels drawn in the grid from the run on screen (top and lower slots), in order. */
export const PLOT_PANELS = PANELS.filter((p) => p.slot === 'top' || p.slot === 'lower');
export type PlotId = (typeof PLOT_PANELS)[number]['id'];

/**
 * The panels of the lower slot, one at a time (a tab strip chooses): the router plot above and
 * the explanation log beside keep their place, so the page fits the window without scrolling.
 */
export const LOWER_PANELS: readonly PlotId[] = PANELS.filter((p) => p.slot === 'lower').map(
  (p) => p.id as PlotId,
);

/** The plots the export menu offers as figures, whether or not they are on screen. */
export const EXPORT_PANELS: readonly PlotId[] = PANELS.filter(
  (p): p is Extract<(typeof PANELS)[number], { exportable: true }> =>
    'exportable' in p && p.exportable,
).map((p) => p.id);

/** The panels shown when the address names none. */
export const DEFAULT_PANELS: readonly PanelId[] = PANELS.filter(
  (p) => !('byDefault' in p) || p.byDefault,
).map((p) => p.id);
