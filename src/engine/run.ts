import { isTcpSender, type SimConfig } from './config';
import { Scheduler } from './core/scheduler';
import { Network } from './net/network';
import { sctpFlow } from './sctp/flow';
import { tcpFlow } from './tcp/flow';
import { Recorder } from './trace/recorder';
import type { Trace } from './trace/types';

export interface RunOptions {
  /** Called now and then with the fraction of simulated time done (0..1). */
  onProgress?: (fraction: number) => void;
  /** Return true to abandon the run (throws RunCancelled); asked between the 50 slices of
   * simulated time, not per event. */
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
  const flows = cfg.flows.map((f) => (isTcpSender(f.sender) ? tcpFlow : sctpFlow)(f, sched, net, rec));
  for (const f of flows) f.start();

  const maxEvents = opts.maxEvents ?? 50_000_000;
  const slices = 50;
  for (let i = 1; i <= slices; i++) {
    const until = i === slices ? cfg.stopS : (cfg.stopS * i) / slices;
    sched.runUntil(until, () => sched.executed > maxEvents);
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
