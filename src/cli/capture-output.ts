/**
 * The capture-import outputs (capture-args.ts): read the file in chunks (bounded memory), then
 * print the connections' analysis, the packets at the capture point, or the time–sequence
 * series.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import {
  createCaptureReader,
  kindNames,
  PACKET_KIND,
  type CaptureReader,
  type ConnectionAnalysis,
  type ConnectionSummary,
  type Endpoint,
} from '../capture';
import type { CaptureCliOptions } from './capture-args';

const CHUNK = 1 << 20;

/** Reads a capture file through the streaming reader. Throws on I/O and format errors. */
export function readCaptureFile(file: string): CaptureReader {
  const reader = createCaptureReader();
  const fd = openSync(file, 'r');
  try {
    const buf = new Uint8Array(CHUNK);
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null);
      if (n === 0) break;
      reader.push(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  reader.end();
  return reader;
}

const endpoint = (e: Endpoint | null) =>
  e === null ? '' : e.addr.includes(':') ? `[${e.addr}]:${e.port}` : `${e.addr}:${e.port}`;

const cell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function csv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n';
}

const ROUTER_COLUMNS = [
  'time',
  'connection',
  'dir',
  'kind',
  'seq',
  'end',
  'ack',
  'win',
  'len',
  'retx',
  'inflight',
] as const;
const TSEQ_COLUMNS = ['time', 'connection', 'series', 'lo', 'hi'] as const;

function routerRows(a: ConnectionAnalysis): unknown[][] {
  const P = a.packets;
  const cls = new Map(a.retransmissions.map((r) => [r.packet, r.cls]));
  const rows: unknown[][] = [];
  for (let i = 0; i < P.length; i++) {
    const t = +(a.summary.start + P.time[i]!).toFixed(9);
    rows.push([
      t,
      a.summary.id,
      P.dir[i] === 0 ? 'sender' : 'receiver',
      kindNames(P.kind[i]!),
      P.seq[i],
      P.end[i],
      P.ack[i],
      P.win[i],
      P.len[i],
      cls.get(i) ?? '',
      P.inflight[i],
    ]);
  }
  return rows;
}

function tseqRows(a: ConnectionAnalysis): unknown[][] {
  const P = a.packets;
  const id = a.summary.id;
  const at = (i: number) => +(a.summary.start + P.time[i]!).toFixed(9);
  const rows: unknown[][] = [];
  let s = 0;
  for (let i = 0; i < P.length; i++) {
    const k = P.kind[i]!;
    if (P.dir[i] === 0) {
      if (P.len[i]! > 0)
        rows.push([
          at(i),
          id,
          k & PACKET_KIND.retransmission ? 'retransmission' : 'data',
          P.seq[i],
          P.seq[i]! + P.len[i]!,
        ]);
      continue;
    }
    if (!(k & PACKET_KIND.ack)) continue;
    rows.push([at(i), id, 'ack', P.ack[i], P.ack[i]]);
    rows.push([at(i), id, 'window', P.ack[i], P.ack[i]! + P.win[i]!]);
    if (k & PACKET_KIND.duplicateAck) rows.push([at(i), id, 'dupack', P.ack[i], P.ack[i]]);
    while (s < a.sacks.length && a.sacks[s]!.packet < i) s++;
    for (; s < a.sacks.length && a.sacks[s]!.packet === i; s++)
      rows.push([at(i), id, 'sack', a.sacks[s]!.start, a.sacks[s]!.end]);
  }
  return rows;
}

const SUMMARY_COLUMNS: readonly (keyof ConnectionSummary)[] = [
  'id',
  'sender',
  'receiver',
  'client',
  'start',
  'duration',
  'packets',
  'data_packets',
  'bytes',
  'goodput_bytes',
  'retransmissions',
  'fast_retransmissions',
  'rto_retransmissions',
  'rack_retransmissions',
  'spurious_retransmissions',
  'duplicate_acks',
  'out_of_order',
  'zero_windows',
  'recoveries',
  'capture_side',
  'capture_side_evidence',
  'handshake_rtt',
  'min_rtt',
  'sack_permitted',
  'timestamps',
  'mss',
];

function objects(header: readonly string[], rows: unknown[][]): Record<string, unknown>[] {
  return rows.map((r) => Object.fromEntries(header.map((h, k) => [h, r[k]])));
}

/** The text an output prints for a read capture. */
export function renderCapture(reader: CaptureReader, options: CaptureCliOptions): string {
  const conns = reader.connections();
  const json = options.format === 'json';
  if (options.out === 'analysis') {
    if (json)
      return (
        JSON.stringify(
          {
            format: reader.format,
            packets: reader.progress.packets,
            tcp_packets: reader.progress.tcpPackets,
            connections: conns,
          },
          null,
          2,
        ) + '\n'
      );
    return csv(
      SUMMARY_COLUMNS,
      conns.map((c) =>
        SUMMARY_COLUMNS.map((k) => {
          const v = c[k];
          return typeof v === 'object' && v !== null ? endpoint(v as Endpoint) : v;
        }),
      ),
    );
  }
  const header = options.out === 'router' ? ROUTER_COLUMNS : TSEQ_COLUMNS;
  const rows: unknown[][] = [];
  for (const c of conns) {
    const a = reader.analyse(c.id);
    for (const r of options.out === 'router' ? routerRows(a) : tseqRows(a)) rows.push(r);
  }
  if (options.out === 'router') rows.sort((x, y) => (x[0] as number) - (y[0] as number));
  return json ? JSON.stringify(objects(header, rows)) + '\n' : csv(header, rows);
}
