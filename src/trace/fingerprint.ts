/**
 * A short, stable fingerprint of a whole trace: "ac3-" + 16 hex digits of XXH64 (seed 0) over a
 * canonical byte serialisation. Identical in Node and in the browser: every column is hashed as
 * stored, little-endian bytes in a fixed order (packet events, transmissions, ACK blocks,
 * decisions with their sparse after-vectors, samples), and the
 * small rest (nodes, links, flows, counters, reason codes, control packets' names) as canonical JSON (sorted keys,
 * numbers via String(), no locale, no Map iteration). XXH64 comes from the xxhash-wasm package
 * (WebAssembly, loaded once when this module is imported).
 */
import xxhash from 'xxhash-wasm';
import { AQM_SAMPLE_COLUMNS, ECN_COLUMNS, PRR_COLUMNS, RATE_COLUMNS, type Trace } from '../engine';

/** Format tag: bump when the serialisation changes. */
const PREFIX = 'ac3-';

const hasher = await xxhash();

const PACKET_COLUMNS = ['time', 'kind', 'node', 'link', 'uid', 'qlen', 'cause'] as const;
const TRANSMISSION_COLUMNS = [
  'flow',
  'type',
  'packet',
  'retx',
  'cumAck',
  'sackBlocks',
  'size',
] as const;
const BLOCK_COLUMNS = ['uid', 'first', 'last'] as const;
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
  'afterMask',
  'afterStart',
  'afterList',
  'flowPrev',
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
  'note',
  'noteValue',
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
 * Fingerprint of the whole trace ("ac3-" + 16 hex digits; "ac2-" hashed the same content with
 * the transmission fields per packet event and the after-vectors whole).
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
  section('packets', trace.packets.length, trace.packets, PACKET_COLUMNS);
  section('transmissions', trace.transmissions.length, trace.transmissions, TRANSMISSION_COLUMNS);
  section('ackBlocks', trace.ackBlocks.length, trace.ackBlocks, BLOCK_COLUMNS);
  section('decisions', trace.decisions.length, trace.decisions, DECISION_COLUMNS);
  section('samples', trace.samples.length, trace.samples, SAMPLE_COLUMNS);
  // Hashed only when present, so runs without paths events or deliveries keep their fingerprint.
  const pe = trace.pathEvents;
  if (pe && pe.length > 0) section('pathEvents', pe.length, pe, PATH_EVENT_COLUMNS);
  const dv = trace.deliveries;
  if (dv && dv.length > 0) section('deliveries', dv.length, dv, DELIVERY_COLUMNS);
  const pp = trace.packetPaths;
  if (pp && pp.length > 0) section('packetPaths', pp.length, pp, ['uid', 'path'] as const);
  const pr = trace.prr;
  if (pr && pr.length > 0) section('prr', pr.length, pr, PRR_COLUMNS);
  const aq = trace.aqm;
  if (aq && aq.length > 0) section('aqm', aq.length, aq, AQM_SAMPLE_COLUMNS);
  const ec = trace.ecn;
  if (ec && ec.length > 0) section('ecn', ec.length, ec, ECN_COLUMNS);
  // The rate rows only when a flow paces (BBR, pacing=1): there they are what the sender
  // decided by; for the others they are read off the ACKs already hashed, and hashing them
  // would change every fingerprint from before the rate trace existed.
  const rt = trace.rates;
  if (rt && rt.length > 0 && trace.flows.some((f) => f.pacing))
    section('rates', rt.length, rt, RATE_COLUMNS);
  return PREFIX + h.digest().toString(16).padStart(16, '0');
}
