/**
 * Tabular views of a trace, shared by the CLI and the UI's CSV/JSON export. Pure functions;
 * numbers are printed exactly (String(number), JS shortest round-trip), rows in engine order.
 */
import { fingerprint } from './fingerprint';
import { samplesOf } from '../engine';
import { DROP_CAUSE_NAMES, PacketEventKind, PacketType, type Trace } from '../engine';

/** A CSV cell value: null/undefined print as an empty cell. */
export type Cell = string | number | null | undefined;

// ------------------------------------------------------------------ router rows

export type RouterEvent = 'arrive' | 'depart' | 'drop' | 'ack';

export interface RouterRow {
  time: number;
  event: RouterEvent;
  flow: number;
  /** 1-based data packet number; null for ACKs. */
  packet: number | null;
  retx: 0 | 1;
  /** Cumulative ACK of an ACK; null for data. */
  cum_ack: number | null;
  /** Drop cause ('scripted' | 'overflow' | 'random'); '' unless event = 'drop'. */
  cause: string;
}

export const ROUTER_COLUMNS = [
  'time',
  'event',
  'flow',
  'packet',
  'retx',
  'cum_ack',
  'cause',
] as const;

/** A router and the link out of it whose departures count: indices into trace.nodes / trace.links. */
export interface RouterAt {
  router: number;
  bottleneck: number;
}

/**
 * What happens at the router of the router plot, time in seconds of simulated time:
 * - arrive: a data packet is received at the router;
 * - depart: a data packet starts transmission on the bottleneck link;
 * - drop: a packet is dropped at the router (scripted / overflow / random);
 * - ack: an ACK is received at the router.
 * `at`: which router (node index) and which of its outgoing links (link index) to read, e.g. a
 * multi-homed run's other path's first router and its link onward; default the trace's own
 * (trace.router, bottleneck trace.bottleneck).
 */
export function routerRows(trace: Trace, at: RouterAt = trace): RouterRow[] {
  const p = trace.packets;
  const x = trace.transmissions;
  const uidOf = p.uid;
  const typeOf = x.type;
  const router = at.router;
  const bottleneck = at.bottleneck;
  const rows: RouterRow[] = [];
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    const u = uidOf[i]!;
    const type = typeOf[u]!;
    let event: RouterEvent | null = null;
    if (kind === PacketEventKind.arrive && p.node[i] === router) {
      if (type === PacketType.data) event = 'arrive';
      else if (type === PacketType.ack) event = 'ack';
    } else if (
      kind === PacketEventKind.depart &&
      p.link[i] === bottleneck &&
      type === PacketType.data
    ) {
      event = 'depart';
    } else if (
      kind === PacketEventKind.drop &&
      p.node[i] === router &&
      type !== PacketType.control
    ) {
      event = 'drop';
    }
    if (event === null) continue;
    const isAck = type === PacketType.ack;
    rows.push({
      time: p.time[i]!,
      event,
      flow: x.flow[u]!,
      packet: isAck ? null : x.packet[u]!,
      retx: x.retx[u] ? 1 : 0,
      cum_ack: isAck ? x.cumAck[u]! : null,
      cause: event === 'drop' ? (DROP_CAUSE_NAMES[p.cause[i]!] ?? '') : '',
    });
  }
  return rows;
}

// ------------------------------------------------------------------ cwnd rows

export interface CwndRow {
  time: number;
  flow: number;
  cwnd: number;
  ssthresh: number;
  dupacks: number;
  recover: number;
  pipe: number;
  flightsize: number;
  cwnd_bytes: number;
  ssthresh_bytes: number;
  partial_bytes_acked: number;
  phase: string;
}

export const CWND_COLUMNS = [
  'time',
  'flow',
  'cwnd',
  'ssthresh',
  'dupacks',
  'recover',
  'pipe',
  'flightsize',
  'cwnd_bytes',
  'ssthresh_bytes',
  'partial_bytes_acked',
  'phase',
] as const;

/** One row per state sample (the engine records one whenever cwnd, ssthresh or the phase changes). */
export function cwndRows(trace: Trace): CwndRow[] {
  return samplesOf(trace).map((s) => ({
    time: s.time,
    flow: s.flow,
    cwnd: s.cwnd,
    ssthresh: s.ssthresh,
    dupacks: s.dupacks,
    recover: s.recover,
    pipe: s.pipe,
    flightsize: s.flightsize,
    cwnd_bytes: s.cwndBytes,
    ssthresh_bytes: s.ssthreshBytes,
    partial_bytes_acked: s.partialBytesAcked,
    phase: s.phase,
  }));
}

// ------------------------------------------------------------------ summary

export interface FlowSummary {
  flow: number;
  sender: string;
  src: string;
  dst: string;
  packets_sent: number;
  retransmissions: number;
  timeouts: number;
  fast_retransmits: number;
  delivered_bytes: number;
  delivered_packets: number;
}

export interface LinkSummary {
  from: string;
  to: string;
  bottleneck: boolean;
  departures: number;
  drops: { scripted: number; overflow: number; random: number; total: number; aqm?: number };
  /** The queue discipline, on a link whose discipline is not drop-tail (LinkInfo.aqm). */
  aqm?: string;
  /** Packets its discipline CE-marked instead of dropping (links with `aqm` only). */
  marks?: number;
}

export interface Summary {
  stop_s: number;
  flows: FlowSummary[];
  router: { node: string; links: LinkSummary[] };
  /** Packet events recorded. */
  events: number;
  decisions: number;
  /** Trace fingerprint; null for a metrics-only run (no trace to hash). */
  fingerprint: string | null;
}

/** Per-flow counters, the router's outgoing links, event counts and the trace fingerprint. */
export function summaryJson(trace: Trace): Summary {
  const routerName = trace.nodes[trace.router] ?? '';
  const links: LinkSummary[] = [];
  trace.links.forEach((l, i) => {
    if (l.from !== routerName) return;
    const st = trace.linkStats[i];
    const drops = st?.drops ?? { scripted: 0, overflow: 0, random: 0 };
    links.push({
      from: l.from,
      to: l.to,
      bottleneck: i === trace.bottleneck,
      departures: st?.departures ?? 0,
      drops: {
        scripted: drops.scripted,
        overflow: drops.overflow,
        random: drops.random,
        total: drops.scripted + drops.overflow + drops.random + (drops.aqm ?? 0),
        // only on AQM links, so drop-tail summaries keep their shape
        ...(l.aqm ? { aqm: drops.aqm ?? 0 } : {}),
      },
      ...(l.aqm ? { aqm: l.aqm, marks: st?.marks ?? 0 } : {}),
    });
  });
  // Bottleneck first, then the other links in link order.
  links.sort((a, b) => Number(b.bottleneck) - Number(a.bottleneck));
  return {
    stop_s: trace.stopS,
    flows: trace.flows.map((f, i) => {
      const s = trace.flowStats[i];
      return {
        flow: f.id,
        sender: f.sender,
        src: f.src,
        dst: f.dst,
        packets_sent: s?.packetsSent ?? 0,
        retransmissions: s?.retransmissions ?? 0,
        timeouts: s?.timeouts ?? 0,
        fast_retransmits: s?.fastRetransmits ?? 0,
        delivered_bytes: s?.deliveredBytes ?? 0,
        delivered_packets: s?.deliveredPackets ?? 0,
      };
    }),
    router: { node: routerName, links },
    events: trace.eventCount,
    decisions: trace.decisionCount,
    fingerprint: trace.record === 'full' ? fingerprint(trace) : null,
  };
}

// ------------------------------------------------------------------ serialisers

function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'number' ? String(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * CSV with a header line, columns in the given order, "\n" line ends (also after the last row).
 * Numbers print via String() (exact, shortest round-trip), null/undefined as empty cells.
 */
export function toCsv<R extends object>(
  rows: readonly R[],
  columns: readonly (keyof R & string)[],
): string {
  const lines = [columns.join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(r[c] as Cell)).join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * JSON with keys in the order the row/summary objects define them (fixed by the builders
 * above), two-space indent, trailing newline. Numbers print as JSON does (= String()).
 */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A JSON array of flat row objects, one compact row per line (easy to diff and grep). */
export function toJsonRows(rows: readonly object[]): string {
  if (rows.length === 0) return '[]\n';
  return `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}
