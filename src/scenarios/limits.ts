/**
 * Limits that keep hostile or mistaken input from hanging the page or the engine. They are
 * checked before any work proportional to the input is done.
 */

/** Longest query string accepted, characters (a full scenario is well under 300). */
export const MAX_QUERY_CHARS = 4096;

/** Most entries in one drop list (`drops`, `drops2`). */
export const MAX_DROPS = 1000;

/** Highest packet number a drop may name (1-based). */
export const MAX_DROP_PACKET = 100_000;

/** Highest transmission number a drop may name (`p:k`, 1-based). */
export const MAX_DROP_TRANSMISSION = 100;

/**
 * Most packets a run may simulate, estimated as stop · bw / (8 · (mss + 40)): the bottleneck
 * running flat out for the whole run. About 10 trace events (≈ 35 bytes each) per packet, so
 * this bounds a run near 10⁷ events (≈ 350 MB of trace, tens of seconds in a browser tab).
 */
export const MAX_SIM_PACKETS = 1_000_000;

/** Most errors reported for one query (the rest are summarised in one line). */
export const MAX_ERRORS = 20;

/** Longest raw value quoted back in an error message, characters. */
export const MAX_QUOTED_CHARS = 40;

/** Estimated packets a run would simulate (see MAX_SIM_PACKETS). */
export function estimatedPackets(stopS: number, bwBps: number, mssBytes: number): number {
  return (stopS * bwBps) / (8 * (mssBytes + 40));
}
