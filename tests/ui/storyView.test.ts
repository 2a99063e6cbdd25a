/**
 * A preset opens on the time window of its story (Preset.view, issue 10 §3); `zoom=full` and
 * the `0` key show the whole run, `v` goes back to the story (keys: presetNotice.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/ui/model/scenarioQuery';
import { initialZoom, storyWindow } from '../../src/ui/model/storyView';
import { buildQuery, parseLocation } from '../../src/ui/model/urlState';
import type { Scenario } from '../../src/scenarios';

function scenario(q: string): Scenario {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(`${q}: ${r.error}`);
  return r.scenario;
}

describe('storyWindow', () => {
  it('is the preset’s view, cut at the run’s end; none for a preset without one', () => {
    expect(storyWindow(scenario('preset=ff-3-drops'))).toEqual([1.6, 3.6]);
    expect(storyWindow(scenario('preset=ff-3-drops&sender=sack&drops=14&queue=4'))).toEqual([1.6, 3.6]);
    expect(storyWindow(scenario('preset=ff-3-drops&stop=3'))).toEqual([1.6, 3]);
    expect(storyWindow(scenario('preset=ff-3-drops&stop=1.5'))).toBeNull();
    expect(storyWindow(scenario('preset=geo-table2'))).toBeNull();
    expect(storyWindow(scenario('preset=caro-fig5-3-drops'))).toBeNull();
  });

  it('opens on it when the address gives no zoom; an address’s zoom (or zoom=full) wins', () => {
    const s = scenario('preset=ff-3-drops');
    expect(initialZoom(s, undefined)).toEqual([1.6, 3.6]);
    expect(initialZoom(s, null)).toBeNull();
    expect(initialZoom(s, [2, 2.5])).toEqual([2, 2.5]);
  });
});

describe('zoom in the address', () => {
  it('the story window is left out, the full run is zoom=full, another window is written', () => {
    const s = scenario('preset=ff-3-drops&sender=reno');
    expect(buildQuery(s, { zoom: [1.6, 3.6] })).not.toContain('zoom');
    expect(buildQuery(s, { zoom: null })).toContain('zoom=full');
    expect(buildQuery(s, { zoom: [2, 2.5] })).toContain('zoom=2-2.5');
    // A preset without a story: the full run is the default, written as nothing.
    expect(buildQuery(scenario('preset=geo-table2'), { zoom: null })).not.toContain('zoom');
  });

  it('zoom=full reads as the full run, and round-trips', () => {
    const p = parseLocation('?preset=ff-3-drops&sender=reno&zoom=full');
    expect(p.ok).toBe(true);
    expect(p.view.zoom).toBeNull();
    expect(buildQuery(p.scenario, p.view)).toBe('preset=ff-3-drops&sender=reno&zoom=full');
    const none = parseLocation('?preset=ff-3-drops&sender=reno');
    expect(none.view.zoom).toBeUndefined();
    expect(parseLocation('?zoom=fullish').errors.map((e) => e.key)).toEqual(['zoom']);
  });
});
