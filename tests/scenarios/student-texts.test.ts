/**
 * The student's level of narration (Preset.student, issue 21): every preset has one, of 2–3
 * plain sentences, citing papers by author and year. Its numbers are the notice's (which
 * tests/scenarios/ pins against engine runs: notices.test.ts, sctp-presets.test.ts, …), and its
 * claims that the notice does not make are checked here against runs of the presets.
 */
import { describe, expect, it } from 'vitest';
import { TCP_SENDERS, type SenderId } from '../../src/engine';
import { computeMetrics } from '../../src/metrics';
import { buildSimConfig, PRESETS, scenarioFromPreset } from '../../src/scenarios';
import { runPreset } from './trace-facts';

/** Sentences: an end mark followed by a capital, a bracket or the end ("et al." is not one). */
function sentences(text: string): number {
  return text
    .replace(/et al\./g, 'et al')
    .split(/[.!?](?=\s+[A-Z(]|\s*$)/)
    .filter((s) => s.trim()).length;
}

/** The numbers a text states, citation years left out. */
function numbers(text: string): number[] {
  const plain = text.replace(/\(?\b(19|20)\d\d\)?/g, '');
  return [...plain.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

describe('student texts', () => {
  for (const p of PRESETS)
    it(`${p.id}: 2–3 plain sentences whose numbers the notice states`, () => {
      const s = p.student;
      expect(sentences(s), s).toBeGreaterThanOrEqual(2);
      expect(sentences(s), s).toBeLessThanOrEqual(3);
      // Two lines of the header at 1280 px beside the folded instructor's text.
      expect(s.length).toBeLessThanOrEqual(240);
      // The paper-facing level keeps sections, simulator names and file names.
      expect(s).not.toMatch(/§|ns-2|\b00\d_/);
      const stated = new Set(
        numbers([p.title, p.notice, ...Object.values(p.senderNotes ?? {})].join(' ')),
      );
      for (const n of numbers(s))
        expect(stated.has(n), `${p.id}: ${n} is not in the notice`).toBe(true);
    });

  it('ff-2-drops: Reno waits for its retransmission timer; NewReno, SACK and the SCTP senders do not', () => {
    expect(runPreset('ff-2-drops', 'reno').flowStats[0]!.timeouts).toBe(1);
    for (const s of ['newreno', 'sack', 'sctp-2960', 'sctp-newreno', 'sctp-4960'] as SenderId[])
      expect(runPreset('ff-2-drops', s).flowStats[0]!.timeouts, s).toBe(0);
  });

  it('ff-1-drops: every sender repairs 15 without a timeout (fast retransmit)', () => {
    for (const s of [...TCP_SENDERS, 'sctp-2960', 'sctp-newreno', 'sctp-4960'] as SenderId[]) {
      const st = runPreset('ff-1-drops', s).flowStats[0]!;
      expect(st.timeouts, s).toBe(0);
      // BBR repairs 15 with its first; still in STARTUP it then overflows the queue again
      expect(st.fastRetransmits, s).toBe(s === 'bbr' ? 6 : 1);
    }
  });

  it('geo-table2: SCTP gets more throughput than TCP, and Jain’s index stays close to 1', () => {
    const config = buildSimConfig(scenarioFromPreset('geo-table2', {}));
    const m = computeMetrics(runPreset('geo-table2', 'sack', {}), config);
    expect(m.pctIncrease).toBeGreaterThan(0);
    expect(m.jain).toBeGreaterThan(0.95);
  });

  for (const id of ['dainotti-w2w-ah', 'dainotti-w2w-ap', 'dainotti-e2w', 'dainotti-w2e'])
    it(`${id}: UDP loses packets for good; TCP and SCTP resend them, with longer delays`, () => {
      const of = (sender: SenderId) => {
        const config = buildSimConfig(scenarioFromPreset(id, { sender }));
        const t = runPreset(id, sender);
        return { stats: t.flowStats[0]!, m: computeMetrics(t, config).flows[0]! };
      };
      const udp = of('udp');
      expect(udp.stats.retransmissions).toBe(0);
      expect(udp.m.lossRate).toBeGreaterThan(0);
      for (const s of ['sack', 'sctp-4960'] as SenderId[]) {
        const r = of(s);
        if (id === 'dainotti-w2w-ap') {
          // its own text: the cell, saturated from PS = 32, holds TCP and SCTP below the asked
          // 1000 packets a second (10 s)
          expect(r.stats.deliveredPackets, s).toBeLessThan(0.9 * 10_000);
          continue;
        }
        expect(r.stats.retransmissions, s).toBeGreaterThan(0);
        expect(r.m.delayMaxS!, s).toBeGreaterThan(udp.m.delayMaxS!);
      }
    });
});
