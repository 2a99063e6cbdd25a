/**
 * The per-ACK RTT sample and delivery-rate sample (tcp/ack-samples.ts) that congestion ops read
 * through `CongestionOps.onAckSample` / `TcpState.ackSample`: exact values on hand-made sends
 * and ACKs, then a whole Fall & Floyd run with ops that read them — the trace is the same.
 */
import { describe, expect, it } from 'vitest';
import { run, TriggerKind, type Trace } from '../../../src/engine';
import { AckSampler, type AckSample } from '../../../src/engine/tcp/ack-samples';
import {
  ns2Aimd,
  type CongestionFamily,
  type CongestionOps,
} from '../../../src/engine/tcp/congestion';
import { TCP_VARIANTS } from '../../../src/engine/tcp/variants';
import { fallFloydConfig } from '../../helpers/fall-floyd';

/** Send packets `seqnos` one after another (highestAck, maxseq tracked as the sender does). */
function sendAll(s: AckSampler, st: { h: number; m: number }, seqnos: number[], t: number) {
  for (const q of seqnos) {
    s.sent(q, t, q <= st.m, st.h, st.m);
    if (q > st.m) st.m = q;
  }
}

describe('AckSampler', () => {
  it('RTT from the newest packet an ACK covers; NaN for a duplicate and under Karn’s rule', () => {
    const s = new AckSampler();
    const st = { h: -1, m: -1 };
    sendAll(s, st, [0], 1.0);
    expect(s.onAck(0, st.h, 1.25)).toMatchObject({ ackedPkts: 1, rttS: 0.25 });
    st.h = 0;
    sendAll(s, st, [1, 2], 1.25);
    sendAll(s, st, [3], 1.3);
    const a = s.onAck(3, st.h, 1.7); // covers 1, 2, 3: RTT from 3's send
    expect(a.ackedPkts).toBe(3);
    expect(a.rttS).toBeCloseTo(0.4, 12);
    st.h = 3;
    expect(s.onAck(3, st.h, 1.8)).toMatchObject({ ackedPkts: 0, rttS: NaN });
    sendAll(s, st, [4, 5], 1.8);
    sendAll(s, st, [4], 2.5); // 4 retransmitted
    expect([3, 4, 5, 6].map((q) => s.sentAtS(q, st.h, st.m))).toEqual([NaN, 2.5, 1.8, NaN]);
    expect(s.onAck(5, st.h, 2.7)).toMatchObject({ ackedPkts: 2, rttS: NaN });
  });

  it('delivery rate: delivered over max(send elapsed, ACK elapsed) (draft-cheng §3.3)', () => {
    const s = new AckSampler();
    const st = { h: -1, m: -1 };
    sendAll(s, st, [0], 0); // nothing in flight: the interval starts at 0
    sendAll(s, st, [1], 0.1);
    const a = s.onAck(0, st.h, 1.0);
    st.h = 0;
    // Packet 0: delivered 0 → 1, send elapsed 0, ACK elapsed 1.0 − 0.
    expect(a.rate).toEqual({ delivered: 1, intervalS: 1, deliveryRate: 1, appLimited: false });
    const b = s.onAck(1, st.h, 1.2);
    st.h = 1;
    // Packet 1 was sent at 0.1 with delivered 0 at time 0: 2 packets over max(0.1, 1.2) s.
    expect(b.rate.delivered).toBe(2);
    expect(b.rate.intervalS).toBeCloseTo(1.2, 12);
    expect(b.rate.deliveryRate).toBeCloseTo(2 / 1.2, 12);
    // Nothing in flight again: the next send starts a new interval at its own time.
    s.appLimited(0, { window: () => 10 });
    sendAll(s, st, [2], 5);
    const c = s.onAck(2, st.h, 5.5);
    expect(c.rate).toEqual({ delivered: 1, intervalS: 0.5, deliveryRate: 2, appLimited: true });
    expect(s.onAck(2, 2, 5.6).rate).toEqual({
      delivered: 0,
      intervalS: 0,
      deliveryRate: NaN,
      appLimited: false,
    });
  });

  it('keeps the entries of packets in flight when the ring grows', () => {
    const s = new AckSampler();
    const st = { h: -1, m: -1 };
    for (let q = 0; q < 300; q++) sendAll(s, st, [q], q / 1000);
    const a = s.onAck(299, st.h, 1);
    expect(a.ackedPkts).toBe(300);
    expect(a.rttS).toBeCloseTo(1 - 0.299, 12);
    expect(a.rate.delivered).toBe(300);
  });
});

describe('onAckSample in a run', () => {
  /** Run Fall & Floyd Reno (drops 14, 26, 28) with `ops` in place of Reno's ns-2 AIMD. */
  function renoWith(ops: CongestionOps<null>): Trace {
    const reno = TCP_VARIANTS.reno as { congestion: CongestionFamily };
    const saved = reno.congestion;
    reno.congestion = { ns2: ops, rfc: saved.rfc };
    try {
      return run(fallFloydConfig('reno', [14, 26, 28], { stopS: 6 }));
    } finally {
      reno.congestion = saved;
    }
  }

  it('reads an RTT and a rate sample on every ACK and changes nothing in the trace', () => {
    const seen: AckSample[] = [];
    const spy: CongestionOps<null> = {
      ...ns2Aimd,
      onAckSample(s, a) {
        expect(s.ackSample).toBe(a);
        seen.push({ ...a, rate: { ...a.rate } });
      },
    };
    const plain = run(fallFloydConfig('reno', [14, 26, 28], { stopS: 6 }));
    const spied = renoWith(spy);
    expect(spied.packets).toEqual(plain.packets);
    expect(spied.decisions).toEqual(plain.decisions);
    // One sample per ACK the sender received.
    const acks = plain.decisions.trigger.filter((k) => k === TriggerKind.ack);
    expect(seen.length).toBe(acks.length);
    // Packet 1 leaves at 1.0 s and its ACK arrives at 1.21144 s (the first ns-2 RTT sample).
    expect(seen[0]!.ackedPkts).toBe(1);
    expect(seen[0]!.rttS).toBeCloseTo(0.21144, 9);
    // Every RTT sample is at least the path's: 2 · 0.1 s propagation + 1040 + 40 bytes' serialisation.
    const rtts = seen.map((a) => a.rttS).filter((r) => !Number.isNaN(r));
    expect(Math.min(...rtts)).toBeGreaterThanOrEqual(0.2 + (1040 * 8) / 800e3);
    // Karn: the ACKs that cover the retransmitted packets give none; duplicates give none.
    expect(seen.filter((a) => a.ackedPkts > 0 && Number.isNaN(a.rttS)).length).toBeGreaterThan(0);
    expect(seen.filter((a) => a.ackedPkts === 0).every((a) => Number.isNaN(a.rttS))).toBe(true);
    // Bulk data never leaves the window unfilled: no sample is app-limited; rates stay below
    // the bottleneck's 100 packets/s (1040 bytes at 800 kb/s = 96.2 packets/s) within rounding.
    expect(seen.some((a) => a.rate.appLimited)).toBe(false);
    const rates = seen.map((a) => a.rate.deliveryRate).filter((r) => Number.isFinite(r));
    expect(Math.max(...rates)).toBeLessThanOrEqual(800e3 / (1040 * 8) + 1e-9);
  });
});
