/**
 * The SCTP sender's `rfc` rule set (FlowConfig.rules, `profile=rfc`) beside ns-2.35's, on the
 * Fall & Floyd network (tests/engine/sctp/setup.ts: 1000-byte chunks, every packet SACKed, RTO
 * 3 s before the first sample). Each case runs both rule sets where RFC 4960 and sctp.cc part
 * (src/engine/sctp/rules.ts lists the differences); the values are worked out by hand in the
 * comments, with the RFC passages. The ns-2 run carries the note saying what RFC 4960 would do.
 */
import { describe, expect, it } from 'vitest';
import {
  decisionsOf,
  run,
  samplesOf,
  type Decision,
  type SimConfig,
  type Trace,
} from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/scenarios';
import { fallFloyd } from './setup';

type Rules = 'ns2' | 'rfc';

/** The decision at time `t` (s) with code `code`. */
function at(tr: Trace, t: number, code: string): Decision {
  const d = decisionsOf(tr).find((x) => Math.abs(x.time - t) < 1e-9 && x.code === code);
  if (!d) throw new Error(`no ${code} at ${t}`);
  return d;
}

/** cwnd and ssthresh in bytes from the state sample taken at time `t` (s). */
function windowAt(tr: Trace, t: number): [number, number] {
  const s = samplesOf(tr).find((x) => Math.abs(x.time - t) < 1e-9);
  if (!s) throw new Error(`no sample at ${t}`);
  return [s.cwndBytes, s.ssthreshBytes];
}

describe('marked chunks leave the flight (RFC 4960 §6.1 C, §6.2.1 C1 / D ii) — ns-2 keeps counting them', () => {
  // New-Reno SCTP, a 1100-byte path MTU (cwnd unit: ns-2 1100 − 32 = 1068 bytes, RFC 4960 the
  // MTU itself, 1100), cwnd 4000 bytes: TSNs 1–4 go out at 1.0 s and all four are lost. T3-rtx
  // (RTO 3 s) expires at 4.0 s; TSN 1's retransmission is SACKed at 4.211968 s.
  const cfg = (rules: Rules): SimConfig =>
    fallFloyd({
      sender: 'sctp-newreno',
      drops: [1, 2, 3, 4],
      stopS: 4.5,
      flow: { rules, pathMtuBytes: 1100, initialCwndBytes: 4000 },
    });
  const ns2 = run(cfg('ns2'));
  const rfc = run(cfg('rfc'));

  it('T3-rtx expiry: both mark TSNs 1–4 and resend 1; RFC 4960 counts 1000 bytes in flight, ns-2 4000', () => {
    // §6.3.3 E1 / §7.2.3: ssthresh = max(cwnd/2, 4·MTU), cwnd = 1·MTU.
    // ns-2: max(2000, 4·1068 = 4272) = 4272, cwnd 1068. RFC 4960: max(2000, 4·1100) = 4400, cwnd 1100.
    expect(windowAt(ns2, 4)).toEqual([1068, 4272]);
    expect(windowAt(rfc, 4)).toEqual([1100, 4400]);
    const a = at(ns2, 4, 'sctp.rto');
    const b = at(rfc, 4, 'sctp.rto');
    expect(a.packets).toEqual([1]);
    expect(b.packets).toEqual([1]);
    // ns-2 MarkChunkForRtx leaves TSNs 2–4 in iOutstandingBytes: 4 chunks = 4000 bytes. RFC 4960:
    // only the resent TSN 1 is in flight, 1000 bytes (flightsize in MTUs: 4000/1068, 1000/1100).
    expect(a.after.flightsize * 1068).toBeCloseTo(4000, 9);
    expect(b.after.flightsize * 1100).toBeCloseTo(1000, 9);
    expect(a.note).toEqual({ code: 'rfc.sctp-marked-outstanding', value: 1000 });
    expect(b.note).toBeUndefined();
  });

  it("TSN 1's SACK: ns-2 finds the window full (4000 ≥ 1068) and grows; RFC 4960 (1000 < 1100) does not", () => {
    // §7.2.1: slow start (cwnd ≤ ssthresh) increases cwnd only if it is fully utilized.
    // ns-2: 4000 outstanding before the SACK ≥ 1068 → cwnd = 1068 + min(1000, 1068) = 2068; the
    // three marked chunks go out while the flight without them (0, 1000, 2000) < 2068: 2, 3, 4.
    const a = at(ns2, 4.211968, 'sctp.retransmit-marked');
    expect(windowAt(ns2, 4.211968)).toEqual([2068, 4272]);
    expect(a.packets).toEqual([2, 3, 4]);
    expect(a.note).toEqual({ code: 'rfc.sctp-cwnd-marked', value: 1068 });
    // RFC 4960: 1000 bytes in flight before the SACK < cwnd 1100 → cwnd stays 1100; marked chunks
    // go out while the flight (0, 1000) < 1100: 2 and 3 (§6.1 C, "limited by the current cwnd").
    const b = at(rfc, 4.211968, 'sctp.retransmit-marked');
    expect(b.changes.cwnd).toBeUndefined();
    expect(b.after.cwnd * 1100).toBeCloseTo(1100, 9);
    expect(b.packets).toEqual([2, 3]);
    expect(b.after.flightsize * 1100).toBeCloseTo(2000, 9);
    expect(b.note).toBeUndefined();
    // TSN 2's SACK (4.423936 s): 2000 in flight ≥ 1100 → cwnd 1100 + 1000 = 2100; TSN 4 goes
    // first (marked), then the new TSN 5.
    const c = at(rfc, 4.423936, 'sctp.retransmit-marked');
    expect(windowAt(rfc, 4.423936)).toEqual([2100, 4400]);
    expect(c.packets).toEqual([4, 5]);
  });
});

describe('T3-rtx expiry at cwnd = 1 MTU: RFC 4960 §6.3.3 E1 always cuts, ns-2 Timeout only above 1 MTU', () => {
  // New-Reno SCTP, 10 chunks at 1.0 s, all lost, and TSN 1's first retransmission lost too.
  // First expiry at 4.0 s (RTO 3 s, then 6 s), the second at 10.0 s.
  const cfg = (rules: Rules): SimConfig =>
    fallFloyd({
      sender: 'sctp-newreno',
      drops: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      scripted: [{ flow: 0, packet: 1, transmission: 2 }],
      stopS: 10.5,
      flow: { rules, initialCwndPkts: 10 },
    });
  const ns2 = run(cfg('ns2'));
  const rfc = run(cfg('rfc'));

  it('the first expiry is the same: ssthresh = max(10000/2, 4·1000) = 5000, cwnd = 1000', () => {
    expect(windowAt(ns2, 4)).toEqual([1000, 5000]);
    expect(windowAt(rfc, 4)).toEqual([1000, 5000]);
    // Nine chunks stay marked: ns-2 counts 10000 bytes outstanding, RFC 4960 1000.
    expect(at(ns2, 4, 'sctp.rto').note).toEqual({
      code: 'rfc.sctp-marked-outstanding',
      value: 1000,
    });
  });

  it('the second: ns-2 keeps ssthresh 5000; RFC 4960 sets max(1000/2, 4000) = 4000', () => {
    const a = at(ns2, 10, 'sctp.rto');
    const b = at(rfc, 10, 'sctp.rto');
    expect(a.packets).toEqual([1]);
    expect(b.packets).toEqual([1]);
    expect(a.changes.ssthresh).toBeUndefined();
    expect(a.after.ssthresh).toBe(5);
    expect(b.changes.ssthresh).toEqual([5, 4]);
    expect(windowAt(rfc, 10)).toEqual([1000, 4000]);
    // The ssthresh note wins over the marked-chunks note of the same decision (the first stays).
    expect(a.note).toEqual({ code: 'rfc.sctp-rto-ssthresh', value: 4000 });
    // Then both slow-start back: ns-2 up to 5000, RFC 4960 up to 4000.
    expect(windowAt(ns2, 10.434336)).toEqual([4000, 5000]);
    expect(windowAt(rfc, 10.434336)).toEqual([4000, 4000]);
  });
});

describe('partial_bytes_acked (RFC 4960 §7.2.2): every newly acked byte; ns-2 only with a full window', () => {
  // New-Reno SCTP in congestion avoidance from the start (cwnd 3000 > ssthresh 2000) with a
  // 2-chunk receiver window: 2000 bytes in flight < cwnd 3000, every packet SACKed.
  const cfg = (rules: Rules): SimConfig =>
    fallFloyd({
      sender: 'sctp-newreno',
      stopS: 2,
      flow: { rules, initialCwndPkts: 3, initialSsthreshBytes: 2000, windowPkts: 2 },
    });

  it('ns-2 adds nothing (2000 outstanding < cwnd 3000); RFC 4960 adds 1000 per SACK; cwnd stays 3000 in both', () => {
    const pba = (t: Trace) =>
      decisionsOf(t)
        .filter((d) => d.trigger.kind === 'ack')
        .slice(0, 5)
        .map((d) => d.after.partialBytesAcked);
    const ns2 = run(cfg('ns2'));
    const rfc = run(cfg('rfc'));
    // ns-2 SendBufferDequeueUpTo: iOutstandingBytes (2000) < iCwnd (3000) → no bytes to pba.
    expect(pba(ns2)).toEqual([0, 0, 0, 0, 0]);
    // §7.2.2 bullet 1: + 1000 bytes per SACK advancing the Cumulative TSN Ack; bullet 2 needs
    // flightsize ≥ cwnd before the SACK (2000 < 3000), so cwnd does not grow.
    expect(pba(rfc)).toEqual([1000, 2000, 3000, 4000, 5000]);
    for (const t of [ns2, rfc])
      for (const d of decisionsOf(t).filter((x) => x.trigger.kind === 'ack')) {
        expect(d.code).toBe('sctp.congestion-avoidance');
        expect(d.after.cwnd).toBe(3);
        expect(d.packets).toHaveLength(1);
      }
    // No note: the window's outcome (cwnd, packets) is the same.
    expect(decisionsOf(ns2).some((d) => d.note)).toBe(false);
  });
});

describe('profile=rfc: cwnd in path MTUs as written (RFC 4960 §7.2.1), ns-2 in mtu_ − 32', () => {
  const flowOf = (profile: string) => {
    const r = parseScenarioQuery(`preset=ff-1-drops&sender=sctp-4960&profile=${profile}&mss=2500`);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return buildSimConfig(r.scenario);
  };

  it('2500-byte chunks (2516 with the DATA header) in a 2548-byte path MTU: initial cwnd 5032 vs 5096 bytes', () => {
    const ns2 = flowOf('ns2');
    const rfc = flowOf('rfc');
    // ns-2 Reset: M = 2548 − 32 = 2516, min(4·2516, max(2·2516, 4380)) = 5032.
    // RFC 4960 §7.2.1: M = 2548, min(10192, max(5096, 4380)) = 5096.
    expect(ns2.flows[0]).toMatchObject({ pathMtuBytes: 2548, initialCwndBytes: 5032 });
    expect(rfc.flows[0]).toMatchObject({
      pathMtuBytes: 2548,
      initialCwndBytes: 5096,
      rules: 'rfc',
    });
    const a = decisionsOf(run(ns2)).find((d) => d.code === 'sctp.start')!;
    const b = decisionsOf(run(rfc)).find((d) => d.code === 'sctp.start')!;
    // Chunks go out while outstanding < cwnd: 0, 2516 < 5032 → 2; 0, 2516, 5032 < 5096 → 3.
    expect(a.packets).toEqual([1, 2]);
    expect(b.packets).toEqual([1, 2, 3]);
    // cwnd in the run's own MTUs: 5032/2516 = 2, 5096/2548 = 2.
    expect(a.after.cwnd).toBe(2);
    expect(b.after.cwnd).toBe(2);
    expect(a.note).toEqual({ code: 'rfc.sctp-initial-cwnd', value: 5096 });
    expect(b.note).toBeUndefined();
  });

  it('with the default 1000-byte mss both start at 4380 bytes (path MTU 1500): no note', () => {
    const r = parseScenarioQuery('preset=ff-1-drops&sender=sctp-4960&profile=ns2');
    if (!r.ok) throw new Error('parse');
    const cfg = buildSimConfig(r.scenario);
    expect(cfg.flows[0]!.initialCwndBytes).toBe(4380);
    const start = decisionsOf(run(cfg)).find((d) => d.code === 'sctp.start')!;
    expect(start.note).toBeUndefined();
  });
});
