/**
 * The significant-step levels of the scenario on screen (Preset.steps): PgDn / PgUp and the
 * transport's « » walk the first, Shift+PgDn / Shift+PgUp and Shift+→ / Shift+← the second
 * (the first again when the preset declares one). A scenario without a preset steps by
 * episodes, then by decisions.
 */
import { getPreset, type Scenario, type StepLevel } from '../deps/scenarios';
import { presetOf } from './scenarioQuery';

/** The levels when no preset says: episodes first, every significant decision one modifier away. */
export const DEFAULT_STEP_LEVELS: readonly StepLevel[] = ['episode', 'decision'];

/** The scenario's levels, coarse first (one or two). */
export function stepLevels(s: Scenario): readonly StepLevel[] {
  const id = presetOf(s);
  const steps = id ? getPreset(id)?.steps : undefined;
  return steps && steps.length > 0 ? steps : DEFAULT_STEP_LEVELS;
}

/** The level a step key walks: 0 = PgDn / PgUp, 1 = with Shift. */
export function stepLevel(s: Scenario, modifier: 0 | 1): StepLevel {
  const levels = stepLevels(s);
  return levels[modifier] ?? levels[0]!;
}

/** What one step of a level is, for tooltips and the help: "episode", "significant decision". */
export const STEP_LEVEL_NAMES: Record<StepLevel, string> = {
  episode: 'episode',
  decision: 'significant decision',
};

/** What a level stops at, one phrase for the help and the tooltips. */
export const STEP_LEVEL_HELP: Record<StepLevel, string> = {
  episode:
    'episode: a loss and its recovery (from the first drop), a timeout, a link going down, an SCTP path changing state',
  decision:
    'significant decision: every drop, 3rd duplicate ACK, fast retransmit, partial ACK, timeout, end of recovery',
};
