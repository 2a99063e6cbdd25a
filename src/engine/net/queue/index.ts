/**
 * The queue-discipline registry: LinkConfig.queue (a discriminated union on `kind`, each
 * member's type in its discipline's file) → the QueueDisc a link direction runs. One entry
 * per AqmKind (`satisfies`, so a kind without its entry does not compile).
 */
import { DropTail, type DropTailConfig } from './droptail';
import { Red, RED_STATE_NAMES, type RedConfig } from './red';
import type { AqmKind, QueueContext, QueueDisc } from './queue-disc';

export type { AqmKind, QueueContext, QueueDisc } from './queue-disc';
export { EcnCodepoint } from './queue-disc';
export type { DropTailConfig } from './droptail';
export { RED_DEFAULTS, redWeight, type RedConfig } from './red';

/** The configuration of a discipline not built yet: its kind only. */
export interface UnbuiltQueueConfig<K extends AqmKind> {
  kind: K;
}

/** A link direction's discipline and its parameters (LinkConfig.queue; absent = drop-tail). */
export type QueueConfig =
  | DropTailConfig
  | RedConfig
  | UnbuiltQueueConfig<'codel'>
  | UnbuiltQueueConfig<'fq-codel'>
  | UnbuiltQueueConfig<'pie'>;

/**
 * What each discipline's state samples hold (Trace.aqm columns `a`, `b`): names for tables,
 * units in the discipline's file; null for a discipline that records none.
 */
export const AQM_STATE_NAMES = {
  droptail: null,
  red: RED_STATE_NAMES,
  codel: null,
  'fq-codel': null,
  pie: null,
} satisfies Record<AqmKind, readonly [string, string] | null>;

/** Builds kind K's discipline for a link with drop-tail limit `limit` (packets). */
type QueueDiscFactory<K extends AqmKind> = (
  cfg: Extract<QueueConfig, { kind: K }>,
  limit: number,
  ctx: QueueContext,
) => QueueDisc;

/** Factories of the disciplines not built yet. */
const UNBUILT = new Set<unknown>();

/** A factory that refuses: the discipline is not in the engine yet. */
function notBuilt(kind: AqmKind): () => never {
  const f = (): never => {
    throw new Error(`queue discipline '${kind}' is not built yet`);
  };
  UNBUILT.add(f);
  return f;
}

const FACTORIES = {
  droptail: (_cfg, limit, ctx) => new DropTail(limit, ctx),
  red: (cfg, limit, ctx) => new Red(cfg, limit, ctx),
  codel: notBuilt('codel'),
  'fq-codel': notBuilt('fq-codel'),
  pie: notBuilt('pie'),
} satisfies { [K in AqmKind]: QueueDiscFactory<K> };

/** The disciplines the engine can run now (the others throw from makeQueueDisc). */
export function queueDiscBuilt(kind: AqmKind): boolean {
  return !UNBUILT.has(FACTORIES[kind]);
}

/**
 * The discipline `cfg` asks for on a link with drop-tail limit `limit` (packets), reporting to
 * `ctx`. @throws Error for a discipline not built yet.
 */
export function makeQueueDisc(cfg: QueueConfig, limit: number, ctx: QueueContext): QueueDisc {
  const make = FACTORIES[cfg.kind] as QueueDiscFactory<AqmKind>;
  return make(cfg as never, limit, ctx);
}
