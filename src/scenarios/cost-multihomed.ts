/**
 * Multi-homed SCTP associations sharing their bottlenecks, for the run-cost bound (cost.ts).
 *
 * An association may send on any of its paths (failover, or all at once with CMT), so the
 * bound follows no single path for it; but every data packet it gets through crosses the
 * slowest link of the path it took. Associations whose paths have the same set of slowest
 * links therefore share, between them, at most what those links carry over the run: each
 * link's bandwidth × (stop − the group's first start) plus a full queue. Without this cap the
 * bound grew with the number of associations (64 SCTP associations on the mobile-multihomed
 * network for 200 s: 50.6 M packet events bounded, 0.62 M real).
 */
import type { FlowModel } from './cost-flow';
import { packetRate } from './cost-tally';
import type { DirectedLink } from './cost-paths';

/** The slowest link of a path, for packets of `bytes` (the last one on ties: cost-flow.ts). */
function slowestOf(path: readonly DirectedLink[], bytes: number): DirectedLink | undefined {
  let best: DirectedLink | undefined;
  for (const d of path) if (!best || packetRate(d, bytes) <= packetRate(best, bytes)) best = d;
  return best;
}

/**
 * Scale the multi-homed associations (models with more than one path) down to what their
 * paths' slowest links carry, group by group (in place on `through`, data packets). Within a
 * group the capacity goes first to the associations whose packets make the most events per
 * byte (`eventsPerPacket`; a fractional knapsack, as for a shared link), each at most its own
 * `through`. Single-path flows on the same links are not counted against the capacity (an
 * upper bound either way).
 */
export function shareMultiHomed(
  models: readonly FlowModel[],
  through: number[],
  eventsPerPacket: readonly number[],
  stopS: number,
): void {
  const groups = new Map<string, { links: Map<number, DirectedLink>; users: number[] }>();
  models.forEach((m, i) => {
    if (m.paths.length < 2 || m.udp) return;
    const links = new Map<number, DirectedLink>();
    for (const p of m.paths) {
      const d = slowestOf(p, m.bytes);
      if (d) links.set(d.key, d);
    }
    const key = [...links.keys()].sort((a, b) => a - b).join(',');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { links, users: [] }));
    g.users.push(i);
  });
  for (const { links, users } of groups.values()) {
    if (users.length < 2) continue;
    let from = Infinity;
    let biggest = 0;
    for (const i of users) {
      from = Math.min(from, models[i]!.flow.startS);
      biggest = Math.max(biggest, models[i]!.bytes);
    }
    let room = 0;
    for (const d of links.values()) {
      room +=
        (d.cfg.bandwidthBps / 8) * Math.max(0, stopS - from) + (d.cfg.queueLimit + 1) * biggest;
    }
    const order = [...users].sort(
      (a, b) => eventsPerPacket[b]! / models[b]!.bytes - eventsPerPacket[a]! / models[a]!.bytes,
    );
    for (const i of order) {
      const bytes = models[i]!.bytes;
      const take = Math.min(through[i]!, Math.max(0, room) / bytes);
      through[i] = take;
      room -= take * bytes;
    }
  }
}
