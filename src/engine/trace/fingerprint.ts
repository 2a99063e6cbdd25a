/**
 * A short, stable fingerprint of a whole trace: "ac2-" + 16 hex digits of XXH64 (seed 0) over a
 * canonical byte serialisation. Identical in Node and in the browser: every column is hashed as
 * little-endian bytes in a fixed order (packet events, ACK blocks, decisions, samples), and the
 * small rest (nodes, links, flows, counters, reason codes, control packets' names) as canonical JSON (sorted keys,
 * numbers via String(), no locale, no Map iteration). XXH64 comes from the xxhash-wasm package
 * (WebAssembly, loaded once when this module is imported).
 */
import xxhash from 'xxhash-wasm';
import { AfterReader } from './after-vars';
import type { Trace, TransmissionColumns } from './types';
import { NV } from './vars';

/** Format tag: bump when the serialisation changes. */
const PREFIX = 'ac2-';

const hasher = await xxhash();

/**
 * The packet-event columns in hash order. Those of TransmissionColumns are hashed as one value
 * per event (gathered through uid), as when every event stored them, so the `ac2-` value does
 * not depend on where a field is stored.
 */
const PACKET_COLUMNS = [
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
] as const;
const TRANSMISSION_COLUMNS: ReadonlySet<string> = new Set([
  'flow',
  'type',
  'packet',
  'retx',
  'cumAck',
  'sackBlocks',
  'size',
]);
/** Events gathered per hash update. */
const GATHER_CHUNK = 1 << 16;
const BLOCK_COLUMNS = ['uid', 'first', 'last'] as const;
/** Decision columns in hash order; `after` is the whole NV-per-row vector of each row. */
const DECISION_COLUMNS = [
  'time',
  'flow',
  'code',
  'trigger',
  'cumAck',
  'dupacks',
  'event',
  'packetStart',
  'packetList',
  'after',
  'changed',
  'beforeStart',
  'beforeList',
  'noteRow',
  'noteCode',
  'noteValue',
] as const;
const SAMPLE_COLUMNS = ['decision', 'phase', 'cwndBytes', 'ssthreshBytes'] as const;
const PATH_EVENT_COLUMNS = [
  'time',
  'flow',
  'path',
  'event',
  'state',
  'cwnd',
  'ssthresh',
  'rto',
  'errorCount',
] as const;
const DELIVERY_COLUMNS = ['time', 'flow', 'stream', 'ssn', 'packet', 'unordered'] as const;

type Column = Float64Array | Int32Array | Int16Array | Uint16Array | Uint8Array;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The column's bytes in little-endian order. */
function columnBytes(col: Column): Uint8Array {
  const bpe = col.BYTES_PER_ELEMENT;
  if (LITTLE_ENDIAN || bpe === 1)
    return new Uint8Array(col.buffer, col.byteOffset, col.length * bpe);
  const out = new Uint8Array(col.length * bpe);
  const view = new DataView(out.buffer);
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    if (col instanceof Float64Array) view.setFloat64(i * 8, v, true);
    else if (col instanceof Int32Array) view.setInt32(i * 4, v, true);
    else if (col instanceof Int16Array) view.setInt16(i * 2, v, true);
    else view.setUint16(i * 2, v, true);
  }
  return out;
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
    const keys = Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    let s = '{';
    let first = true;
    for (const k of keys) {
      const x = o[k];
      if (x === undefined) continue;
      s += (first ? '' : ',') + JSON.stringify(k) + ':' + canon(x);
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

/**
 * Fingerprint of the whole trace ("ac2-" + 16 hex digits).
 * @throws Error for a metrics-only trace (it has no columns to hash).
 */
export function fingerprint(trace: Trace): string {
  if (trace.record !== 'full')
    throw new Error('fingerprint: a metrics-only run has no trace to hash');
  const h = hasher.create64();
  h.update('ackclock-trace\n');
  h.update(
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
      codes: trace.decisions.codes,
      controls: trace.controls
        ? { uid: trace.controls.uid, label: trace.controls.label, names: trace.controls.names }
        : undefined,
    }),
  );
  const section = <T extends object>(
    title: string,
    length: number,
    cols: T,
    names: readonly (keyof T & string)[],
  ): void => {
    h.update(`\n${title} ${length}\n`);
    for (const name of names) {
      h.update(`${name}\n`);
      h.update(columnBytes(cols[name] as Column));
    }
  };
  const P = trace.packets;
  h.update(`\npackets ${P.length}\n`);
  for (const name of PACKET_COLUMNS) {
    h.update(`${name}\n`);
    if (!TRANSMISSION_COLUMNS.has(name)) {
      h.update(columnBytes(P[name as keyof typeof P] as Column));
      continue;
    }
    const src = trace.transmissions[name as keyof TransmissionColumns] as Column;
    const chunk = new (src.constructor as { new (n: number): Column })(
      Math.min(GATHER_CHUNK, P.length),
    );
    for (let at = 0; at < P.length; at += GATHER_CHUNK) {
      const n = Math.min(GATHER_CHUNK, P.length - at);
      for (let j = 0; j < n; j++) chunk[j] = src[P.uid[at + j]!]!;
      h.update(columnBytes(n === chunk.length ? chunk : chunk.subarray(0, n)));
    }
  }
  section('ackBlocks', trace.ackBlocks.length, trace.ackBlocks, BLOCK_COLUMNS);
  const D = trace.decisions;
  h.update(`\ndecisions ${D.length}\n`);
  for (const name of DECISION_COLUMNS) {
    h.update(`${name}\n`);
    if (name !== 'after') {
      h.update(columnBytes(D[name]));
      continue;
    }
    // The sparse vectors, hashed whole (NV numbers per row) as when they were stored whole.
    const reader = new AfterReader(D);
    const rows = Math.max(1, Math.floor(GATHER_CHUNK / NV));
    const chunk = new Float64Array(Math.min(rows, D.length) * NV);
    for (let at = 0; at < D.length; at += rows) {
      const n = Math.min(rows, D.length - at);
      for (let j = 0; j < n; j++) chunk.set(reader.vector(at + j), j * NV);
      h.update(columnBytes(n * NV === chunk.length ? chunk : chunk.subarray(0, n * NV)));
    }
  }
  section('samples', trace.samples.length, trace.samples, SAMPLE_COLUMNS);
  // Hashed only when present, so runs without paths events or deliveries keep their fingerprint.
  const pe = trace.pathEvents;
  if (pe && pe.length > 0) section('pathEvents', pe.length, pe, PATH_EVENT_COLUMNS);
  const dv = trace.deliveries;
  if (dv && dv.length > 0) section('deliveries', dv.length, dv, DELIVERY_COLUMNS);
  const pp = trace.packetPaths;
  if (pp && pp.length > 0) section('packetPaths', pp.length, pp, ['uid', 'path'] as const);
  return PREFIX + h.digest().toString(16).padStart(16, '0');
}
