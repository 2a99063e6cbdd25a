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

type Column = PacketEventColumns[(typeof COLUMNS)[number]];

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

/**
 * Canonical JSON: object keys sorted by code unit, numbers via String() (so -0 → "0", NaN →
 * "NaN"), undefined members skipped, typed arrays as arrays.
 */
export function canonicalJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const arr = Array.from(v as ArrayLike<unknown>);
    return `[${arr.map(canonicalJson).join(',')}]`;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(String(v));
}

const enc = new TextEncoder();

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
  text(`\ndecisions ${trace.decisions.length}\n`);
  for (const d of trace.decisions) text(`${canonicalJson(d)}\n`);
  text(`samples ${trace.samples.length}\n`);
  for (const s of trace.samples) text(`${canonicalJson(s)}\n`);
  return PREFIX + bytesToHex(h.digest()).slice(0, 16);
}
