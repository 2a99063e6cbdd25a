import type { SctpPath } from './path';
import type { SctpShell } from './shell';

/*
 * SACK bookkeeping shared by plain (sack.ts) and CMT (cmt-sack.ts, cmt-output.ts) processing.
 */

/**
 * The peer's rwnd: a_rwnd `arwnd` less the bytes in flight on all paths, not below 0 (RFC 4960
 * §6.2.1 D ii). Bytes.
 */
export function setPeerRwnd(s: SctpShell, arwnd: number): void {
  const total = s.totalFlight();
  s.peerRwnd = total <= arwnd ? arwnd - total : 0;
}

/**
 * Path `p` after a SACK (plain and CMT): its newly acked bytes leave its outstanding bytes (not
 * below 0); with nothing outstanding partial_bytes_acked is cleared (RFC 4960 §7.2.2) and T3-rtx
 * stopped (§6.3.2 R2), else T3-rtx runs (§6.3.2 R3). Bytes.
 */
export function settleOutstanding(s: SctpShell, p: SctpPath): void {
  p.outstanding = p.newlyAckedBytes <= p.outstanding ? p.outstanding - p.newlyAckedBytes : 0;
  if (p.outstanding === 0) {
    p.partialBytesAcked = 0; // §7.2.2
    if (p.t3Running) s.stopT3(p); // §6.3.2 R2
  }
  if (p.outstanding > 0 && !p.t3Running) s.startT3(p); // §6.3.2 R3
}
