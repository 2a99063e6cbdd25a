/**
 * One flow as the run-cost estimate (cost.ts) sees it: its path, round trip and window, what its
 * application offers, and how many of its data packets can get through — the bound of what
 * limits it on its own (its window and round trip, its slow start from the initial window, the
 * slowest link of its path, random loss, its application), before flows that share a link are
 * bounded together (cost.ts).
 */
import {
  isSctpSender,
  isTcpSender,
  isUdpSender,
  type FlowConfig,
  type LossConfig,
  type SimConfig,
} from '../engine';
import { offeredBound } from './cost-app';
import { pow } from '../engine';
import { backupShare } from './cost-failover';
import { pathsOf, type DirectedLink } from './cost-paths';

/** UDP's header bytes on the wire (UDP 8 + IPv4 20: udp/variant.ts). */
const UDP_HEADER_BYTES = 28;
/** Bytes of the smallest ACK (a TCP ACK: 40), for the round trip's serialisation. */
const MIN_ACK_BYTES = 40;

/**
 * Loss-limited window (packets per round trip) of a flow that loses packets at random — loss
 * events at rate p per packet: W = K / √p packets a round trip (Mathis et al. 1997), its rate
 * W / RTT less the time timeouts take: a loss ends in a timeout with probability
 * Q = min(1, (a / W)^e) (Padhye et al. 1998 take 3 / W for Reno; SACK and SCTP recover more
 * losses without one), which then lasts at least T0 = max(RTO.Min, RTT) and backs off while its
 * retransmissions are lost (Padhye's f(p)); CUBIC's window is at least Kc · (RTT / p)^¾ (RFC
 * 9438 §5.1's response function). K, b, a, e and Kc are fitted per sender family so the bound stays
 * above every run of a grid and as close as it can (one flow, 0.03 % – 10 % loss, 12 ms – 0.5 s
 * round trips: table in cost.ts).
 */
export interface LossResponse {
  k: number;
  /** Packets added to K / √p (SCTP keeps a few more at high loss). */
  b: number;
  a: number;
  e: number;
  /** CUBIC's cubic-region constant (0: none). */
  kc: number;
}

const SCTP_NEWRENO: LossResponse = { k: 1.2, b: 1.5, a: 0.5, e: 1.5, kc: 0 };
const LOSS_RESPONSE: Record<string, LossResponse> = {
  reno: { k: 1.3, b: 1, a: 3, e: 1.5, kc: 0 },
  tahoe: { k: 1.4, b: 0, a: 2, e: 1.5, kc: 0 },
  newreno: { k: 1.4, b: 0, a: 2, e: 2, kc: 0 },
  sack: { k: 1.5, b: 0, a: 2.5, e: 2, kc: 0 },
  fack: { k: 1.6, b: 0, a: 0.5, e: 1, kc: 0 },
  cubic: { k: 1.8, b: 0.5, a: 1, e: 1.5, kc: 1.5 },
  // BBR v1 does not answer random loss with a smaller window (its model ignores loss; only
  // recovery conserves packets): no loss bound, the links bound it.
  bbr: { k: Infinity, b: 0, a: 0, e: 1, kc: 0 },
  'sctp-2960': { k: 1.2, b: 0, a: 1, e: 2, kc: 0 },
  'sctp-newreno': SCTP_NEWRENO,
  'sctp-newreno-ca': SCTP_NEWRENO,
  'sctp-4960': SCTP_NEWRENO,
};
/** A sender the table does not name: no timeouts counted, the largest K. */
const LOSS_RESPONSE_OTHER: LossResponse = { k: 2.6, b: 2, a: 0, e: 1, kc: 1.5 };

export function lossResponse(sender: FlowConfig['sender']): LossResponse {
  return LOSS_RESPONSE[sender] ?? LOSS_RESPONSE_OTHER;
}

/**
 * Packets a loss-limited flow may send before its loss-limited window applies: until its first
 * losses it runs free, and the number of packets before the first loss is geometric — this many
 * mean gaps (1/p) covers all but e^−STARTUP_LOSS_GAPS of runs.
 */
export const STARTUP_LOSS_GAPS = 5;
/**
 * A run of n loss events strays from the mean rate by about 1/√n of it: the loss-limited part is
 * allowed LOSS_SPREAD / √n above the response function (a CUBIC flow's first 50 s at 1 % loss
 * ran 25 % above its rate over 100 s).
 */
export const LOSS_SPREAD = 1;

/** The random loss a path's loss point applies to data packets. */
export interface PathLoss {
  /** Index of the loss point's link on the path (−1: none). */
  at: number;
  /** Mean loss probability of a data packet. */
  mean: number;
  /** Loss events per data packet: losses, or with bursts (Gilbert–Elliott) the bursts. */
  events: number;
  /** The loss point judges packets at the far end of the wire (LossConfig.position). */
  onWire: boolean;
  /** Scripted drops of this flow there. */
  scripted: number;
}

function pathLoss(cfg: SimConfig, f: FlowConfig, path: readonly DirectedLink[]): PathLoss {
  let at = -1;
  let loss: LossConfig | undefined;
  for (let i = 0; i < path.length && !loss; i++) {
    const d = path[i]!;
    loss = cfg.losses.find((x) => x.from === d.from && x.to === d.to);
    if (loss) at = i;
  }
  if (!loss) return { at: -1, mean: 0, events: 0, onWire: false, scripted: 0 };
  const scripted = loss.drops.reduce((n, d) => n + (d.flow === f.id ? 1 : 0), 0);
  const dataTypes = !loss.types || loss.types.includes('data');
  let mean = dataTypes ? loss.lossRate : 0;
  let events = mean;
  const g = loss.gilbert;
  if (g && dataTypes) {
    const bad = g.pGoodBad + g.pBadGood > 0 ? g.pGoodBad / (g.pGoodBad + g.pBadGood) : 0;
    mean = (1 - bad) * g.lossGood + bad * g.lossBad;
    // a loss in the good state, or a bad period (a run of losses: one loss event)
    events = Math.min(mean, (1 - bad) * (g.lossGood + g.pGoodBad));
  }
  return { at, mean, events, onWire: loss.position === 'wire', scripted };
}

/**
 * The random loss of a flow's paths (one, or one per address of a multi-homed association, the
 * primary's first): `loss`, what its drops follow — the lossiest path's, with the most scripted
 * drops of any (a packet may take any of its paths, and a retransmission goes to an alternate
 * address); `primary`, the loss events per packet of the primary path, which its window meets
 * while new data goes there; `away`, the least of the other paths' (its window's while its data
 * has failed over: cost-failover.ts backupShare; Infinity with one path); `least`, the least
 * mean loss of any path.
 */
function lossesOf(
  cfg: SimConfig,
  f: FlowConfig,
  paths: readonly (readonly DirectedLink[])[],
): { loss: PathLoss; primary: number; away: number; least: number } {
  const all = paths.map((p) => pathLoss(cfg, f, p));
  let loss = all[0] ?? pathLoss(cfg, f, []);
  const primary = loss.events;
  let away = Infinity;
  let least = loss.mean;
  let scripted = loss.scripted;
  all.forEach((l, i) => {
    if (l.mean > loss.mean) loss = l;
    if (i > 0) away = Math.min(away, l.events);
    least = Math.min(least, l.mean);
    scripted = Math.max(scripted, l.scripted);
  });
  return { loss: { ...loss, scripted }, primary, away, least };
}

/** One flow's model (see the module comment). Rates in packets per second, times in seconds. */
export interface FlowModel {
  flow: FlowConfig;
  udp: boolean;
  /** Data paths: one, or one per destination address of a multi-homed association. */
  paths: DirectedLink[][];
  /** The path the bounds follow: the primary's (the first of `paths`). */
  path: DirectedLink[];
  /** Links of the longest data path. */
  hops: number;
  /** Links of the ACKs' path back (routes are symmetric on every topology: `hops`). */
  ackHops: number;
  /** Bytes of a data packet on the wire. */
  bytes: number;
  /** Smallest round trip: propagation both ways, a data packet's and an ACK's serialisation. */
  rttS: number;
  /** stop − start. */
  activeS: number;
  /** From the first data packet that can be sent (after the handshake) to stop. */
  dataS: number;
  /** Receiver window (+ 1: SCTP may send one chunk past it), packets. */
  window: number;
  initialWindow: number;
  loss: PathLoss;
  /**
   * Packets it may send before its first ACK can return (cost-overshoot.ts): its initial
   * window, at most its receiver window and what its application offers by then (the start,
   * the handshake and a round trip).
   */
  firstFlight: number;
  /** Index on `path` of its slowest link (the one that limits it alone). */
  slowest: number;
  /** Packets its application offers by stop (Infinity: bulk). */
  offered: number;
  /** Packets of it that can get through its path alone (its own bounds). */
  demand: number;
  /**
   * Packets of it that can get through its lossiest path alone (its drops follow that path's
   * loss: cost-tally.ts); `demand` but for a multi-homed association whose paths' losses differ.
   */
  lossyDemand: number;
  /** Its demand is set by the application (not by the network). */
  appLimited: boolean;
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

/**
 * Packets a window unit holds: 1, or for SCTP with a path MTU (FlowConfig.pathMtuBytes) the
 * chunks one MTU of cwnd lets out (cwnd grows by an MTU a round trip in congestion avoidance, and
 * by at most an MTU per SACK in slow start: small chunks count many to one unit).
 */
export function cwndUnitPackets(f: FlowConfig): number {
  if (!isSctpSender(f.sender) || f.pathMtuBytes === undefined) return 1;
  return Math.max(1, f.pathMtuBytes / (f.mssBytes + (f.dataChunkHeaderBytes ?? 0)));
}

/**
 * The initial window in packets: `initialCwndPkts` (an SCTP flow's in MTUs: the chunks they
 * hold, cwndUnitPackets — 39 MTUs of 64-byte chunks are 716 chunks sent at once), or an SCTP
 * initial cwnd in bytes in chunks.
 */
function initialWindowOf(f: FlowConfig): number {
  if (f.initialCwndBytes === undefined) return Math.ceil(f.initialCwndPkts * cwndUnitPackets(f));
  return Math.max(f.initialCwndPkts, Math.ceil(f.initialCwndBytes / f.mssBytes));
}

const linkRate = (d: DirectedLink, bytes: number) => d.cfg.bandwidthBps / (8 * bytes);

function roundTrip(path: readonly DirectedLink[], bytes: number): number {
  let rtt = 0;
  for (const d of path) {
    rtt += 2 * d.cfg.delayS + (8 * (bytes + MIN_ACK_BYTES)) / d.cfg.bandwidthBps;
  }
  return rtt;
}

/**
 * Packets sent in `rounds` round trips from an initial window `icwnd` that at most doubles each
 * round (slow start: each ACK releases the packet it acknowledges and one more) up to `cap` a
 * round: Σ_j min(icwnd · 2^j, cap).
 */
export function roundsBound(rounds: number, icwnd: number, cap: number): number {
  if (rounds <= 0) return 0;
  let sum = 0;
  let w = Math.max(1, icwnd);
  let j = 0;
  for (; j < rounds && w < cap; j++, w *= 2) sum += w;
  return sum + (rounds - j) * cap;
}

/**
 * Packets per round trip a flow losing loss events at rate p can keep going (LossResponse):
 * its rate times its round trip. Infinity when p = 0. `unit`: packets a window unit holds
 * (cwndUnitPackets): the window grows in units, but whether a loss gets the duplicate reports
 * of a fast retransmit or ends in a timeout depends on the packets in flight.
 */
export function lossWindow(f: FlowConfig, p: number, rttS: number, unit = 1): number {
  if (!(p > 0)) return Infinity;
  const r = lossResponse(f.sender);
  let w = r.k / Math.sqrt(p) + r.b;
  if (r.kc > 0) {
    // (RTT / p)^¾ = √(√(RTT/p)³): exact operations only
    const x = Math.sqrt(rttS / p);
    w = Math.max(w, r.kc * Math.sqrt(x * x * x));
  }
  w *= unit;
  const q = r.a > 0 ? Math.min(1, pow(r.a / w, r.e)) : 0;
  // Padhye's backoff: 1 + p + 2p² + 4p³ + 8p⁴ + 16p⁵ + 32p⁶
  let backoff = 1;
  for (let i = 6; i >= 1; i--) backoff = 1 + (i === 1 ? 1 : 2) * p * backoff;
  const timeoutS = p * q * Math.max(f.minRtoS, rttS) * backoff;
  // packets a round trip: RTT / (RTT / W + timeout time per packet)
  return rttS / (rttS / w + timeoutS);
}

/**
 * The flow's own model. `budget`: replay events the estimate may still spend on applications
 * (cost-app.ts).
 */
export function flowModel(cfg: SimConfig, f: FlowConfig, budget: { events: number }): FlowModel {
  const udp = isUdpSender(f.sender);
  const bytes = f.mssBytes + (udp ? UDP_HEADER_BYTES : f.headerBytes);
  const paths = pathsOf(cfg, f).filter((p) => p.length > 0);
  // the primary path (the first address) carries the data; events per packet on the longest
  const path = paths[0] ?? [];
  let hops = 0;
  for (const p of paths) hops = Math.max(hops, p.length);
  const rttS = paths.reduce((m, p) => Math.min(m, roundTrip(p, bytes)), Infinity);
  const activeS = Math.max(0, cfg.stopS - f.startS);
  // handshake: TCP's SYN / SYN-ACK, SCTP's INIT and COOKIE exchanges (and a HEARTBEAT to
  // confirm the path) before the first data, each a propagation round trip at least
  let prop = 0;
  for (const d of path) prop += 2 * d.cfg.delayS;
  const handshakes = !f.handshake || udp ? 0 : isSctpSender(f.sender) ? 2 : 1;
  const dataS = Math.max(0, activeS - handshakes * prop);
  const window = windowOf(f) + 1;
  const initialWindow = initialWindowOf(f);
  const losses = lossesOf(cfg, f, paths);
  const loss = losses.loss;
  let slowest = 0;
  path.forEach((d, i) => {
    if (linkRate(d, bytes) <= linkRate(path[slowest]!, bytes)) slowest = i;
  });
  // the slowest link alone; for a multi-homed association its fastest path, or with CMT every
  // path at once
  let pathRate = 0;
  // (the fastest of the other paths: where a failover may send the data)
  let awayRate = 0;
  paths.forEach((p, i) => {
    const r = p.reduce((m, d) => Math.min(m, linkRate(d, bytes)), Infinity);
    pathRate = f.cmt ? pathRate + r : Math.max(pathRate, r);
    if (i > 0) awayRate = Math.max(awayRate, r);
  });
  // an FTP client's file takes at least a round trip and its packets through the slowest link
  const minRate = path.length > 0 ? linkRate(path[slowest]!, bytes) : Infinity;
  const drainS = udp ? () => 0 : (packets: number) => rttS + (packets - 1) / minRate;
  const offered = offeredBound(
    f,
    cfg.seed ?? 0,
    cfg.stopS,
    budget,
    drainS,
    udp ? 'udp' : `${rttS}|${minRate}`,
  );
  // (the replay kept for `offered` answers this one)
  const firstOffer =
    offered < Infinity
      ? offeredBound(
          f,
          cfg.seed ?? 0,
          Math.min(cfg.stopS, f.startS + (activeS - dataS) + rttS),
          budget,
          drainS,
          udp ? 'udp' : `${rttS}|${minRate}`,
        )
      : Infinity;
  const model: FlowModel = {
    flow: f,
    udp,
    paths,
    path,
    hops,
    ackHops: hops,
    bytes,
    rttS,
    activeS,
    dataS,
    window,
    initialWindow,
    firstFlight: Math.min(initialWindow, window, firstOffer),
    loss,
    slowest,
    offered,
    demand: 0,
    lossyDemand: 0,
    appLimited: offered < Infinity,
  };
  if (udp) {
    model.demand = offered;
    model.lossyDemand = offered;
    return model;
  }
  // the window's and the path's rate, a round at a time from the initial window
  const rounds = dataS > 0 && rttS > 0 ? Math.floor(dataS / rttS) + 1 : dataS > 0 ? Infinity : 0;
  const bulkAt = (rate: number): number =>
    rounds === Infinity
      ? rate * dataS + window
      : roundsBound(rounds, initialWindow, Math.min(window, rate * rttS));
  // random loss: free until the first losses, then the loss-limited window (with CMT each path
  // has a cwnd of its own)
  const cwnds = f.cmt ? Math.max(1, paths.length) : 1;
  const limitedBy = (events: number, rate: number): number => {
    const bulk = bulkAt(rate);
    if (!(events > 0) || rounds === Infinity) return bulk;
    // the receiver window clips the loss-limited sawtooth's peaks: a soft minimum of the two
    const m = cwnds * lossWindow(f, events, rttS, cwndUnitPackets(f));
    const clipped = 1 / Math.sqrt(1 / (m * m) + 1 / (window * window));
    const w = Math.min(window, rate * rttS, clipped);
    const limited = roundsBound(rounds, initialWindow, w);
    const spread = 1 + LOSS_SPREAD / Math.sqrt(Math.max(1, events * limited));
    return Math.min(bulk, STARTUP_LOSS_GAPS / events + limited * spread);
  };
  // the application's packets, with their retransmissions
  const app = offered * (1 + 2 * loss.mean) + loss.scripted + 2;
  // the primary's loss all the time; a multi-homed association whose other paths lose less, their
  // loss and rate while it may be away from its primary (cost-failover.ts)
  let demand = limitedBy(losses.primary, pathRate);
  if (losses.away < losses.primary) {
    const away = backupShare(cfg, f, paths.length, rttS) * limitedBy(losses.away, awayRate);
    demand = Math.min(bulkAt(pathRate), demand + away);
  }
  model.demand = Math.min(demand, app);
  // its random drops: on what the lossiest path can carry, when some path is loss-free
  model.lossyDemand =
    losses.least > 0 ? model.demand : Math.min(limitedBy(loss.events, pathRate), app);
  return model;
}
