/**
 * ns-2.35 as the oracle for RED (tests/fixtures/ns2-red/, scripts/ns2/red.tcl): TCP flows
 * (Reno, NewReno, SACK; 1 to 4) through a RED bottleneck in packet and byte mode, gentle or
 * not, with and without `wait`, ns-2's automatic and given thresholds and weights, with and
 * without ECN. RED's random decisions are ns-2's, replayed (RedConfig.replay: the arrivals
 * ns-2 dropped or marked); everything else — the average queue, count, the forced drops, the
 * hard limit, the senders — must give every departure, arrival and drop on every link at the
 * exact double time, with the IP ECN field and the TCP ECE / CWR flags of each packet, and
 * every cwnd / ssthresh change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RED_DEFAULTS, redWeight, run } from '../../../../src/engine';
import { RED_HELD_OUT, RED_MANIFEST, redConfig, type RedCase } from '../../../helpers/ns2-red';
import { redDivergence } from '../../../helpers/ns2-red-compare';

const all = RED_MANIFEST.runs;
// the held-out runs are compared in the tables tier (tests/tables/red-ns2-held-out.test.ts)
const runs = all.filter((r) => !RED_HELD_OUT.includes(r.name));
const diffs = new Map<string, ReturnType<typeof redDivergence>>();
beforeAll(() => {
  for (const c of runs) diffs.set(c.name, redDivergence(c, run(redConfig(c))));
});

describe('ns-2.35 RED runs, event for event (ns-2 decisions replayed)', () => {
  it('has runs in packet and byte mode, gentle and not, wait and not, with and without ECN', () => {
    expect(all.map((r) => r.name)).toEqual([
      'reno-2-defaults',
      'newreno-3-packets',
      'sack-4-nongentle',
      'reno-1-nowait',
      'reno-2-ecn',
      'newreno-3-ecn',
      'sack-2-ecn-bytes',
      'reno-2-ecn-delack',
      ...RED_HELD_OUT,
    ]);
  });

  it.each(all.map((r) => [r.name, r] as const))(
    '%s: the weight and thresholds are ns-2’s',
    (_name, c: RedCase) => {
      const cfg = redConfig(c);
      const l = cfg.links[0]!;
      const ptc = l.bandwidthBps / (8 * (c.params.meanpkt ?? RED_DEFAULTS.meanPktSize));
      expect(redWeight(c.params.wq ?? -1, ptc, l.delayS)).toBe(c.ns2.q_weight);
    },
  );

  it.each(runs.map((r) => [r.name, r] as const))(
    '%s: every packet event on every link, with its ECN bits',
    (name) => {
      const diff = diffs.get(name)!.events;
      expect(diff, diff ?? '').toBeNull();
    },
  );

  it.each(runs.map((r) => [r.name, r] as const))('%s: every cwnd / ssthresh change', (name) => {
    const diff = diffs.get(name)!.vars;
    expect(diff, diff ?? '').toBeNull();
  });
});
