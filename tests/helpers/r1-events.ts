/**
 * The router's view of a run, in the row format of the ns-2 fixtures (tests/fixtures/ns2):
 * data arrivals at the router, departures on the bottleneck, drops at the router, ACK arrivals
 * at the router, in the engine's processing order. Also a comparer that reports the first
 * divergence between two such lists with context.
 */
import { PacketEventKind, PacketType, DROP_CAUSE_NAMES, type Trace } from '../../src/engine';

export type R1EventName = 'ARR' | 'DEP' | 'DROP' | 'ACK';

export interface R1Event {
  /** Exact time, seconds. */
  time: number;
  event: R1EventName;
  /** Data: 1-based packet number; ACK: 0. */
  pkt: number;
  /**
   * ARR/DROP: 1 if this packet number reached the router before; DEP: 1 if it departed the
   * router before (the fixtures' definition); ACK: 0.
   */
  retx: 0 | 1;
  /** DROP: 'scripted' | 'overflow' | 'random'; else ''. */
  cause: string;
  /** ACK: cumulative ACK; data: 0. */
  cumAck: number;
  /** ACK: SACK blocks; data: 0. */
  sackBlocks: number;
}

export interface R1EventOptions {
  /** Keep events strictly before this time (ns-2 stops before the events of its stop time). */
  before?: number;
  /** Only this flow (default: all). */
  flow?: number;
}

/** Extract the router rows of a trace (router = trace.router, bottleneck = trace.bottleneck). */
export function r1Events(trace: Trace, opts: R1EventOptions = {}): R1Event[] {
  const P = trace.packets;
  const X = trace.transmissions;
  const router = trace.router;
  const bottleneck = trace.bottleneck;
  const before = opts.before ?? Infinity;
  const arrived = new Set<string>();
  const departed = new Set<string>();
  const out: R1Event[] = [];
  for (let i = 0; i < P.length; i++) {
    const time = P.time[i]!;
    if (!(time < before)) continue;
    const u = P.uid[i]!;
    if (opts.flow !== undefined && X.flow[u] !== opts.flow) continue;
    const kind = P.kind[i];
    const type = X.type[u];
    const key = `${X.flow[u]}:${X.packet[u]}`;
    const base = { time, pkt: X.packet[u]!, cause: '', cumAck: 0, sackBlocks: 0 };
    if (type === PacketType.data) {
      if (kind === PacketEventKind.arrive && P.node[i] === router) {
        out.push({ ...base, event: 'ARR', retx: arrived.has(key) ? 1 : 0 });
        arrived.add(key);
      } else if (kind === PacketEventKind.depart && P.link[i] === bottleneck) {
        out.push({ ...base, event: 'DEP', retx: departed.has(key) ? 1 : 0 });
        departed.add(key);
      } else if (kind === PacketEventKind.drop && P.node[i] === router) {
        // The ARR row of this transmission came first and already marked it as arrived.
        const prev = out.findLast((e) => e.event === 'ARR' && e.pkt === base.pkt);
        out.push({ ...base, event: 'DROP', retx: prev?.retx ?? 0, cause: DROP_CAUSE_NAMES[P.cause[i]!] ?? '?' });
      }
    } else if (type === PacketType.ack && kind === PacketEventKind.arrive && P.node[i] === router) {
      out.push({ ...base, event: 'ACK', pkt: 0, retx: 0, cumAck: X.cumAck[u]!, sackBlocks: X.sackBlocks[u]! });
    }
  }
  return out;
}

/** One row as text, for messages: `1.66848 DROP 15 retx=0 scripted`. */
export function formatR1Event(e: R1Event | undefined): string {
  if (!e) return '(none)';
  if (e.event === 'ACK') return `${e.time} ACK cum=${e.cumAck} sack=${e.sackBlocks}`;
  return `${e.time} ${e.event} ${e.pkt} retx=${e.retx}${e.cause ? ` ${e.cause}` : ''}`;
}

function sameEvent(a: R1Event, b: R1Event): boolean {
  return (
    a.time === b.time &&
    a.event === b.event &&
    a.pkt === b.pkt &&
    a.retx === b.retx &&
    a.cause === b.cause &&
    a.cumAck === b.cumAck &&
    a.sackBlocks === b.sackBlocks
  );
}

export interface Divergence {
  /** Row index of the first difference. */
  index: number;
  ours: R1Event | undefined;
  theirs: R1Event | undefined;
  /** Human-readable report with `context` rows before and after on both sides. */
  report: string;
}

/**
 * Compare two router event lists row by row (exact times). Returns null when equal, else the
 * first divergence with context.
 */
export function firstDivergence(
  ours: readonly R1Event[],
  theirs: readonly R1Event[],
  context = 4,
  labels: [string, string] = ['engine', 'ns-2'],
): Divergence | null {
  const n = Math.max(ours.length, theirs.length);
  for (let i = 0; i < n; i++) {
    const a = ours[i];
    const b = theirs[i];
    if (a && b && sameEvent(a, b)) continue;
    const lo = Math.max(0, i - context);
    const hi = Math.min(n, i + context + 1);
    const lines = [`first divergence at row ${i} (of ${ours.length} ${labels[0]} / ${theirs.length} ${labels[1]} rows):`];
    for (let j = lo; j < hi; j++) {
      const mark = j === i ? '>>' : '  ';
      lines.push(`${mark} ${String(j).padStart(5)}  ${labels[0]}: ${formatR1Event(ours[j]).padEnd(44)} ${labels[1]}: ${formatR1Event(theirs[j])}`);
    }
    return { index: i, ours: a, theirs: b, report: lines.join('\n') };
  }
  return null;
}
