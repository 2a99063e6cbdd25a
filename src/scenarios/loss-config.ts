/**
 * The random-loss keys (fields-loss.ts: `loss`, `burst`, `seed`, `losson`) and every flow's
 * `drops` → the engine's LossConfig: the loss point a topology places (scenarioLossPoint), its
 * Bernoulli rate or Gilbert–Elliott chain (randomLoss), and the packet types it hits with, when
 * ACKs or control packets are listed, a mirror in the other direction (withLossTypes, run by
 * config-of.ts after the topology's build). The loss keys become the loss config here only.
 */
import type { LossConfig, ScriptedDrop } from '../engine';
import type { DropSpec, FlowSpec, RunSettings, Scenario } from './types';

/**
 * The loss point's random part: with `burst` null, Bernoulli losses at `loss`; with a mean
 * burst length B ≥ 1 packets, a Gilbert chain (good state no loss, bad state every packet lost)
 * with P(bad → good) = 1/B and P(good → bad) = loss · (1/B) / (1 − loss), whose stationary loss
 * rate is `loss` and whose runs of losses last B packets on average (Gilbert 1960; Elliott
 * 1963). With loss 0 nothing is lost either way.
 */
export function randomLoss(
  run: Pick<RunSettings, 'loss' | 'burst'>,
): Pick<LossConfig, 'lossRate' | 'gilbert'> {
  if (run.burst === null || run.loss === 0) return { lossRate: run.loss };
  const pBadGood = 1 / run.burst;
  const pGoodBad = Math.min(1, (run.loss * pBadGood) / (1 - run.loss));
  return { lossRate: run.loss, gilbert: { pGoodBad, pBadGood, lossGood: 0, lossBad: 1 } };
}

/** The engine's scripted drops for one flow (`flow` 0-based). */
export function scriptedDrops(flow: number, drops: readonly DropSpec[]): ScriptedDrop[] {
  return drops.map((d) => ({ flow, packet: d.packet, transmission: d.transmission }));
}

/** Scripted drops of every flow. */
export function allScriptedDrops(flows: readonly FlowSpec[]): ScriptedDrop[] {
  return flows.flatMap((f, i) => scriptedDrops(i, f.drops));
}

/**
 * The loss point from → to: every flow's scripted drops and the run's random loss (`loss`,
 * `burst`, seeded by `seed`), in front of the queue unless the preset puts it on the wire.
 */
export function scenarioLossPoint(
  s: Scenario,
  from: string,
  to: string,
  lossPosition?: 'queue' | 'wire',
): LossConfig {
  return {
    from,
    to,
    drops: allScriptedDrops(s.flows),
    ...randomLoss(s),
    seed: s.seed,
    ...(lossPosition === 'wire' ? { position: 'wire' as const } : {}),
  };
}

/** The seed of a loss point's mirror (another stream of the run's seed, fixed), uint32. */
export function mirrorSeed(seed: number): number {
  return (seed ^ 0x9e3779b9) >>> 0;
}

/**
 * `losson` → LossConfig.types of every loss point, unless it is data only (the default, so
 * scenarios written before the key build the same SimConfig); with ACKs or control packets
 * listed, each loss point gets a mirror on the same link in the other direction (same random
 * loss, no scripted drops, its own seed), since a flow's ACKs travel against its data.
 */
export function withLossTypes(
  losses: readonly LossConfig[],
  losson: RunSettings['losson'],
): LossConfig[] {
  const dataOnly = losson.length === 1 && losson[0] === 'data';
  if (dataOnly) return [...losses];
  return losses.flatMap((l) => {
    const types = [...losson];
    const mirror = { ...l, from: l.to, to: l.from, drops: [], seed: mirrorSeed(l.seed), types };
    return losson.some((t) => t !== 'data') ? [{ ...l, types }, mirror] : [{ ...l, types }];
  });
}
