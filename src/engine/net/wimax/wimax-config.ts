import type { WimaxParams } from './params';

/**
 * An 802.16-like cell as SimConfig.media describes it (net/wimax/; the scenario key
 * `link=wimax`): a base station and its subscriber stations, sharing the frames of params.ts.
 * Units: seconds, packets.
 */
export interface WimaxCellConfig extends WimaxParams {
  kind: 'wimax';
  /** Member node names: the base station and its subscriber stations. */
  nodes: string[];
  /** The base station (one of `nodes`): the cell carries BS ↔ station traffic only. */
  bs: string;
  /**
   * Each connection's queue, packets: one FIFO per direction of each station (802.16 queues per
   * connection, so the BS has one per station); a packet is dropped when this many wait, a
   * partly sent one included.
   */
  queueLimit: number;
  /** One-way propagation delay, s (added to every delivery). Default 0. */
  delayS?: number;
}
