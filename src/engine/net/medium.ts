/**
 * A shared medium: one radio cell whose members reach each other over the air instead of over
 * point-to-point links (issue 28). An 802.11 DCF cell (net/wifi/) and an 802.16 scheduled cell
 * are the two kinds. The network builds each `SimConfig.media` entry through its kind's factory
 * (media.ts) after the wired links; the medium hands back its ports — one directed Hop per
 * (sender, receiver) pair it can carry — and the network routes over them exactly as over a
 * DirectedLink pair (hop count, link listed first on ties; ports come after every wired link in
 * the link order, so adding a medium changes no wired route that existed without it).
 *
 * Shape a medium follows:
 * - ports: `Hop`s with consecutive indices from `ctx.firstIndex`, each with its LinkInfo
 *   (`info`, with `medium` = the medium's index in SimConfig.media) for Trace.links;
 * - a port's `recv(p)` puts `p` in the sending member's own interface queue (one per member,
 *   shared by that member's ports: drop-tail, the member's `queueLimit`, ns-2's rule — a packet
 *   is dropped when waiting + 1 ≥ limit, the frame the MAC is serving counting as the one);
 * - packet events: `depart` when a packet's frame first goes on the air (once per packet,
 *   however many attempts), `drop` with DropCause.overflow (interface queue), DropCause.macRetry
 *   (retry limit reached) or DropCause.random (a medium's frame errors when it has no retries),
 *   delivery by `ctx.far.arrive(to, p, port)` when the frame is received;
 * - per-member MAC counters (`stats()`, both record modes), the medium's busy time and the bytes
 *   it delivered (`occupancy()`) and, in a full trace, MAC rows (`rows()`: transmissions,
 *   backoff draws, collisions, retries per member; trace/mac-rows.ts).
 * Everything random comes from streams named by the member (RandomStream(seed, name, index)),
 * so adding a member changes no other member's draws.
 */
import type { Scheduler } from '../core/scheduler';
import type { TraceSink } from '../trace/sink';
import type { LinkInfo, MacStats } from '../trace/types';
import type { MacColumns } from '../trace/mac-rows';
import type { Hop, LinkFarEnd } from './hop';

/** What a medium's factory gets from the network. */
export interface MediumContext {
  readonly sched: Scheduler;
  readonly rec: TraceSink;
  /** The run's seed (SimConfig.seed). */
  readonly seed: number;
  /** Node index of a node name. @throws Error for an unknown node. */
  nodeIndex(name: string): number;
  /** The index the medium's first port takes (ports are numbered consecutively). */
  readonly firstIndex: number;
  /** The medium's index in SimConfig.media. */
  readonly mediumIndex: number;
  /** Where ports deliver (the network). */
  readonly far: LinkFarEnd;
  /** Keep MAC rows (a full trace). */
  readonly recordRows: boolean;
}

/** A medium port: a Hop with what Trace.links says about it. */
export interface MediumPort extends Hop {
  readonly info: LinkInfo;
}

export interface SharedMedium {
  readonly ports: readonly MediumPort[];
  /** Per-member MAC counters, in the order of the medium's `nodes`. */
  stats(): MacStats[];
  /** MAC rows of a full trace (null when not recorded). */
  rows(): MacColumns | null;
  /** What the medium carried as of now: MediumInfo.busyS and deliveredBytes. */
  occupancy(): { busyS: number; deliveredBytes: number };
}
