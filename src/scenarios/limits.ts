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
 * The run budget (budget.ts): a scenario is refused when the estimate of its run (cost.ts, an
 * upper bound) passes any of these. MAX_RUN_EVENTS is the one a user meets: at the per-event
 * costs measured in cost.ts (COST_CONSTANTS) it is about 8 s of CPU in Node and 644 MB in the
 * page; the other two are guards in the same units as the README's "Limits".
 */
/** Most packet events (send, arrive, depart, drop, deliver) a run may simulate. */
export const MAX_RUN_EVENTS = 8_000_000;

/** Most CPU seconds a full-trace run may take in Node (estimated). */
export const MAX_RUN_CPU_SECONDS = 30;

/** Most megabytes (10⁶ bytes) the page may hold for a run's trace and its indexes (estimated). */
export const MAX_PAGE_MB = 1000;

/**
 * `maxEvents` to pass to the engine's run() for a scenario that passed the budget: a backstop
 * should the estimate ever be wrong. The engine counts its own scheduler events, 0.47–0.59 per
 * packet event in our measurements, so a run the budget accepts (at most MAX_RUN_EVENTS packet
 * events) stays near half of it. The packet events themselves are bounded by runGuards
 * (budget.ts): a UDP source can make many in one scheduler event.
 */
export const RUN_GUARD_EVENTS = MAX_RUN_EVENTS;

/**
 * A run stops with an error once its packet events pass its own estimate (cost.ts, an upper
 * bound) by this factor, so a run the estimate misjudged still ends within about the time and
 * memory the estimate stated, instead of running on (runGuards, budget.ts).
 */
export const RUN_GUARD_MARGIN = 1.25;

/** The packet-event guard of a run is never below this (small runs: estimate rounding). */
export const RUN_GUARD_MIN_PACKET_EVENTS = 100_000;

/** Most errors reported for one query (the rest are summarised in one line). */
export const MAX_ERRORS = 20;

/** Longest raw value quoted back in an error message, characters. */
export const MAX_QUOTED_CHARS = 40;
