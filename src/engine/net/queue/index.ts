/**
 * The queue-discipline registry: LinkConfig.queue (a discriminated union on `kind`, each
 * member's type in its discipline's file) → the QueueDisc a link direction runs. One entry
 * per AqmKind (`satisfies`, so a kind without its entry does not compile).
 */
import { CoDel, CODEL_STATE_NAMES, type CoDelConfig } from './codel';
import { DropTail, type DropTailConfig } from './droptail';
import { FqCoDel, FQ_CODEL_STATE_NAMES, type FqCoDelConfig } from './fq-codel';
import { Pie, PIE_STATE_NAMES, type PieConfig } from './pie';
import { Red, RED_STATE_NAMES, type RedConfig } from './red';
import type { AqmKind, QueueContext, QueueDisc } from './queue-disc';

export type { AqmKind, QueueContext, QueueDisc } from './queue-disc';
export { EcnCodepoint } from './queue-disc';
export type { DropTailConfig } from './droptail';
export { CODEL_DEFAULTS, type CoDelConfig } from './codel';
export { FQ_CODEL_DEFAULTS, type FqCoDelConfig } from './fq-codel';
export { PIE_DEFAULTS, type PieConfig } from './pie';
export { RED_DEFAULTS, redWeight, type RedConfig } from './red';

/** A link direction's discipline and its parameters (LinkConfig.queue; absent = drop-tail). */
export type QueueConfig = DropTailConfig | RedConfig | CoDelConfig | FqCoDelConfig | PieConfig;

/**
 * What each discipline's state samples hold (Trace.aqm columns `a`, `b`): names for tables,
 * units in the discipline's file; null for a discipline that records none.
 */
export const AQM_STATE_NAMES = {
  droptail: null,
  red: RED_STATE_NAMES,
  codel: CODEL_STATE_NAMES,
  'fq-codel': FQ_CODEL_STATE_NAMES,
  pie: PIE_STATE_NAMES,
} satisfies Record<AqmKind, readonly [string, string] | null>;

/** Builds kind K's discipline for a link with drop-tail limit `limit` (packets). */
type QueueDiscFactory<K extends AqmKind> = (
  cfg: Extract<QueueConfig, { kind: K }>,
  limit: number,
  ctx: QueueContext,
) => QueueDisc;

const FACTORIES = {
  droptail: (_cfg, limit, ctx) => new DropTail(limit, ctx),
  red: (cfg, limit, ctx) => new Red(cfg, limit, ctx),
  codel: (cfg, limit, ctx) => new CoDel(cfg, limit, ctx),
  'fq-codel': (cfg, limit, ctx) => new FqCoDel(cfg, limit, ctx),
  pie: (cfg, limit, ctx) => new Pie(cfg, limit, ctx),
} satisfies { [K in AqmKind]: QueueDiscFactory<K> };

/** The disciplines the engine can run (every AqmKind now; the scenario keys still ask). */
export function queueDiscBuilt(kind: AqmKind): boolean {
  return kind in FACTORIES;
}

/**
 * The discipline `cfg` asks for on a link with drop-tail limit `limit` (packets), reporting to
 * `ctx`.
 */
export function makeQueueDisc(cfg: QueueConfig, limit: number, ctx: QueueContext): QueueDisc {
  const make = FACTORIES[cfg.kind] as QueueDiscFactory<AqmKind>;
  return make(cfg as never, limit, ctx);
}
