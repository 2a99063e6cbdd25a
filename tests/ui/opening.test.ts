/**
 * Where a preset opens (Preset.open, model/opening.ts; issue 21 items 7 and 13): every preset
 * declares it — the start of its story window (so the first Play moves packets inside the
 * window at once), or its end when the story is the whole run (every panel drawn solid) —
 * and the step levels its story needs (Preset.steps); Play at the last event plays again from
 * the start of the window shown.
 */
import { describe, expect, it } from 'vitest';
import { run, type Trace } from '../../src/engine';
import { buildSimConfig, PRESETS } from '../../src/scenarios';
import {
  firstEventAtOrAfter,
  openingEvent,
  openingOf,
  replayStart,
} from '../../src/ui/model/opening';
import { parseQuery } from '../../src/ui/model/scenarioQuery';
import { stepLevel, stepLevels } from '../../src/ui/model/stepLevels';
import { storyWindow } from '../../src/ui/model/storyView';
import type { Scenario } from '../../src/scenarios';

function scenario(q: string): Scenario {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(`${q}: ${r.error}`);
  return r.scenario;
}
const traceOf = (s: Scenario): Trace => run(buildSimConfig(s));

describe('every preset declares its opening and its step levels', () => {
  it('a preset with a story window opens at its start; a preset without one, whose story is the whole run, at its end', () => {
    for (const p of PRESETS) {
      if (p.view) expect(p.open, p.id).toBe('story');
      else expect(p.open, p.id).toBe('end');
    }
    // The presets the issue found washed out open at their end.
    for (const id of ['vicuna-a-tcp-udp', 'voip-pr-sctp', 'cubic-vs-reno', 'alamgir-table2'])
      expect(openingOf(scenario(`preset=${id}`)), id).toBe('end');
    expect(openingOf(scenario('preset=sctp-failover'))).toBe('story');
  });

  it('steps: episodes first, every significant decision one modifier away', () => {
    for (const p of PRESETS) expect(p.steps, p.id).toEqual(['episode', 'decision']);
    const s = scenario('preset=sctp-failover');
    expect(stepLevels(s)).toEqual(['episode', 'decision']);
    expect(stepLevel(s, 0)).toBe('episode');
    expect(stepLevel(s, 1)).toBe('decision');
  });
});

describe('the first Play moves packets at once (issue 21 item 13)', () => {
  it('every story preset opens inside its window with ≥ 20 packet events in the next 0.25 s: one second of Play at the default 0.25×', () => {
    for (const p of PRESETS.filter((x) => x.open === 'story')) {
      const s = scenario(`preset=${p.id}`);
      const t = traceOf(s);
      const e = openingEvent(t, s);
      const t0 = t.packets.time[e] as number;
      expect(t0, p.id).toBeGreaterThanOrEqual(p.view!.from);
      expect(t0, p.id).toBeLessThan(p.view!.to);
      let moved = 0;
      for (let i = e + 1; i < t.packets.length && (t.packets.time[i] as number) <= t0 + 0.25; i++)
        moved++;
      expect(moved, p.id).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('openingEvent', () => {
  it('story: the first event at or after the window’s start (ff-3-drops: 1.635 s, packet 8 sent)', () => {
    const s = scenario('preset=ff-3-drops&sender=reno');
    const t = traceOf(s);
    const e = openingEvent(t, s);
    expect(storyWindow(s)).toEqual([1.6, 3.6]);
    expect(t.packets.time[e]).toBeCloseTo(1.6352, 4);
    expect(t.packets.time[e - 1]).toBeLessThan(1.6);
    expect(e).toBe(58);
  });

  it('story with another window shown (a link’s zoom): the start of the window shown', () => {
    const s = scenario('preset=ff-3-drops&sender=reno');
    const t = traceOf(s);
    const e = openingEvent(t, s, [3, 3.5]);
    expect(t.packets.time[e]).toBeGreaterThanOrEqual(3);
    expect(t.packets.time[e - 1]).toBeLessThan(3);
    // The whole run shown (zoom=full): the story window's start all the same.
    expect(openingEvent(t, s, null)).toBe(58);
  });

  it('story cut by an edited stop before the window: the first event', () => {
    const s = scenario('preset=ff-3-drops&stop=1.5');
    expect(openingEvent(traceOf(s), s)).toBe(0);
  });

  it('end: the last event', () => {
    const s = scenario('preset=caro-fig5-3-drops');
    const t = traceOf(s);
    expect(openingEvent(t, s)).toBe(t.packets.length - 1);
  });

  it('firstEventAtOrAfter: ties go to the first event of that time; past the end, the last', () => {
    const t = traceOf(scenario('preset=ff-1-drops&sender=reno'));
    const time = t.packets.time;
    const e = firstEventAtOrAfter(t, 2.08);
    expect(time[e]).toBeGreaterThanOrEqual(2.08);
    expect(time[e - 1]).toBeLessThan(2.08);
    expect(firstEventAtOrAfter(t, time[e] as number)).toBe(e);
    expect(firstEventAtOrAfter(t, 0)).toBe(0);
    expect(firstEventAtOrAfter(t, 1e9)).toBe(t.packets.length - 1);
  });

  it('replayStart: the first event of the window shown, or of the run', () => {
    const t = traceOf(scenario('preset=ff-3-drops&sender=reno'));
    expect(replayStart(t, null)).toBe(0);
    expect(replayStart(t, [1.6, 3.6])).toBe(58);
  });
});
