/**
 * The engine's side of the ns-2.35 RED comparison (tests/fixtures/ns2-red): a run's packet events
 * and cwnd / ssthresh changes in the fixtures' row layout, and the first row where they differ
 * from ns-2's. Used by tests/engine/net/queue/red-ns2.test.ts and the held-out runs of
 * tests/tables/red-ns2-held-out.test.ts.
 */
import {
  EcnCodepoint,
  PacketEventKind as K,
  PacketType,
  type Trace,
} from '../../src/engine';
import { engineVarRows, firstRowDifference } from './ns2-compare';
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
    events: firstRowDifference(engineEvents(t), want),
    vars: firstRowDifference(engineVarRows(t), redFixture(c.name, 'vars')),
  };
}
