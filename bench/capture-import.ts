/**
 * Capture import at 100 MB (`npm run bench`, section 8; issue 27): a pcap of about 100 MB
 * made on the fly from tests/fixtures/captures/reno-receiver.pcap — its records repeated with a
 * new client port per copy (one connection each) and times shifted — fed to the streaming
 * reader in 1 MB chunks, as the browser's worker and the CLI feed it, without the whole file
 * ever in memory. Measured in a process of its own (`node --expose-gc --import tsx
 * bench/capture-import.ts`); prints one JSON line:
 *  - the longest push of one 1 MB chunk (ms): the worker's longest task between progress
 *    messages, and so its cancel latency;
 *  - reading time (all chunks), the analysis of every connection (`connections()`), MB/s;
 *  - heap + array buffers after gc(): before, after reading, after the analysis (bytes per
 *    packet kept).
 */
import { readFileSync } from 'node:fs';
import { createCaptureReader } from '../src/capture';

export interface CaptureImportResult {
  bytes: number;
  packets: number;
  connections: number;
  readS: number;
  analyseS: number;
  /** CPU seconds (user + system) of reading and of the analysis. */
  readCpuS: number;
  analyseCpuS: number;
  maxChunkMs: number;
  /** The same in CPU ms (the wall figure includes waiting on a busy machine). */
  maxChunkCpuMs: number;
  readBytesPerPacket: number;
  analysedBytesPerPacket: number;
}

const TARGET = 100e6;
const CHUNK = 1 << 20;
const src = new Uint8Array(
  readFileSync(new URL('../tests/fixtures/captures/reno-receiver.pcap', import.meta.url)),
);
const header = src.subarray(0, 24);
const body = src.subarray(24);
const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
// Offsets of the records and of each TCP source/destination port (SLL: 16 + IPv4 20 bytes).
const records: number[] = [];
for (let o = 0; o < body.length;) {
  records.push(o);
  o += 16 + view.getUint32(o + 8, true);
}
const span = view.getUint32(records[records.length - 1]!, true) - view.getUint32(0, true) + 1;

function copy(k: number): Uint8Array {
  const b = body.slice();
  const v = new DataView(b.buffer);
  for (const o of records) {
    v.setUint32(o, v.getUint32(o, true) + k * span, true);
    const tcp = o + 16 + 16 + 20;
    const client = 30000 + (k % 30000);
    if (v.getUint16(tcp) !== 5001) v.setUint16(tcp, client);
    else v.setUint16(tcp + 2, client);
  }
  return b;
}

const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const before = heap();
const reader = createCaptureReader();
let pending: Uint8Array[] = [header];
let pendingLen = header.length;
let total = 0;
let maxChunkMs = 0;
let maxChunkCpuMs = 0;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const flush = (final: boolean) => {
  while (pendingLen >= CHUNK || (final && pendingLen > 0)) {
    const all = new Uint8Array(pendingLen);
    let o = 0;
    for (const p of pending) {
      all.set(p, o);
      o += p.length;
    }
    const n = Math.min(CHUNK, all.length);
    const c0 = performance.now();
    const u0 = process.cpuUsage();
    reader.push(all.subarray(0, n));
    const u = process.cpuUsage(u0);
    maxChunkMs = Math.max(maxChunkMs, performance.now() - c0);
    maxChunkCpuMs = Math.max(maxChunkCpuMs, (u.user + u.system) / 1000);
    total += n;
    pending = [all.subarray(n)];
    pendingLen = all.length - n;
  }
};
for (let k = 0; total + pendingLen < TARGET; k++) {
  const b = copy(k);
  pending.push(b);
  pendingLen += b.length;
  flush(false);
}
flush(true);
reader.end();
const readS = (performance.now() - t0) / 1000;
const cpuRead = process.cpuUsage(cpu0);
const afterRead = heap();
const a0 = performance.now();
const conns = reader.connections();
const analyseS = (performance.now() - a0) / 1000;
const cpuAll = process.cpuUsage(cpu0);
const afterAnalysis = heap();
const packets = reader.progress.packets;
const result: CaptureImportResult = {
  bytes: total,
  packets,
  connections: conns.length,
  readS,
  analyseS,
  readCpuS: (cpuRead.user + cpuRead.system) / 1e6,
  analyseCpuS: (cpuAll.user + cpuAll.system - cpuRead.user - cpuRead.system) / 1e6,
  maxChunkMs,
  maxChunkCpuMs,
  readBytesPerPacket: (afterRead - before) / packets,
  analysedBytesPerPacket: (afterAnalysis - before) / packets,
};
console.log(JSON.stringify(result));
