/**
 * Every ns-2.35 Agent/SCTP/CMT fixture run (tests/fixtures/ns2-cmt/manifest.json) against the
 * engine with FlowConfig.cmt: every departure, arrival and drop on every link of both paths at
 * the exact double time and in ns-2's order — handshake, HEARTBEATs, DATA, SACKs — and every
 * per-destination (cwnd, ssthresh) ns-2 sampled, in order. The runs: two equal paths, unequal
 * paths, one and three drops on path 1 (SFR, DAC, fast retransmit to the path with the largest
 * cwnd), a lost fast retransmission (T3-rtx), the bottleneck of path 1 failing (inactive after
 * Path.Max.Retrans + 1 expiries, the transfer continues on path 0), failing and coming back (a
 * HEARTBEAT-ACK puts it back in the rotation), a 10 s run, a binding receiver window, unequal
 * paths with drops, the receiver without delayed SACKs (ns-2's SACKs then carry a DAC count of
 * 0: a SACK of one destination adds no missing report), three paths.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../../src/engine';
import {
  cmtConfigFor,
  diffContext,
  engineCmtRows,
  engineWindows,
  firstDifference,
  firstUnmatchedSample,
  loadCmtManifest,
  readCmtEvents,
  readCmtWindows,
  rowText,
} from './ns2-cmt';

const runs = loadCmtManifest();

describe('ns-2.35 Agent/SCTP/CMT fixture runs', () => {
  it('has the thirteen runs', () => {
    expect(runs.map((r) => r.name)).toEqual([
      'cmt-equal',
      'cmt-unequal',
      'cmt-loss',
      'cmt-loss3',
      'cmt-timeout',
      'cmt-fail',
      'cmt-long',
      'cmt-rwnd',
      'cmt-unequal-loss',
      'cmt-fail-repair',
      'cmt-nodelack-loss',
      'cmt-nodelack-unequal-loss3',
      'cmt-3paths',
    ]);
  });

  it.each(runs.map((r) => [r.name, r] as const))(
    '%s: every link event and window sample match ns-2',
    (_, r) => {
      const t = run(cmtConfigFor(r));
      const ours = engineCmtRows(t);
      const theirs = readCmtEvents(r.name);
      const i = firstDifference(ours, theirs, rowText);
      if (i >= 0) expect.fail(`${r.name}: ${diffContext(ours, theirs, i, rowText)}`);
      expect(ours.length).toBe(theirs.length);
      const ns2 = readCmtWindows(r.name);
      const j = firstUnmatchedSample(engineWindows(t), ns2);
      if (j >= 0)
        expect.fail(
          `${r.name}: ns-2 window sample ${j} ${JSON.stringify(ns2[j])} not in the engine's changes`,
        );
    },
  );
});
