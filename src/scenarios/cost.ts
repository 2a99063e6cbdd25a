/**
 * What a run will cost, estimated from its SimConfig alone: data packets sent, ACKs, packet
 * events, sender decisions, CPU seconds and megabytes of a full trace. The run budget
 * (budget.ts) refuses a scenario whose estimate passes the limits in limits.ts, and the engine
 * stops a run at RUN_GUARD_MARGIN × its bound (runGuards).
 *
 * MODEL. An upper bound derived from what limits the traffic (boundRunCost):
 * - each flow alone (cost-flow.ts): its receiver window a round trip at a time, slow start
 *   doubling from the initial window, the slowest link of its path (the fastest path of a
 *   multi-homed association, every path with CMT), the window a sender keeps at the path's
 *   random loss (a response function per sender family: Mathis et al. with Padhye's timeouts,
 *   CUBIC's RFC 9438 §5.1 region; SCTP's cwnd in MTU units of small chunks), and what its
 *   application offers (cost-app.ts replays it with the run's draws: a paced UDP flow exactly);
 * - links shared by several flows carry at most their capacity over the run, given first to
 *   the flows whose packets make the most events (a fractional knapsack); a UDP flow's
 *   datagrams reach each link as far as the links before let them;
 * - congestion drops at each flow's tightest link, a share of what it carries that grows as the
 *   flow's share of the link's pipe (bandwidth × round trip + queue) shrinks
 *   (CONGESTION_DROP_SCALE), once the link is loaded; per tightest link a slow-start overshoot
 *   and the first flight's burst (initial windows beyond its queue, lost and resent at once:
 *   cost-overshoot.ts); random drops with three standard deviations of room; what waits in the
 *   queue at stop;
 * - per packet: 2h + 1 packet events on a path of h links (send, then arrive and depart or drop
 *   at each link, deliver), ACKs back the same way (every packet, or with delayed ACKs the
 *   larger of the window-share model and the timer's bound — cost-acks.ts),
 *   drops 2k events at the k-th link, and the handshake, close and HEARTBEATs (cost-tally.ts);
 *   decisions one per ACK, one per minimum RTO of a flow that may lose, one per offer of data,
 *   and for a paced flow one per data packet (its pacing timer; a scheduler event too).
 * A run whose bound is at most COUNT_BELOW_EVENTS packet events is counted instead: run once,
 * counters only (estimateRunCost). Budget verdicts use the bound (same verdicts: a counted run
 * is far within the limits).
 *
 * MEASURED: estimate / real packet events (`npx tsx bench/cost-table.ts`; runs are metrics-only
 * with the default seed). min / median / max; ≤ 1.00 would be a run above its estimate.
 *
 * Every preset (64): 1.00 / 1.08 / 1.66 — 1.00 where counted (the 6 s Fall & Floyd and Caro
 * runs, geo-segment-8, alamgir-fig8/9, hol-streams); the others: alamgir-table2 1.21,
 * geo-table2 1.29, geo-table3 1.07, satellite-dumbbell 1.24, geo-shared 1.31, cubic-vs-reno
 * 1.05, long-fat 1.06, dainotti-* 1.09–1.29, vicuna-[a-g]-tcp-udp 1.06, -tcp-sctp 1.27,
 * -sctp-udp 1.11, -sctp-sctp 1.32, vicuna-wired 1.06, sctp-failover 1.31, mobile-multihomed
 * 1.08, mobile-multihomed-cmt 2.14 (in cells since issue 28: its bound counts both paths full,
 * each at the shared 2 Mb/s link's rate; within the cells' 4×), voip-pr-sctp 1.15. The
 * bound alone on the counted presets: up to 5.9 (how a sender recovers from the first losses of
 * a 6 s run — SACK makes 2.5 × Reno's events on ff-3-drops — decides them).
 *
 * The grid (tests/scenarios/cost-grid.ts COST_GRID, 81 runs, 1–128 flows): 1.00 / 1.21 / 1.98
 *   Fall & Floyd, six networks, 1–128 flows, every sender (18)   1.02 / 1.18 / 1.50
 *   satellite, GEO, wired dumbbells and long-fat at 2, 16, 128 (12) 1.00 / 1.32 / 1.98
 *   UDP under six applications at 1, 8, 128 flows (15)              1.00 / 1.00 / 1.38
 *   TCP and SCTP under the applications (17)                        1.00 / 1.22 / 1.68
 *   TCP beside CBR over UDP (3)                                     1.04 / 1.66 / 1.86
 *   ns2 and rfc profiles, delayed ACKs on and off (8)               1.14 / 1.30 / 1.54
 *   0.3 % and 1 % random loss, 8 and 64 flows (8)                   1.16 / 1.31 / 1.44
 * The long tier (COST_GRID_LONG, 1008 runs): 1.00 / 1.24 / 73.75, never below (bound / real
 * ≥ 1.02 where not counted); 62 over 2×, all in regimes where senders wait in timeouts or
 * recover from a first overshoot in ways no bound from the configuration can follow:
 *   every count × network × sender on Fall & Floyd (486)           1.02 / 1.13 / 2.60 (1 over)
 *   the four other dumbbells, every count and sender (324)         1.00 / 1.27 / 3.51 (5 over:
 *     Tahoe on the satellite and GEO dumbbells 2.0–2.1, NewReno's 20 s long-fat runs 2.2–3.5)
 *   one flow, 0.03–10 % random loss, 10 ms–0.5 s round trips (162) 1.21 / 1.58 / 4.45 (22 over:
 *     18 of them at 10 %, 3 at 3 % — timeouts back off beyond Padhye's bound)
 *   5 s runs of a 100 Mb/s, 0.2 s path, 1 and 64 flows (18)        1.62 / 3.96 / 7.50
 *   a 2-packet queue, 1 ms, window 28 (9)                          1.04 / 13.95 / 73.75 (every
 *     loss ends in a timeout; SCTP 74, CUBIC 20, the TCPs 14)
 *   128 transfers of 50 kB through 800 kb/s in 60 s (9)            4.20 / 4.32 / 4.91
 * Multi-homed SCTP associations, 200 s (tests/scenarios/cost-multihomed.test.ts), 1 / 8 / 64 /
 * 128 of them: mobile-multihomed 1.07 / 1.22 / 1.80 / 1.95, -cmt 2.15 / 1.21 / 1.76 / 1.91 (the
 * mobile in its cells; on point-to-point accesses, link=wired, they were 1.13 / 1.80 / 2.14 /
 * 2.51 and 1.69 / 1.36 / 2.03 / 2.39),
 * sctp-failover 1.14 / 2.45 / 3.36 / 4.12 (its primary paths fail; the bound fills both). Before
 * their shared bottlenecks were counted (cost-multihomed.ts) 64 of them were bounded at 50.6 M
 * (mobile-multihomed) and 76.3 M (sctp-failover) packet events for 0.62 M and 0.91 M real.
 */
import { mediaSchedulerEvents, mediumCost } from './cost-media';
import { pacedFlow, run, type SimConfig } from '../engine';
import { ackModel, ackShareOf } from './cost-acks';
import { COST_CONSTANTS } from './cost-constants';
import { REPLAY_EVENTS } from './cost-app';
import { flowModel, lossResponse, type FlowModel } from './cost-flow';
import { shareMultiHomed } from './cost-multihomed';
import { overshootDrops } from './cost-overshoot';
import {
  controlPackets,
  linkPackets,
  packetRate,
  transportTally,
  udpChain,
  udpTally,
  type FlowTally,
  type LinkUse,
} from './cost-tally';

/**
 * Congestion drops at a saturated link, as a share of the TCP and SCTP packets it carries:
 * min(1, max(CONGESTION_DROP_FLOOR, CONGESTION_DROP_SCALE / (1 + w))) with w = the link's
 * pipe (bandwidth × round trip + queue, packets) per flow — a flow's window share. Fitted above
 * the runs of the grid (cost.ts's table): 0.2–5 % with one flow, 10–20 % with a window share
 * under one packet, 64 % at most (128 SCTP flows on a 2 Mb/s link).
 */
export const CONGESTION_DROP_SCALE = 1.5;
export const CONGESTION_DROP_FLOOR = 0.1;
/**
 * Congestion drops per packet carried, at least, for a sender that ignores loss (BBR v1: its
 * window is 2 × its BDP estimate whatever it loses) on a link it shares with other flows: the
 * queue stays full and each flow's packets keep overflowing it. Seen: BBR beside Tahoe and CUBIC
 * on mobile-multihomed-cmt resent 1015 of its 3211 packets (0.32).
 */
export const LOSS_BLIND_DROP_SHARE = 0.4;
/**
 * Drops of a paced TCP/SCTP flow whose window is more than twice its tightest queue, as a share
 * of its packets, whatever the load (each restart from idle is a slow start).
 */
export const BURST_DROP_SHARE = 0.1;

export interface FlowCost {
  flow: number;
  /** Links on the data path. */
  hops: number;
  /** Seconds the flow is active (stop − start). */
  activeS: number;
  /** Smallest round trip, s. */
  rttS: number;
  /** Packets its application offers by stop (Infinity: bulk). */
  offered: number;
  /** Its data packets that can get through its path alone (window, slow start, loss, app). */
  demand: number;
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
  /**
   * Scheduler events the engine runs (what run()'s maxEvents counts), an upper bound:
   * SCHEDULER_EVENTS_PER_PACKET_EVENT per packet event (measured 0.44–0.63 on every preset and
   * the unit grid),
   * plus one per packet an application offers (a CBR or VoIP tick, an ON–OFF burst, an FTP
   * file: each offer is a timer event, also when the transport only queues it — a CBR source
   * of 100,000 packets/s on a 1 kb/s link runs 3.9 M scheduler events in 40 s for 53 packet
   * events), plus SCHEDULER_EVENTS_PER_FLOW per flow (its start and first timers).
   */
  schedulerEvents: number;
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

/** Congestion drops per packet carried at a link whose window share per flow is w. */
function congestionShare(w: number): number {
  return Math.min(1, Math.max(CONGESTION_DROP_FLOOR, CONGESTION_DROP_SCALE / (1 + w)));
}

/**
 * Scale the flows sharing a link down to what it carries: its bytes over the run, given first
 * to the flows whose packets make the most events per byte (a fractional knapsack: the largest
 * event count the link allows), each at most its `through` (in place).
 */
function shareLink(
  use: LinkUse,
  models: readonly FlowModel[],
  through: number[],
  eventsPerPacket: readonly number[],
  stopS: number,
): void {
  let from = Infinity;
  let biggest = 0;
  for (const u of use.users) {
    from = Math.min(from, models[u.m]!.flow.startS);
    biggest = Math.max(biggest, models[u.m]!.bytes);
  }
  let room =
    (use.link.cfg.bandwidthBps / 8) * Math.max(0, stopS - from) +
    (use.link.cfg.queueLimit + 1) * biggest;
  const order = use.users
    .map((u) => u.m)
    .sort(
      (a, b) => eventsPerPacket[b]! / models[b]!.bytes - eventsPerPacket[a]! / models[a]!.bytes,
    );
  for (const m of order) {
    const bytes = models[m]!.bytes;
    const take = Math.min(through[m]!, Math.max(0, room) / bytes);
    through[m] = take;
    room -= take * bytes;
  }
}

/**
 * Runs whose bound is at most this many packet events are counted rather than bounded: the
 * estimate runs them (metrics only; a few milliseconds). Below this size no budget is near, and
 * what a short run does depends on how its sender recovers from its first losses — on the 6 s
 * Fall & Floyd run Reno and NewReno make 1,300–1,400 packet events, SACK and FACK 3,600 — which
 * no bound that holds for every sender can follow within 2×.
 */
export const COUNT_BELOW_EVENTS = 20_000;
/**
 * Scheduler events a counted run may take (the engine makes 0.47–0.59 per packet event): past
 * this the estimate is the bound.
 */
export const COUNTED_SCHEDULER_EVENTS = 4 * COUNT_BELOW_EVENTS;

/** Scheduler events per packet event of a run, at most (measured 0.44–0.63, with room). */
export const SCHEDULER_EVENTS_PER_PACKET_EVENT = 0.75;
/** Scheduler events a flow may run beyond its packet events and its application's offers. */
export const SCHEDULER_EVENTS_PER_FLOW = 64;

/**
 * Scheduler events of a flow's application that offers `offered` packets (Infinity: bulk, 0):
 * one per offer for a CBR source or a file; two for sources of random cycles (VoIP talk spurts,
 * ON–OFF bursts, FTP files), whose every cycle also ends on a timer — a spurt shorter than a
 * frame makes one frame and two events (measured 0.93 of this bound with 10 ms spurts and
 * 20 ms frames).
 */
function appSchedulerEvents(f: SimConfig['flows'][number], offered: number): number {
  if (!Number.isFinite(offered)) return 0;
  const kind = f.app?.kind;
  return Math.ceil(offered) * (kind === 'cbr' || kind === 'file' ? 1 : 2);
}

/**
 * What running this config costs, as the run budget sees it: the bound (boundRunCost), or for a
 * run whose bound is at most COUNT_BELOW_EVENTS packet events its own counts (packet events,
 * decisions, data packets; the rest from the bound), from running it. Deterministic: the same
 * config gives the same estimate.
 */
export function estimateRunCost(cfg: SimConfig): RunCost {
  const bound = boundRunCost(cfg);
  return bound.packetEvents <= COUNT_BELOW_EVENTS ? countedRunCost(cfg, bound) : bound;
}

/** The run's own counts, the rest from its bound (estimateRunCost). */
function countedRunCost(cfg: SimConfig, bound: RunCost): RunCost {
  let events: number;
  let decisions: number;
  let data = 0;
  try {
    // (a run past four times the limit would mean the bound is wrong: keep the bound then; and
    // so for one whose scheduler runs far more events than packets — an application's ticks, a
    // CBR source of 100,000 packets a second on a 1 kb/s link: 6.6 s for 507 packet events —
    // which the estimate is not to wait for)
    const t = run(cfg, {
      record: 'metrics',
      maxPacketEvents: 4 * COUNT_BELOW_EVENTS,
      maxEvents: COUNTED_SCHEDULER_EVENTS,
    });
    events = t.eventCount;
    decisions = t.decisionCount;
    for (const f of t.flowStats) data += f.packetsSent;
  } catch {
    return bound;
  }
  const c = COST_CONSTANTS;
  const traceBytes =
    bound.traceBytes -
    c.bytesPerEvent * (bound.packetEvents - events) -
    c.bytesPerDecision * (bound.decisions - decisions);
  return {
    ...bound,
    dataPackets: data,
    packetEvents: events,
    decisions,
    traceBytes,
    pageBytes: traceBytes * c.pageFactor,
    runPeakBytes: traceBytes * c.runPeakFactor,
    cpuSeconds: events / c.eventsPerCpuSecond,
    metricsCpuSeconds: events / c.metricsEventsPerCpuSecond,
  };
}

/**
 * An upper bound of what running this config costs (see the module comment), from the config
 * alone: pure, O(links · flows) plus the replays of paced applications (cost-app.ts), which
 * spend at most `replay.events` scheduler events (decreased by what they use: pass one object
 * to several bounds of the same flows to share it; 0: the applications' parameters alone).
 */
export function boundRunCost(
  cfg: SimConfig,
  replay: { events: number } = { events: REPLAY_EVENTS },
): RunCost {
  const budget = replay;
  const models = cfg.flows.map((f) => flowModel(cfg, f, budget));
  const n = models.length;
  // Links and who uses them. A multi-homed association is bounded apart (its data may take any
  // of its paths: CMT, failover; cost-multihomed.ts shares the slowest links of its paths with
  // associations that have the same ones), and taken to fill the slowest link of its primary
  // path.
  const uses = new Map<number, LinkUse>();
  models.forEach((m, i) => {
    if (m.paths.length !== 1) return;
    m.path.forEach((link, at) => {
      let u = uses.get(link.key);
      if (!u) uses.set(link.key, (u = { link, users: [] }));
      u.users.push({ m: i, at });
    });
  });
  const shared = [...uses.values()].filter((u) => u.users.length > 1);

  // What each flow can put through: its own bound, then every link of its path alone.
  const through = models.map((m) => m.demand);
  models.forEach((m, i) => {
    if (m.paths.length !== 1) return; // CMT or a failover may use its other paths
    for (const d of m.path) {
      const own = uses.get(d.key)!.users.length === 1;
      if (own && !m.udp)
        through[i] = Math.min(through[i]!, linkPackets(d, m.bytes, m.flow.startS, cfg.stopS));
    }
  });
  // UDP: arrivals at each link are what the links before let through (computed below); for the
  // shared links' knapsack, each datagram that a link carries adds a departure and the events
  // after it, one it drops only the drop.
  const udpArrivals = models.map((m, i) =>
    m.udp ? udpChain(m, through[i]!, cfg.stopS, uses, null) : [],
  );

  // ACKs per data packet and the congestion of each flow's tightest link
  const load = new Map<number, number>();
  for (const u of uses.values()) {
    let bytes = 0;
    for (const { m, at } of u.users) {
      const md = models[m]!;
      bytes += (md.udp ? udpArrivals[m]![at]! : through[m]!) * md.bytes;
    }
    let from = Infinity;
    for (const { m } of u.users) from = Math.min(from, models[m]!.flow.startS);
    const room = (u.link.cfg.bandwidthBps / 8) * Math.max(0, cfg.stopS - from);
    load.set(u.link.key, room > 0 ? bytes / room : Infinity);
  }
  const tight = models.map((m) => {
    if (m.paths.length !== 1) return { at: m.slowest, load: 1 };
    let best = -1;
    let worst = 0;
    m.path.forEach((d, at) => {
      const l = load.get(d.key) ?? 0;
      if (l > worst) {
        worst = l;
        best = at;
      }
    });
    return { at: best, load: worst };
  });
  // TCP and SCTP flows with a link on any of their paths
  const sharers = new Map<number, number>();
  for (const m of models) {
    if (m.udp) continue;
    const keys = new Set<number>();
    for (const p of m.paths) for (const d of p) keys.add(d.key);
    for (const k of keys) sharers.set(k, (sharers.get(k) ?? 0) + 1);
  }
  const share = models.map((m, i) => windowShare(m, tight[i]!.at, sharers));
  const congestion = models.map((m, i) => {
    const t = tight[i]!;
    if (m.udp || t.at < 0) return 0;
    const sat = Math.min(1, t.load);
    // a paced flow restarts from a small window after each idle period: its slow starts can
    // overflow a queue shorter than its window even on a link it does not fill
    const d = m.path[t.at]!;
    const bursts = m.appLimited && m.window > 2 * d.cfg.queueLimit ? BURST_DROP_SHARE : 0;
    // a fast retransmit on fewer than 3 duplicate ACKs (frtx) resends more than was lost
    const eager = Math.max(1, 3 / Math.max(1, m.flow.dupackThreshold));
    const base = Math.min(1, congestionShare(share[i]!) * eager) * sat * sat + bursts;
    return lossResponse(m.flow.sender).k === Infinity && (sharers.get(d.key) ?? 0) > 1
      ? Math.max(base, LOSS_BLIND_DROP_SHARE * sat)
      : base;
  });
  const acksOf = models.map((m, i) =>
    m.udp ? null : ackModel(m, share[i]!, congestion[i]! + m.loss.mean),
  );
  // (the knapsack's values: ACKs per packet at what the flow can put through alone)
  const ackShare = models.map((m, i) => (m.udp ? 0 : ackShareOf(acksOf[i]!, through[i]!)));
  const eventsPerPacket = models.map((m, i) =>
    m.udp
      ? 0
      : 2 * m.hops + 1 + (2 * m.ackHops + 1) * ackShare[i]! + 2 * (t(i) + 1) * congestion[i]!,
  );
  function t(i: number): number {
    return Math.max(0, tight[i]!.at);
  }

  // Multi-homed associations with the same bottlenecks share them (cost-multihomed.ts).
  shareMultiHomed(models, through, eventsPerPacket, cfg.stopS);

  // Links several flows share: the knapsack (TCP / SCTP packets through it; UDP datagrams it
  // carries, valued at the events after it).
  for (const u of shared) {
    const values = models.map((m, i) => {
      if (!m.udp) return eventsPerPacket[i]!;
      const at = u.users.find((x) => x.m === i)?.at ?? 0;
      return 1 + 2 * (m.hops - at - 1);
    });
    const carried = models.map((m, i) => {
      if (!m.udp) return through[i]!;
      const at = u.users.find((x) => x.m === i)?.at;
      return at === undefined ? 0 : udpArrivals[i]![at]!;
    });
    shareLink(u, models, carried, values, cfg.stopS);
    for (const { m, at } of u.users) {
      if (!models[m]!.udp) through[m] = carried[m]!;
      else
        udpArrivals[m] = udpChain(models[m]!, models[m]!.demand, cfg.stopS, uses, {
          at,
          carried: carried[m]!,
        });
    }
  }

  // Slow-start overshoot and the first flight's burst, once at each link that is the tightest
  // of some TCP/SCTP flows (cost-overshoot.ts).
  const overshoot = overshootDrops(
    models,
    tight.map((x) => x.at),
  );

  const tallies = models.map((m, i): FlowTally => {
    if (m.udp) return udpTally(m, udpArrivals[i]!);
    return transportTally(
      m,
      through[i]!,
      congestion[i]!,
      Math.max(0, tight[i]!.at),
      overshoot[i]!,
      acksOf[i]!,
      cfg,
    );
  });

  let dataPackets = 0;
  let packetEvents = 0;
  let decisions = 0;
  /** Pacing-timer expiries: one per data packet of a paced flow at most. */
  let pacingTimers = 0;
  let acks = 0;
  let transmissions = 0;
  // Issue 13's tables: deliveries of flows that record them (one row per packet, at most), and
  // for a multi-homed association a path per packet and ACK and a path-event row per ACK.
  let extraBytes = 0;
  models.forEach((m, i) => {
    const f = m.flow;
    const tl = tallies[i]!;
    dataPackets += tl.sends;
    packetEvents += tl.events;
    acks += tl.acks;
    if (f.recordDeliveries) extraBytes += COST_CONSTANTS.bytesPerDelivery * tl.sends;
    if (m.paths.length > 1 || (f.srcAddrs?.length ?? 1) > 1) {
      extraBytes +=
        (tl.sends + tl.acks) *
        (2 * COST_CONSTANTS.bytesPerPacketPath + COST_CONSTANTS.bytesPerPathEvent);
    }
    if (m.udp) {
      transmissions += tl.sends;
      return;
    }
    const control = controlPackets(m);
    transmissions += tl.sends + tl.acks + control;
    // Retransmission-timer expiries: one per minimum RTO at most; a paced flow's timer also
    // expires while it idles (ns-2's idle restart: no timeout counted, a decision all the same),
    // a bulk flow's only for a loss (or a delay spike) — any flow of a congested link may lose
    // (the link's capacity went to some of them above, its losses may hit all).
    const timerS = m.activeS / Math.max(f.minRtoS, m.rttS, 1e-3);
    const lossy = m.appLimited || congestion[i]! > 0 || m.loss.mean > 0;
    const timeouts = lossy ? timerS : Math.min(timerS, tl.drops + 0.05 * tl.through + 10);
    decisions += tl.acks + timeouts + control + 1;
    // An application's offer of new data is a decision of its own (trigger 'app').
    if (m.appLimited) decisions += Math.min(m.offered, tl.sends);
    // A paced flow (BBR, pacing=1) may send each packet on a pacing-timer decision of its own:
    // of its share, or of what it could send alone, since a paced sender may take more than the
    // share the model gives it (BBR v1 beside Vegas on the Fall & Floyd path: 343 packets sent
    // against a 102-packet share).
    if (pacedFlow(f)) {
      const paced = Math.max(tl.sends, m.demand);
      decisions += paced;
      pacingTimers += paced;
    }
  });
  dataPackets = Math.ceil(dataPackets);
  acks = Math.ceil(acks);
  packetEvents = Math.ceil(packetEvents);
  decisions = Math.ceil(decisions);
  const c = COST_CONSTANTS;
  const media = mediumCost(cfg, packetEvents);
  const traceBytes =
    c.bytesPerEvent * packetEvents +
    c.bytesPerTransmission * Math.ceil(transmissions) +
    c.bytesPerDecision * decisions +
    c.bytesPerAckBlock * c.ackBlocksPerAck * acks +
    media.bytes +
    extraBytes;
  return {
    flows: models.map((m, i) => ({
      flow: m.flow.id,
      hops: m.hops,
      activeS: m.activeS,
      rttS: m.rttS,
      offered: m.offered,
      demand: m.demand,
      dataPackets: tallies[i]!.sends,
    })),
    dataPackets,
    acks,
    packetEvents,
    schedulerEvents:
      Math.ceil(SCHEDULER_EVENTS_PER_PACKET_EVENT * packetEvents) +
      media.schedulerEvents +
      models.reduce((sum, m) => sum + appSchedulerEvents(m.flow, m.offered), 0) +
      SCHEDULER_EVENTS_PER_FLOW * n +
      Math.ceil(pacingTimers) +
      mediaSchedulerEvents(cfg),
    decisions,
    traceBytes,
    pageBytes: traceBytes * c.pageFactor,
    runPeakBytes: traceBytes * c.runPeakFactor,
    cpuSeconds: packetEvents / c.eventsPerCpuSecond,
    metricsCpuSeconds: packetEvents / c.metricsEventsPerCpuSecond,
  };
}

/**
 * A flow's window share at link `at` of its path: the link's pipe (bandwidth × round trip +
 * queue, packets) per TCP/SCTP flow that may use it (`sharers`), at most its own window.
 */
function windowShare(m: FlowModel, at: number, sharers: Map<number, number>): number {
  if (at < 0) return m.window;
  const d = m.path[at]!;
  const users = sharers.get(d.key) ?? 1;
  const pipe = packetRate(d, m.bytes) * m.rttS + d.cfg.queueLimit;
  return Math.min(m.window, pipe / Math.max(1, users));
}

export { COST_CONSTANTS };
