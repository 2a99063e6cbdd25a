/**
 * ns-2.35 as the oracle for RED (tests/fixtures/ns2-red/, scripts/ns2/red.tcl): TCP flows
 * (Reno, NewReno, SACK; 1 to 4) through a RED bottleneck in packet and byte mode, gentle or
 * not, with and without `wait`, ns-2's automatic and given thresholds and weights, with and
 * without ECN. RED's random decisions are ns-2's, replayed (RedConfig.replay: the arrivals
 * ns-2 dropped or marked); everything else — the average queue, count, the forced drops, the
 * hard limit, the senders — must give every departure, arrival and drop on every link at the
 * exact double time, with the IP ECN field and the TCP ECE / CWR flags of each packet, and
 * every cwnd / ssthresh change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decisionsOf,
  EcnCodepoint,
  PacketEventKind as K,
  PacketType,
  RED_DEFAULTS,
  redWeight,
  run,
  type Trace,
} from '../../../../src/engine';
import { ns2Cwnd } from '../../../helpers/ns2-fixtures';
import { RED_MANIFEST, redConfig, redFixture, type RedCase } from '../../../helpers/ns2-red';

const fmt = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));

/** The engine's packet events in the fixture's layout (ns-2 node ids = index in Trace.nodes). */
function engineEvents(t: Trace): string[] {
  const p = t.packets;
  const X = t.transmissions;
  const bits = new Map<number, number>();
  const e = t.ecn;
  if (e) for (let i = 0; i < e.length; i++) bits.set(e.uid[i]!, e.bits[i]!);
  const ce = new Set<number>();
  const rows: string[] = [];
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    const u = p.uid[i]!;
    if (kind === K.mark) ce.add(u);
    const ev =
      kind === K.depart
        ? 'DEP'
        : kind === K.drop
          ? 'DROP'
          : kind === K.arrive || kind === K.deliver
            ? 'RCV'
            : '';
    if (!ev) continue;
    const link = t.links[p.link[i]!]!;
    const data = X.type[u] === PacketType.data;
    const pkt = data ? X.packet[u]! : X.cumAck[u]!;
    const b = bits.get(u) ?? 0;
    const ip = ce.has(u) ? EcnCodepoint.ce : b & 3;
    rows.push(
      `${fmt(p.time[i]!)},${ev},${t.nodes.indexOf(link.from)},${t.nodes.indexOf(link.to)},` +
        `${data ? 'tcp' : 'ack'},${X.flow[u]! + 1},${pkt},${X.size[u]},${ip},${b >> 2}`,
    );
  }
  return rows;
}

/** cwnd (6 significant digits) / ssthresh after every ACK or timer decision that changed one. */
function engineVars(t: Trace): string[] {
  const rows: string[] = [];
  const last = new Map<number, string>();
  for (const d of decisionsOf(t)) {
    const v = `${ns2Cwnd(d.after.cwnd)},${d.after.ssthresh}`;
    const prev = last.get(d.flow);
    last.set(d.flow, v);
    if (d.trigger.kind === 'start' || prev === undefined || prev === v) continue;
    rows.push(`${fmt(d.time)},${d.flow + 1},${d.trigger.kind === 'ack' ? 'ack' : 'timer'},${v}`);
  }
  return rows;
}

function firstDifference(got: string[], want: string[]): string | null {
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

const runs = RED_MANIFEST.runs;
const traces = new Map<string, Trace>();
beforeAll(() => {
  for (const c of runs) traces.set(c.name, run(redConfig(c)));
});

describe('ns-2.35 RED runs, event for event (ns-2 decisions replayed)', () => {
  it('has runs in packet and byte mode, gentle and not, wait and not, with and without ECN', () => {
    expect(runs.map((r) => r.name)).toEqual([
      'reno-2-defaults',
      'newreno-3-packets',
      'sack-4-nongentle',
      'reno-1-nowait',
      'reno-2-ecn',
      'newreno-3-ecn',
      'sack-2-ecn-bytes',
      'reno-2-ecn-delack',
      // held out: other rates, delays, flow counts and parameters than the eight above
      'sack-3-ecn-nongentle-bytes',
      'reno-4-ecn-2mb-40ms',
      'newreno-2-nongentle-nowait',
      'sack-1-ecn-delack-auto',
      'reno-3-bytes-steep',
    ]);
  });

  it.each(runs.map((r) => [r.name, r] as const))(
    '%s: the weight and thresholds are ns-2’s',
    (_name, c: RedCase) => {
      const cfg = redConfig(c);
      const l = cfg.links[0]!;
      const ptc = l.bandwidthBps / (8 * (c.params.meanpkt ?? RED_DEFAULTS.meanPktSize));
      expect(redWeight(c.params.wq ?? -1, ptc, l.delayS)).toBe(c.ns2.q_weight);
    },
  );

  it.each(runs.map((r) => [r.name, r] as const))(
    '%s: every packet event on every link, with its ECN bits',
    (name, c: RedCase) => {
      // ns-2 sets CWR on the next packet after any window cut (tcp.cc slowdown sets
      // cong_action_), ECN or not; without ECN the engine sends no ECN flags (RFC 3168 §6.1.2).
      const want = redFixture(name, 'events').map((r) =>
        c.params.ecn ? r : r.replace(/,\d$/, ',0'),
      );
      const diff = firstDifference(engineEvents(traces.get(name)!), want);
      expect(diff, diff ?? '').toBeNull();
    },
  );

  it.each(runs.map((r) => [r.name, r] as const))('%s: every cwnd / ssthresh change', (name) => {
    const diff = firstDifference(engineVars(traces.get(name)!), redFixture(name, 'vars'));
    expect(diff, diff ?? '').toBeNull();
  });
});
