/**
 * The engine's side of the ns-2.35 RED comparison (tests/fixtures/ns2-red): a run's packet events
 * and cwnd / ssthresh changes in the fixtures' row layout, and the first row where they differ
 * from ns-2's. Used by tests/engine/net/queue/red-ns2.test.ts and the held-out runs of
 * tests/tables/red-ns2-held-out.test.ts.
 */
import {
  decisionsOf,
  EcnCodepoint,
  PacketEventKind as K,
  PacketType,
  type Trace,
} from '../../src/engine';
import { ns2Cwnd } from './ns2-fixtures';
import { redFixture, type RedCase } from './ns2-red';

const fmt = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));

/** The engine's packet events in the fixture's layout (ns-2 node ids = index in Trace.nodes). */
export function engineEvents(t: Trace): string[] {
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
export function engineVars(t: Trace): string[] {
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

export function firstDifference(got: string[], want: string[]): string | null {
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

/**
 * The first difference between the engine's run `t` of case `c` and ns-2's rows, for the packet
 * events (with ECN bits) and for the cwnd / ssthresh changes; null where they agree.
 */
export function redDivergence(
  c: RedCase,
  t: Trace,
): { events: string | null; vars: string | null } {
  // ns-2 sets CWR on the next packet after any window cut (tcp.cc slowdown sets cong_action_),
  // ECN or not; without ECN the engine sends no ECN flags (RFC 3168 §6.1.2).
  const want = redFixture(c.name, 'events').map((r) =>
    c.params.ecn ? r : r.replace(/,\d$/, ',0'),
  );
  return {
    events: firstDifference(engineEvents(t), want),
    vars: firstDifference(engineVars(t), redFixture(c.name, 'vars')),
  };
}
