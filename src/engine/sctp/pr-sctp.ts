import type { FlowConfig } from '../config';
import type { Chunk } from './queue';

/**
 * PR-SCTP timed reliability on the sender side (RFC 3758). Stub seam: with
 * FlowConfig.prLifetimeS unset every method is a no-op and the sender is fully reliable.
 *
 * The sender shell (sender.ts) calls:
 * - `beforeRetransmit(c)` before retransmitting a marked chunk: true = the chunk was abandoned
 *   (RFC 3758 §3.5 C1–C3) and must not be sent;
 * - `onT3()` at a T3-rtx expiry, before chunks are marked;
 * - `afterSack()` at the end of SACK processing: advance the Advanced.Peer.Ack.Point and send a
 *   FORWARD-TSN when it passes the Cumulative TSN Ack Point (§3.5 C1–C4, F1–F2).
 */
export class PrSctp {
  readonly enabled: boolean;

  constructor(cfg: FlowConfig) {
    this.enabled = cfg.prLifetimeS !== undefined;
  }

  beforeRetransmit(_c: Chunk): boolean {
    return false;
  }

  onT3(): void {}

  afterSack(): void {}
}
