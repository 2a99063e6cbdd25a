/**
 * A run's identity for tests that loop over presets: the engine config's JSON text, with the
 * numbers JSON cannot write (Infinity, NaN) and undefined fields spelled out, so two configs with
 * the same key run the same (a run, its trace and everything read from it are functions of the
 * config alone: the engine is deterministic). Many presets open on one config — Vicuña et al.'s
 * scenarios b–g and vicuna-wired open on scenario a's clients, fall-floyd is ff-0-drops, the
 * WiMAX scenarios b, d and e share theirs — so a loop that works per config does a third less.
 */
import type { SimConfig } from '../../src/engine';

/** The config's identity as text (equal texts: equal runs). */
export const configKey = (cfg: SimConfig): string =>
  JSON.stringify(cfg, (_, v: unknown) =>
    v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? String(v) : v,
  );

/**
 * `fn` kept per config: the first call for a config computes it, later calls with an equal
 * config (configKey) return the same value. Arguments after the config (a label for messages)
 * must not change the result: they are not part of the key. The memo lives as long as the
 * returned function.
 */
export function memoByConfig<A extends unknown[], T>(
  fn: (cfg: SimConfig, ...rest: A) => T,
): (cfg: SimConfig, ...rest: A) => T {
  const kept = new Map<string, T>();
  return (cfg, ...rest) => {
    const key = configKey(cfg);
    if (!kept.has(key)) kept.set(key, fn(cfg, ...rest));
    return kept.get(key)!;
  };
}
