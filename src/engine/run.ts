import { isTcpSender, type SimConfig } from './config';
import { Scheduler } from './core/scheduler';
import { Network } from './net/network';
import { registerSctp } from './sctp/register';
import { TcpReceiver } from './tcp/receiver';
import { TcpSender } from './tcp/sender';
import { TCP_VARIANTS } from './tcp/variants';
import { Recorder } from './trace/recorder';
import type { FlowStats, Trace } from './trace/types';

/** A transport flow as the engine drives it: a sender and a receiver endpoint. */
export interface FlowEndpoints {
  start(): void;
  stats(): FlowStats;
}

/** Factory for protocols other than TCP (SCTP registers itself here). */
export type FlowFactory = (
  flow: SimConfig['flows'][number],
  sched: Scheduler,
  net: Network,
  rec: Recorder,
) => FlowEndpoints;

const factories = new Map<string, FlowFactory>();

/** Register a flow factory for sender ids with the given prefix (e.g. 'sctp-'). */
export function registerFlowFactory(prefix: string, f: FlowFactory): void {
  factories.set(prefix, f);
}

registerSctp(registerFlowFactory);

function tcpFlow(flow: SimConfig['flows'][number], sched: Scheduler, net: Network, rec: Recorder): FlowEndpoints {
  if (!isTcpSender(flow.sender)) throw new Error(`not a TCP sender: ${flow.sender}`);
  const variant = TCP_VARIANTS[flow.sender];
  const sender = new TcpSender(flow, variant, sched, net, rec);
  const receiver = new TcpReceiver(flow, variant.sack, sched, net);
  net.attach(sender.node, flow.id, sender);
  net.attach(net.nodeIndex(flow.dst), flow.id, receiver);
  return {
    start: () => sender.start(),
    stats: () => ({
      packetsSent: sender.packetsSent,
      retransmissions: sender.retransmissions,
      timeouts: sender.timeouts,
      fastRetransmits: sender.fastRetransmits,
      deliveredBytes: receiver.deliveredBytes,
      deliveredPackets: receiver.deliveredPackets,
    }),
  };
}

export interface RunOptions {
  /** Called now and then with the fraction of simulated time done (0..1). */
  onProgress?: (fraction: number) => void;
  /** Return true to abandon the run (throws RunCancelled). */
  isCancelled?: () => boolean;
  /** Stop with an error when more than this many events ran (guards against runaway runs). */
  maxEvents?: number;
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
  const rec = new Recorder();
  const net = new Network(cfg, sched, rec);
  const flows = cfg.flows.map((f) => {
    if (isTcpSender(f.sender)) return tcpFlow(f, sched, net, rec);
    for (const [prefix, factory] of factories) {
      if (f.sender.startsWith(prefix)) return factory(f, sched, net, rec);
    }
    throw new Error(`no implementation for sender '${f.sender}'`);
  });
  for (const f of flows) f.start();

  const maxEvents = opts.maxEvents ?? 50_000_000;
  const slices = 50;
  for (let i = 1; i <= slices; i++) {
    const until = i === slices ? cfg.stopS : (cfg.stopS * i) / slices;
    sched.runUntil(until, () => sched.executed > maxEvents || (opts.isCancelled?.() ?? false));
    if (opts.isCancelled?.()) throw new RunCancelled();
    if (sched.executed > maxEvents) throw new Error(`run exceeded ${maxEvents} events`);
    opts.onProgress?.(i / slices);
  }

  return {
    version: 1,
    nodes: net.nodes,
    links: net.linkInfo,
    flows: cfg.flows.map((f) => ({
      id: f.id,
      sender: f.sender,
      protocol: isTcpSender(f.sender) ? 'tcp' : 'sctp',
      src: f.src,
      dst: f.dst,
      mssBytes: f.mssBytes,
      dupackThreshold: f.dupackThreshold,
      windowPkts: f.windowPkts,
      initialCwndPkts: f.initialCwndPkts,
      maxburst: f.maxburst,
    })),
    router: net.nodeIndex(cfg.router),
    bottleneck: net.linkIndex(cfg.bottleneck.from, cfg.bottleneck.to),
    stopS: cfg.stopS,
    packets: rec.columns(),
    ackBlocks: rec.ackBlocks(),
    decisions: rec.decisions,
    samples: rec.samples,
    flowStats: flows.map((f) => f.stats()),
    linkStats: net.links.map((l) => ({ departures: l.departures, drops: { ...l.drops } })),
  };
}
