/**
 * What a run will cost, estimated from its SimConfig alone (no simulation): data packets sent,
 * ACKs, packet events, sender decisions, CPU seconds and megabytes of a full trace. The packet
 * budget (schema.ts) refuses a scenario whose estimate passes the limits in limits.ts.
 *
 * The estimate is meant to be an upper bound: every run the tests and the fuzz campaign make
 * stays under it (tests/scenarios/cost.test.ts, tests/scenarios/fuzz.test.ts). Before the
 * slack factors below were fixed, 6,100 random runs estimated under 8 M events (every preset,
 * sender and key, and targeted regimes: saturated access links, 2-packet queues without delay,
 * 20–50 % loss, zero and 1–10 s delays) reached at most 0.71 of the data-packet estimate and
 * 0.67 of the packet-event estimate; the median estimate was 2–9 × the real run, and far more
 * with heavy loss (senders then sit out timeouts, which the estimate does not count on). It is built
 * from what can physically happen in the network, per flow f (active for T_f = stop − start_f
 * seconds; p_f = mss + header bytes on the wire; W_f = the receiver window, packets — for SCTP
 * with an a_rwnd in bytes, the chunks it holds):
 *
 * 1. Window: at most W_f + 1 packets are beyond the cumulative ACK (SCTP may send one chunk
 *    past cwnd and rwnd), and a packet takes at least the round trip RTT_f (propagation both
 *    ways + serialisation of a data packet on every link of the path) to be acknowledged, so
 *    the sender clocks out at most about (W_f + 1) / RTT_f packets a second (retransmissions
 *    included: they are inside the window too). Factor WINDOW_SLACK covers the cases where
 *    sends of one round trip exceed the window (go-back-N after a timeout, SACK's pipe).
 * 2. Access: packets cross the links before the loss point at most at the slowest of those
 *    links' rate, bw / (8 · p_f). Factor ACCESS_SLACK covers packets dropped in the sender's
 *    own queue (a slow-start burst larger than it), which never use the link.
 * 3. Shared bottleneck: the link behind the loss point departs at most bw / (8 · p) packets a
 *    second of all flows together (p of the smallest flow); arrivals are the departures plus
 *    the random losses (÷ (1 − loss)) plus queue overflows (factor BOTTLENECK_SLACK: a
 *    slow-start overshoot can drop up to half a window).
 *
 *    data packets ≤ min(Σ_f min(window_f, access_f) · T_f, bottleneck · max T_f) + Σ_f slack_f
 *    slack_f = icwnd + 2 (W_f + 1) + scripted drops of f + T_f / minRTO (one retransmission per
 *              timeout) + SLACK_PACKETS
 *
 * 4. Application: a flow whose application paces it (cbr, onoff, voip: packets of its own
 *    size) sends at most its rate — cbr pps; onoff and voip, sources of random cycles (bursts,
 *    talk spurts within calls), at most a cycle's mean packets plus one (a burst or spurt sends
 *    at least one) per mean cycle, times cycleSlack (APP_ON_SLACK with many cycles, 1 + 4/√n
 *    with n cycles in the run: a few long periods can be ON most of a run), onoff never above
 *    its peak rate — and a file transfer at most its ⌈bytes / payload⌉ packets (plus the slack's
 *    retransmissions). These flows are not scaled by the shared bound of 3. UDP flows have no
 *    window (1 does not apply), no ACKs, no control packets and no timeouts, and send every
 *    datagram offered at once (an FTP client's files too: ⌈mean / payload⌉ + 1 packets each,
 *    PARETO_SLACK over the mean, one per think time): those the first link's queue cannot take
 *    are dropped there, two packet events each (send, drop), the rest cross at most the first
 *    link's rate. Issue 23's fuzz found UDP runs making 9–21 × their estimate before this.
 *
 * ACKs ≤ data packets of TCP and SCTP flows (the receiver sends at most one per data packet it gets; fewer with
 * delayed ACKs). A packet crossing h links makes at most 2h + 1 packet events (send, then a
 * depart and an arrive/deliver per link), and so does its ACK on the way back. Decisions are
 * one per ACK the sender reads, one per timeout and one at the start, and for an application-paced
 * flow one per packet its application offers. The trace's bytes
 * and the CPU time follow from those counts with the per-event constants below, measured on
 * the current engine (see COST_CONSTANTS).
 */
import { pow } from '../engine/core/libm';
import {
  isTcpSender,
  isUdpSender,
  type FlowConfig,
  type LinkConfig,
  type SimConfig,
} from '../engine';

/**
 * Per-unit constants measured on the engine.
 *
 * How: a throwaway script built each scenario's SimConfig with its topology, ran it once with
 * `run(cfg)` in a fresh process (`npx tsx --expose-gc script.ts '<query>'`, Node 20, 2 cores,
 * cold JIT), and read `process.cpuUsage()`, `trace.eventCount`, `trace.decisionCount`, the
 * byteLength of every trace column, and heapUsed + arrayBuffers sampled at the run's progress
 * points (garbage included). Full traces, before the compact layout (packet events 35 B each,
 * decisions' variables stored whole):
 *
 *   query (preset=fall-floyd unless named)                  events     CPU s  ev/CPU s  B/event  B/decision  peak B/event
 *   sender=sack&bw=8e6&stop=2000&window=200&queue=100       19.1 M     11.9   1.61 M    53.0     180         106
 *   sender=sctp-2960&bw=8e6&stop=2000&window=200&queue=100  19.1 M     11.4   1.68 M    50.1     151         107
 *   sender=fack&bw=8e6&stop=2000&window=2000&queue=2000&loss=0.001
 *                                                            4.2 M      1.19  3.52 M    53.8     188         115
 *   sender=sack&bw=8e6&stop=2000&window=5000&queue=5000&loss=0.0003
 *                                                            7.9 M      1.95  4.04 M    53.0     180          86
 *   sender=reno&sender2=sctp-newreno&bw=8e6&stop=2000&window=200&queue=100&loss=0.001
 *                                                            8.2 M      2.83  2.91 M    52.9     179          86
 *   preset=alamgir-fig8&stop=2000&bw=1e7&window=300&queue=100&sender2=sctp-4960&loss=0.001
 *                                                            4.6 M      1.57  2.95 M    47.8     179          82
 *   preset=geo-segment-8&stop=2000&bw=1e7&window=1000&queue=300&loss=0.002
 *                                                            2.2 M      0.98  2.29 M    52.9     179          69
 *
 * With the compact layout (20 B per packet event + 15 B per transmission, sparse after-vectors;
 * runs within MAX_RUN_EVENTS' estimate):
 *
 *   query (preset=fall-floyd unless named)                  events     CPU s  ev/CPU s  B/event  B/decision  peak B/event
 *   sender=sack&bw=8e6&stop=300&window=200&queue=100        2.7 M      0.56   4.88 M    35.0     120          57
 *   sender=sctp-2960&bw=8e6&stop=300&window=200&queue=100   2.8 M      0.70   3.98 M    31.6      86          51
 *   sender=fack&bw=8e6&stop=550&window=2000&queue=2000&loss=0.001
 *                                                            1.1 M      0.33   3.46 M    36.7     136         111
 *   sender=sack&bw=8e6&stop=540&window=5000&queue=5000&loss=0.0003
 *                                                            2.1 M      0.48   4.44 M    35.0     120          73
 *   sender=reno&sender2=sctp-newreno&bw=8e6&stop=410&window=200&queue=100&loss=0.001
 *                                                            1.6 M      0.49   3.37 M    35.0     119          83
 *   preset=alamgir-fig8&stop=330&bw=1e7&window=300&queue=100&sender2=sctp-4960&loss=0.001
 *                                                            0.8 M      0.40   2.04 M    30.7     119          74
 *   preset=geo-segment-8&stop=470&bw=1e7&window=1000&queue=300&loss=0.002
 *                                                            0.6 M      0.33   1.67 M    35.0     119          91
 *
 * Metrics-only runs of the same kind did 2.5–12 M events per CPU second. Packet events per
 * data packet: 9.9–10.0 on Fall & Floyd and the GEO network (2 links), 13.9 on the satellite
 * dumbbell (3 links); decisions per data packet 0.95–1.0. The engine's own scheduler events
 * (what run()'s maxEvents counts) were 0.47–0.59 per packet event.
 */
export const COST_CONSTANTS = {
  /** Bytes of the packet-event columns per event (recorder.ts: time 8, uid 4, node, link,
   * qlen 2 each, kind, cause 1 each). */
  bytesPerEvent: 20,
  /** Bytes per transmission (transmissions.ts: flow 2, type 1, packet 4, retx 1, cumAck 4,
   * sackBlocks 1, size 2). */
  bytesPerTransmission: 15,
  /** Bytes per decision, its state sample and packet list included (measured 86–136 with the
   * sparse after-vectors; a decision that changes every variable stores 96 more). */
  bytesPerDecision: 160,
  /** Bytes per SACK / Gap Ack block (uid, first, last). */
  bytesPerAckBlock: 12,
  /**
   * Issue 13's sparse tables, bytes per row from their column types: a delivery (deliveries.ts:
   * time 8, flow 2, stream 2, ssn 4, packet 4, unordered 1), a path event (path-events.ts: time,
   * cwnd, ssthresh, rto 8 each, flow 2, path, event, state 1 each, error count 2), a packet's
   * path (packet-paths.ts: uid 4, path 1).
   */
  bytesPerDelivery: 21,
  bytesPerPathEvent: 39,
  bytesPerPacketPath: 5,
  /** SACK / Gap Ack blocks per ACK, averaged over a run (measured ≤ 0.13 with 1 % loss). */
  ackBlocksPerAck: 1,
  /** The page keeps the trace plus the UI's indexes: about this many times the trace bytes. */
  pageFactor: 2,
  /** Peak heap growth of a full run in Node, relative to the finished trace's bytes (measured
   * 1.3–2.1, garbage included). */
  runPeakFactor: 2.2,
  /**
   * Packet events per CPU second of a full run, conservative: below the slowest large run
   * measured in a fresh process (1.6 M, cold JIT), for slower machines.
   */
  eventsPerCpuSecond: 1_000_000,
  /** Packet events per CPU second of a metrics-only run (sweeps), conservative (measured ≥ 2.5 M). */
  metricsEventsPerCpuSecond: 2_000_000,
} as const;

/** Slack factors of the packet bound (see the module comment). */
export const WINDOW_SLACK = 1.5;
export const ACCESS_SLACK = 1.5;
export const BOTTLENECK_SLACK = 2;
/**
 * How far above its mean ON (talk) share an onoff or voip source may be over a run: the share
 * of a run of many exponential periods stays near its mean (a 200 s call with 1 s spurts holds
 * about 80 of them); a run of a few long periods can pass it, and the engine's backstop
 * (RUN_GUARD_EVENTS) then stops a run the estimate misjudged.
 */
export const APP_ON_SLACK = 1.5;
/** How far above their mean the Pareto file sizes of a UDP FTP client may add up over a run. */
export const PARETO_SLACK = 2;
/** The first file of a UDP FTP client is counted at its size's 1 − this quantile. */
export const FIRST_FILE_TAIL = 1e-3;
/** Packets every flow may send beyond the rate bounds (start-up, handshake, end effects). */
export const SLACK_PACKETS = 20;
/** Control packets (SYN, INIT, COOKIE, HEARTBEAT and their answers) per flow, at most. */
export const CONTROL_PACKETS_PER_FLOW = 12;

export interface FlowCost {
  flow: number;
  /** Links on the data path. */
  hops: number;
  /** Seconds the flow is active (stop − start). */
  activeS: number;
  /** Smallest round trip, s. */
  rttS: number;
  /** Rate bounds, data packets per second. */
  windowRate: number;
  accessRate: number;
  /** Upper estimate of the data packets this flow sends (retransmissions included). */
  dataPackets: number;
}

export interface RunCost {
  flows: FlowCost[];
  /** Data packets sent, all flows, retransmissions included. */
  dataPackets: number;
  /** ACKs (SACKs) sent, all flows. */
  acks: number;
  /** Packet events of the trace (send, arrive, depart, drop, deliver). */
  packetEvents: number;
  /** Sender decisions. */
  decisions: number;
  /** Bytes of the full trace's columns. */
  traceBytes: number;
  /** Bytes the page holds for this run (trace + UI indexes). */
  pageBytes: number;
  /** Peak heap of a full run in Node, bytes. */
  runPeakBytes: number;
  /** CPU seconds of a full run in Node. */
  cpuSeconds: number;
  /** CPU seconds of a metrics-only run (a sweep's run). */
  metricsCpuSeconds: number;
}

interface DirectedLink {
  from: string;
  to: string;
  cfg: LinkConfig;
}

/** A directed link as the routes know it: its index in SimConfig.links. */
interface Hop {
  from: string;
  to: string;
  link: number;
}

/**
 * Hop-count shortest paths over a set of links (the engine's routing), one breadth-first search
 * per source node. Built from the links' end names only, so one Routes serves every config of
 * the same network (budget.ts estimates a scenario and its variants dozens of times).
 */
class Routes {
  private readonly out = new Map<string, Hop[]>();
  private readonly trees = new Map<string, Map<string, Hop | null>>();

  constructor(links: readonly LinkConfig[]) {
    links.forEach((l, link) => {
      this.hops(l.a).push({ from: l.a, to: l.b, link });
      this.hops(l.b).push({ from: l.b, to: l.a, link });
    });
  }

  private hops(node: string): Hop[] {
    let list = this.out.get(node);
    if (!list) this.out.set(node, (list = []));
    return list;
  }

  /** The path from src to dst ([] when there is none). */
  path(src: string, dst: string): Hop[] {
    let via = this.trees.get(src);
    if (!via) {
      via = new Map<string, Hop | null>([[src, null]]);
      const queue = [src];
      for (let i = 0; i < queue.length; i++) {
        for (const d of this.out.get(queue[i]!) ?? []) {
          if (via.has(d.to)) continue;
          via.set(d.to, d);
          queue.push(d.to);
        }
      }
      this.trees.set(src, via);
    }
    if (!via.has(dst)) return [];
    const path: Hop[] = [];
    for (let n = dst; n !== src;) {
      const d = via.get(n)!;
      path.push(d);
      n = d.from;
    }
    return path.reverse();
  }
}

/** Routes of the networks estimated last, by their links' end names (a few kept). */
const ROUTES = new Map<string, Routes>();
const ROUTES_KEPT = 8;

/** The same, by links array (a config's flows ask for their paths one by one). */
const ROUTES_OF_LINKS = new WeakMap<readonly LinkConfig[], Routes>();

function routesOf(links: readonly LinkConfig[]): Routes {
  let r = ROUTES_OF_LINKS.get(links);
  if (r) return r;
  const key = links.map((l) => `${l.a}\u0000${l.b}`).join('\u0001');
  r = ROUTES.get(key);
  if (!r) {
    r = new Routes(links);
    if (ROUTES.size >= ROUTES_KEPT) ROUTES.delete(ROUTES.keys().next().value!);
    ROUTES.set(key, r);
  }
  ROUTES_OF_LINKS.set(links, r);
  return r;
}

/** Hop-count shortest path from src to dst (the engine's routing), as directed links. */
function pathOf(links: readonly LinkConfig[], src: string, dst: string): DirectedLink[] {
  return routesOf(links)
    .path(src, dst)
    .map((h) => ({ from: h.from, to: h.to, cfg: links[h.link]! }));
}

const packetRate = (l: LinkConfig, bytes: number) => l.bandwidthBps / (8 * bytes);

interface FlowBound extends FlowCost {
  /** Data packets that get past the first link (UDP: the rest is dropped in its queue). */
  carried: number;
  lossLink: DirectedLink | null;
  bytes: number;
  slack: number;
  /** The application's pace bounds the flow (4.): not scaled by the shared bottleneck. */
  appLimited: boolean;
  /** UDP: no ACKs, control packets or timeouts. */
  udp: boolean;
}

/**
 * How far above its mean rate a source made of random cycles (ON–OFF bursts, talk spurts, FTP
 * files) may run over `activeS` seconds of cycles of mean `cycleS`: APP_ON_SLACK with many
 * cycles, more with few (the mean of n cycles strays by about 1/√n of itself; 4/√n allowed).
 */
function cycleSlack(activeS: number, cycleS: number): number {
  const n = Math.max(1, activeS / cycleS);
  return Math.max(APP_ON_SLACK, 1 + 4 / Math.sqrt(n));
}

/**
 * The application's bound (module comment, 4.): its packet rate over the run, or the packets of
 * a file (Infinity for the window-paced applications: bulk, and ftp-clients over TCP/SCTP).
 * Sources of random cycles send at least one packet per cycle (an ON–OFF burst of
 * max(1, ⌊X + 0.5⌋) packets, a talk spurt of at least one frame), so a cycle's packets are at
 * most its mean ON time over the packet interval plus one — which is what bounds a source whose
 * spurts are shorter than a frame. Over UDP an FTP client's next file follows a think time after
 * the last was sent (UDP drains at once): files of ⌈mean / mss⌉ + 1 packets, Pareto sizes
 * allowed PARETO_SLACK above their mean.
 */
function appBound(f: FlowConfig, activeS: number): { rate: number; packets: number } {
  const app = f.app;
  if (!app) return { rate: Infinity, packets: Infinity };
  switch (app.kind) {
    case 'cbr':
      return { rate: app.pps, packets: Infinity };
    case 'onoff': {
      const interval = (8 * f.mssBytes) / app.rateBps;
      const cycle = app.onS + app.offS + interval;
      const mean = (app.onS / interval + 1) / cycle;
      return { rate: Math.min(1 / interval, mean * cycleSlack(activeS, cycle)), packets: Infinity };
    }
    case 'voip': {
      // spurts while in a call; calls of mean holdS every holdS + gapS
      const cycle = app.talkS + app.silenceS;
      const mean = (app.talkS / app.frameS + 1) / cycle;
      const call = app.holdS + app.gapS;
      const inCall = Math.min(1, (app.holdS / call) * cycleSlack(activeS, call));
      return { rate: mean * cycleSlack(activeS, cycle) * inCall, packets: Infinity };
    }
    case 'file':
      return { rate: Infinity, packets: Math.ceil(app.bytes / f.mssBytes) };
    case 'ftp-clients': {
      if (!isUdpSender(f.sender)) return { rate: Infinity, packets: Infinity };
      // the first file at the start, then one per think time; the first alone may be far
      // above the mean (Pareto): its size at the 1 − FIRST_FILE_TAIL quantile, xm · q^(−1/α)
      const perFile = (Math.ceil(app.meanBytes / f.mssBytes) + 1) * PARETO_SLACK;
      const xm = (app.meanBytes * (app.shape - 1)) / app.shape;
      const first = Math.ceil((xm * pow(FIRST_FILE_TAIL, -1 / app.shape)) / f.mssBytes) + 1;
      const files = (activeS / app.thinkS) * cycleSlack(activeS, app.thinkS);
      return { rate: Infinity, packets: first + perFile * files };
    }
    default:
      return { rate: Infinity, packets: Infinity };
  }
}

/**
 * The receiver window W_f in packets: `windowPkts`, or for an SCTP flow with an a_rwnd in bytes
 * (FlowConfig.initialRwndBytes: profile ns2, key rwnd) the chunks it holds, each counting its
 * user data and the chunk header the flow counts.
 */
function windowOf(f: FlowConfig): number {
  if (isTcpSender(f.sender) || f.initialRwndBytes === undefined) return f.windowPkts;
  return Math.ceil(f.initialRwndBytes / (f.mssBytes + (f.dataChunkHeaderBytes ?? 0)));
}

/** The initial window in packets: `initialCwndPkts`, or an SCTP initial cwnd in bytes in chunks. */
function initialWindowOf(f: FlowConfig): number {
  if (f.initialCwndBytes === undefined) return f.initialCwndPkts;
  return Math.max(f.initialCwndPkts, Math.ceil(f.initialCwndBytes / f.mssBytes));
}

/**
 * The paths of a flow: its one route, or for a multi-homed SCTP association (FlowConfig.dstAddrs)
 * one per destination address, from the source address nearest to it (fewest hops; the engine's
 * choice).
 */
function pathsOf(cfg: SimConfig, f: FlowConfig): DirectedLink[][] {
  const dsts = f.dstAddrs ?? [f.dst];
  const srcs = f.srcAddrs ?? [f.src];
  if (dsts.length === 1 && srcs.length === 1) return [pathOf(cfg.links, f.src, f.dst)];
  return dsts.map((d) => {
    let best: DirectedLink[] = [];
    for (const s of srcs) {
      const p = pathOf(cfg.links, s, d);
      if (p.length > 0 && (best.length === 0 || p.length < best.length)) best = p;
    }
    return best;
  });
}

/**
 * A multi-homed association (issue 13): its paths' bounds together — data may go to every path
 * (CMT, retransmissions to an alternate, failover) — with the round trip of its shortest path,
 * its access rates summed, and no shared-bottleneck scaling (its data need not cross the loss
 * point). Heartbeats are control packets: at most one per path per HB.interval, answered.
 */
function multihomedBound(cfg: SimConfig, f: FlowConfig, paths: DirectedLink[][]): FlowBound {
  const parts = paths.filter((p) => p.length > 0).map((p) => flowBound(cfg, f, p));
  const first = parts[0]!;
  const rttS = parts.reduce((m, b) => Math.min(m, b.rttS), Infinity);
  const window = windowOf(f);
  const windowRate = ((window + 1) / rttS) * WINDOW_SLACK;
  const accessRate = parts.reduce((n, b) => n + b.accessRate, 0);
  const app = appBound(f, first.activeS);
  const rate = Math.min(windowRate, accessRate, app.rate);
  // A path's HEARTBEAT timer runs RTO + HB.interval ± RTO/2 (RTO ≥ RTO.Min), and an unanswered
  // one is resent after an RTO: at most one per (RTO.Min / 2 + HB.interval) per path.
  const heartbeats =
    f.hbIntervalS === 0
      ? 0
      : (paths.length * first.activeS) / Math.max(f.minRtoS / 2 + (f.hbIntervalS ?? 30), 0.01);
  const slack = first.slack + heartbeats;
  return {
    ...first,
    hops: parts.reduce((m, b) => Math.max(m, b.hops), 0),
    rttS,
    windowRate,
    accessRate,
    dataPackets: Math.min(rate * first.activeS + slack, app.packets + slack),
    carried: Math.min(rate * first.activeS + slack, app.packets + slack),
    lossLink: null,
    slack,
  };
}

function flowBound(cfg: SimConfig, f: FlowConfig, own?: DirectedLink[]): FlowBound {
  if (!own) {
    const paths = pathsOf(cfg, f);
    if (paths.length > 1) return multihomedBound(cfg, f, paths);
  }
  const path = own ?? pathOf(cfg.links, f.src, f.dst);
  const window = windowOf(f);
  const bytes = f.mssBytes + f.headerBytes;
  const activeS = Math.max(0, cfg.stopS - f.startS);
  const lossAt = path.findIndex((d) => cfg.losses.some((x) => x.from === d.from && x.to === d.to));
  const upstream = lossAt >= 0 ? path.slice(0, lossAt) : path;
  let rttS = 0;
  for (const d of path) rttS += 2 * d.cfg.delayS + (8 * bytes) / d.cfg.bandwidthBps;
  const udp = isUdpSender(f.sender);
  const windowRate = udp ? Infinity : ((window + 1) / rttS) * WINDOW_SLACK;
  const accessRate =
    upstream.length > 0
      ? upstream.reduce((m, d) => Math.min(m, packetRate(d.cfg, bytes)), Infinity) * ACCESS_SLACK
      : Infinity;
  const scripted = cfg.losses.reduce(
    (n, x) => n + x.drops.filter((d) => d.flow === f.id).length,
    0,
  );
  const slack = udp
    ? SLACK_PACKETS
    : initialWindowOf(f) +
      2 * (window + 1) +
      scripted +
      activeS / Math.max(f.minRtoS, 0.001) +
      SLACK_PACKETS;
  const app = appBound(f, activeS);
  if (udp) {
    // Every datagram offered is sent at once (udp/sender.ts), whatever the links carry: those
    // the first link's queue cannot take are dropped there (a send and a drop), the others
    // cross at most the first link's rate (plus its queue).
    const offered = Math.min(app.rate * activeS, app.packets) + slack;
    const first = path[0];
    const firstRate = first ? packetRate(first.cfg, bytes) * ACCESS_SLACK : Infinity;
    const carried = Math.min(offered, firstRate * activeS + (first?.cfg.queueLimit ?? 0) + slack);
    return {
      flow: f.id,
      hops: path.length,
      activeS,
      rttS,
      windowRate,
      accessRate,
      dataPackets: offered,
      carried,
      lossLink: lossAt >= 0 ? path[lossAt]! : null,
      bytes,
      slack,
      appLimited: true,
      udp,
    };
  }
  const rate = Math.min(windowRate, accessRate, app.rate);
  const dataPackets = Math.min(rate * activeS + slack, app.packets + slack);
  return {
    flow: f.id,
    hops: path.length,
    activeS,
    rttS,
    windowRate,
    accessRate,
    dataPackets,
    carried: dataPackets,
    lossLink: lossAt >= 0 ? path[lossAt]! : null,
    bytes,
    slack,
    appLimited: app.rate < Infinity || app.packets < Infinity,
    udp,
  };
}

/** The estimated cost of running this config (see the module comment). Pure and O(links · flows). */
export function estimateRunCost(cfg: SimConfig): RunCost {
  const bounds = cfg.flows.map((f) => flowBound(cfg, f));
  const flowById = new Map(cfg.flows.map((f) => [f.id, f]));
  // Flows through the same loss point share its link: bound their sum by that link.
  const groups = new Map<DirectedLink['cfg'], FlowBound[]>();
  for (const b of bounds) {
    if (!b.lossLink || b.appLimited) continue;
    const g = groups.get(b.lossLink.cfg) ?? [];
    g.push(b);
    groups.set(b.lossLink.cfg, g);
  }
  for (const [link, g] of groups) {
    const d = g[0]!.lossLink!;
    const loss = cfg.losses.find((x) => x.from === d.from && x.to === d.to)!;
    const bytes = g.reduce((m, b) => Math.min(m, b.bytes), Infinity);
    const maxT = g.reduce((m, b) => Math.max(m, b.activeS), -Infinity);
    const shared =
      (packetRate(link, bytes) / (1 - Math.min(loss.lossRate, 0.99))) * BOTTLENECK_SLACK * maxT;
    const own = g.reduce((n, b) => n + (b.dataPackets - b.slack), 0);
    if (shared < own) {
      // Scale every flow's rate part down to the shared bound, in proportion.
      for (const b of g) {
        b.dataPackets = b.slack + (own > 0 ? ((b.dataPackets - b.slack) * shared) / own : 0);
      }
    }
  }
  let dataPackets = 0;
  let packetEvents = 0;
  let decisions = 0;
  let acks = 0;
  let transmissions = 0;
  // Issue 13's tables: deliveries of flows that record them (one row per packet, at most), and
  // for a multi-homed association a path per packet and ACK and a path-event row per ACK (its
  // paths' cwnd, RTO or error count change at most once per ACK, plus heartbeats and timeouts:
  // in the slack).
  let extraBytes = 0;
  for (const b of bounds) {
    const perPacket = 2 * b.hops + 1;
    const flow = flowById.get(b.flow)!;
    if (flow.recordDeliveries) extraBytes += COST_CONSTANTS.bytesPerDelivery * b.dataPackets;
    if ((flow.dstAddrs?.length ?? 1) > 1 || (flow.srcAddrs?.length ?? 1) > 1) {
      extraBytes +=
        b.dataPackets * (2 * COST_CONSTANTS.bytesPerPacketPath + COST_CONSTANTS.bytesPerPathEvent);
    }
    dataPackets += b.dataPackets;
    if (b.udp) {
      // Datagrams only: a send and a drop for each one the first queue refuses, a send, then a
      // depart and an arrive per link for the others; one decision per datagram at most.
      packetEvents += 2 * b.dataPackets + (perPacket - 2) * b.carried;
      transmissions += b.dataPackets;
      decisions += b.dataPackets + 1;
      continue;
    }
    acks += b.dataPackets;
    // The data packet and its ACK, plus the control exchange.
    packetEvents += perPacket * (2 * b.dataPackets + CONTROL_PACKETS_PER_FLOW);
    transmissions += 2 * b.dataPackets + CONTROL_PACKETS_PER_FLOW;
    decisions += b.dataPackets + b.activeS / Math.max(flow.minRtoS, 0.001) + 1;
    // An application's offer of new data is a decision of its own (trigger 'app'): one per
    // packet offered, at most.
    if (b.appLimited) decisions += b.dataPackets;
  }
  dataPackets = Math.ceil(dataPackets);
  acks = Math.ceil(acks);
  packetEvents = Math.ceil(packetEvents);
  decisions = Math.ceil(decisions);
  const c = COST_CONSTANTS;
  const traceBytes =
    c.bytesPerEvent * packetEvents +
    c.bytesPerTransmission * Math.ceil(transmissions) +
    c.bytesPerDecision * decisions +
    c.bytesPerAckBlock * c.ackBlocksPerAck * acks +
    extraBytes;
  return {
    flows: bounds.map((b) => ({
      flow: b.flow,
      hops: b.hops,
      activeS: b.activeS,
      rttS: b.rttS,
      windowRate: b.windowRate,
      accessRate: b.accessRate,
      dataPackets: b.dataPackets,
    })),
    dataPackets,
    acks,
    packetEvents,
    decisions,
    traceBytes,
    pageBytes: traceBytes * c.pageFactor,
    runPeakBytes: traceBytes * c.runPeakFactor,
    cpuSeconds: packetEvents / c.eventsPerCpuSecond,
    metricsCpuSeconds: packetEvents / c.metricsEventsPerCpuSecond,
  };
}
