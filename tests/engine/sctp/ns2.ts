import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PacketEventKind, PacketType, type Trace } from '../../../src/engine';

/** One row of an ns-2 events file (the columns the comparison uses). */
export interface Ns2Row {
  time: number;
  event: string;
  pkt: number | null;
  kind: string;
  retx: number | null;
  cause: string;
  cumAck: number | null;
  sackBlocks: number | null;
  size: number;
}

const FIXTURES = join(__dirname, '../../fixtures/ns2-sctp');

export function readNs2Events(run: string): Ns2Row[] {
  const lines = readFileSync(join(FIXTURES, `${run}.events.csv`), 'utf8').trim().split('\n');
  const header = lines[0]!.split(',');
  const col = (name: string) => header.indexOf(name);
  const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));
  return lines.slice(1).map((l) => {
    const f = l.split(',');
    return {
      time: Number(f[col('time')]),
      event: f[col('event')]!,
      pkt: num(f[col('pkt')]),
      kind: f[col('kind')]!,
      retx: num(f[col('retx')]),
      cause: f[col('cause')] ?? '',
      cumAck: num(f[col('cum_ack')]),
      sackBlocks: num(f[col('sack_blocks')]),
      size: Number(f[col('size')]),
    };
  });
}

export interface Ns2VarsRow {
  time: number;
  cwnd: number;
  ssthresh: number;
  pba: number;
  outstanding: number;
  peerRwnd: number;
}

export function readNs2Vars(run: string): Ns2VarsRow[] {
  const lines = readFileSync(join(FIXTURES, `${run}.vars.csv`), 'utf8').trim().split('\n');
  const header = lines[0]!.split(',');
  const col = (name: string) => header.indexOf(name);
  return lines.slice(1).map((l) => {
    const f = l.split(',');
    return {
      time: Number(f[col('time')]),
      cwnd: Number(f[col('cwnd')]),
      ssthresh: Number(f[col('ssthresh')]),
      pba: Number(f[col('pba')]),
      outstanding: Number(f[col('outstanding')]),
      peerRwnd: Number(f[col('peer_rwnd')]),
    };
  });
}

function ns2Kind(type: number, label: string | undefined, size: number): string {
  if (type === PacketType.data) return 'DATA';
  if (type === PacketType.ack) return 'SACK';
  void size;
  if (label === 'HEARTBEAT') return 'HEARTBEAT';
  if (label === 'HEARTBEAT-ACK') return 'HEARTBEAT_ACK';
  return 'INIT_OR_COOKIE';
}

/**
 * The engine's trace as ns-2 rows: events at R1 (data/control arrivals from S1, departures
 * towards K1, drops, SACK/control arrivals from K1) and arrivals at K1, in processing order.
 * Control packets carry no label in the trace columns, so their kind comes from the size and
 * direction (HEARTBEAT and INIT are both 56 bytes: the first 56-byte packet from S1 is INIT).
 */
export function engineRows(trace: Trace): Ns2Row[] {
  const p = trace.packets;
  const R1 = trace.nodes.indexOf('R1');
  const K1 = trace.nodes.indexOf('K1');
  const S1 = trace.nodes.indexOf('S1');
  const toK1 = trace.links.findIndex((l) => l.from === 'R1' && l.to === 'K1');
  const fromS1 = trace.links.findIndex((l) => l.from === 'S1' && l.to === 'R1');
  const fromK1 = trace.links.findIndex((l) => l.from === 'K1' && l.to === 'R1');
  const rows: Ns2Row[] = [];
  let controlFromS1 = 0;
  let controlFromK1 = 0;
  const labelOf = (i: number): string | undefined => {
    if (p.type[i] !== PacketType.control) return undefined;
    return controlLabels.get(p.uid[i]!);
  };
  // Name control packets by order: S1 sends INIT, COOKIE-ECHO, HEARTBEAT; K1 answers in turn.
  const controlLabels = new Map<number, string>();
  for (let i = 0; i < p.length; i++) {
    if (p.type[i] !== PacketType.control || p.kind[i] !== PacketEventKind.send) continue;
    if (p.node[i] === S1) controlLabels.set(p.uid[i]!, ['INIT', 'COOKIE-ECHO', 'HEARTBEAT'][controlFromS1++] ?? 'HEARTBEAT');
    else controlLabels.set(p.uid[i]!, ['INIT-ACK', 'COOKIE-ACK', 'HEARTBEAT-ACK'][controlFromK1++] ?? 'HEARTBEAT-ACK');
  }
  // ns-2's retx column: ARR/DROP — the packet number reached R1 before; DEP — departed before.
  const arrived = new Set<number>();
  const departed = new Set<number>();
  const arrRetx = new Map<number, number>();
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    const type = p.type[i]!;
    const base = {
      time: p.time[i]!,
      kind: ns2Kind(type, labelOf(i), p.size[i]!),
      size: p.size[i]!,
      cause: '',
      cumAck: null as number | null,
      sackBlocks: null as number | null,
    };
    const isData = type === PacketType.data;
    if (kind === PacketEventKind.arrive && p.node[i] === R1 && p.link[i] === fromS1) {
      const n = p.packet[i]!;
      const r = arrived.has(n) ? 1 : 0;
      arrRetx.set(p.uid[i]!, r);
      rows.push({ ...base, event: 'ARR', pkt: isData ? n : null, retx: isData ? r : null });
      if (isData) arrived.add(n);
    } else if (kind === PacketEventKind.depart && p.link[i] === toK1) {
      const n = p.packet[i]!;
      rows.push({ ...base, event: 'DEP', pkt: isData ? n : null, retx: isData ? (departed.has(n) ? 1 : 0) : null });
      if (isData) departed.add(n);
    } else if (kind === PacketEventKind.drop && p.node[i] === R1) {
      rows.push({
        ...base,
        event: 'DROP',
        pkt: p.packet[i]!,
        retx: arrRetx.get(p.uid[i]!) ?? 0,
        cause: p.cause[i] === 1 ? 'scripted' : p.cause[i] === 2 ? 'overflow' : 'random',
      });
    } else if (kind === PacketEventKind.deliver && p.node[i] === K1) {
      rows.push({ ...base, event: 'RCV_K1', pkt: isData ? p.packet[i]! : null, retx: null });
    } else if (kind === PacketEventKind.arrive && p.node[i] === R1 && p.link[i] === fromK1) {
      const isAck = type === PacketType.ack;
      rows.push({
        ...base,
        event: 'ACK',
        pkt: null,
        retx: null,
        cumAck: isAck ? p.cumAck[i]! : null,
        sackBlocks: isAck ? (p.size[i]! - 48) / 4 : null,
      });
    }
  }
  return rows;
}

/** Compact text of a row for readable diffs. */
export function rowText(r: Ns2Row): string {
  const parts = [r.time.toFixed(9), r.event, r.kind, r.pkt ?? '', r.retx ?? '', r.cause, r.cumAck ?? '', r.sackBlocks ?? '', r.size];
  return parts.join(' ');
}
