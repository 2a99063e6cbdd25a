/**
 * The models a panel draws, computed ahead of mounting it, as separate steps (one per flow where
 * a panel has one plot per flow), so a long run's panels can be prepared one task at a time.
 * Each step fills the same per-trace memo the panel then reads. Pure and DOM-free.
 */
import type { Trace } from '../../engine';
import { cwndModel, type CwndUnits } from './cwnd';
import { linkTimelines } from './queue';
import { routerMarks } from './router';
import { timeSeqModel } from './timeseq';
import { shownFlows } from './traceCache';

export type PanelKind = 'router' | 'cwnd' | 'timeseq' | 'queue';

export function panelPrepSteps(
  kind: PanelKind,
  trace: Trace,
  opts: { modulus?: number; units?: CwndUnits } = {},
): (() => void)[] {
  const flows = shownFlows(trace);
  switch (kind) {
    case 'router':
      return [() => void routerMarks(trace, { modulus: opts.modulus ?? 50 })];
    case 'cwnd':
      return flows.map((f) => () => void cwndModel(trace, f, { units: opts.units ?? 'packets' }));
    case 'timeseq':
      return flows.map((f) => () => void timeSeqModel(trace, f));
    case 'queue':
      return [() => void linkTimelines(trace)];
  }
}
