/**
 * Where the cursor stands when a preset opens (Preset.open), for a link without `e` or `t` and
 * for a preset chosen in the picker: the first event of its story window, its last event (a
 * story that is the whole run: every panel drawn solid), its first event, or the first event at
 * or after a time. A scenario without a preset opens at its first event.
 */
import { bisectLeft } from 'd3';
import type { Trace } from '../../engine';
import { getPreset, type PresetOpen, type Scenario } from '../deps/scenarios';
import { presetOf } from './scenarioQuery';
import { storyWindow } from './storyView';

/** Index of the first event with time ≥ t (the last event when none is). */
export function firstEventAtOrAfter(trace: Trace, t: number): number {
  const n = trace.packets.length;
  return Math.max(0, Math.min(n - 1, bisectLeft(trace.packets.time, t)));
}

/** The preset's opening, or 'start' for a scenario without one. */
export function openingOf(s: Scenario): PresetOpen {
  const id = presetOf(s);
  return (id ? getPreset(id)?.open : undefined) ?? 'start';
}

/**
 * The event index the scenario opens at, in its run's trace. `shown` is the time window on
 * screen when it is not the story window (a link's `zoom`): 'story' opens at its start, so the
 * cursor is on the plots.
 */
export function openingEvent(
  trace: Trace,
  s: Scenario,
  shown: [number, number] | null = storyWindow(s),
): number {
  const n = trace.packets.length;
  if (n === 0) return 0;
  const open = openingOf(s);
  if (open === 'end') return n - 1;
  if (open === 'start') return 0;
  if (open === 'story') {
    const window = shown ?? storyWindow(s);
    return window ? firstEventAtOrAfter(trace, window[0]) : 0;
  }
  return firstEventAtOrAfter(trace, open.t);
}

/**
 * Where Play starts from the last event (a preset that opens at its end): the first event of
 * the time window shown, or of the run.
 */
export function replayStart(trace: Trace, xDomain: [number, number] | null): number {
  return xDomain ? firstEventAtOrAfter(trace, xDomain[0]) : 0;
}
