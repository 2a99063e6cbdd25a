/**
 * The run-cost bound's replays of applications are kept by what they read (cost-app.ts
 * replayOf), not by config object: a bound is the same whether or not another config's bound
 * ran the same replay before it: the budget's verdicts do not depend on what was parsed first.
 * (That a config differing only in what a replay does not read — the sender, the queue — reuses
 * it is a matter of speed: `npm run bench`.)
 */
import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  SENDER_IDS,
  boundScenarioCost,
  buildSimConfig,
  scenarioFromPreset,
} from '../../src/scenarios';
import { offeredBy } from '../../src/engine';
import { REPLAY_EVENTS, clearReplays, replayOf } from '../../src/scenarios/cost-app';

/** Presets with an application on some flow (voip, onoff, FTP clients…): the ones replayed. */
const WITH_APP = PRESETS.filter((p) =>
  buildSimConfig(scenarioFromPreset(p.id)).flows.some((f) => (f.app?.kind ?? 'bulk') !== 'bulk'),
).map((p) => p.id);

describe('run-cost bound: kept replays', () => {
  it('a bound after other configs warmed the replays equals the bound with none kept', () => {
    expect(WITH_APP.length).toBeGreaterThan(10);
    const senders = SENDER_IDS.filter((s) => s !== 'udp');
    const warm = new Map<string, unknown>();
    clearReplays();
    for (const id of WITH_APP)
      for (const sender of senders)
        warm.set(`${id} ${sender}`, boundScenarioCost(scenarioFromPreset(id, { sender })));
    // each again, cold: with no replay kept (and in the opposite order)
    for (const id of [...WITH_APP].reverse())
      for (const sender of [...senders].reverse()) {
        clearReplays();
        const cold = boundScenarioCost(scenarioFromPreset(id, { sender }));
        expect(cold, `${id} ${sender}`).toEqual(warm.get(`${id} ${sender}`));
      }
  });

  it('every flow’s kept replay is the engine’s replay of that flow (the key holds all it reads)', () => {
    clearReplays();
    let checked = 0;
    let differ = 0;
    for (const id of WITH_APP) {
      const cfg = buildSimConfig(scenarioFromPreset(id));
      let first: number[] | null = null;
      for (const f of cfg.flows) {
        if ((f.app?.kind ?? 'bulk') === 'bulk') continue;
        const kept = replayOf(f, cfg.seed ?? 0, cfg.stopS, REPLAY_EVENTS, null);
        const times: number[] = [];
        const counts: number[] = [];
        const n = offeredBy(f, cfg.seed ?? 0, cfg.stopS, {
          maxEvents: REPLAY_EVENTS,
          onOffer: (t, c) => {
            times.push(t);
            counts.push(c);
          },
        });
        expect(kept, `${id} flow ${f.id + 1}`).toEqual({ n, times, counts });
        checked++;
        // (flows alike but for their id draw differently: the key must tell them apart)
        if (first && times.join() !== first.join()) differ++;
        first ??= times;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(differ, 'flows of one preset whose offers differ').toBeGreaterThan(10);
  });
});
