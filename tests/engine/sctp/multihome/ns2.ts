/**
 * The ns-2.35 multi-homing fixtures of tests/fixtures/ns2-multihome (scripts/ns2/multihome.tcl,
 * multihome-regen.mjs): reading a run, the engine config that mirrors it, the engine's trace as
 * the fixture's rows, and the first difference.
 *
 * Topology (both): S0 –(10 Mb/s, 0 ms)– A –(bw, delay, q)– K0 (path 0, primary) and
 * S1 –(10 Mb/s, 0 ms)– B –(bw, delay, q)– K1 (path 1). ns-2's multihome core nodes only route
 * (their links are never used): the engine has no node for them.
 */
import { readFileSync } from 'node:fs';
import {
  PacketEventKind,
  PacketType,
  type FlowConfig,
  type SimConfig,
  type Trace,
} from '../../../../src/engine';
import { PATH_EVENT_NAMES } from '../../../../src/engine/trace/path-events';

const DIR = new URL('../../../fixtures/ns2-multihome/', import.meta.url);

/** multihome.tcl parameters as the manifest lists them. */
export interface MultihomeParams {
  drops0?: string;
  drops1?: string;
  down?: number;
  up?: number;
  down1?: number;
  up1?: number;
  pmr?: number;
  cpt?: number;
  amr?: number;
  hb?: number;
  bw?: string;
  /** B–K1's delay when it differs (ns-2 time string, e.g. '80ms'). */
  delay1?: string;
  /** 1: a single-homed sender, S0 linked to A and B (S1 unused). */
  shome?: number;
  /** RTO.Initial, RTO.Min, RTO.Max, seconds (ns-2 initialRto_ 3, minRto_ 1, maxRto_ 60). */
  initrto?: number;
  minrto?: number;
  maxrto?: number;
  stop: number;
}

export interface MultihomeRun {
  name: string;
  about: string;
  params: MultihomeParams;
}

export function loadMultihomeRuns(): MultihomeRun[] {
  return (
    JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as { runs: MultihomeRun[] }
  ).runs;
}

/** One packet row: DEP (leaves S0/S1), RCV (reaches S0/S1), DROP. */
export interface MhEvent {
  time: number;
  event: string;
  path: number;
  kind: string;
  tsn: number | null;
  size: number;
}

/** One per-destination row of the sender (ns-2 TraceAll), as far as both models record it. */
export interface MhPathRow {
  time: number;
  path: number;
  cwnd: number;
  ssthresh: number;
  /** Seconds, 3 decimals (ns-2 prints %.3f). */
  rto: string;
  errors: number;
  active: boolean;
}

function csvRows(file: string): string[][] {
  const lines = readFileSync(new URL(file, DIR), 'utf8').trim().split('\n').slice(1);
  return lines.map((l) => l.split(','));
}

export function readMhEvents(name: string): MhEvent[] {
  return csvRows(`${name}.events.csv`).map(([time, event, path, kind, tsn, size]) => ({
    time: Number(time),
    event: event!,
    path: Number(path),
    kind: kind!,
    tsn: tsn === '' ? null : Number(tsn),
    size: Number(size),
  }));
}

/** ns-2's rows where cwnd, ssthresh, RTO, error count or status changed (per path). */
export function readMhPaths(name: string): MhPathRow[] {
  const rows = csvRows(`${name}.paths.csv`).map((c) => ({
    time: Number(c[0]),
    path: Number(c[2]),
    cwnd: Number(c[3]),
    ssthresh: Number(c[6]),
    rto: c[7]!,
    errors: Number(c[10]),
    active: c[11] === 'ACTIVE',
  }));
  return changesOnly(rows.filter((r) => r.time > 0));
}

function changesOnly(rows: MhPathRow[]): MhPathRow[] {
  const last = new Map<number, string>();
  const out: MhPathRow[] = [];
  for (const r of rows) {
    const key = `${r.cwnd},${r.ssthresh},${r.rto},${r.errors},${r.active}`;
    if (last.get(r.path) === key) continue;
    last.set(r.path, key);
    out.push(r);
  }
  return out;
}

const bps = (s: string | undefined, dflt: number): number => {
  if (s === undefined) return dflt;
  const m = /^([\d.]+)(Mb|Kb|kb)?$/.exec(s)!;
  return Number(m[1]) * (m[2] === 'Mb' ? 1e6 : m[2] ? 1e3 : 1);
};

function drops(spec: string | undefined): { flow: number; packet: number; transmission: number }[] {
  if (!spec) return [];
  return spec.split(',').map((d) => {
    const [tsn, k] = d.split(':');
    return { flow: 0, packet: Number(tsn), transmission: k ? Number(k) : 1 };
  });
}

/**
 * The engine config mirroring a run: ns-2.35's Agent/SCTP defaults (mtu_ 1500, dataChunkSize_
 * 1468, initial cwnd 4380, a_rwnd 131072, delayed SACKs, Max.Burst, fastRtxTrigger_ 3, RTO 3 /
 * 1 / 60 s), handshake + one confirmation HEARTBEAT per path, the run's failures and drops.
 */
export function multihomeConfig(p: MultihomeParams, flow: Partial<FlowConfig> = {}): SimConfig {
  const bw = bps(p.bw, 1e6);
  const linkEvents: NonNullable<SimConfig['linkEvents']> = [];
  const ev = (a: string, b: string, at: number | undefined, up: boolean) => {
    if (at !== undefined) linkEvents.push({ link: { a, b }, at, up });
  };
  // ns-2 takes the direction from the lower node id (K0 = 4, A = 6; K1 = 5, B = 7) down first.
  ev('K0', 'A', p.down, false);
  ev('K0', 'A', p.up, true);
  ev('K1', 'B', p.down1, false);
  ev('K1', 'B', p.up1, true);
  const delay1 = p.delay1 === undefined ? 0.05 : Number(p.delay1.replace('ms', '')) / 1000;
  return {
    nodes: ['S0', 'S1', 'K0', 'K1', 'A', 'B'],
    links: [
      { a: 'S0', b: 'A', bandwidthBps: 10e6, delayS: 0, queueLimit: 50 },
      { a: 'A', b: 'K0', bandwidthBps: bw, delayS: 0.05, queueLimit: 50 },
      { a: 'S1', b: 'B', bandwidthBps: 10e6, delayS: 0, queueLimit: 50 },
      { a: 'B', b: 'K1', bandwidthBps: bw, delayS: delay1, queueLimit: 50 },
      ...(p.shome ? [{ a: 'S0', b: 'B', bandwidthBps: 10e6, delayS: 0, queueLimit: 50 }] : []),
    ],
    flows: [
      {
        id: 0,
        sender: 'sctp-4960',
        src: 'S0',
        dst: 'K0',
        srcAddrs: p.shome ? ['S0'] : ['S0', 'S1'],
        dstAddrs: ['K0', 'K1'],
        startS: 0.5,
        mssBytes: 1452,
        headerBytes: 48,
        dataChunkHeaderBytes: 16,
        pathMtuBytes: 1500,
        initialCwndBytes: 4380,
        initialCwndPkts: 4380 / 1468,
        initialRwndBytes: 131072,
        windowPkts: 89,
        maxburst: 4,
        bugfix: true,
        dupackThreshold: 3,
        delayedAck: true,
        handshake: true,
        firstPacketWithoutHeader: false,
        minRtoS: p.minrto ?? 1,
        tickS: 0.01,
        initialRtoS: p.initrto ?? 3,
        maxRtoS: p.maxrto ?? 60,
        pathMaxRetrans: p.pmr ?? 5,
        assocMaxRetrans: p.amr ?? 10,
        hbIntervalS: p.hb ?? 30,
        ...flow,
      },
    ],
    losses: [
      { from: 'A', to: 'K0', drops: drops(p.drops0), lossRate: 0, seed: 1 },
      { from: 'B', to: 'K1', drops: drops(p.drops1), lossRate: 0, seed: 1 },
    ],
    linkEvents,
    stopS: p.stop,
    router: 'A',
    bottleneck: { from: 'A', to: 'K0' },
  };
}

function pathOfLink(trace: Trace, li: number): number {
  const l = trace.links[li]!;
  // path 1: the links through B (S1–B, B–K1, and S0–B of a single-homed sender)
  return [l.from, l.to].some((n) => ['S1', 'B', 'K1'].includes(n)) ? 1 : 0;
}

/** The engine's trace as fixture rows (same selection as multihome-regen.mjs). */
export function engineMhEvents(trace: Trace): MhEvent[] {
  const p = trace.packets;
  const X = trace.transmissions;
  const S0 = trace.nodes.indexOf('S0');
  const S1 = trace.nodes.indexOf('S1');
  const labels = new Map<number, string>();
  const c = trace.controls!;
  for (let k = 0; k < c.length; k++) labels.set(c.uid[k]!, c.names[c.label[k]!]!);
  const out: MhEvent[] = [];
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    const node = p.node[i]!;
    let event: string | null = null;
    if (kind === PacketEventKind.drop) event = 'DROP';
    else if (kind === PacketEventKind.depart && (node === S0 || node === S1)) event = 'DEP';
    else if (kind === PacketEventKind.deliver && (node === S0 || node === S1)) event = 'RCV';
    if (!event) continue;
    const u = p.uid[i]!;
    const type = X.type[u]!;
    let k = 'DATA';
    if (type === PacketType.ack) k = 'SACK';
    else if (type === PacketType.control) {
      const l = labels.get(u) ?? '';
      k = l === 'HEARTBEAT' || l === 'HEARTBEAT-ACK' ? l : 'SETUP';
    }
    out.push({
      time: p.time[i]!,
      event,
      path: pathOfLink(trace, p.link[i]!),
      kind: k,
      tsn: k === 'DATA' ? X.packet[u]! : k === 'SACK' ? X.cumAck[u]! : null,
      size: X.size[u]!,
    });
  }
  return out;
}

/** The engine's path rows (Trace.pathEvents), every row in time order. */
export function engineMhPaths(trace: Trace): MhPathRow[] {
  const e = trace.pathEvents!;
  const rows: MhPathRow[] = [];
  for (let i = 0; i < e.length; i++) {
    rows.push({
      time: e.time[i]!,
      path: e.path[i]!,
      cwnd: e.cwnd[i]!,
      ssthresh: e.ssthresh[i]!,
      rto: e.rto[i]!.toFixed(3),
      errors: e.errorCount[i]!,
      active: e.state[i] === 0,
    });
  }
  return rows;
}

/** The engine's state of path `path` at time t (its last row at or before t; else the initial). */
function engineStateAt(rows: MhPathRow[], path: number, t: number): MhPathRow {
  let s: MhPathRow = {
    time: 0,
    path,
    cwnd: 4380,
    ssthresh: 65536,
    rto: '3.000',
    errors: 0,
    active: true,
  };
  for (const r of rows) {
    if (r.time > t + 1e-12) break;
    if (r.path === path) s = r;
  }
  return s;
}

/** The engine's path events by name (for assertions). */
export function pathEventList(
  trace: Trace,
): { time: number; path: number; event: string; errors: number }[] {
  const e = trace.pathEvents!;
  const out = [];
  for (let i = 0; i < e.length; i++) {
    out.push({
      time: e.time[i]!,
      path: e.path[i]!,
      event: PATH_EVENT_NAMES[e.event[i]!]!,
      errors: e.errorCount[i]!,
    });
  }
  return out;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

export function mhEventText(r: MhEvent): string {
  return `${r.time.toFixed(9)} ${r.event} p${r.path} ${r.kind} ${r.tsn ?? ''} ${r.size}`;
}

/** Index and text of the first event where the two lists differ; null when equal. */
export function firstMhEventDivergence(ours: MhEvent[], theirs: MhEvent[]): string | null {
  const n = Math.max(ours.length, theirs.length);
  for (let i = 0; i < n; i++) {
    const a = ours[i];
    const b = theirs[i];
    const eq =
      a &&
      b &&
      same(a.time, b.time) &&
      a.event === b.event &&
      a.path === b.path &&
      a.kind === b.kind &&
      a.tsn === b.tsn &&
      a.size === b.size;
    if (!eq) {
      return `row ${i}: engine ${a ? mhEventText(a) : '(none)'} | ns-2 ${b ? mhEventText(b) : '(none)'}`;
    }
  }
  return null;
}

export function mhPathText(r: MhPathRow): string {
  return `${r.time.toFixed(9)} p${r.path} cwnd ${r.cwnd} ssthresh ${r.ssthresh} rto ${r.rto} err ${r.errors} ${r.active ? 'active' : 'inactive'}`;
}

/**
 * First ns-2 row (a path's cwnd, ssthresh, RTO, error count or status changed, sampled at each
 * packet the sender sends or receives) where the engine's state of that path at that time
 * differs; null when none. ns-2 samples only at packets, so a change without a packet (an idle
 * cwnd decay, the expiry that aborts) shows at the next one; the engine's state is read there.
 */
export function firstMhPathDivergence(ours: MhPathRow[], theirs: MhPathRow[]): string | null {
  for (let i = 0; i < theirs.length; i++) {
    const b = theirs[i]!;
    const a = engineStateAt(ours, b.path, b.time);
    const eq =
      a.cwnd === b.cwnd &&
      a.ssthresh === b.ssthresh &&
      a.rto === b.rto &&
      a.errors === b.errors &&
      a.active === b.active;
    if (!eq) return `ns-2 row ${i}: ${mhPathText(b)} | engine then: ${mhPathText(a)}`;
  }
  return null;
}
