/**
 * The models a panel draws, computed ahead of mounting it in steps that each stop after a time
 * budget (the scans over a long run's events resume where they stopped), so a long run's panels
 * can be prepared a task at a time. Each step fills the same per-trace memo the panel then
 * reads. Pure and DOM-free.
 */
import type { Trace } from '../../engine';
import { cwndModel, type CwndUnits } from './cwnd';
import { preparePacketDelays } from './delay';
import { prepareLinkTimelines } from './queue';
import { prepareRouterMarks } from './router';
import { prepareTimeSeq } from './timeseq';
import { shownFlows } from './traceCache';
import { deliveryModel } from './deliveries';

/** Panels whose models are prepared ahead; the throughput and metrics panels need none. */
export type PanelKind =
  'router' | 'cwnd' | 'timeseq' | 'queue' | 'tput' | 'delay' | 'streams' | 'metrics';

/** A preparation step: works for up to `budgetMs`, then says whether it is done. */
export type PrepStep = (budgetMs: number) => boolean;

export function panelPrepSteps(
  kind: PanelKind,
  trace: Trace,
  opts: { modulus?: number; units?: CwndUnits; flows?: number[] } = {},
): PrepStep[] {
  const flows = shownFlows(trace, opts.flows);
  switch (kind) {
    case 'router':
      return [(ms) => prepareRouterMarks(trace, { modulus: opts.modulus ?? 50 }, ms)];
    case 'cwnd':
      // Reads the decision and sample columns only: a few tens of ms per flow.
      return flows.map((f) => () => {
        cwndModel(trace, f, { units: opts.units ?? 'packets' });
        return true;
      });
    case 'timeseq':
      return flows.map((f) => (ms: number) => prepareTimeSeq(trace, f, ms));
    case 'queue':
      return [(ms) => prepareLinkTimelines(trace, ms)];
    case 'delay':
      return [(ms) => preparePacketDelays(trace, ms)];
    case 'streams':
      // One pass over the packet columns for the arrivals (deliveries are kept on short runs).
      return [
        () => {
          deliveryModel(trace, flows);
          return true;
        },
      ];
    case 'tput':
    case 'metrics':
      return [];
  }
}
