/**
 * The engine against ns-2.35's Agent/SCTP between two multi-homed hosts
 * (tests/fixtures/ns2-multihome, README.md there): every packet at the sender's two addresses and
 * every drop at the same time and on the same path, and each path's cwnd, ssthresh, RTO, error
 * counter and state wherever ns-2 traced them. Where ns-2's model differs the test pins the
 * first row where they part.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../../src/engine';
import {
  engineMhEvents,
  engineMhPaths,
  firstMhEventDivergence,
  firstMhPathDivergence,
  loadMultihomeRuns,
  multihomeConfig,
  pathEventList,
  readMhEvents,
  readMhPaths,
  type MhEvent,
} from './ns2';

const runs = loadMultihomeRuns();
const byName = (name: string) => {
  const r = runs.find((x) => x.name === name);
  if (!r) throw new Error(`no fixture run ${name}`);
  return r;
};
const EXACT = [
  'rtx-alt-single-loss',
  'rtx-alt-timeout',
  'failover-pmr2',
  'failover-default',
  'failover-recover',
  'amr-abort',
  // a single-homed sender: the receiver answers from the address routing picks (ns-2 SetSource)
  'reply-route-rtx',
  'reply-route-failover',
];

describe('multi-homed SCTP equals ns-2.35 event for event', () => {
  it('the manifest lists every run this file checks', () => {
    expect(runs.map((r) => r.name).sort()).toEqual(
      [
        ...EXACT,
        'failover-recover-cpt',
        'heartbeats-idle',
        // ns2-heartbeat-timer.test.ts (ns-2's HEARTBEAT jitter replayed)
        'hb-assoc-idle',
        'hb-assoc-failover',
        'hb-assoc-dead-alt',
      ].sort(),
    );
  });

  for (const name of EXACT) {
    it(`${name}: ${byName(name).about}`, () => {
      const t = run(multihomeConfig(byName(name).params));
      const theirs = readMhEvents(name);
      expect(theirs.length).toBeGreaterThan(300);
      expect(firstMhEventDivergence(engineMhEvents(t), theirs)).toBeNull();
      expect(firstMhPathDivergence(engineMhPaths(t), readMhPaths(name))).toBeNull();
    });
  }

  it('rtx-alt-single-loss: TSN 20 is fast-retransmitted on the alternate path (RFC 4960 §6.4, ns-2 rtxToAlt_)', () => {
    const ev = readMhEvents('rtx-alt-single-loss').filter((e) => e.kind === 'DATA' && e.tsn === 20);
    expect(ev.map((e) => [e.event, e.path])).toEqual([
      ['DEP', 0],
      ['DROP', 0],
      ['DEP', 1],
    ]);
  });

  it('failover-pmr2: three T3-rtx expiries on the primary, inactive and failover at the third (Path.Max.Retrans 2)', () => {
    const t = run(multihomeConfig(byName('failover-pmr2').params));
    const rows = pathEventList(t).filter((e) => e.event !== 'change');
    expect(rows.map((e) => [e.time.toFixed(7), e.path, e.event, e.errors])).toEqual([
      ['3.9787168', 0, 't3-expiry', 1],
      ['6.0923744', 0, 't3-expiry', 2],
      ['10.4059968', 0, 't3-expiry', 3],
      ['10.4059968', 0, 'inactive', 3],
      ['10.4059968', 0, 'failover', 3],
      // ns-2 Timeout: a path just made inactive gets a HEARTBEAT at once (it times out at
      // 18.4 s, after the run's end, with the RTO of 8 s).
      ['10.4059968', 0, 'heartbeat', 3],
    ]);
    // ns-2's trace: INACTIVE from the row of the third expiry on.
    const p0 = readMhPaths('failover-pmr2').filter((r) => r.path === 0);
    expect(p0.find((r) => !r.active)).toMatchObject({
      time: 10.405996800000004,
      errors: 3,
      rto: '8.000',
    });
  });
});

describe('where ns-2.35 is not what the engine does', () => {
  it("failover-recover-cpt: ns-2's changePrimaryThresh_ -1 makes the alternate the primary at the failover; the engine returns new data to the primary once its HEARTBEAT is answered (RFC 4960 §6.4)", () => {
    const t = run(multihomeConfig(byName('failover-recover-cpt').params));
    const ours = engineMhEvents(t);
    const theirs = readMhEvents('failover-recover-cpt');
    expect(firstMhEventDivergence(ours, theirs)).toBe(
      'row 915: engine 10.197241600 DEP p0 DATA 559 1500 | ns-2 10.197241600 DEP p1 DATA 559 1500',
    );
    // Up to there both agree, the HEARTBEAT-ACK from the recovered primary included.
    expect(theirs[913]).toMatchObject({ event: 'RCV', path: 0, kind: 'HEARTBEAT-ACK' });
    const rows = pathEventList(t).filter((e) => e.event === 'recovered' || e.event === 'primary');
    expect(rows.map((e) => [e.time, e.path, e.event])).toEqual([
      [10.19336, 0, 'recovered'],
      [10.19336, 0, 'primary'],
    ]);
  });

  it('heartbeats-idle: HEARTBEATs go to the idle alternate only, each RTO + HB.interval ± RTO/2 after the last (RFC 4960 §8.3), in ns-2 and in the engine; the jitter draws differ (ns2-heartbeat-timer.test.ts replays ns-2’s)', () => {
    const r = byName('heartbeats-idle');
    const t = run(multihomeConfig(r.params));
    const hbOf = (ev: MhEvent[]) =>
      ev.filter((e) => e.event === 'DEP' && e.kind === 'HEARTBEAT' && e.time > 1);
    const ours = hbOf(engineMhEvents(t));
    const theirs = hbOf(readMhEvents('heartbeats-idle'));
    for (const hbs of [ours, theirs]) {
      expect(hbs.every((e) => e.path === 1)).toBe(true);
      expect(hbs.length).toBe(5);
      // The alternate's RTO is 1 s (its HEARTBEAT-ACKs come back in 0.105 s; RTO.Min 1 s).
      for (let i = 1; i < hbs.length; i++) {
        const gap = hbs[i]!.time - hbs[i - 1]!.time;
        expect(gap).toBeGreaterThanOrEqual(1 + 0.5);
        expect(gap).toBeLessThan(1 + 1.5);
      }
    }
    expect(theirs.map((e) => e.time.toFixed(6))).toEqual([
      '2.867958',
      '4.382162',
      '6.323336',
      '8.136297',
      '10.452773',
    ]);
    // ns-2's data receiver heartbeats the sender's idle address too (the engine's does not):
    // the first one, at 3.209 s, is the first row where the two part, apart from heartbeats.
    const data = (ev: MhEvent[]) => ev.filter((e) => e.kind === 'DATA' || e.kind === 'SACK');
    const theirsAll = readMhEvents('heartbeats-idle');
    const peerHb = theirsAll.find((e) => e.event === 'RCV' && e.kind === 'HEARTBEAT')!;
    expect(peerHb.time).toBeCloseTo(3.2093419, 6);
    const before = (ev: MhEvent[]) => data(ev).filter((e) => e.time < peerHb.time);
    expect(firstMhEventDivergence(before(engineMhEvents(t)), before(theirsAll))).toBeNull();
    expect(before(theirsAll).length).toBe(78);
  });
});
