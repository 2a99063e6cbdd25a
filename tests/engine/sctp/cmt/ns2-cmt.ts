/**
 * The ns-2.35 Agent/SCTP/CMT fixtures of tests/fixtures/ns2-cmt (see its README.md): reading the
 * runs, the engine config of a run (the same two-path topology, ns-2's SCTP and CMT defaults)
 * and the engine's trace as the fixture's rows — every departure, arrival and drop on every
 * link — plus the per-path cwnd/ssthresh changes, with a first-difference report.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import {
  PacketEventKind,
  PacketType,
  type FlowConfig,
  type LossConfig,
  type SimConfig,
  type Trace,
} from '../../../../src/engine';

const DIR = new URL('../../../fixtures/ns2-cmt/', import.meta.url);

export interface CmtCase {
  name: string;
  about: string;
  params: Record<string, string | number>;
}

export function loadCmtManifest(): CmtCase[] {
  return (JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as { runs: CmtCase[] })
    .runs;
}

/** One event row: `time event from to path kind tsn retx size` (the fixture's columns). */
export interface CmtRow {
  time: number;
  event: 'DEP' | 'RCV' | 'DROP';
  from: string;
  to: string;
  kind: string;
  tsn: number | null;
  retx: number | null;
  size: number;
}

function table(run: string, kind: 'events' | 'vars'): string[][] {
  const text = strFromU8(gunzipSync(readFileSync(new URL(`${run}.${kind}.csv.gz`, DIR))));
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
}

export function readCmtEvents(run: string): CmtRow[] {
  return table(run, 'events').map((f) => ({
    time: Number(f[0]),
    event: f[1] as CmtRow['event'],
    from: f[2]!,
    to: f[3]!,
    kind: f[5]!,
    tsn: f[6] === '' ? null : Number(f[6]),
    retx: f[7] === '' ? null : Number(f[7]),
    size: Number(f[8]),
  }));
}

/** A per-path (cwnd, ssthresh) value, bytes, in the order the changes happened. */
export interface CmtWindowRow {
  time: number;
  path: number;
  cwnd: number;
  ssthresh: number;
}

/** ns-2's per-destination cwnd/ssthresh, one row per change of either (per path). */
export function readCmtWindows(run: string): CmtWindowRow[] {
  const out: CmtWindowRow[] = [];
  const last = new Map<number, string>();
  for (const f of table(run, 'vars')) {
    const path = Number(f[2]);
    const key = `${f[3]},${f[4]}`;
    if (last.get(path) === key) continue;
    last.set(path, key);
    out.push({ time: Number(f[0]), path, cwnd: Number(f[3]), ssthresh: Number(f[4]) });
  }
  return out;
}

const bps = (s: string | number) => {
  const m = /^([\d.]+)(Kb|Mb)?$/.exec(String(s));
  if (!m) throw new Error(`bad bandwidth ${s}`);
  return Number(m[1]) * (m[2] === 'Mb' ? 1e6 : m[2] === 'Kb' ? 1e3 : 1);
};
const secs = (s: string | number) => Number(String(s).replace(/ms$/, '')) / 1000;

/** cmt.tcl's defaults for keys a case leaves out. */
const DEFAULTS: Record<string, string | number> = {
  paths: 2,
  bw0: '1Mb',
  delay0: '40ms',
  q0: 20,
  bw1: '1Mb',
  delay1: '40ms',
  q1: 20,
  bw2: '1Mb',
  delay2: '40ms',
  q2: 20,
  drops: '',
  fail: '',
  repair: '',
  pmr: 5,
  rwnd: 65536,
  ssthresh: 65536,
  start: 0.5,
  stop: 5,
  delack: 1,
};

/**
 * The scripted drops of a case as the engine's per-path loss points count them: ns-2 counts a
 * TSN's transmissions over both routers ("40:2" = the 2nd, whichever path it takes); the engine
 * counts crossings of each loss point, so each drop goes to the path the fixture shows it took.
 */
function dropsByPath(c: CmtCase, rows: readonly CmtRow[], n: number): LossConfig['drops'][] {
  const out: LossConfig['drops'][] = Array.from({ length: n }, () => []);
  for (const spec of String(c.params.drops ?? '').split(',')) {
    if (!spec.trim()) continue;
    const [tsn, k = 1] = spec.split(':').map(Number) as [number, number?];
    const sends = rows.filter(
      (r) => r.event === 'DEP' && r.kind === 'DATA' && r.tsn === tsn && r.from.startsWith('S'),
    );
    const nth = sends[k - 1];
    if (!nth) throw new Error(`${c.name}: TSN ${tsn} is not sent ${k} times`);
    const path = Number(nth.from.slice(1));
    const before = sends.slice(0, k - 1).filter((r) => r.from === nth.from).length;
    out[path]!.push({ flow: 0, packet: tsn, transmission: before + 1 });
  }
  return out;
}

/**
 * The engine config of a fixture run: S<i>–R<i>–K<i> for each path i (access 10 Mb/s, 5 ms,
 * queue 100), one CMT association (sctp-4960: ns-2's fastRtxTrigger_ 3) from {S<i>} to {K<i>},
 * primary K0, with ns-2.35's Agent/SCTP defaults: 1468-byte chunks (16-byte header counted) in
 * 1500-byte packets, MTU unit 1468, initial cwnd 4380, handshake + HEARTBEAT, delayed SACKs,
 * Max.Burst 4, minRto 1 s, initial RTO 3 s, HB.interval 30 s.
 */
export function cmtConfigFor(c: CmtCase, flow: Partial<FlowConfig> = {}): SimConfig {
  const p = { ...DEFAULTS, ...c.params };
  const n = Number(p.paths);
  const idx = Array.from({ length: n }, (_, i) => i);
  const drops = dropsByPath(c, readCmtEvents(c.name), n);
  const access = { bandwidthBps: 10e6, delayS: 0.005, queueLimit: 100 };
  const loss = (i: number): LossConfig => ({
    from: `R${i}`,
    to: `K${i}`,
    drops: drops[i]!,
    lossRate: 0,
    seed: 1,
  });
  return {
    nodes: [...idx.map((i) => `S${i}`), ...idx.map((i) => `R${i}`), ...idx.map((i) => `K${i}`)],
    links: [
      ...idx.map((i) => ({ a: `S${i}`, b: `R${i}`, ...access })),
      ...idx.map((i) => ({
        a: `R${i}`,
        b: `K${i}`,
        bandwidthBps: bps(p[`bw${i}`]!),
        delayS: secs(p[`delay${i}`]!),
        queueLimit: Number(p[`q${i}`]),
      })),
    ],
    flows: [
      {
        id: 0,
        sender: 'sctp-4960',
        src: 'S0',
        dst: 'K0',
        srcAddrs: idx.map((i) => `S${i}`),
        dstAddrs: idx.map((i) => `K${i}`),
        cmt: true,
        startS: Number(p.start),
        mssBytes: 1452,
        headerBytes: 48,
        dataChunkHeaderBytes: 16,
        pathMtuBytes: 1500,
        initialCwndBytes: 4380,
        initialCwndPkts: 4380 / 1468,
        initialSsthreshBytes: Number(p.ssthresh),
        initialRwndBytes: Number(p.rwnd),
        windowPkts: Math.floor(Number(p.rwnd) / 1468),
        maxburst: 4,
        bugfix: true,
        dupackThreshold: 3,
        delayedAck: Number(p.delack) === 1,
        handshake: true,
        firstPacketWithoutHeader: false,
        minRtoS: 1,
        tickS: 0.01,
        initialRtoS: 3,
        pathMaxRetrans: Number(p.pmr),
        hbIntervalS: 30,
        ...flow,
      },
    ],
    losses: idx.map(loss),
    // K1 first: ns-2 takes the K1→R1 direction down first (tests/fixtures/ns2-dynamic/README.md).
    linkEvents: [
      ...(p.fail === '' ? [] : [{ link: { a: 'K1', b: 'R1' }, at: Number(p.fail), up: false }]),
      ...(p.repair === '' ? [] : [{ link: { a: 'K1', b: 'R1' }, at: Number(p.repair), up: true }]),
    ],
    stopS: Number(p.stop),
    router: 'R0',
    bottleneck: { from: 'R0', to: 'K0' },
  };
}

function kindOf(type: number, label: string | undefined): string {
  if (type === PacketType.data) return 'DATA';
  if (type === PacketType.ack) return 'SACK';
  if (label === 'HEARTBEAT') return 'HEARTBEAT';
  if (label === 'HEARTBEAT-ACK') return 'HEARTBEAT_ACK';
  return 'INIT';
}

/** The engine's trace as fixture rows: departures, arrivals and drops on every link. */
export function engineCmtRows(trace: Trace): CmtRow[] {
  const p = trace.packets;
  const X = trace.transmissions;
  const c = trace.controls;
  const labels = new Map<number, string>();
  if (c) for (let k = 0; k < c.length; k++) labels.set(c.uid[k]!, c.names[c.label[k]!]!);
  const sent = new Set<number>();
  const rows: CmtRow[] = [];
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    let event: CmtRow['event'];
    if (kind === PacketEventKind.depart) event = 'DEP';
    else if (kind === PacketEventKind.arrive || kind === PacketEventKind.deliver) event = 'RCV';
    else if (kind === PacketEventKind.drop) event = 'DROP';
    else continue;
    const link = trace.links[p.link[i]!];
    if (!link) continue;
    const u = p.uid[i]!;
    const type = X.type[u]!;
    const k = kindOf(type, type === PacketType.control ? labels.get(u) : undefined);
    const tsn =
      type === PacketType.data ? X.packet[u]! : type === PacketType.ack ? X.cumAck[u]! : null;
    let retx: number | null = null;
    if (k === 'DATA' && event === 'DEP' && link.from.startsWith('S')) {
      retx = sent.has(tsn!) ? 1 : 0;
      sent.add(tsn!);
    }
    rows.push({
      time: p.time[i]!,
      event,
      from: link.from,
      to: link.to,
      kind: k,
      tsn,
      retx,
      size: X.size[u]!,
    });
  }
  return rows;
}

/** The engine's per-path cwnd/ssthresh (Trace.pathEvents, every row), one row per change. */
export function engineWindows(trace: Trace): CmtWindowRow[] {
  const e = trace.pathEvents;
  const out: CmtWindowRow[] = [];
  const last = new Map<number, string>();
  if (!e) return out;
  for (let i = 0; i < e.length; i++) {
    const path = e.path[i]!;
    const key = `${e.cwnd[i]},${e.ssthresh[i]}`;
    if (last.get(path) === key) continue;
    last.set(path, key);
    out.push({ time: e.time[i]!, path, cwnd: e.cwnd[i]!, ssthresh: e.ssthresh[i]! });
  }
  return out;
}

export const rowText = (r: CmtRow) =>
  `${r.time} ${r.event} ${r.from}-${r.to} ${r.kind} ${r.tsn ?? ''} ${r.retx ?? ''} ${r.size}`;

/** Rows in the same order agree up to `count`: the index of the first row that differs (-1: all). */
export function firstDifference<T>(
  a: readonly T[],
  b: readonly T[],
  text: (x: T) => string,
): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y || text(x) !== text(y)) return i;
  }
  return -1;
}

/** Context around row `i` of both sides, for a failure message. */
export function diffContext<T>(
  a: readonly T[],
  b: readonly T[],
  i: number,
  text: (x: T) => string,
): string {
  const lines = [`first difference at row ${i} (engine ${a.length} rows, ns-2 ${b.length}):`];
  for (let j = Math.max(0, i - 3); j < i + 4; j++) {
    const x = a[j];
    const y = b[j];
    lines.push(
      `${j === i ? '>>' : '  '} ${String(j).padStart(5)} engine ${x ? text(x) : '-'}  |  ns-2 ${y ? text(y) : '-'}`,
    );
  }
  return lines.join('\n');
}

/**
 * ns-2 samples the sender's windows only when a packet reaches it or a timer sends (two changes
 * between samples show as one); the engine writes every change. Path by path, the index of the
 * first ns-2 row not found, in order, among the engine's rows of that path (-1: all found).
 */
export function firstUnmatchedSample(
  engine: readonly CmtWindowRow[],
  ns2: readonly CmtWindowRow[],
): number {
  const key = (r: CmtWindowRow) => `${r.cwnd} ${r.ssthresh}`;
  const next = new Map<number, number>(); // path → position in the engine's rows
  for (let i = 0; i < ns2.length; i++) {
    const want = ns2[i]!;
    let j = next.get(want.path) ?? 0;
    while (j < engine.length && (engine[j]!.path !== want.path || key(engine[j]!) !== key(want)))
      j++;
    if (j === engine.length) return i;
    next.set(want.path, j + 1);
  }
  return -1;
}
