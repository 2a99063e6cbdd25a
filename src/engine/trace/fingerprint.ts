/**
 * A short, stable fingerprint of a whole trace: "ac1-" + the first 16 hex digits of SHA-256
 * over a canonical byte serialisation. Identical in Node and in the browser: typed-array
 * columns are hashed as little-endian bytes in a fixed column order, and everything else as
 * canonical JSON (sorted keys, numbers via String(), no locale, no Map iteration).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { PacketEventColumns, Trace } from './types';

/** Format tag: bump when the serialisation changes. */
const PREFIX = 'ac1-';

/** Column order of the serialisation (never iterate object keys for this). */
const COLUMNS = [
  'time',
  'kind',
  'node',
  'link',
  'flow',
  'type',
  'packet',
  'retx',
  'cumAck',
  'sackBlocks',
  'size',
  'uid',
  'qlen',
  'cause',
] as const satisfies readonly (keyof PacketEventColumns)[];

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

type Column = PacketEventColumns[(typeof COLUMNS)[number]] | Int32Array;

/** The column's bytes in little-endian order. */
function columnBytes(col: Column, n: number): Uint8Array {
  const bpe = col.BYTES_PER_ELEMENT;
  if (LITTLE_ENDIAN || bpe === 1) return new Uint8Array(col.buffer, col.byteOffset, n * bpe);
  const out = new Uint8Array(n * bpe);
  const view = new DataView(out.buffer);
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    if (col instanceof Float64Array) view.setFloat64(i * 8, v, true);
    else if (col instanceof Int32Array) view.setInt32(i * 4, v, true);
    else if (col instanceof Int16Array) view.setInt16(i * 2, v, true);
    else view.setUint16(i * 2, v, true);
  }
  return out;
}

/** Sorted key lists, cached by the object's own key order (objects of one shape share one). */
const sortedKeysCache = new Map<string, readonly string[]>();
const quotedKeyCache = new Map<string, string>();

function sortedKeys(o: object): readonly string[] {
  const keys = Object.keys(o);
  const sig = keys.join('\u0000');
  let sorted = sortedKeysCache.get(sig);
  if (!sorted) {
    sorted = keys.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const k of sorted) quotedKeyCache.set(k, JSON.stringify(k));
    if (sortedKeysCache.size < 1000) sortedKeysCache.set(sig, sorted);
  }
  return sorted;
}

function canon(v: unknown): string {
  if (typeof v === 'number') return String(v);
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const arr = v as ArrayLike<unknown>;
    let s = '[';
    for (let i = 0; i < arr.length; i++) s += (i > 0 ? ',' : '') + canon(arr[i]);
    return s + ']';
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    let s = '{';
    let first = true;
    for (const k of sortedKeys(o)) {
      const x = o[k];
      if (x === undefined) continue;
      s += (first ? '' : ',') + (quotedKeyCache.get(k) ?? JSON.stringify(k)) + ':' + canon(x);
      first = false;
    }
    return s + '}';
  }
  return JSON.stringify(String(v));
}

/**
 * Canonical JSON: object keys sorted by code unit, numbers via String() (so -0 → "0", NaN →
 * "NaN"), undefined members skipped, typed arrays as arrays.
 */
export function canonicalJson(v: unknown): string {
  return canon(v);
}

const enc = new TextEncoder();

/** One canonical JSON line per record, hashed in chunks of about 64 K characters. */
function hashRecords(records: readonly object[], text: (s: string) => void): void {
  let chunk = '';
  for (const r of records) {
    chunk += canon(r) + '\n';
    if (chunk.length > 65536) {
      text(chunk);
      chunk = '';
    }
  }
  if (chunk.length > 0) text(chunk);
}

/** Fingerprint of the whole trace ("ac1-" + 16 hex digits). */
export function fingerprint(trace: Trace): string {
  const h = sha256.create();
  const text = (s: string): void => {
    h.update(enc.encode(s));
  };
  text('ackclock-trace\n');
  text(
    canonicalJson({
      version: trace.version,
      nodes: trace.nodes,
      links: trace.links,
      flows: trace.flows,
      router: trace.router,
      bottleneck: trace.bottleneck,
      stopS: trace.stopS,
      flowStats: trace.flowStats,
      linkStats: trace.linkStats,
    }),
  );
  const p = trace.packets;
  text(`\npackets ${p.length}\n`);
  for (const name of COLUMNS) {
    text(`${name}\n`);
    h.update(columnBytes(p[name], p.length));
  }
  const b = trace.ackBlocks;
  text(`\nackBlocks ${b.length}\n`);
  for (const name of ['uid', 'first', 'last'] as const) {
    text(`${name}\n`);
    h.update(columnBytes(b[name], b.length));
  }
  text(`\ndecisions ${trace.decisions.length}\n`);
  hashRecords(trace.decisions, text);
  text(`samples ${trace.samples.length}\n`);
  hashRecords(trace.samples, text);
  return PREFIX + bytesToHex(h.digest()).slice(0, 16);
}
