/**
 * The run-cost bound's (cost.ts) drops at a window's first overflow of a link: once at each
 * link that is the tightest of some TCP/SCTP flows, the slow-start overshoot (the last doubling
 * round overfills the link's pipe) and the first flight's burst (an initial window larger than
 * the link's queue, sent before any ACK can clock it).
 */
import type { FlowModel } from './cost-flow';
import type { DirectedLink } from './cost-paths';
import { packetRate } from './cost-tally';

/**
 * Drops of the first flight's burst per packet the flight overflows the tightest queue by: L
 * packets lost, then each of them resent once in a burst of at most the cut window — SCTP's
 * fast retransmit marks every chunk with enough missing reports and sends them as far as the
 * halved cwnd lets, at once (RtxMarkedChunks, sctp/output.ts), and a chunk is fast-retransmitted
 * only once (ineligibleForFastRtx): at most L of the resends are lost again, and those wait for
 * the T3-rtx timer, which resends from a cwnd of 1 MTU. Measured: an initial cwnd of 39 MTUs of
 * 64-byte chunks (716 chunks) into a 25-packet queue lost 691 at once and 298 of its 367
 * resends. TCP's recovery after such a burst is clocked by its ACKs (SACK and NewReno with an
 * initial window of 100 into an 8-packet queue lost 88, then one packet more): within 2L too.
 */
export const FIRST_FLIGHT_DROPS_PER_OVERFLOW = 2;

/**
 * Each TCP/SCTP flow's overshoot drops (by index of `models`), given the index on its path of
 * its tightest link (`tightAt`: −1 for none; UDP flows get 0).
 *
 * Slow start: the flows whose tightest link it is overfill it once a round's burst (half the
 * window: two packets leave per ACK, one is served) passes its queue, or their windows pass its
 * pipe (bandwidth × round trip + queue); the last doubling round then loses at most the pipe,
 * shared by the flows as their windows.
 *
 * First flight: the flows' first flights (FlowModel.firstFlight: the initial window, at most the
 * receiver window and what the application offers before an ACK can return) leave at once at
 * their first links' rates, no ACK clocking them yet, and meet at the link together at most; its
 * queue holds Q + 1 of them (Q its limit; the ones it serves meanwhile are not counted), the
 * rest, L = Σ first flights − Q − 1, are lost, and their resends lose at most L more
 * (FIRST_FLIGHT_DROPS_PER_OVERFLOW), shared as the first flights. The first flights' losses
 * end slow start for a while; they are counted besides the slow-start overshoot, which may
 * follow a timeout.
 */
export function overshootDrops(models: readonly FlowModel[], tightAt: readonly number[]): number[] {
  const overshoot = new Array<number>(models.length).fill(0);
  const groups = new Map<number, { link: DirectedLink; users: number[] }>();
  models.forEach((m, i) => {
    const at = tightAt[i]!;
    if (m.udp || at < 0) return;
    const link = m.path[at]!;
    let g = groups.get(link.key);
    if (!g) groups.set(link.key, (g = { link, users: [] }));
    g.users.push(i);
  });
  for (const { link, users } of groups.values()) {
    let windows = 0;
    let flights = 0;
    const flight = (i: number) => models[i]!.firstFlight;
    let rtt = 0;
    let bytes = 0;
    for (const i of users) {
      windows += models[i]!.window;
      flights += flight(i);
      rtt += models[i]!.rttS;
      bytes += models[i]!.bytes;
    }
    const queue = link.cfg.queueLimit;
    const pipe = packetRate(link, bytes / users.length) * (rtt / users.length) + queue;
    const slowStart = windows <= Math.min(pipe, 2 * queue) ? 0 : Math.min(windows, pipe);
    const burst = FIRST_FLIGHT_DROPS_PER_OVERFLOW * Math.max(0, flights - queue - 1);
    for (const i of users) {
      const share = burst > 0 ? (burst * flight(i)) / flights : 0;
      overshoot[i] = (slowStart * models[i]!.window) / windows + share;
    }
  }
  return overshoot;
}
