import type { Packet } from './packet';

/** What receives a link's delivered packets: a packet `p` reaches node `node` by link `link`. */
export interface LinkFarEnd {
  arrive(node: number, p: Packet, link: number): void;
}

/**
 * One direction of a link as the network sees it: a point-to-point link (link.ts) or a
 * station's direction of a shared medium (wimax/cell.ts). The network hands it packets at its
 * head (`recv`), reads its queue and counters, and takes it down and up.
 */
export interface LinkPort {
  readonly index: number;
  /** Node indices of its two ends. */
  readonly from: number;
  readonly to: number;
  /** Packets waiting (not counting one being transmitted). */
  readonly queueLength: number;
  /** The link carries traffic. */
  readonly up: boolean;
  /** Packets that left the queue for transmission. */
  readonly departures: number;
  readonly drops: { scripted: number; overflow: number; random: number };
  /** Packets dropped because the link was down. */
  readonly downDrops: number;
  /** Seconds of a shared medium's airtime taken (wireless ports only). */
  readonly airtimeS?: number;
  /** A packet arrives at the link's head. */
  recv(p: Packet): void;
  /** Hand delivered packets to `far` (the network). */
  deliverTo(far: LinkFarEnd): void;
  /** The link fails: drop what it holds, and every packet reaching it until `bringUp`. */
  takeDown(): void;
  bringUp(): void;
}
