/**
 * Each preset's story window (Preset.view, issue 10 §3) holds the episode its notice tells:
 * checked against a run of the preset as written, with the sender it opens with.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, DropCause, PacketEventKind, run } from '../../src/engine';
import { PATH_EVENT_NAMES } from '../../src/engine/trace/path-events';
import { buildSimConfig, PRESETS, scenarioFromPreset } from '../../src/scenarios';

const STORY =
  /^(fall-floyd|ff-\d-drops|caro-fig[23]-|alamgir-fig[89]|geo-segment-8|hol-streams|bbr-startup|prr-vs-reno)/;
/** Presets whose story is a link failure (issue 13): checked against their path events below. */
const LINK_STORY = /^sctp-failover$/;

describe('preset views', () => {
  it('the drop-scenario presets have one; the table, topology and Figure 5 presets open on the full run', () => {
    for (const p of PRESETS)
      expect(p.view !== undefined, p.id).toBe(STORY.test(p.id) || LINK_STORY.test(p.id));
  });

  it('sctp-failover: the window holds the failure, the failover and the recovery of the primary', () => {
    const p = PRESETS.find((x) => x.id === 'sctp-failover')!;
    const v = p.view!;
    const t = run(buildSimConfig(scenarioFromPreset(p.id, {})));
    const pe = t.pathEvents!;
    const at = (name: string) => {
      for (let i = 0; i < pe.length; i++)
        if (PATH_EVENT_NAMES[pe.event[i]!] === name) return pe.time[i]!;
      return NaN;
    };
    for (const time of [p.scenario.fail![0]!.at, at('failover'), at('recovered')]) {
      expect(time).toBeGreaterThanOrEqual(v.from);
      expect(time).toBeLessThanOrEqual(v.to);
    }
    expect(v.to).toBeLessThanOrEqual(t.stopS);
  });

  for (const p of PRESETS.filter((x) => x.view && !LINK_STORY.test(x.id))) {
    it(`${p.id}: the window lies in the run and holds the story’s drop and the fast retransmit after it`, () => {
      const v = p.view!;
      const t = run(buildSimConfig(scenarioFromPreset(p.id, {})));
      expect(v.from).toBeGreaterThanOrEqual(0);
      expect(v.to).toBeGreaterThan(v.from);
      expect(v.to).toBeLessThanOrEqual(t.stopS);
      // Narrower than the run: the point is to show the episode, not the run.
      expect(v.to - v.from).toBeLessThan((t.stopS - (t.packets.time[0] as number)) / 2);
      // The story's loss: the last scripted drop (alamgir-fig9's first one only sets cwnd up),
      // or without scripted drops the first overflow.
      const P = t.packets;
      let drop = -1;
      for (let i = 0; i < P.length; i++) {
        if (P.kind[i] !== PacketEventKind.drop) continue;
        if (P.cause[i] === DropCause.scripted || drop < 0) drop = P.time[i]!;
        if (P.cause[i] !== DropCause.scripted && drop >= 0) break;
      }
      expect(drop, 'the story’s drop').toBeGreaterThanOrEqual(v.from);
      expect(drop, 'the story’s drop').toBeLessThanOrEqual(v.to);
      const fr = decisionsOf(t).find((d) => /fast-retransmit$/.test(d.code) && d.time > drop);
      expect(fr, 'a fast retransmit').toBeDefined();
      expect(fr!.time).toBeGreaterThanOrEqual(v.from);
      expect(fr!.time).toBeLessThanOrEqual(v.to);
    });
  }

  it('every time the Fall & Floyd and Caro notices state (x.xxx s) is inside the window', () => {
    for (const p of PRESETS.filter((x) => x.view && /^(ff-|caro-|fall-floyd)/.test(x.id))) {
      const times = [...p.notice.matchAll(/(\d+\.\d{3}) s/g)].map((m) => Number(m[1]));
      for (const time of times) {
        expect(time, `${p.id} ${time}`).toBeGreaterThanOrEqual(p.view!.from);
        expect(time, `${p.id} ${time}`).toBeLessThanOrEqual(p.view!.to);
      }
    }
  });
});
