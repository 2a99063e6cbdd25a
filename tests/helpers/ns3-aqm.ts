/**
 * The ns-3.37 AQM fixtures (tests/fixtures/ns3-aqm; format and model mapping in its README;
 * generator scripts/ns3/aqm-oracle.cc) and the same series from an ackclock trace: what the
 * bottleneck's queue discipline did to each data packet. Times in seconds; flows 1-based as in
 * the fixtures; packet numbers 1-based (TCP data packet, UDP datagram).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { DropCause, PacketEventKind, PacketType, run, type Trace } from '../../src/engine';
import { resolveQuery } from '../../src/cli/scenario';

const DIR = new URL('../fixtures/ns3-aqm/', import.meta.url);

interface Table {
  cols: string[];
  rows: (number | string)[][];
}

/** One flow's summary in an ns-3 AQM run. */
export interface Ns3AqmFlow {
  flow: number;
  sender: string;
  payloadBytes: number;
  dataPackets: number;
  retransmissions: number;
  goodputBps: number;
  dequeued: number;
  drops: number;
  marks: number;
  meanSojournS: number;
  maxSojournS: number;
}

export interface Ns3AqmFixture {
  name: string;
  about: string;
  /** The ackclock query of the same path and flows. */
  ackclock: string;
  params: { aqm: string; bw: number; stop: number; sample: number; limit: number };
  flows: Ns3AqmFlow[];
  bottleneck: {
    utilisation: number;
    dropped: number;
    marked: number;
    maxPackets: number;
    dequeues: Table;
    drops: Table;
    marks: Table;
    queue: Table;
    codel?: Table;
    pie?: Table;
  };
}

/** Every fixture's name. */
export function ns3AqmNames(): string[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

export function loadNs3Aqm(name: string): Ns3AqmFixture {
  return JSON.parse(readFileSync(new URL(`${name}.json`, DIR), 'utf8')) as Ns3AqmFixture;
}

/** A table's column as numbers. */
export function col(t: Table, name: string): number[] {
  const i = t.cols.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return t.rows.map((r) => Number(r[i]));
}

/** What the bottleneck's discipline did, from our trace (the same shape as a fixture's). */
export interface AqmSeries {
  /** Per flow (1-based index − 1): sojourn times of the data packets sent, in order. */
  sojourn: number[][];
  /** Per flow: dequeue times matching `sojourn`. */
  dequeueAt: number[][];
  /** Per flow: packet numbers matching `sojourn`. */
  pkts: number[][];
  /** Drops at the bottleneck: time, flow (1-based), packet, cause. */
  drops: { t: number; flow: number; pkt: number; cause: number }[];
  marks: { t: number; flow: number; pkt: number }[];
}

/**
 * The bottleneck (the link that runs a discipline, from the router) of `t`: each data packet's
 * sojourn (departure onto the link − arrival at the router), drops and marks there.
 */
export function aqmSeries(t: Trace): AqmSeries {
  const link = t.links.findIndex((l) => l.aqm !== undefined && l.to === 'K');
  if (link < 0) throw new Error('no AQM link towards K');
  const router = t.nodes.indexOf(t.links[link]!.from);
  const p = t.packets;
  const tx = t.transmissions;
  const arrivedAt = new Map<number, number>();
  const nFlows = t.flows.length;
  const sojourn: number[][] = Array.from({ length: nFlows }, () => []);
  const dequeueAt: number[][] = Array.from({ length: nFlows }, () => []);
  const pkts: number[][] = Array.from({ length: nFlows }, () => []);
  const drops: AqmSeries['drops'] = [];
  const marks: AqmSeries['marks'] = [];
  for (let i = 0; i < p.length; i++) {
    const uid = p.uid[i]!;
    if (tx.type[uid] !== PacketType.data) continue;
    const kind = p.kind[i];
    if (kind === PacketEventKind.arrive && p.node[i] === router) arrivedAt.set(uid, p.time[i]!);
    else if (p.link[i] !== link) continue;
    else if (kind === PacketEventKind.depart) {
      const f = tx.flow[uid]!;
      sojourn[f]!.push(p.time[i]! - (arrivedAt.get(uid) ?? p.time[i]!));
      dequeueAt[f]!.push(p.time[i]!);
      pkts[f]!.push(tx.packet[uid]!);
    } else if (kind === PacketEventKind.drop && p.cause[i] !== DropCause.scripted)
      drops.push({
        t: p.time[i]!,
        flow: tx.flow[uid]! + 1,
        pkt: tx.packet[uid]!,
        cause: p.cause[i]!,
      });
    else if (kind === PacketEventKind.mark)
      marks.push({ t: p.time[i]!, flow: tx.flow[uid]! + 1, pkt: tx.packet[uid]! });
  }
  return { sojourn, dequeueAt, pkts, drops, marks };
}

export const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/** A fixture, the run of its `ackclock` query, and that run's series. */
export interface Ns3AqmCase {
  fx: Ns3AqmFixture;
  trace: Trace;
  s: AqmSeries;
}

/** Load fixture `name` and run its query. @throws Error when the query does not resolve. */
export function runNs3Aqm(name: string): Ns3AqmCase {
  const fx = loadNs3Aqm(name);
  const r = resolveQuery(fx.ackclock);
  if (!r.ok) throw new Error(`${name}: ${r.errors.map((e) => e.message).join('; ')}`);
  const trace = run(r.config);
  return { fx, trace, s: aqmSeries(trace) };
}

/** ns-3's drops: time, flow (1-based), packet, and where (`enqueue` / `dequeue`). */
export function ns3Drops(fx: Ns3AqmFixture) {
  const t = col(fx.bottleneck.drops, 't');
  const flow = col(fx.bottleneck.drops, 'flow');
  const pkt = col(fx.bottleneck.drops, 'pkt');
  const where = fx.bottleneck.drops.rows.map((r) => String(r[3]));
  return t.map((x, i) => ({ t: x, flow: flow[i]!, pkt: pkt[i]!, where: where[i]! }));
}
