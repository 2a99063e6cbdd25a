/**
 * The ns-2.35 Agent/SCTP fixtures of tests/fixtures/ns2-sctp (see its README.md): reading the
 * runs (plain or gzip'd CSV), the engine config of a run, the engine's trace as ns-2 rows, and a
 * comparison that reports the first difference — router and K1 events at exact times, the
 * sender's variables after every SACK, the cwnd/ssthresh changes and the summary totals.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import {
  decisionsOf,
  PacketEventKind,
  PacketType,
  run,
  type Decision,
  type SctpSenderId,
  type SimConfig,
  type Trace,
} from '../../src/engine';
import { fallFloydConfig, type DropSpec } from './fall-floyd';

const DIR = new URL('../fixtures/ns2-sctp/', import.meta.url);

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

/** One row of an ns-2 vars file: the sender's state after a SACK (ack), a timeout send (timer). */
export interface Ns2VarsRow {
  time: number;
  cwnd: number;
  ssthresh: number;
  pba: number;
  outstanding: number;
  peerRwnd: number;
  /** RTO, seconds, as ns-2 printed it (3 decimals). */
  rto: number;
  frCount: number;
  timeoutCount: number;
  cause: 'start' | 'ack' | 'timer';
}

/** Parameters of a fixture run (scripts/ns2/sctp-cases.mjs). */
export interface Ns2SctpParams {
  /** The engine sender mirroring the run's fastRtxTrigger_: sctp-newreno (4), sctp-4960 (3). */
  sender: 'sctp-newreno' | 'sctp-4960';
  drops: DropSpec[];
  /** Receiver window, chunks (initialRwnd_ = rwndBytes). */
  window: number;
  rwndBytes: number;
  queueLimit: number;
  bottleneckBps: number;
  bottleneckDelayS: number;
  /** ns-2 mtu_: the congestion-control unit is mtuBytes − 32. */
  mtuBytes: number;
  /** ns-2 dataChunkSize_: chunk length with its 16-byte header. */
  chunkBytes: number;
  delayedSack: boolean;
  /** useMaxBurst_ (Max.Burst 4). */
  maxburst: boolean;
  minRtoS: number;
  startS: number;
  /** Engine senders checked against this run (default: [sender]). */
  engineSenders?: SctpSenderId[];
}

export interface Ns2SctpSummary {
  data_departed_R1: number;
  unique_pkts_departed_R1: number;
  retransmissions: number;
  timeouts: number;
  fast_retransmits: number;
  cwnd_cuts: number;
  final_cum_ack: number;
  highest_pkt_sent: number;
  scripted_drops: number;
  overflow_drops: number;
}

export interface Ns2SctpRun {
  name: string;
  set: 'published' | 'rwnd' | 'delayed-sack' | 'ns2-defaults' | 'rwnd-grid' | 'zero-rwnd';
  params: Ns2SctpParams;
  summary: Ns2SctpSummary;
}

export function loadSctpManifest(dir = DIR): { stopS: number; runs: Ns2SctpRun[] } {
  return JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as {
    stopS: number;
    runs: Ns2SctpRun[];
  };
}

/** Lines of <run>.<kind>.csv, or of <run>.<kind>.csv.gz (runs outside the published set). */
function readLines(run: string, kind: 'events' | 'vars', dir: URL): string[] {
  const plain = new URL(`${run}.${kind}.csv`, dir);
  const text = existsSync(plain)
    ? readFileSync(plain, 'utf8')
    : strFromU8(gunzipSync(readFileSync(new URL(`${run}.${kind}.csv.gz`, dir))));
  return text.replace(/\r/g, '').trim().split('\n');
}

function table(
  run: string,
  kind: 'events' | 'vars',
  dir: URL,
): { col: (name: string) => number; rows: string[][] } {
  const lines = readLines(run, kind, dir);
  const header = lines[0]!.split(',');
  return { col: (name) => header.indexOf(name), rows: lines.slice(1).map((l) => l.split(',')) };
}

/** `dir`: a folder of runs in the fixtures' format (default tests/fixtures/ns2-sctp/). */
export function readNs2Events(run: string, dir = DIR): Ns2Row[] {
  const { col, rows } = table(run, 'events', dir);
  const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));
  return rows.map((f) => ({
    time: Number(f[col('time')]),
    event: f[col('event')]!,
    pkt: num(f[col('pkt')]),
    kind: f[col('kind')]!,
    retx: num(f[col('retx')]),
    cause: f[col('cause')] ?? '',
    cumAck: num(f[col('cum_ack')]),
    sackBlocks: num(f[col('sack_blocks')]),
    size: Number(f[col('size')]),
  }));
}

export function readNs2Vars(run: string, dir = DIR): Ns2VarsRow[] {
  const { col, rows } = table(run, 'vars', dir);
  return rows.map((f) => ({
    time: Number(f[col('time')]),
    cwnd: Number(f[col('cwnd')]),
    ssthresh: Number(f[col('ssthresh')]),
    pba: Number(f[col('pba')]),
    outstanding: Number(f[col('outstanding')]),
    peerRwnd: Number(f[col('peer_rwnd')]),
    rto: Number(f[col('rto')]),
    frCount: Number(f[col('fr_count')]),
    timeoutCount: Number(f[col('timeout_count')]),
    cause: f[col('cause')] as Ns2VarsRow['cause'],
  }));
}

function ns2Kind(type: number, label: string | undefined): string {
  if (type === PacketType.data) return 'DATA';
  if (type === PacketType.ack) return 'SACK';
  if (label === 'HEARTBEAT') return 'HEARTBEAT';
  if (label === 'HEARTBEAT-ACK') return 'HEARTBEAT_ACK';
  // ns-2.35 has the shutdown chunk types but sends none: these rows have no ns-2 counterpart.
  if (label === 'SHUTDOWN') return 'SHUTDOWN';
  if (label === 'SHUTDOWN-ACK') return 'SHUTDOWN_ACK';
  if (label === 'SHUTDOWN-COMPLETE') return 'SHUTDOWN_COMPLETE';
  return 'INIT_OR_COOKIE';
}

/**
 * The engine's trace as ns-2 rows: events at R1 (data/control arrivals from S1, departures
 * towards K1, drops, SACK/control arrivals from K1) and arrivals at K1, in processing order.
 * Control packets are named by the trace (Trace.controls, keyed by uid).
 */
export function engineRows(trace: Trace): Ns2Row[] {
  const p = trace.packets;
  const X = trace.transmissions;
  const R1 = trace.nodes.indexOf('R1');
  const K1 = trace.nodes.indexOf('K1');
  const toK1 = trace.links.findIndex((l) => l.from === 'R1' && l.to === 'K1');
  const fromS1 = trace.links.findIndex((l) => l.from === 'S1' && l.to === 'R1');
  const fromK1 = trace.links.findIndex((l) => l.from === 'K1' && l.to === 'R1');
  const rows: Ns2Row[] = [];
  const c = trace.controls;
  if (!c)
    throw new Error('engineRows needs a full trace (Trace.controls names the control packets)');
  const controlLabels = new Map<number, string>();
  for (let k = 0; k < c.length; k++) controlLabels.set(c.uid[k]!, c.names[c.label[k]!]!);
  const labelOf = (uid: number) =>
    X.type[uid] === PacketType.control ? controlLabels.get(uid) : undefined;
  // ns-2's retx column: ARR/DROP — the packet number reached R1 before; DEP — departed before.
  const arrived = new Set<number>();
  const departed = new Set<number>();
  const arrRetx = new Map<number, number>();
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    const u = p.uid[i]!;
    const type = X.type[u]!;
    const base = {
      time: p.time[i]!,
      kind: ns2Kind(type, labelOf(u)),
      size: X.size[u]!,
      cause: '',
      cumAck: null as number | null,
      sackBlocks: null as number | null,
    };
    const isData = type === PacketType.data;
    if (kind === PacketEventKind.arrive && p.node[i] === R1 && p.link[i] === fromS1) {
      const n = X.packet[u]!;
      const r = arrived.has(n) ? 1 : 0;
      arrRetx.set(u, r);
      rows.push({ ...base, event: 'ARR', pkt: isData ? n : null, retx: isData ? r : null });
      if (isData) arrived.add(n);
    } else if (kind === PacketEventKind.depart && p.link[i] === toK1) {
      const n = X.packet[u]!;
      rows.push({
        ...base,
        event: 'DEP',
        pkt: isData ? n : null,
        retx: isData ? (departed.has(n) ? 1 : 0) : null,
      });
      if (isData) departed.add(n);
    } else if (kind === PacketEventKind.drop && p.node[i] === R1) {
      rows.push({
        ...base,
        event: 'DROP',
        pkt: X.packet[u]!,
        retx: arrRetx.get(u) ?? 0,
        cause: p.cause[i] === 1 ? 'scripted' : p.cause[i] === 2 ? 'overflow' : 'random',
      });
    } else if (kind === PacketEventKind.deliver && p.node[i] === K1) {
      rows.push({ ...base, event: 'RCV_K1', pkt: isData ? X.packet[u]! : null, retx: null });
    } else if (kind === PacketEventKind.arrive && p.node[i] === R1 && p.link[i] === fromK1) {
      const isAck = type === PacketType.ack;
      rows.push({
        ...base,
        event: 'ACK',
        pkt: null,
        retx: null,
        cumAck: isAck ? X.cumAck[u]! : null,
        sackBlocks: isAck ? (X.size[u]! - 48) / 4 : null,
      });
    }
  }
  return rows;
}

/** Compact text of a row for readable diffs. */
export function rowText(r: Ns2Row): string {
  const parts = [
    r.time.toFixed(9),
    r.event,
    r.kind,
    r.pkt ?? '',
    r.retx ?? '',
    r.cause,
    r.cumAck ?? '',
    r.sackBlocks ?? '',
    r.size,
  ];
  return parts.join(' ');
}

/** ns-2.35's initial cwnd (sctp.cc Reset; RFC 4960 §7.2.1), bytes, for a given MTU unit. */
export const ns2InitialCwndBytes = (mtu: number) => Math.min(4 * mtu, Math.max(2 * mtu, 4380));

/** The ns-2 DATA chunk header, bytes (RFC 2960 §3.3.1). */
const DATA_CHUNK_HEADER = 16;

/**
 * The engine config of a fixture run for an engine sender: the Fall & Floyd links with the run's
 * bottleneck, a handshake and HEARTBEAT before data (as ns-2 always does), chunks of
 * chunkBytes − 16 bytes of data that count their 16-byte header (dataChunkHeaderBytes) in
 * packets of chunkBytes + 32, the path MTU, ns-2's initial cwnd and the receiver's window in
 * bytes, Max.Burst 4, the run's missing-report threshold.
 */
export function sctpConfigFor(
  r: Ns2SctpRun,
  sender: SctpSenderId = r.params.sender,
  stopS = 6,
): SimConfig {
  const p = r.params;
  const mtu = p.mtuBytes - 32;
  return fallFloydConfig(sender, p.drops, {
    flow: {
      startS: p.startS,
      mssBytes: p.chunkBytes - DATA_CHUNK_HEADER,
      headerBytes: 32 + DATA_CHUNK_HEADER,
      dataChunkHeaderBytes: DATA_CHUNK_HEADER,
      pathMtuBytes: p.mtuBytes,
      initialCwndBytes: ns2InitialCwndBytes(mtu),
      initialCwndPkts: ns2InitialCwndBytes(mtu) / mtu,
      initialRwndBytes: p.rwndBytes,
      windowPkts: p.window,
      maxburst: p.maxburst ? 4 : 0,
      dupackThreshold: p.sender === 'sctp-newreno' ? 4 : 3,
      delayedAck: p.delayedSack,
      handshake: true,
      firstPacketWithoutHeader: false,
      minRtoS: p.minRtoS,
      initialRtoS: 3,
    },
    bottleneck: {
      bandwidthBps: p.bottleneckBps,
      delayS: p.bottleneckDelayS,
      queueLimit: p.queueLimit,
    },
    stopS,
  });
}

/** First row where the engine's events leave ns-2's, with context; null when equal. */
export function firstSctpEventDivergence(
  ours: readonly Ns2Row[],
  theirs: readonly Ns2Row[],
  context = 4,
): string | null {
  const n = Math.max(ours.length, theirs.length);
  for (let i = 0; i < n; i++) {
    const a = ours[i];
    const b = theirs[i];
    if (a && b && a.time === b.time && rowText(a) === rowText(b)) continue;
    const lines = [
      `first divergence at row ${i} (of ${ours.length} engine / ${theirs.length} ns-2 rows):`,
    ];
    for (let j = Math.max(0, i - context); j < Math.min(n, i + context + 1); j++) {
      const fmt = (r: Ns2Row | undefined) =>
        r ? `${r.time} ${rowText(r).split(' ').slice(1).join(' ')}` : '(none)';
      lines.push(
        `${j === i ? '>>' : '  '} ${String(j).padStart(5)}  engine: ${fmt(ours[j]).padEnd(44)} ns-2: ${fmt(theirs[j])}`,
      );
    }
    return lines.join('\n');
  }
  return null;
}

/** The sender's state as ns-2 prints it (bytes; RTO in seconds) after a decision. */
function stateAfter(d: Decision, mtu: number) {
  const a = d.after;
  return {
    cwnd: Math.round(a.cwnd * mtu),
    ssthresh: Math.round(a.ssthresh * mtu),
    pba: a.partialBytesAcked ?? NaN,
    outstanding: Math.round((a.flightsize ?? NaN) * mtu),
    rto: a.rto ?? NaN,
  };
}

/**
 * After every SACK or control chunk the engine's sender processed before the stop time, its
 * cwnd, ssthresh, partial_bytes_acked, outstanding bytes and RTO (to ns-2's 3 printed
 * decimals) must equal ns-2's state at that instant (its last vars row at or before it); and
 * every ns-2 row written after a packet reached S1 must have an engine SACK decision at that
 * exact time.
 */
export function firstSctpVarsDivergence(
  trace: Trace,
  vars: readonly Ns2VarsRow[],
  mtu: number,
  stopS = 6,
): string | null {
  const acks = decisionsOf(trace).filter((d) => d.trigger.kind === 'ack' && d.time < stopS);
  const ackTimes = new Set(acks.map((d) => d.time));
  for (const v of vars) {
    if (v.cause === 'ack' && v.time < stopS && !ackTimes.has(v.time)) {
      return `ns-2 processed a packet at S1 at ${v.time}; the engine has no decision then`;
    }
  }
  let k = 0;
  for (const d of acks) {
    while (k + 1 < vars.length && vars[k + 1]!.time <= d.time) k++;
    const v = vars[k]!;
    const ours = stateAfter(d, mtu);
    const same =
      ours.cwnd === v.cwnd &&
      ours.ssthresh === v.ssthresh &&
      ours.pba === v.pba &&
      ours.outstanding === v.outstanding &&
      Math.abs(ours.rto - v.rto) <= 0.0005 + 1e-12;
    if (!same) {
      const fmt = (x: {
        cwnd: number;
        ssthresh: number;
        pba: number;
        outstanding: number;
        rto: number;
      }) =>
        `cwnd=${x.cwnd} ssthresh=${x.ssthresh} pba=${x.pba} out=${x.outstanding} rto=${x.rto.toFixed(3)}`;
      return `after the SACK at ${d.time} (${d.code}): engine ${fmt(ours)}; ns-2 (row at ${v.time}) ${fmt(v)}`;
    }
  }
  return null;
}

/** cwnd/ssthresh changes (bytes) in time order, ns-2's vars rows vs the engine's decisions. */
export function firstSctpCwndChangeDivergence(
  trace: Trace,
  vars: readonly Ns2VarsRow[],
  mtu: number,
  stopS = 6,
): string | null {
  type Change = { time: number; cwnd: number; ssthresh: number };
  const theirs: Change[] = [];
  for (let i = 1; i < vars.length; i++) {
    const v = vars[i]!;
    const p = vars[i - 1]!;
    if (v.time < stopS && (v.cwnd !== p.cwnd || v.ssthresh !== p.ssthresh))
      theirs.push({ time: v.time, cwnd: v.cwnd, ssthresh: v.ssthresh });
  }
  const ours: Change[] = [];
  let last: Change | null = null;
  for (const d of decisionsOf(trace)) {
    if (!(d.time < stopS)) break;
    const s = stateAfter(d, mtu);
    const cur = { time: d.time, cwnd: s.cwnd, ssthresh: s.ssthresh };
    if (last && (cur.cwnd !== last.cwnd || cur.ssthresh !== last.ssthresh)) ours.push(cur);
    last = cur;
  }
  for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
    const a = ours[i];
    const b = theirs[i];
    if (a && b && a.time === b.time && a.cwnd === b.cwnd && a.ssthresh === b.ssthresh) continue;
    const fmt = (c: Change | undefined) =>
      c ? `${c.time} cwnd=${c.cwnd} ssthresh=${c.ssthresh}` : '(none)';
    return `cwnd/ssthresh change ${i} (of ${ours.length} engine / ${theirs.length} ns-2): engine ${fmt(a)}; ns-2 ${fmt(b)}`;
  }
  return null;
}

/** The run's summary totals computed from the engine, with the fixtures' definitions. */
export function engineSctpSummary(
  trace: Trace,
  rows: readonly Ns2Row[],
  mtu: number,
  stopS = 6,
): Ns2SctpSummary {
  const decisions = decisionsOf(trace).filter((d) => d.time < stopS);
  const dep = rows.filter((r) => r.event === 'DEP' && r.kind === 'DATA');
  let cuts = 0;
  let prev = decisions[0] ? stateAfter(decisions[0], mtu).cwnd : 0;
  for (const d of decisions) {
    const c = stateAfter(d, mtu).cwnd;
    if (c < prev) cuts++;
    prev = c;
  }
  const fastRtxCodes = new Set([
    'sctp.fast-retransmit',
    'sctp.fast-recovery',
    'sctp.fast-retransmit-in-recovery',
    'sctp.fast-retransmit-htna',
  ]);
  const sacks = rows.filter((r) => r.event === 'ACK' && r.kind === 'SACK');
  let highest = 0;
  for (const d of decisions) for (const p of d.packets) highest = Math.max(highest, p);
  return {
    data_departed_R1: dep.length,
    unique_pkts_departed_R1: new Set(dep.map((r) => r.pkt)).size,
    retransmissions: rows.filter((r) => r.event === 'ARR' && r.retx === 1).length,
    timeouts: decisions.filter((d) => d.code === 'sctp.rto').length,
    fast_retransmits: decisions.filter((d) => fastRtxCodes.has(d.code)).length,
    cwnd_cuts: cuts,
    final_cum_ack: sacks.length ? sacks[sacks.length - 1]!.cumAck! : 0,
    highest_pkt_sent: highest,
    scripted_drops: rows.filter((r) => r.event === 'DROP' && r.cause === 'scripted').length,
    overflow_drops: rows.filter((r) => r.event === 'DROP' && r.cause === 'overflow').length,
  };
}

export interface SctpRunComparison {
  trace: Trace;
  events: string | null;
  vars: string | null;
  changes: string | null;
  summary: Ns2SctpSummary;
}

/** Run the engine on a fixture run for one engine sender and compare everything before 6 s. */
export function compareSctpWithNs2(
  r: Ns2SctpRun,
  sender: SctpSenderId = r.params.sender,
  stopS = 6,
  dir = DIR,
): SctpRunComparison {
  const trace = run(sctpConfigFor(r, sender, stopS));
  const mtu = r.params.mtuBytes - 32;
  const ours = engineRows(trace).filter((e) => e.time < stopS);
  const theirs = readNs2Events(r.name, dir).filter((e) => e.time < stopS);
  const vars = readNs2Vars(r.name, dir);
  return {
    trace,
    events: firstSctpEventDivergence(ours, theirs),
    vars: firstSctpVarsDivergence(trace, vars, mtu, stopS),
    changes: firstSctpCwndChangeDivergence(trace, vars, mtu, stopS),
    summary: engineSctpSummary(trace, ours, mtu, stopS),
  };
}
