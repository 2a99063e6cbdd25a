/**
 * What one flow sends and the packet events it makes, once the run-cost bound (cost.ts) knows
 * what gets through its path: a TCP or SCTP flow's data, drops, ACKs and control exchange, a
 * UDP flow's datagrams link by link, the drops of links going down.
 */
import { isSctpSender, type SimConfig } from '../engine';
import { ackShareOf, type AckModel } from './cost-acks';
import type { FlowModel } from './cost-flow';
import type { DirectedLink } from './cost-paths';

/** Control packets (SYN, FIN, INIT, COOKIE, SHUTDOWN and their answers) per flow, at most. */
export const CONTROL_PACKETS_PER_FLOW = 12;

/** A directed link the flows use: what it can carry over the run and who uses it. */
export interface LinkUse {
  link: DirectedLink;
  /** Models using it (index into the run's models) and its position on their path. */
  users: { m: number; at: number }[];
}

/** What one flow sends, and the packet events it makes. */
export interface FlowTally {
  /** Data packets through its path's binding link (TCP, SCTP) or every link (UDP). */
  through: number;
  sends: number;
  drops: number;
  acks: number;
  events: number;
}

export const packetRate = (d: DirectedLink, bytes: number) => d.cfg.bandwidthBps / (8 * bytes);

/** Packets of `bytes` link `d` can depart from `fromS` to `stopS` (and what waits in its queue). */
export function linkPackets(d: DirectedLink, bytes: number, fromS: number, stopS: number): number {
  return packetRate(d, bytes) * Math.max(0, stopS - fromS) + d.cfg.queueLimit + 1;
}

/**
 * A UDP flow's datagrams reaching each link of its path: `sent` at the first, then what each link
 * carries — a link alone at most its rate over the run plus its queue, a shared link what the
 * knapsack gave it (`fixed`, once known) — less the random losses of the loss point.
 */
export function udpChain(
  m: FlowModel,
  sent: number,
  stopS: number,
  uses: Map<number, LinkUse>,
  fixed: { at: number; carried: number } | null,
): number[] {
  const arrivals: number[] = [];
  let a = sent;
  m.path.forEach((d, at) => {
    arrivals.push(a);
    if (m.loss.at === at && !m.loss.onWire) a *= 1 - m.loss.mean;
    if (fixed && fixed.at === at) a = Math.min(a, fixed.carried);
    else if ((uses.get(d.key)?.users.length ?? 1) === 1)
      a = Math.min(a, linkPackets(d, m.bytes, m.flow.startS, stopS));
    if (m.loss.at === at && m.loss.onWire) a *= 1 - m.loss.mean;
  });
  arrivals.push(a);
  return arrivals;
}

/**
 * A UDP flow's events from its chain: each datagram sent, then at each link one event per
 * datagram reaching it (dropped, or departed) and one per datagram it carries (the arrival or
 * delivery at its far end).
 */
export function udpTally(m: FlowModel, arrivals: readonly number[]): FlowTally {
  const sends = arrivals[0] ?? 0;
  let events = sends;
  for (let i = 0; i < m.path.length; i++) events += arrivals[i]! + arrivals[i + 1]!;
  return {
    through: arrivals[m.path.length] ?? 0,
    sends,
    drops: sends - (arrivals[m.path.length] ?? 0),
    acks: 0,
    events,
  };
}

/**
 * A TCP or SCTP flow's events: `through` data packets cross its path (2h + 1 events each), the
 * drops on the way (2k events at the k-th link, one more on the wire), the ACKs back (2h' + 1
 * each) and the control exchange.
 */
export function transportTally(
  m: FlowModel,
  through: number,
  congestion: number,
  tightAt: number,
  overshoot: number,
  acks: AckModel,
  cfg: SimConfig,
): FlowTally {
  const p = m.loss.mean;
  const lossAt = Math.max(0, m.loss.at);
  // random drops: their expectation with three standard deviations of room, on what gets
  // through (a multi-homed association: at most what its lossiest path carries alone)
  const lossy = Math.min(through, m.lossyDemand);
  const random = p > 0 ? (p / (1 - Math.min(p, 0.99))) * lossy + 3 * Math.sqrt(p * lossy) + 1 : 0;
  const congested = congestion * through + overshoot;
  const down = linkDownDrops(m, cfg);
  const drops = congested + (m.loss.onWire ? 0 : random) + m.loss.scripted + down;
  // what still waits in its tightest queue at stop: sent, not through
  const queue = m.path[tightAt]?.cfg.queueLimit ?? 0;
  const queued = Math.min(m.window, queue + 1);
  // (a multi-homed association resends to another address: a loss on one path arrives over
  // the other, an original and its retransmission may both arrive — a SACK per packet sent)
  const multi = m.paths.length > 1;
  const received = multi ? through + drops : m.loss.onWire ? through - random : through;
  const n = Math.max(0, received);
  const ackCount = n * ackShareOf(acks, n);
  const events =
    (2 * m.hops + 1) * through +
    2 * (tightAt + 1) * congested +
    (m.loss.onWire ? 0 : 2 * (lossAt + 1) * random) +
    2 * (lossAt + 1) * m.loss.scripted +
    2 * m.hops * down +
    2 * (tightAt + 1) * queued +
    (2 * m.ackHops + 1) * (ackCount + controlPackets(m));
  return { through, sends: through + drops + queued, drops, acks: ackCount, events };
}

/**
 * Control packets of a TCP or SCTP flow: the handshake and close (CONTROL_PACKETS_PER_FLOW),
 * and an SCTP association's HEARTBEATs and their answers — a path's HEARTBEAT timer runs RTO +
 * HB.interval ± RTO/2 (RTO ≥ RTO.Min), so at most one per (RTO.Min / 2 + HB.interval) per path.
 */
export function controlPackets(m: FlowModel): number {
  const f = m.flow;
  if (!isSctpSender(f.sender) || f.hbIntervalS === 0) return CONTROL_PACKETS_PER_FLOW;
  const period = Math.max(f.minRtoS / 2 + (f.hbIntervalS ?? 30), 0.01);
  return CONTROL_PACKETS_PER_FLOW + (2 * m.paths.length * m.activeS) / period;
}

/**
 * Data packets a flow loses to links going down (SimConfig.linkEvents): a window's worth on the
 * wire and in the queues at each failure on its paths, and while a link stays down one
 * retransmission per minimum RTO.
 */
function linkDownDrops(m: FlowModel, cfg: SimConfig): number {
  const events = cfg.linkEvents ?? [];
  if (events.length === 0) return 0;
  let drops = 0;
  for (const e of events) {
    if (e.up) continue;
    const on = m.paths.some((p) =>
      p.some(
        (d) =>
          (d.cfg.a === e.link.a && d.cfg.b === e.link.b) ||
          (d.cfg.a === e.link.b && d.cfg.b === e.link.a),
      ),
    );
    if (!on || e.at >= cfg.stopS) continue;
    drops += m.window + (cfg.stopS - e.at) / Math.max(m.flow.minRtoS, 1e-3);
  }
  return drops;
}
