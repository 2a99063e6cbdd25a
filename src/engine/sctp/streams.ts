import type { FlowConfig } from '../config';

/**
 * Multistreaming on the receiver side (RFC 4960 §6.5–§6.6). Stub seam: with one stream the
 * receiver's in-order delivery is the stream's.
 *
 * The receiver (receiver.ts) calls `arrived(tsn)` for every new DATA chunk it stores and
 * `forwarded(cumTsn)` when a FORWARD-TSN moves its Cumulative TSN (RFC 3758 §3.6).
 */
export class StreamDelivery {
  readonly streams: number;

  constructor(cfg: FlowConfig) {
    this.streams = Math.max(1, cfg.streams ?? 1);
  }

  arrived(_tsn: number): void {}

  forwarded(_cumTsn: number): void {}
}
