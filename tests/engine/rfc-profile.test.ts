/**
 * The `rfc` rule set (FlowConfig.rules, `profile=rfc`) beside ns-2.35's: the congestion ops of
 * tcp/congestion.ts on hand-built states, the same sender under both rule sets on the Fall &
 * Floyd network, and the notes an ns-2 run carries where the RFC text would decide otherwise.
 * Values are worked out from RFC 5681 §3.1–3.2 and RFC 6582 §3.2 (comments give the arithmetic).
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run, type Decision, type FlowConfig } from '../../src/engine';
import { AIMD, ns2Cut, rfcCut } from '../../src/engine/tcp/congestion';
import { cwndRows } from '../../src/trace/outputs';
import type { TcpState } from '../../src/engine/tcp/state';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';
import { fallFloydConfig } from '../helpers/fall-floyd';
import { AckSampler } from '../../src/engine/tcp/ack-samples';

/** A sender state with cwnd 20, rwnd 28, 12 packets outstanding (maxseq 41, highest ACK 29). */
function state(over: Partial<TcpState> = {}): TcpState {
  const cfg = fallFloydConfig('reno').flows[0]!;
  const base = {
    cfg,
    now: 0,
    cwnd: 20,
    ssthresh: 28,
    wnd: 28,
    dupwnd: 0,
    dupacks: 3,
    maxseq: 41,
    highestAck: 29,
    tSeqno: 42,
    recover: 0,
    srttS: 0.2,
    rtoBackoff: 1,
    ackSample: new AckSampler().sample,
    sentAtS: () => NaN,
    ...over,
  };
  return {
    ...base,
    window: () => Math.trunc(Math.min(base.cwnd, base.wnd)),
    windowd: () => Math.min(base.cwnd, base.wnd),
  };
}

describe('congestion ops: ns-2 halves the window, the RFC the FlightSize', () => {
  it('a cut at cwnd 20 with 12 packets outstanding', () => {
    // ns-2 slowdown: ⌊min(20, 28)/2⌋ = 10; RFC 5681 eq. 4: max(12/2, 2) = 6.
    expect(ns2Cut(state())).toEqual({ ssthresh: 10, cwnd: 10 });
    expect(rfcCut(state())).toEqual({ ssthresh: 6, cwnd: 6 });
    // Both floor ssthresh at 2 segments: 3 outstanding → RFC max(1.5, 2) = 2.
    expect(rfcCut(state({ maxseq: 32 }))).toEqual({ ssthresh: 2, cwnd: 2 });
  });

  it('an RTO: cwnd 1; the RFC holds ssthresh when the timer already resent the segment', () => {
    expect(AIMD.ns2.rto(state(), null)).toEqual({ ssthresh: 10, cwnd: 1 });
    expect(AIMD.rfc.rto(state(), null)).toEqual({ ssthresh: 6, cwnd: 1 });
    // RFC 5681 §3.1: "the value of ssthresh is held constant" on a second timeout (backoff 2).
    expect(AIMD.rfc.rto(state({ rtoBackoff: 2, ssthresh: 5 }), null)).toEqual({
      ssthresh: 5,
      cwnd: 1,
    });
  });

  it('leaving fast recovery: ns-2 grows once more (null), RFC 6582 sets cwnd = ssthresh', () => {
    expect(AIMD.ns2.exit(state({ ssthresh: 7 }), null)).toBeNull();
    expect(AIMD.rfc.exit(state({ ssthresh: 7 }), null)).toBe(7);
  });

  it('growth is the same under both (RFC 5681 §3.1: +1 per ACK below ssthresh, then +1/cwnd)', () => {
    for (const ops of [AIMD.ns2, AIMD.rfc]) {
      expect(ops.grow(state({ cwnd: 4, ssthresh: 8 }), null)).toEqual({
        cwnd: 5,
        rule: 'tcp.slow-start',
        phase: 'slow-start',
      });
      expect(ops.grow(state({ cwnd: 8, ssthresh: 8 }), null)).toMatchObject({ cwnd: 8.125 });
    }
  });
});

const ffRun = (rules: 'ns2' | 'rfc', drops: number[], flow: Partial<FlowConfig> = {}) =>
  run(fallFloydConfig('newreno', drops, { flow: { rules, ...flow } }));
const first = (ds: Decision[], code: string) => ds.find((d) => d.code === code)!;

describe('NewReno, one drop (packet 15), under ns-2 and RFC rules', () => {
  const ns2 = decisionsOf(ffRun('ns2', [15]));
  const rfc = decisionsOf(ffRun('rfc', [15]));

  it('the cut: ns-2 ⌊15/2⌋ = 7 with a note, the RFC FlightSize 15 / 2 = 7.5', () => {
    const a = first(ns2, 'reno.fast-retransmit');
    expect(a.time).toBe(2.07976);
    expect(a.changes).toMatchObject({ cwnd: [15, 7], ssthresh: [28, 7] });
    expect(a.note).toEqual({ code: 'rfc.cut-flightsize', value: 7.5 });
    const b = first(rfc, 'reno.fast-retransmit');
    expect(b.time).toBe(2.07976);
    expect(b.changes).toMatchObject({ cwnd: [15, 7.5], ssthresh: [28, 7.5] });
    expect(b.note).toBeUndefined();
  });

  it('the exit at ACK 29: ns-2 cwnd 7 + 1/7 with a note "RFC 6582 would leave cwnd = 7", the RFC keeps 7.5', () => {
    const a = first(ns2, 'newreno.exit-recovery');
    expect(a.after.cwnd).toBeCloseTo(7 + 1 / 7, 12);
    expect(a.note).toEqual({ code: 'rfc.exit-cwnd', value: 7 });
    const b = first(rfc, 'tcp.rfc-exit-recovery');
    expect(b.after.cwnd).toBe(7.5);
    expect(b.after.ssthresh).toBe(7.5);
    expect(b.changes.cwnd).toBeUndefined();
    expect(b.note).toBeUndefined();
  });
});

describe('a lost first packet (NewReno, initial window 4, packet 1 dropped)', () => {
  it('ns-2 waits for the RTO and notes that RFC 6582 would fast-retransmit packet 1', () => {
    const t = ffRun('ns2', [1], { initialCwndPkts: 4 });
    expect(t.flowStats[0]).toMatchObject({ timeouts: 1, fastRetransmits: 0 });
    const held = first(decisionsOf(t), 'tcp.dupack-ignored-start');
    expect(held.time).toBe(1.2336799999999999);
    expect(held.note).toEqual({ code: 'rfc.fast-retransmit', value: 1 });
  });

  it('under RFC rules the 3rd duplicate ACK fast-retransmits it (recover starts at the ISN)', () => {
    const t = ffRun('rfc', [1], { initialCwndPkts: 4 });
    expect(t.flowStats[0]).toMatchObject({ timeouts: 0, fastRetransmits: 1 });
    const fr = first(decisionsOf(t), 'reno.fast-retransmit');
    expect(fr.time).toBe(1.2336799999999999);
    // FlightSize 4 → ssthresh max(4/2, 2) = 2; the inflated window 2 + 3 also lets packet 5 out.
    expect(fr.changes).toMatchObject({ cwnd: [4, 2], ssthresh: [28, 2] });
    expect(fr.packets).toEqual([1, 5]);
  });
});

describe('profile=rfc', () => {
  const flowOf = (q: string) => {
    const r = parseScenarioQuery(q);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return buildSimConfig(r.scenario).flows[0]!;
  };

  it('sets the RFC rules, RFC 5681 eq. 1 initial window, a SYN / SYN-ACK handshake and RTO.min 1 s', () => {
    expect(flowOf('preset=ff-1-drops&sender=newreno&profile=rfc')).toMatchObject({
      rules: 'rfc',
      initialCwndPkts: 4, // SMSS 1000 ≤ 1095 bytes
      handshake: true,
      synSegment: false,
      delayGrowth: false,
      limitedTransmit: true,
      minRtoS: 1,
    });
    expect(flowOf('preset=ff-1-drops&sender=sack&profile=rfc&mss=1460').initialCwndPkts).toBe(3);
    expect(flowOf('preset=ff-1-drops&sender=sack&profile=rfc&mss=3000').initialCwndPkts).toBe(2);
    // An explicit key still wins over the profile.
    expect(flowOf('preset=ff-1-drops&sender=sack&profile=rfc&icwnd=1').initialCwndPkts).toBe(1);
    expect(flowOf('preset=ff-1-drops&sender=sack&profile=ns2').rules).toBeUndefined();
  });

  it('runs: the first window of 4 goes out after the handshake and no RFC note appears', () => {
    const r = parseScenarioQuery('preset=ff-1-drops&sender=newreno&profile=rfc');
    if (!r.ok) throw new Error('parse');
    const t = run(buildSimConfig(r.scenario));
    const ds = decisionsOf(t);
    expect(ds[0]!.code).toBe('tcp.start');
    expect(ds[0]!.packets).toEqual([1, 2, 3, 4]);
    expect(ds.some((d) => d.note)).toBe(false);
    expect(t.flowStats[0]).toMatchObject({ fastRetransmits: 1, timeouts: 0 });
  });
});

/**
 * The ACK that ends fast recovery, as the trace's cwnd rows (state samples: `--out cwnd`, the cwnd
 * panel and its phase shading) show it. Under `rfc` that ACK sets cwnd = ssthresh (RFC 6582
 * §3.2 step 3 option 2) and nothing more — RFC 5681 adds no congestion-avoidance increase on it —
 * so cwnd does not change there, and the row must still say that recovery is over; the +1/cwnd
 * comes with the next ACK. ns-2.35 opens cwnd on the same ACK (tcp-newreno.cc recv: dupwnd_ = 0,
 * then opencwnd()), so under `ns2` the exit row already carries ssthresh + 1/ssthresh.
 */
describe('the end of fast recovery in the cwnd rows', () => {
  const rowsOf = (q: string) => {
    const r = parseScenarioQuery(q);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const t = run(buildSimConfig(r.scenario));
    const exit = decisionsOf(t).find((d) => /exit-recovery$/.test(d.code))!;
    const rows = cwndRows(t);
    const i = rows.findIndex((x) => x.time === exit.time);
    return { exit, rows, i };
  };

  it.each([
    // [query, exit time, ssthresh, time of the next ACK's increase]
    ['preset=fall-floyd&sender=newreno&drops=15&profile=rfc', 2.1108, 10, 2.1731999999999996],
    [
      'preset=fall-floyd&sender=newreno&drops=22&profile=rfc&bw=1500000',
      2.541386666666665,
      13.5,
      2.5469333333333317,
    ],
    // Reno: the next row is an RTO (the bugfix rule holds the later duplicate ACKs back).
    ['preset=fall-floyd&sender=reno&drops=26&profile=rfc&queue=12', 2.298000000000001, 14, 0],
    // classic SACK recovery (rfc's default became PRR with issue 25; prr-recovery.test.ts has it)
    [
      'preset=fall-floyd&sender=sack&drops=14,17&profile=rfc&mss=1460&recovery=classic',
      2.3307560000000005,
      9,
      2.3457560000000006,
    ],
  ] as const)(
    '%s: a row at the exit ACK with cwnd = ssthresh, the increase one ACK later',
    (q, t, ssth, next) => {
      const { exit, rows, i } = rowsOf(q);
      expect(exit.after.cwnd).toBe(exit.after.ssthresh);
      if (t) expect([exit.time, exit.after.ssthresh]).toEqual([t, ssth]);
      expect(i, 'a cwnd row at the exit ACK').toBeGreaterThan(0);
      expect(rows[i - 1]!.phase).toBe('fast-recovery');
      expect(rows[i]).toMatchObject({
        cwnd: exit.after.ssthresh,
        ssthresh: exit.after.ssthresh,
        phase: 'congestion-avoidance',
      });
      expect(rows[i + 1]!.time).toBeGreaterThan(exit.time);
      if (next) {
        expect(rows[i + 1]!.time).toBe(next);
        expect(rows[i + 1]!.cwnd).toBeCloseTo(exit.after.ssthresh + 1 / exit.after.ssthresh, 12);
      }
      if (exit.code !== 'sack.exit-recovery') expect(exit.code).toBe('tcp.rfc-exit-recovery');
    },
  );

  it('under ns2 the exit row already has the increase (ns-2 opencwnd on the same ACK)', () => {
    const { exit, rows, i } = rowsOf('preset=fall-floyd&sender=newreno&drops=15');
    expect(i).toBeGreaterThan(0);
    expect(rows[i]!.cwnd).toBeCloseTo(exit.after.ssthresh + 1 / exit.after.ssthresh, 12);
    expect(rows[i]!.phase).toBe('congestion-avoidance');
  });
});
