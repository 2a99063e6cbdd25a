/**
 * Comparing an engine run with an ns-2 fixture run: router events, sender variables and
 * summary metrics. Each function returns null when equal, else a report of the first
 * difference (so a failing test says where and how the engine left ns-2's path).
 */
import { expect } from 'vitest';
import { decisionsOf, run, type Decision, type Trace } from '../../src/engine';
import {
  configFor,
  loadEvents,
  loadVars,
  ns2Cwnd,
  type Ns2Run,
  type Ns2Summary,
  type Ns2Vars,
} from './ns2-fixtures';
import { firstDivergence, r1Events, type R1Event } from './r1-events';

export interface VarsChange {
  time: number;
  cause: 'ack' | 'timer';
  /** cwnd at ns-2's 6 significant digits. */
  cwnd: number;
  ssthresh: number;
}

const fmtChange = (c: VarsChange | undefined): string =>
  c ? `${c.time} ${c.cause} cwnd=${c.cwnd} ssthresh=${c.ssthresh}` : '(none)';

/** The ns-2 rows where cwnd (as printed) or ssthresh changed, ACK- or timer-caused. */
export function ns2VarsChanges(vars: readonly Ns2Vars[], before = Infinity): VarsChange[] {
  const out: VarsChange[] = [];
  for (let i = 1; i < vars.length; i++) {
    const v = vars[i]!;
    const p = vars[i - 1]!;
    if (v.cause === 'start' || !(v.time < before)) continue;
    if (v.cwnd !== p.cwnd || v.ssthresh !== p.ssthresh) {
      out.push({ time: v.time, cause: v.cause, cwnd: v.cwnd, ssthresh: v.ssthresh });
    }
  }
  return out;
}

/** The engine decisions that changed cwnd (at 6 significant digits) or ssthresh. */
export function engineVarsChanges(trace: Trace, before = Infinity): VarsChange[] {
  const out: VarsChange[] = [];
  let last: { cwnd: number; ssthresh: number } | null = null;
  for (const d of decisionsOf(trace)) {
    const cur = { cwnd: ns2Cwnd(d.after.cwnd), ssthresh: d.after.ssthresh };
    if (
      d.trigger.kind !== 'start' &&
      d.time < before &&
      last &&
      (cur.cwnd !== last.cwnd || cur.ssthresh !== last.ssthresh)
    ) {
      out.push({ time: d.time, cause: d.trigger.kind === 'ack' ? 'ack' : 'timer', ...cur });
    }
    last = cur;
  }
  return out;
}

export function firstVarsDivergence(
  ours: readonly VarsChange[],
  theirs: readonly VarsChange[],
  context = 3,
): string | null {
  const n = Math.max(ours.length, theirs.length);
  for (let i = 0; i < n; i++) {
    const a = ours[i];
    const b = theirs[i];
    if (
      a &&
      b &&
      a.time === b.time &&
      a.cause === b.cause &&
      a.cwnd === b.cwnd &&
      a.ssthresh === b.ssthresh
    )
      continue;
    const lines = [
      `first cwnd/ssthresh divergence at change ${i} (of ${ours.length} engine / ${theirs.length} ns-2):`,
    ];
    for (let j = Math.max(0, i - context); j < Math.min(n, i + context + 1); j++) {
      lines.push(
        `${j === i ? '>>' : '  '} ${String(j).padStart(4)}  engine: ${fmtChange(ours[j]).padEnd(46)} ns-2: ${fmtChange(theirs[j])}`,
      );
    }
    return lines.join('\n');
  }
  return null;
}

/**
 * At every ACK after which ns-2 recorded its variables, the engine's decision for that ACK must
 * show the same duplicate-ACK count and highest cumulative ACK.
 */
export function firstAckStateDivergence(
  trace: Trace,
  vars: readonly Ns2Vars[],
  before = Infinity,
): string | null {
  const byTime = new Map<number, Decision>();
  for (const d of decisionsOf(trace)) if (d.trigger.kind === 'ack') byTime.set(d.time, d);
  for (const v of vars) {
    if (v.cause !== 'ack' || !(v.time < before)) continue;
    const d = byTime.get(v.time);
    if (!d) return `ns-2 processed an ACK at ${v.time}; the engine has no ACK decision then`;
    if (d.after.highestAck !== v.highestAck || d.after.dupacks !== v.dupacks) {
      return (
        `after the ACK at ${v.time}: engine highest_ack=${d.after.highestAck} dupacks=${d.after.dupacks}, ` +
        `ns-2 highest_ack=${v.highestAck} dupacks=${v.dupacks}`
      );
    }
  }
  return null;
}

/** The summary metrics of the fixtures, computed from an engine run with the same definitions. */
export function engineSummary(
  trace: Trace,
  events: readonly R1Event[],
  before: number,
): Omit<Ns2Summary, 'ns2_timeout_events'> {
  const dep = events.filter((e) => e.event === 'DEP');
  let prevCwnd = decisionsOf(trace)[0]?.after.cwnd ?? 1;
  let cuts = 0;
  let fr = 0;
  for (const d of decisionsOf(trace)) {
    if (!(d.time < before)) break;
    if (d.after.cwnd < prevCwnd) {
      cuts++;
      if (d.trigger.kind === 'ack') fr++;
    }
    prevCwnd = d.after.cwnd;
  }
  const acks = events.filter((e) => e.event === 'ACK');
  let highest = 0;
  for (const d of decisionsOf(trace))
    if (d.time < before) for (const p of d.packets) highest = Math.max(highest, p);
  return {
    data_departed_R1: dep.length,
    unique_pkts_departed_R1: new Set(dep.map((e) => e.pkt)).size,
    retransmissions: events.filter((e) => e.event === 'ARR' && e.retx === 1).length,
    // ns-2 writes a `timer` row whenever the retransmission timer sends (its backoff and
    // t_seqno change even when cwnd and ssthresh do not, e.g. a second RTO at cwnd 1).
    timeouts: decisionsOf(trace).filter(
      (d) => d.time < before && d.trigger.kind === 'timer' && d.packets.length > 0,
    ).length,
    fast_retransmits: fr,
    cwnd_cuts: cuts,
    final_cum_ack: acks.length ? acks[acks.length - 1]!.cumAck : 0,
    highest_pkt_sent: highest,
    scripted_drops: events.filter((e) => e.event === 'DROP' && e.cause === 'scripted').length,
    overflow_drops: events.filter((e) => e.event === 'DROP' && e.cause === 'overflow').length,
  };
}

export interface RunComparison {
  trace: Trace;
  ours: R1Event[];
  theirs: R1Event[];
  events: string | null;
  vars: string | null;
  ackState: string | null;
}

/** Run the engine on a fixture run's config and compare everything up to the stop time. */
/**
 * compareWithNs2 memoised by run name, for the spec files whose tests each read one run's
 * comparison (a run is simulated once per file, however many tests read it).
 */
export function comparisonsOf(stopS: number): (r: Ns2Run) => RunComparison {
  const cache = new Map<string, RunComparison>();
  return (r) => {
    let c = cache.get(r.name);
    if (!c) cache.set(r.name, (c = compareWithNs2(r, stopS)));
    return c;
  };
}

export function compareWithNs2(r: Ns2Run, stopS = 6): RunComparison {
  const trace = run(configFor(r, stopS));
  const ours = r1Events(trace, { before: stopS });
  const theirs = loadEvents(r.name).filter((e) => e.time < stopS);
  const vars = loadVars(r.name);
  return {
    trace,
    ours,
    theirs,
    events: firstDivergence(ours, theirs)?.report ?? null,
    vars: firstVarsDivergence(engineVarsChanges(trace, stopS), ns2VarsChanges(vars, stopS)),
    ackState: firstAckStateDivergence(trace, vars, stopS),
  };
}

/**
 * The checks every ns-2 fixture run gets (tests/engine/ns2-generalisation and ns2-defaults):
 * router events packet for packet at exact times, cwnd/ssthresh changes and per-ACK state,
 * retransmissions and timeouts, and the fixture's summary. `known`, when given, is the run's
 * expected first divergence of the router events (engine vs ns-2): the report must equal it,
 * so a fix and a new divergence both fail — never a blanket expected failure. `extraFastRetransmits`
 * are fast retransmits the summary cannot count (they cut nothing; see ns2-defaults). `minEvents`:
 * fewest router events the ns-2 run must have (50; less for a run that stalls on purpose).
 */
export function describeNs2RunChecks(
  compared: () => RunComparison,
  r: Ns2Run,
  stopS: number,
  it: (name: string, fn: () => void) => void,
  opts: { known?: string; extraFastRetransmits?: number; minEvents?: number } = {},
): void {
  const note = opts.known ? ` [known divergence ${opts.known}]` : '';
  it(`router events equal ns-2 packet for packet at exact times${note}`, () => {
    const c = compared();
    expect(c.theirs.length).toBeGreaterThan(opts.minEvents ?? 50);
    expect(c.events, c.events ?? '').toBe(opts.known ?? null);
  });
  if (opts.known) return; // after a divergence the variables and the summary differ too
  it('cwnd/ssthresh changes and per-ACK state equal ns-2', () => {
    const c = compared();
    expect(c.vars, c.vars ?? '').toBeNull();
    expect(c.ackState, c.ackState ?? '').toBeNull();
  });
  it('summary metrics equal ns-2', () => {
    const c = compared();
    const stats = c.trace.flowStats[0]!;
    expect(stats.retransmissions).toBe(r.summary.retransmissions);
    expect(stats.timeouts).toBe(r.summary.timeouts);
    expect(stats.fastRetransmits).toBe(
      r.summary.fast_retransmits + (opts.extraFastRetransmits ?? 0),
    );
    const { ns2_timeout_events: _ignored, ...summary } = r.summary;
    expect(engineSummary(c.trace, c.ours, stopS)).toEqual(summary);
  });
}

/** ns-2's time format in the row fixtures: an integer keeps its ".0". */
const ns2Time = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));

/**
 * The engine's cwnd (6 significant digits, ns-2's output) / ssthresh rows in the layout of the
 * dynamic and RED ns-2 fixtures ("time,flow,ack|timer,cwnd,ssthresh", flow 1-based): one after
 * every ACK or timer decision that changed either.
 */
export function engineVarRows(t: Trace): string[] {
  const rows: string[] = [];
  const last = new Map<number, string>();
  for (const d of decisionsOf(t)) {
    const v = `${ns2Cwnd(d.after.cwnd)},${d.after.ssthresh}`;
    const prev = last.get(d.flow);
    last.set(d.flow, v);
    if (d.trigger.kind === 'start' || prev === undefined || prev === v) continue;
    rows.push(
      `${ns2Time(d.time)},${d.flow + 1},${d.trigger.kind === 'ack' ? 'ack' : 'timer'},${v}`,
    );
  }
  return rows;
}

/**
 * The first row where the engine's rows `got` and ns-2's `want` differ, with three rows of
 * context either side; null when they are equal.
 */
export function firstRowDifference(got: string[], want: string[]): string | null {
  const n = Math.max(want.length, got.length);
  for (let k = 0; k < n; k++) {
    if (want[k] === got[k]) continue;
    const from = Math.max(0, k - 3);
    const ctx = Array.from({ length: Math.min(7, n - from) }, (_, j) => {
      const i = from + j;
      return `${i === k ? '>>' : '  '} ${i}  engine: ${got[i] ?? '(none)'}   ns-2: ${want[i] ?? '(none)'}`;
    }).join('\n');
    return `first divergence at row ${k} of ${got.length} engine / ${want.length} ns-2 rows:\n${ctx}`;
  }
  return null;
}
