import { senderProtocol, type FlowConfig, type SimConfig } from './config';
import { Scheduler } from './core/scheduler';
import { LinkSchedule } from './net/link-events';
import { mediumInfo } from './net/media';
import { Network } from './net/network';
import { mergeMacColumns, type MacColumns } from './trace/mac-rows';
import { sctpFlow } from './sctp/flow';
import { PATH_MAX_RETRANS } from './sctp/path-manager';
import type { FlowEndpoints } from './flow';
import { pacedFlow, tcpFlow } from './tcp/flow';
import { udpFlow } from './udp/flow';
import { emptyDecisions, emptySamples } from './trace/decision-table';
import { MetricsRecorder } from './trace/metrics-recorder';
import { Recorder } from './trace/recorder';
import type { AckBlockColumns, FlowInfo, PacketEventColumns, Trace } from './trace/types';

/**
 * What a run keeps:
 * - 'full': the whole trace (packet-event columns, decisions, state samples) — what the
 *   panels, the explanation log and the fingerprint need;
 * - 'metrics': counters (flowStats, linkStats, event and decision counts) and the per-flow
 *   accumulators (accumulators.ts: cwnd integral, first transmissions and their time bins,
 *   the bottleneck's data drops and queueing delay) only; the columns come back empty. For sweeps.
 * Both modes simulate exactly the same events.
 */
export type RecordMode = 'full' | 'metrics';

export interface RunOptions {
  /** Called now and then with the fraction of simulated time done (0..1). */
  onProgress?: (fraction: number) => void;
  /** Return true to abandon the run (throws RunCancelled); asked between the 50 slices of
   * simulated time, not per event. */
  isCancelled?: () => boolean;
  /** Stop with an error when more than this many events ran (guards against runaway runs). */
  maxEvents?: number;
  /**
   * Stop with an error ('run exceeded N packet events') at the packet event past this many, the
   * moment it happens — also inside one scheduler event (a UDP source offering a whole file at
   * once), which maxEvents does not see. Bounds the trace's memory. Default: no limit.
   */
  maxPacketEvents?: number;
  /** What to keep (default 'full'). */
  record?: RecordMode;
  /** Packet events to make room for up front (an estimate; the columns grow past it). */
  expectedEvents?: number;
  /** record 'metrics': width of the throughput bins kept (trace/packet-tally.ts), seconds;
   * default DEFAULT_BIN_S (0.1). A full trace is binned when its accumulators are computed. */
  binS?: number;
}

export class RunCancelled extends Error {
  constructor() {
    super('run cancelled');
  }
}

/**
 * Run one simulation: a pure function of the config. Same config ⇒ identical trace, in Node
 * and in the browser (no wall clock, no Math.random: random loss uses per-loss-point seeded
 * streams).
 * @throws Error for an inconsistent config (unknown node, no route); RunCancelled if cancelled.
 */
export function run(cfg: SimConfig, opts: RunOptions = {}): Trace {
  const sched = new Scheduler();
  const record = opts.record ?? 'full';
  const maxPacketEvents = opts.maxPacketEvents ?? Infinity;
  const full = record === 'full' ? new Recorder(opts.expectedEvents, maxPacketEvents) : null;
  const metrics = full ? null : new MetricsRecorder(cfg, opts.binS, maxPacketEvents);
  const rec = full ?? metrics!;
  const net = new Network(cfg, sched, rec);
  const linkSchedule = new LinkSchedule(cfg, net);
  const bottleneck = net.linkIndex(cfg.bottleneck.from, cfg.bottleneck.to);
  metrics?.watch(bottleneck, net.nodeIndex(cfg.bottleneck.from));
  const factories = { tcp: tcpFlow, sctp: sctpFlow, udp: udpFlow };
  const flows = cfg.flows.map((f) =>
    factories[senderProtocol(f.sender)](f, sched, net, rec, cfg.seed ?? 0),
  );
  for (const f of flows) f.start();
  linkSchedule.schedule(sched);

  const maxEvents = opts.maxEvents ?? 50_000_000;
  const slices = 50;
  for (let i = 1; i <= slices; i++) {
    const until = i === slices ? cfg.stopS : (cfg.stopS * i) / slices;
    sched.runUntil(until, maxEvents);
    if (opts.isCancelled?.()) throw new RunCancelled();
    if (sched.executed > maxEvents) throw new Error(`run exceeded ${maxEvents} events`);
    full?.project(i / slices);
    opts.onProgress?.(i / slices);
  }

  const packets: PacketEventColumns = full ? full.columns() : new Recorder(0).columns();
  const transmissions = (full ?? new Recorder(0)).transmissions();
  const ackBlocks: AckBlockColumns = full ? full.ackBlocks() : new Recorder(0).ackBlocks();
  const decisions = full ? full.decisions() : emptyDecisions();
  return {
    version: 2,
    record,
    nodes: net.nodes,
    links: net.linkInfo,
    flows: cfg.flows.map((f, i) => ({
      id: f.id,
      sender: f.sender,
      protocol: senderProtocol(f.sender),
      app: f.app?.kind ?? 'bulk',
      src: f.src,
      dst: f.dst,
      mssBytes: f.mssBytes,
      dupackThreshold: f.dupackThreshold,
      windowPkts: f.windowPkts,
      initialCwndPkts: f.initialCwndPkts,
      maxburst: f.maxburst,
      ...pathInfo(f, flows[i]!),
      ...(f.streams !== undefined && f.streams > 1 ? { streams: f.streams } : {}),
      ...(f.vegas ? { vegas: f.vegas } : {}),
      ...(pacedFlow(f) ? { pacing: true as const } : {}),
    })),
    router: net.nodeIndex(cfg.router),
    bottleneck,
    stopS: cfg.stopS,
    packets,
    transmissions,
    ackBlocks,
    controls: full?.controls(),
    pathEvents: rec.pathEvents.columns(),
    deliveries: rec.deliveries.columns(),
    packetPaths: full?.packetPaths.columns(),
    rates: full?.rates.columns(),
    // only when a flow recovered with PRR, so other traces keep their shape
    ...(full && full.prrRows.length > 0 ? { prr: full.prrRows.columns() } : {}),
    // only with shared media, so other traces keep their shape
    ...mediaOf(cfg, net),
    // only when a link runs an AQM that reported its state
    ...(full && full.aqmSamples.length > 0 ? { aqm: full.aqmSamples.columns() } : {}),
    // only when a flow sent ECN bits
    ...(full && full.ecnRows.length > 0 ? { ecn: full.ecnRows.columns() } : {}),
    decisions,
    samples: full ? full.samples() : emptySamples(),
    eventCount: full ? packets.length : metrics!.events,
    decisionCount: full ? decisions.length : metrics!.decisionCount,
    accumulators: metrics ? metrics.accumulators(cfg.stopS) : undefined,
    flowStats: flows.map((f) => f.stats()),
    linkStats: net.links.map((l) => ({
      departures: l.departures,
      // linkDown, aqm and marks only when non-zero, so other runs keep their stats.
      drops: {
        ...l.drops,
        ...(l.downDrops > 0 ? { linkDown: l.downDrops } : {}),
        ...((l.aqmDrops ?? 0) > 0 ? { aqm: l.aqmDrops } : {}),
      },
      ...((l.marks ?? 0) > 0 ? { marks: l.marks } : {}),
    })),
  };
}

/** Trace.media and Trace.mac of a run with shared media (none: nothing). */
function mediaOf(cfg: SimConfig, net: Network): Pick<Trace, 'media' | 'mac'> {
  if (net.media.length === 0) return {};
  const media = (cfg.media ?? []).map((m, k) =>
    mediumInfo(m, net.media[k]!.stats(), net.media[k]!.occupancy()),
  );
  const rows = net.media.map((m) => m.rows()).filter((r): r is MacColumns => r !== null);
  return rows.length > 0 ? { media, mac: mergeMacColumns(rows) } : { media };
}

/** FlowInfo.paths (SCTP) and, with more than one path, the Path.Max.Retrans in force. */
function pathInfo(f: FlowConfig, ep: FlowEndpoints): Pick<FlowInfo, 'paths' | 'pathMaxRetrans'> {
  if (!ep.paths) return {};
  const paths = ep.paths();
  return paths.length > 1
    ? { paths, pathMaxRetrans: f.pathMaxRetrans ?? PATH_MAX_RETRANS }
    : { paths };
}
