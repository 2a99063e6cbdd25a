/**
 * The alamgir-fig8 preset (Alamgir et al. §6.1, Fig. 8 on the satellite dumbbell, TCP-SACK
 * alone): every number its notice states, read off a run of the preset. The paper's sentences
 * themselves are checked in tests/engine/narratives-tcp.test.ts.
 */
import { decisionsOf } from '../../src/engine';
import { describe, expect, it } from 'vitest';
import { run, type Decision } from '../../src/engine';
import { buildSimConfig, getPreset, presetDefaults } from '../../src/scenarios';
import { drops } from './trace-facts';

const t = run(buildSimConfig(presetDefaults('alamgir-fig8')));
const acks = decisionsOf(t).filter((d) => d.trigger.kind === 'ack');
const cum = (d: Decision) => (d.trigger.kind === 'ack' ? d.trigger.cumAck : NaN);
const dupacks = acks.filter(
  (d) => cum(d) === 6 && d.trigger.kind === 'ack' && d.trigger.dupacks > 0,
);
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const notice = getPreset('alamgir-fig8')!.notice;

describe('alamgir-fig8: the preset notice', () => {
  it('one TCP-SACK flow, no random loss, cwnd from 2: the ACKs of 3–6 raise it to 8 and clock out 7–14', () => {
    const s = presetDefaults('alamgir-fig8');
    expect(s).toMatchObject({ loss: 0, queue: 10 });
    expect(s.flows).toHaveLength(1);
    expect(s.flows[0]).toMatchObject({ sender: 'sack', icwnd: 2, window: 45, profile: 'ff96' });
    const a = [3, 4, 5, 6].map((n) => acks.find((d) => cum(d) === n)!);
    expect(a.map((d) => d.after.cwnd)).toEqual([5, 6, 7, 8]);
    expect(a.flatMap((d) => d.packets)).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('packet 7 is dropped; seven duplicate ACKs for 6 follow, 3.97 ms apart, from 1.545 to 1.569 s (the paper: 2.8624 to 2.8862)', () => {
    expect(drops(t)).toEqual(['7@1.032']); // at N2, in front of the satellite link
    expect(dupacks).toHaveLength(7);
    expect([r3(dupacks[0]!.time), r3(dupacks[6]!.time)]).toEqual([1.545, 1.569]);
    for (let i = 1; i < 7; i++)
      expect((dupacks[i]!.time - dupacks[i - 1]!.time) * 1000).toBeCloseTo(3.968, 3);
    expect(+(2.8624 - dupacks[0]!.time).toFixed(3)).toBe(1.318);
    expect(+(2.8862 - dupacks[6]!.time).toFixed(3)).toBe(1.318);
  });

  it('the first two send nothing (8 unacknowledged, cwnd 8); the 3rd (1.553 s) re-sends 7, cwnd 4, 5 in flight; the 4th nothing; the 5th–7th send 15, 16, 17', () => {
    expect(dupacks.map((d) => d.packets)).toEqual([[], [], [7], [], [15], [16], [17]]);
    expect(dupacks.slice(0, 2).map((d) => [d.after.cwnd, d.after.nextSeq - 1 - cum(d)])).toEqual([
      [8, 8],
      [8, 8],
    ]);
    const fr = dupacks[2]!;
    expect([r3(fr.time), fr.changes.cwnd, fr.after.pipe]).toEqual([1.553, [8, 4], 5]);
    expect(dupacks.slice(2).every((d) => d.after.cwnd === 4)).toBe(true);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('the text says so', () => {
    for (const s of [
      '3–6',
      '7–14',
      '1.545 to 1.569 s',
      '1.318 s later',
      '1.553 s',
      '15, 16 and 17',
      'alamgir-fig9',
    ])
      expect(notice).toContain(s);
  });
});
