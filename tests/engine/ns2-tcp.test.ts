/**
 * The engine against ns-2.35 on the published Fall & Floyd runs (tests/fixtures/ns2, set
 * "published"): Tahoe, Reno, NewReno, SACK (ns-2 Sack1), FACK with 0–5 drops, plus Reno with
 * bugfix off and NewReno/SACK with maxburst 4. Every router event must match packet for packet
 * at the exact double-precision time, cwnd/ssthresh after every change (cwnd at ns-2's 6
 * significant digits), and the summary metrics.
 */
import { describe, expect, it } from 'vitest';
import { engineSummary, comparisonsOf } from '../helpers/ns2-compare';
import { loadEvents, loadManifest, type Ns2Run } from '../helpers/ns2-fixtures';

const manifest = loadManifest();
const published = manifest.runs.filter((r) => r.set === 'published');
const STOP = manifest.stopS;

const compared = comparisonsOf(STOP);

const VARIANTS: Record<string, { variant: string; extra: Partial<Ns2Run['params']> }> = {
  tahoe: { variant: 'tahoe', extra: {} },
  reno: { variant: 'reno', extra: {} },
  newreno: { variant: 'newreno', extra: {} },
  sack1: { variant: 'sack', extra: {} },
  fack: { variant: 'fack', extra: {} },
  reno_nobugfix: { variant: 'reno', extra: { bugfix: false } },
  newreno_mb4: { variant: 'newreno', extra: { maxburst: 4 } },
  sack1_mb4: { variant: 'sack', extra: { maxburst: 4 } },
};
const DROPS = [[], [15], [15, 29], [15, 27, 29], [15, 25, 27, 29], [15, 23, 25, 27, 29]];

describe('ns-2 published runs: the fixture set', () => {
  it('holds every variant × 0–5 drops with the published parameters', () => {
    const expected = Object.entries(VARIANTS).flatMap(([ns, v]) =>
      DROPS.map((drops, n) => ({
        name: `tcp-ff96-${ns}-d${n}`,
        params: {
          variant: v.variant,
          drops,
          window: 28,
          maxburst: 0,
          bugfix: true,
          queueLimit: 8,
          bottleneckBps: 800e3,
          bottleneckDelayS: 0.1,
          minRtoS: 1,
          ...v.extra,
        },
      })),
    );
    const actual = published.map((r) => ({ name: r.name, params: r.params }));
    expect(actual).toHaveLength(48);
    expect(new Set(actual.map((r) => r.name))).toEqual(new Set(expected.map((r) => r.name)));
    for (const e of expected)
      expect(actual.find((r) => r.name === e.name)?.params).toEqual(e.params);
  });

  it('has the scripted drops of its parameters in every run', () => {
    for (const r of published) {
      const drops = loadEvents(r.name)
        .filter((e) => e.event === 'DROP' && e.cause === 'scripted')
        .map((e) => e.pkt);
      expect(drops, r.name).toEqual(r.params.drops);
    }
  });
});

describe.each(published.map((r) => [r.name, r] as const))('ns-2 published run %s', (_name, r) => {
  it('router events: every ARR/DEP/DROP/ACK at R1 equals ns-2 (packet, exact time, retx, cause, ACK fields)', () => {
    const c = compared(r);
    expect(c.theirs.length).toBeGreaterThan(100);
    expect(c.events, c.events ?? '').toBeNull();
    expect(c.ours).toHaveLength(c.theirs.length);
  });

  it('cwnd/ssthresh after every ACK- or timer-caused change, and dupacks/highest ACK after every ACK', () => {
    const c = compared(r);
    expect(c.vars, c.vars ?? '').toBeNull();
    expect(c.ackState, c.ackState ?? '').toBeNull();
  });

  it('summary: departures from R1, retransmissions, timeouts, fast retransmits and the rest', () => {
    const c = compared(r);
    const stats = c.trace.flowStats[0]!;
    expect(c.ours.filter((e) => e.event === 'DEP')).toHaveLength(r.summary.data_departed_R1);
    expect(stats.retransmissions).toBe(r.summary.retransmissions);
    expect(stats.timeouts).toBe(r.summary.timeouts);
    expect(stats.fastRetransmits).toBe(r.summary.fast_retransmits);
    const { ns2_timeout_events: _ignored, ...summary } = r.summary;
    expect(engineSummary(c.trace, c.ours, STOP)).toEqual(summary);
  });
});
