/**
 * What the app needs to know about a panel, written once beside the panel (each panel's file
 * exports its descriptor; `registry.ts` lists them): its id in the `panels` URL key, its title,
 * where it sits, whether the export menu offers it, the models to prepare ahead on a long run,
 * its header's one-line summary, and the component the slot draws. Every list of panels in the
 * app (the URL key's values, the sidebar, the lower tab strip, the export menu, the titles, the
 * staged preparation) is derived from the registry.
 */
import type { ComponentType } from 'react';
import type { Trace } from '../../engine';
import type { RunMetrics } from '../deps/metrics';
import type { CwndUnits } from './cwnd';
import type { PanelProps, PlotOptions } from './types';

/** Senders with up to this many flows get a plot each in the cwnd and time–sequence panels. */
export const PER_FLOW_PLOTS = 2;

/**
 * Where a panel sits: `top` the router plot's place; `lower` the slot under it, one panel at a
 * time (the tab strip chooses); `above` over the plots (the sweep); `side` beside them (the log).
 */
export type PanelSlot = 'top' | 'lower' | 'above' | 'side';

/** The view settings a slot passes to its panel besides the plot props (the store's values). */
export interface PanelView {
  /** The run's metrics (RunResult.metrics) and why there are none. */
  metrics: RunMetrics | null;
  metricsError?: string | null;
  /** Router plot y modulus, packets (the `mod` key). */
  modulus: number;
  /** The router the router plot and the queue view show (the `router` key; null: its own). */
  routerNode: string | null;
  /** A router button pressed (absent: the panel keeps its own choice, as an exported figure). */
  onRouterChange?: (node: string) => void;
  /** cwnd in packets or bytes (the `units` key). */
  units: CwndUnits;
  /**
   * With more than PER_FLOW_PLOTS flows, the one flow a `oneFlowOfMany` panel shows (the log's
   * flow filter, else flow 1), as a one-element list of 0-based flow ids; undefined otherwise.
   */
  oneFlow?: number[];
}

/** Props of a panel's slot component: the plot props plus the view settings. */
export type PanelSlotProps = PanelProps & PlotOptions & { view: PanelView };

/** A preparation step: works for up to `budgetMs`, then says whether it is done. */
export type PrepStep = (budgetMs: number) => boolean;

/** What a panel's preparation reads of the view (prepare.ts). */
export interface PrepOptions {
  modulus: number;
  units: CwndUnits;
  /** PanelView.oneFlow. */
  oneFlow?: number[];
}

export interface PanelDescriptor<Id extends string = string> {
  /** The panel's name in the `panels` URL key (and `data-testid="panel-<id>"`). */
  readonly id: Id;
  /** Panel header, the sidebar's list, the tab strip, the export menu, error boundaries. */
  readonly title: string;
  readonly slot: PanelSlot;
  /** Shown when the address names no panels (default true; the sweep opens on demand). */
  readonly byDefault?: boolean;
  /** The export menu offers it as a figure, drawn off-screen when it is not on screen. */
  readonly exportable?: boolean;
  /** Draws the router the `router` key chooses: exported files of it are named with that router. */
  readonly showsRouter?: boolean;
  /** A drawing (`data-slot` on its section, where exports look for it); false for a table. */
  readonly figure?: boolean;
  /** Shows one flow of many (PanelView.oneFlow); its header then offers the flow. */
  readonly oneFlowOfMany?: boolean;
  /** Its header offers cwnd units (packets / bytes). */
  readonly unitsSwitch?: boolean;
  /** Height weight of the slot for a run of `flows` flows (CSS `--flows`; default 1). */
  heightFactor?(flows: number): number;
  /**
   * The models it draws, in time-boxed steps computed ahead of mounting it on a long run
   * (filling the per-trace memo the panel then reads); none by default.
   */
  prepare?(trace: Trace, opts: PrepOptions): PrepStep[];
  /** Extra `data-*` attributes of its section (the router plot's counts, for the tests). */
  dataset?(trace: Trace, view: PanelView): Record<string, string | number>;
  /** The header's one-line text summary. */
  summary?(trace: Trace, view: PanelView): string;
  /** What the slot draws (absent for the parts the shell draws itself: the sweep, the log). */
  readonly Component?: ComponentType<PanelSlotProps>;
}
