/**
 * The ns-2.35 replay fixtures of tests/fixtures/ns2-replay (see its README.md): runs of the
 * experiment presets' networks (alamgir-table2, geo-table2) whose DATA losses the engine replays
 * as scripted drops at the same point (the far end of the satellite link). Reading a run, the
 * engine config of a run, the engine's trace as the fixtures' rows, and comparisons that report
 * the first difference — per flow every packet event at exact times, and the TCP senders'
 * cwnd/ssthresh changes and per-ACK state.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import {
  decisionsOf,
  PacketEventKind,
  PacketType,
  type ScriptedDrop,
  type SimConfig,
  type Trace,
} from '../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';

const DIR = new URL('../fixtures/ns2-replay/', import.meta.url);

export interface ReplayRun {
  name: string;
  setup: 'alamgir-table2' | 'geo-table2' | 'geo-table3';
  n: number;
  stopS: number;
  /** Where the drops came from: ns-2's random loss (`loss`, `seed`) or a hand-picked list. */
  origin: { loss: number; seed: number } | { handPicked: string };
  /** SCTP receivers' HEARTBEATs on (ns-2's default) or off (heartbeatInterval_ 0). */
  hbRecv: boolean;
  /**
   * Per TCP flow (1-based, as text): its RTT clock phase, ns-2's boot_time_ — the `draw`-th
   * value of ns-2's default random stream times tcp_tick_ (scripts/ns2/replay.tcl, "Clock phase").
   */
  tickPhases: Record<string, { draw: number; seconds: number }>;
  /** Flow (1-based, as text) → the drops, "p" / "p:k", as the engine numbers packets. */
  drops: Record<string, string[]>;
  summary: ReplaySummary;
}

export interface ReplaySummary {
  /** Per flow (1-based), TCP flows: ns-2's counters at the stop time. */
  tcp: Record<
    string,
    { nrexmit: number; ncwndcuts: number; ncwndcuts1: number; frEpisodes: number }
  >;
  /**
   * Per flow: DATA packets its agent sent (retransmissions included), dropped by the error model
   * (= its drops) and by the satellite link's drop-tail queue.
   */
  flows: Record<string, { dataSent: number; lost: number; overflow: number }>;
}

export interface ReplayManifest {
  runs: ReplayRun[];
}

/** One row of <run>.events.csv.gz. */
export interface ReplayRow {
  time: number;
  flow: number;
  ev: '+' | '-' | 'r' | 'd';
  from: string;
  to: string;
  kind: 'DATA' | 'SYN' | 'ACK' | 'SACK' | 'CTL';
  /** DATA/SYN: packet number / TSN; ACK: cumulative ACK (engine count); SACK: cum TSN; CTL: 0. */
  pkt: number;
  size: number;
}

/** One row of <run>.vars.csv.gz: a TCP sender's variables (1-based packet numbers). */
export interface ReplayVars {
  time: number;
  flow: number;
  cause: 'start' | 'ack' | 'timer';
  cwnd: number;
  ssthresh: number;
  dupacks: number;
  highestAck: number;
  nrexmit: number;
  ncwndcuts: number;
  ncwndcuts1: number;
}

export function loadReplayManifest(): ReplayManifest {
  return JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as ReplayManifest;
}

function readGzCsv(file: string): string[][] {
  const text = strFromU8(gunzipSync(readFileSync(new URL(file, DIR))));
  return text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
}

export function loadReplayEvents(name: string): ReplayRow[] {
  return readGzCsv(`${name}.events.csv.gz`).map(([time, flow, ev, from, to, kind, pkt, size]) => ({
    time: Number(time),
    flow: Number(flow),
    ev: ev as ReplayRow['ev'],
    from: from!,
    to: to!,
    kind: kind as ReplayRow['kind'],
    pkt: pkt ? Number(pkt) : 0,
    size: Number(size),
  }));
}

export function loadReplayVars(name: string): ReplayVars[] {
  return readGzCsv(`${name}.vars.csv.gz`).map((f) => ({
    time: Number(f[0]),
    flow: Number(f[1]),
    cause: f[2] as ReplayVars['cause'],
    cwnd: Number(f[3]),
    ssthresh: Number(f[4]),
    dupacks: Number(f[5]),
    highestAck: Number(f[6]),
    nrexmit: Number(f[13]),
    ncwndcuts: Number(f[14]),
    ncwndcuts1: Number(f[15]),
  }));
}

/** The scenario query of a run without its drops: the preset with no random loss. */
export function replayQuery(r: Pick<ReplayRun, 'setup' | 'n' | 'stopS'>): string {
  const n = r.setup === 'alamgir-table2' ? '' : `&n=${r.n}`;
  return `preset=${r.setup}${n}&loss=0&stop=${r.stopS}`;
}

/** "p" / "p:k" as a scripted drop of flow `flow` (1-based). */
function scripted(flow: number, text: string): ScriptedDrop {
  const [p, k] = text.split(':');
  return { flow: flow - 1, packet: Number(p), transmission: k ? Number(k) : 1 };
}

/**
 * The engine config of a run: the preset's scenario with no random loss, and ns-2's drops as
 * scripted drops at the preset's loss point (too many for a URL, so set on the config).
 */
export function replayConfig(
  r: Pick<ReplayRun, 'setup' | 'n' | 'stopS' | 'drops'> & Partial<Pick<ReplayRun, 'tickPhases'>>,
): SimConfig {
  const p = parseScenarioQuery(replayQuery(r));
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
  const cfg = buildSimConfig(p.scenario);
  const drops = Object.entries(r.drops).flatMap(([flow, list]) =>
    list.map((d) => scripted(Number(flow), d)),
  );
  if (cfg.losses.length !== 1) throw new Error('the replay expects one loss point');
  const phases = r.tickPhases ?? {};
  const flows = cfg.flows.map((f) => {
    const ph = phases[String(f.id + 1)];
    return ph ? { ...f, tickPhaseS: ph.seconds } : f;
  });
  return { ...cfg, flows, losses: [{ ...cfg.losses[0]!, drops }] };
}

/**
 * The engine's trace as the fixtures' rows: sends of the agents ('+' on the host's link), starts
 * of transmission ('-'), arrivals at the far node of a link ('r', also at the destination) and
 * drops ('d'), flows 1-based.
 */
export function engineReplayRows(trace: Trace): ReplayRow[] {
  const P = trace.packets;
  const X = trace.transmissions;
  const outLink = new Map<number, number>(); // host node → its one outgoing link
  trace.links.forEach((l, i) => {
    const from = trace.nodes.indexOf(l.from);
    if (trace.links.filter((x) => x.from === l.from).length === 1) outLink.set(from, i);
  });
  const tcp = trace.flows.map((f) => f.protocol === 'tcp');
  const rows: ReplayRow[] = [];
  for (let i = 0; i < P.length; i++) {
    const kind = P.kind[i]!;
    let ev: ReplayRow['ev'];
    let link = P.link[i]!;
    if (kind === PacketEventKind.send) {
      ev = '+';
      link = outLink.get(P.node[i]!) ?? -1;
    } else if (kind === PacketEventKind.depart) ev = '-';
    else if (kind === PacketEventKind.drop) ev = 'd';
    else ev = 'r';
    const l = trace.links[link]!;
    const u = P.uid[i]!;
    const flow = X.flow[u]!;
    const type = X.type[u]!;
    const size = X.size[u]!;
    let k: ReplayRow['kind'];
    let pkt = 0;
    if (type === PacketType.data) {
      k = tcp[flow] && size === 40 ? 'SYN' : 'DATA';
      pkt = X.packet[u]!;
    } else if (type === PacketType.ack) {
      k = tcp[flow] ? 'ACK' : 'SACK';
      pkt = X.cumAck[u]!;
    } else k = 'CTL';
    rows.push({ time: P.time[i]!, flow: flow + 1, ev, from: l.from, to: l.to, kind: k, pkt, size });
  }
  return rows;
}

const rowText = (r: ReplayRow | undefined): string =>
  r ? `${r.time} ${r.ev} ${r.from}>${r.to} ${r.kind} ${r.pkt || ''} ${r.size}` : '(none)';

/** First row where one flow's events differ (exact times), with context; null when equal. */
export function firstReplayDivergence(
  ours: readonly ReplayRow[],
  theirs: readonly ReplayRow[],
  flow: number,
  context = 4,
): string | null {
  const a = ours.filter((r) => r.flow === flow);
  const b = theirs.filter((r) => r.flow === flow);
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] && b[i] && rowText(a[i]) === rowText(b[i])) continue;
    const lines = [
      `flow ${flow}: first divergence at row ${i} (of ${a.length} engine / ${b.length} ns-2 rows):`,
    ];
    for (let j = Math.max(0, i - context); j < Math.min(n, i + context + 1); j++) {
      lines.push(
        `${j === i ? '>>' : '  '} ${String(j).padStart(6)}  engine: ${rowText(a[j]).padEnd(52)} ns-2: ${rowText(b[j])}`,
      );
    }
    return lines.join('\n');
  }
  return null;
}

/** ns-2 hands cwnd to Tcl with 6 significant digits (%g). */
const ns2Cwnd = (x: number): number => Number(x.toPrecision(6));

interface Change {
  time: number;
  cwnd: number;
  ssthresh: number;
}

/**
 * A TCP flow's cwnd/ssthresh changes, engine decisions vs ns-2's vars rows, and at every ACK
 * ns-2 recorded the engine's duplicate-ACK count and highest ACK; the first difference or null.
 */
export function firstTcpVarsDivergence(
  trace: Trace,
  vars: readonly ReplayVars[],
  flow: number,
): string | null {
  const theirs: Change[] = [];
  const rows = vars.filter((v) => v.flow === flow);
  for (let i = 1; i < rows.length; i++) {
    const v = rows[i]!;
    const p = rows[i - 1]!;
    if (v.cwnd !== p.cwnd || v.ssthresh !== p.ssthresh)
      theirs.push({ time: v.time, cwnd: v.cwnd, ssthresh: v.ssthresh });
  }
  const ours: Change[] = [];
  const byTime = new Map<number, { dupacks: number; highestAck: number }>();
  let last: Change | null = null;
  for (const d of decisionsOf(trace)) {
    if (d.flow !== flow - 1) continue;
    const cur = { time: d.time, cwnd: ns2Cwnd(d.after.cwnd), ssthresh: d.after.ssthresh };
    if (last && (cur.cwnd !== last.cwnd || cur.ssthresh !== last.ssthresh)) ours.push(cur);
    last = cur;
    if (d.trigger.kind === 'ack')
      byTime.set(d.time, { dupacks: d.after.dupacks, highestAck: d.after.highestAck });
  }
  for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
    const a = ours[i];
    const b = theirs[i];
    if (a && b && a.time === b.time && a.cwnd === b.cwnd && a.ssthresh === b.ssthresh) continue;
    const fmt = (c: Change | undefined) =>
      c ? `${c.time} cwnd=${c.cwnd} ssthresh=${c.ssthresh}` : '(none)';
    return `flow ${flow}: cwnd/ssthresh change ${i} (of ${ours.length} engine / ${theirs.length} ns-2): engine ${fmt(a)}; ns-2 ${fmt(b)}`;
  }
  for (const v of rows) {
    if (v.cause !== 'ack') continue;
    const d = byTime.get(v.time);
    if (!d)
      return `flow ${flow}: ns-2 processed an ACK at ${v.time}; the engine has no ACK decision then`;
    if (d.dupacks !== v.dupacks || d.highestAck !== v.highestAck) {
      return `flow ${flow}: after the ACK at ${v.time}: engine dupacks=${d.dupacks} highest_ack=${d.highestAck}, ns-2 dupacks=${v.dupacks} highest_ack=${v.highestAck}`;
    }
  }
  return null;
}

/**
 * The drops of ns-2's table runs (tests/fixtures/ns2-tables: tables.tcl's setup and random
 * streams, receiver HEARTBEATs on), per seed, with the TCP flows' clock phases
 * (scripts/ns2/replay.mjs, TABLE_DROPS).
 */
export interface TableDrops {
  setup: 'geo-table2';
  n: number;
  loss: number;
  stopS: number;
  hbRecv: boolean;
  runs: { seed: number; tickPhases: ReplayRun['tickPhases']; drops: ReplayRun['drops'] }[];
}

export function loadTableDrops(name: string): TableDrops {
  return JSON.parse(
    strFromU8(gunzipSync(readFileSync(new URL(`${name}.json.gz`, DIR)))),
  ) as TableDrops;
}
