import { decisionsOf } from '../../../src/engine';
import { PacketEventKind, PacketType, type Decision, type Trace } from '../../../src/engine';

/** Small readers over a trace for narrative tests. */
export function ackDecisions(t: Trace): Decision[] {
  return decisionsOf(t).filter((d) => d.trigger.kind === 'ack' && d.code !== 'sctp.cookie-echo');
}

/** SACK decisions whose cumulative ack is `cum`, after the first one (the duplicates). */
export function dupAcks(t: Trace, cum: number): Decision[] {
  return ackDecisions(t)
    .filter((d) => d.trigger.kind === 'ack' && d.trigger.cumAck === cum)
    .slice(1);
}

/** The first SACK decision with cumulative ack `cum`. */
export function ackFor(t: Trace, cum: number): Decision {
  const d = ackDecisions(t).find((x) => x.trigger.kind === 'ack' && x.trigger.cumAck === cum);
  if (!d) throw new Error(`no ACK for ${cum}`);
  return d;
}

/** Value of a variable before a decision. */
export function before<K extends keyof Decision['after']>(d: Decision, k: K): number {
  const ch = d.changes[k];
  return ch ? ch[0] : (d.after[k] ?? NaN);
}

export interface PacketEvent {
  i: number;
  time: number;
  kind: number;
  node: string;
  type: number;
  packet: number;
  cumAck: number;
  sackBlocks: number;
  retx: number;
  cause: number;
}

export function events(t: Trace): PacketEvent[] {
  const p = t.packets;
  const X = t.transmissions;
  const out: PacketEvent[] = [];
  for (let i = 0; i < p.length; i++) {
    const u = p.uid[i]!;
    out.push({
      i,
      time: p.time[i]!,
      kind: p.kind[i]!,
      node: t.nodes[p.node[i]!]!,
      type: X.type[u]!,
      packet: X.packet[u]!,
      cumAck: X.cumAck[u]!,
      sackBlocks: X.sackBlocks[u]!,
      retx: X.retx[u]!,
      cause: p.cause[i]!,
    });
  }
  return out;
}

/** Data packets dropped at a node. */
export function drops(t: Trace, node = 'R1'): number[] {
  return events(t)
    .filter((e) => e.kind === PacketEventKind.drop && e.node === node && e.type === PacketType.data)
    .map((e) => e.packet);
}

/** Times a data packet number was delivered at the receiver node. */
export function deliveries(t: Trace, node = 'K1'): PacketEvent[] {
  return events(t).filter(
    (e) => e.kind === PacketEventKind.deliver && e.node === node && e.type === PacketType.data,
  );
}

/** SACKs sent by the receiver node, in order. */
export function sacksSent(t: Trace, node = 'K1'): PacketEvent[] {
  return events(t).filter(
    (e) => e.kind === PacketEventKind.send && e.node === node && e.type === PacketType.ack,
  );
}

/** Router view: (time, kind, packet) of data arrivals/departures/drops at R1 and ACK arrivals. */
export function routerView(t: Trace, until = Infinity): string[] {
  return events(t)
    .filter((e) => e.node === 'R1' && e.time <= until && e.kind !== PacketEventKind.send)
    .map((e) => `${e.time.toFixed(9)} ${e.kind} ${e.type} ${e.packet} ${e.cumAck}`);
}

export function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
