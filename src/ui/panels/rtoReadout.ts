/**
 * What the RTO tracks under the cwnd plot write: the RTO in seconds ("1 s", "0.50 s", "—" while
 * no timer is set yet) and, for a multi-homed association, each path's RTO series from the
 * association's start. Every path starts at RTO.Initial (RFC 4960 §6.3.1 C1), which is the RTO
 * the association's first decision holds; the path rows only begin at the path's first change.
 */
import type { Trace } from '../../engine';
import { rtoModel, type SeriesPoint } from './cwnd';
import { fmtWindow } from './describe';
import { stepValueAt } from './bisect';
import type { PathModel } from './paths';
import { memo } from './traceCache';

/** Shown while no RTO is in force (before the flow's first decision). */
export const NO_RTO = '—';

/** "1 s", "0.50 s", "19.7 s" (one decimal from 10 s: six characters fit the margin); "—" for null. */
export function fmtRto(v: number | null): string {
  if (v === null) return NO_RTO;
  return `${v >= 10 && !Number.isInteger(v) ? v.toFixed(1) : fmtWindow(v)} s`;
}

/** The RTO the flow started with (its first decision's) and when, or null without decisions. */
export function initialRto(trace: Trace, flow: number): SeriesPoint | null {
  return rtoModel(trace, flow).points[0] ?? null;
}

/**
 * Each path's RTO as a step series (s), from the association's first decision: the path rows'
 * values, preceded by the initial RTO when the path's first row comes later.
 */
export function pathRtoSeries(trace: Trace, m: PathModel): SeriesPoint[][] {
  return memo(trace, `pathRto:${m.flow}`, () => {
    const init = initialRto(trace, m.flow);
    return m.paths.map((p) => {
      const first = p.rto[0];
      return init && (!first || first.t > init.t) ? [{ ...init }, ...p.rto] : p.rto;
    });
  });
}

/** Each path's RTO (s) at time t, or null before the association starts. */
export function pathRtosAt(trace: Trace, m: PathModel, t: number): (number | null)[] {
  return pathRtoSeries(trace, m).map((s) => stepValueAt(s, t));
}
