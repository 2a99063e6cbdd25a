import type { Packet } from './packet';

/** What receives a hop's delivered packets: a packet `p` reaches node `node` by hop `link`. */
export interface LinkFarEnd {
  arrive(node: number, p: Packet, link: number): void;
}

/**
 * One directed hop the network routes over, from node `from` to node `to`: a direction of a
 * point-to-point link (DirectedLink, link.ts) or a port of a shared medium (medium.ts) — an
 * 802.11 cell's station → AP, or any pair of an ad hoc cell. Its `index` is the link id of the
 * trace (PacketEventColumns.link, Trace.links). Routing (hop count), link events and the trace
 * see only this interface.
 */
export interface Hop {
  readonly index: number;
  readonly from: number;
  readonly to: number;
  /** Packets waiting at this hop's sender (a medium port: its station's interface queue). */
  readonly queueLength: number;
  /** The hop carries traffic (false between takeDown and bringUp). */
  readonly up: boolean;
  /** Packets that started transmission (a medium port: frames put on the air, first attempt). */
  readonly departures: number;
  /** Drops by cause (LinkStats.drops); `random` also counts a medium's MAC retry-limit drops. */
  readonly drops: { scripted: number; overflow: number; random: number };
  /** Packets dropped because the hop was down (DropCause.linkDown). */
  readonly downDrops: number;
  /** A packet arrives at this hop's sending end (at node `from`). */
  recv(p: Packet): void;
  /** Drop what the hop holds and refuse packets until bringUp (net/link-events.ts). */
  takeDown(): void;
  bringUp(): void;
  /** Where delivered packets go (the network). */
  deliverTo(far: LinkFarEnd): void;
}
