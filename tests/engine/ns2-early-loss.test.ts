/**
 * Losses among the first packets of a connection with a larger initial window (issue: "with
 * icwnd 10, three of the first five packets lost, NewReno and SACK wait for a timeout where
 * ns-2.35 fast-retransmits"): every variant with ns-2's windowInit_ 4 and 10 and the Fall &
 * Floyd settings, losing packet 1, packets 2, 3 and 5, or packets 1, 2 and 4
 * (tests/fixtures/ns2, set "early-loss", `early-<variant>-iw<k>-<tag>`). ns-2's dupack action
 * lets a fast retransmit through while no ACK has advanced yet (tcp.cc, bugfix_ss_ with
 * highest_ack_ == 0); the engine does the same. The same checks as every ns-2 fixture run.
 */
import { describe, expect, it } from 'vitest';
import { describeNs2RunChecks, comparisonsOf } from '../helpers/ns2-compare';
import { loadManifest } from '../helpers/ns2-fixtures';
import { decisionsOf } from '../../src/engine';

const manifest = loadManifest();
const runs = manifest.runs.filter((r) => r.set === 'early-loss');
const STOP = manifest.stopS;

const compared = comparisonsOf(STOP);

describe('early losses: the fixture set and the behaviour it pins', () => {
  it('has every variant with windowInit_ 4 and 10 and three loss patterns', () => {
    expect(runs).toHaveLength(30);
  });

  it('with icwnd 10 and packets 2, 3, 5 lost, NewReno and SACK fast-retransmit (no timeout), as ns-2 does', () => {
    for (const v of ['newreno', 'sack']) {
      const r = runs.find((x) => x.name === `early-${v}-iw10-d2-3-5`)!;
      expect(r.summary, v).toMatchObject({ fast_retransmits: 1, timeouts: 0 });
      const stats = compared(r).trace.flowStats[0]!;
      expect([stats.fastRetransmits, stats.timeouts], v).toEqual([1, 0]);
    }
  });

  it('the log says why the 3rd duplicate ACK for 0 sends nothing: nothing acked yet, not "a loss already cut cwnd"', () => {
    for (const v of ['tahoe', 'reno', 'newreno', 'sack']) {
      const r = runs.find((x) => x.name === `early-${v}-iw10-d1`)!;
      const ds = decisionsOf(compared(r).trace);
      const held = ds.filter((d) => d.code === 'tcp.dupack-ignored-start');
      expect(held.length, v).toBe(1);
      expect(held[0]!.trigger, v).toMatchObject({ kind: 'ack', cumAck: 0, dupacks: 3 });
      expect(
        ds.some((d) => d.code === 'tcp.dupack-ignored'),
        v,
      ).toBe(false);
    }
  });

  it('losing packet 1 itself, only FACK avoids the timeout (no ACK has advanced: no bugfix_ss_ clause)', () => {
    for (const v of ['tahoe', 'reno', 'newreno', 'sack', 'fack']) {
      const r = runs.find((x) => x.name === `early-${v}-iw10-d1`)!;
      expect(compared(r).trace.flowStats[0]!.timeouts, v).toBe(v === 'fack' ? 0 : 1);
    }
  });
});

describe.each(runs.map((r) => [r.name, r] as const))('early-loss run %s', (name, r) => {
  // FACK losing 1, 2 and 4 from an initial window of 4 stalls in ns-2 as in the engine: 12
  // router events in 5 s (the RTO backs off).
  describeNs2RunChecks(() => compared(r), r, STOP, it, {
    minEvents: name === 'early-fack-iw4-d1-2-4' ? 10 : 50,
  });
});
