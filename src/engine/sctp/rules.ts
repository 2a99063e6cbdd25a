/**
 * The SCTP sender's two rule sets (FlowConfig.rules): `ns2` follows ns-2.35's sctp/sctp.cc (the
 * fixtures' oracle, the default), `rfc` follows RFC 4960 as written where sctp.cc departs from
 * it. Each difference, with the RFC passage and the ns-2 function:
 *
 * 1. Chunks marked for retransmission and the flight size. RFC 4960 §6.2.1 C1 gives a chunk's
 *    bytes back to the peer's rwnd when it is marked (T3-rtx expiry §6.3.3, fast retransmit
 *    §7.2.4), D ii sets rwnd = a_rwnd − the bytes "still outstanding", and §6.1 C sends marked
 *    chunks "limited by the current cwnd": a marked chunk has left the flight and counts again
 *    only once it is resent. ns-2 MarkChunkForRtx adds the bytes to uiPeerRwnd but leaves them
 *    in iOutstandingBytes; only RtxMarkedChunks takes all marked chunks out while it decides
 *    what cwnd allows, and puts the unsent ones back at its end ("ugh... there has to be a
 *    better way!"). So in ns-2 marked chunks count toward the flight size that §7.2.1 / §7.2.2
 *    ask to be full before cwnd grows (AdjustCwnd), and toward the outstanding bytes taken from
 *    a_rwnd (ProcessSackChunk). Under `rfc` they leave it (`flightOf`).
 * 2. The cwnd unit. RFC 4960 §7.2.1–§7.2.3 count cwnd, its steps, the ssthresh floor and the
 *    timeout window in MTUs of the path (e.g. 1500 bytes); ns-2 counts them in uiMaxDataSize =
 *    mtu_ − 32, the largest DATA chunk such a packet holds (sctp.cc Reset, AdjustCwnd, FastRtx,
 *    Timeout). Under `rfc` the unit is FlowConfig.pathMtuBytes as written (`cwndUnitOf`).
 * 3. The initial cwnd. RFC 4960 §7.2.1: min(4·MTU, max(2·MTU, 4380)); ns-2 Reset computes it
 *    with its own unit (mtu_ − 32). Both give 4380 for path MTUs of 1127–2190 bytes (ns-2's
 *    mtu_ 1500 among them) and part outside that range. The scenario layer sets FlowConfig.initialCwndBytes per rule set.
 * 4. partial_bytes_acked. RFC 4960 §7.2.2 adds the bytes of all chunks newly acknowledged by a
 *    SACK that advances the Cumulative TSN Ack (cwnd > ssthresh), and asks for a full window
 *    only before the increase; ns-2 SendBufferDequeueUpTo adds cumulatively acked bytes only
 *    when iOutstandingBytes ≥ cwnd (its reading of the Implementer's Guide), Gap-Acked bytes
 *    always (`pbaCountsCumAck`).
 * 5. T3-rtx expiry at cwnd ≤ 1 MTU. RFC 4960 §6.3.3 E1 / §7.2.3 always set ssthresh =
 *    max(cwnd/2, 4·MTU) and cwnd = 1·MTU; ns-2 Timeout does so only if cwnd > 1 MTU ("used for
 *    some reason but for now we dont know why"), so a second timeout in a row keeps the first
 *    one's ssthresh (`t3Cut`).
 *
 * Equal in both (not differences): slow start while cwnd ≤ ssthresh (§7.2.1), the ssthresh
 * floor of 4·MTU (§7.2.3, FastRtx), one packet of marked chunks at a fast retransmit or a timeout
 * whatever cwnd allows (§7.2.4 step 3, §6.3.3 E3), the T3-rtx timer stopped and
 * partial_bytes_acked reset when nothing is left unacknowledged (§6.3.2 R2, §7.2.2: marked
 * chunks are not acknowledged, so they keep both).
 */
import type { FlowConfig } from '../config';
import { mtuUnitOf } from './chunks';
import type { SctpPath } from './path';
import { rfc4960InitialCwnd } from './variant';

/** Which text the SCTP sender follows where sctp.cc and RFC 4960 differ (FlowConfig.rules). */
export type SctpRules = NonNullable<FlowConfig['rules']>;

/**
 * The cwnd unit ("MTU" of RFC 4960 §7.2) in bytes: ns-2's uiMaxDataSize (pathMtuBytes − 32,
 * chunks.ts mtuUnitOf) under `ns2`, the path MTU as written under `rfc`; the chunk size under
 * both when FlowConfig.pathMtuBytes is unset (the chunk fills the MTU).
 */
export function cwndUnitOf(cfg: FlowConfig, rules: SctpRules): number {
  if (rules === 'rfc' && cfg.pathMtuBytes !== undefined) return cfg.pathMtuBytes;
  return mtuUnitOf(cfg);
}

/**
 * Bytes in flight on a path, as the rule set counts them: ns-2's iOutstandingBytes (marked
 * chunks included) under `ns2`; without the chunks marked for retransmission under `rfc`
 * (RFC 4960 §6.1 C, §6.2.1 C1 / D ii).
 */
export function flightOf(p: SctpPath, rules: SctpRules): number {
  return rules === 'rfc' ? p.outstanding - p.markedBytes : p.outstanding;
}

/**
 * Whether a cumulatively acked chunk's bytes go to partial_bytes_acked (in congestion
 * avoidance): RFC 4960 §7.2.2 always; ns-2 SendBufferDequeueUpTo only when iOutstandingBytes ≥
 * cwnd (`outstanding` as before this SACK).
 */
export function pbaCountsCumAck(p: SctpPath, slowStart: boolean, rules: SctpRules): boolean {
  if (slowStart) return false;
  return rules === 'rfc' || p.outstanding >= p.cwnd;
}

/**
 * RFC 4960 §7.2.1's initial cwnd, min(4·MTU, max(2·MTU, 4380)) bytes with the path MTU as
 * written, when an ns-2 run starts from ns-2's own (the same formula in mtu_ − 32 units) and the
 * two differ; null otherwise (no path MTU, or an initial cwnd the scenario chose).
 */
export function rfcInitialCwndIfDifferent(cfg: FlowConfig, cwnd: number): number | null {
  if (cfg.pathMtuBytes === undefined || cfg.initialCwndBytes === undefined) return null;
  const ns2 = rfc4960InitialCwnd(mtuUnitOf(cfg));
  const rfc = rfc4960InitialCwnd(cfg.pathMtuBytes);
  return cfg.initialCwndBytes === ns2 && cwnd === ns2 && rfc !== ns2 ? rfc : null;
}
