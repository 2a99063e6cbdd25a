/**
 * The story window of a preset (Preset.view): the time range its notice talks about. A preset
 * opens zoomed to it when the address gives no `zoom`; `zoom=full` in the address (the `0` key)
 * shows the whole run instead. Like a scenario key equal to the preset's default, a zoom equal
 * to the story window is left out of the address.
 */
import { getPreset, type Scenario } from '../deps/scenarios';
import { fieldValue, presetOf } from './scenarioQuery';

/** The `zoom` value that asks for the whole run where a preset would open on its story. */
export const FULL_RUN_ZOOM = 'full';

/**
 * The time window (s) a scenario opens on: its preset's `view`, cut at the run's end, or null
 * (the full run) when the preset has none or the run stops before the window starts.
 */
export function storyWindow(s: Scenario): [number, number] | null {
  const id = presetOf(s);
  const view = id ? getPreset(id)?.view : undefined;
  if (!view) return null;
  const stop = Number(fieldValue(s, 'stop'));
  const to = Number.isFinite(stop) && stop > 0 ? Math.min(view.to, stop) : view.to;
  return to > view.from ? [view.from, to] : null;
}

/**
 * The zoom a scenario opens with, given what the address said: a window (kept), `null` for
 * an explicit full run (`zoom=full`), or undefined (no `zoom` key) — then the story window.
 */
export function initialZoom(
  s: Scenario,
  fromAddress: [number, number] | null | undefined,
): [number, number] | null {
  return fromAddress !== undefined ? fromAddress : storyWindow(s);
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * What the address says about a zoom: the window's text, `full` for the full run of a
 * scenario that would open on a story window, or null (leave `zoom` out: it is the default).
 */
export function zoomParam(
  s: Scenario,
  zoom: [number, number] | null | undefined,
): 'story' | 'full' | 'window' | 'none' {
  const story = storyWindow(s);
  if (zoom) return story && near(zoom[0], story[0]) && near(zoom[1], story[1]) ? 'story' : 'window';
  return story ? 'full' : 'none';
}
