/**
 * PR-SCTP (RFC 3758): timed reliability (§4.1 TR3, TR4), abandoned chunks (§3.5 A2), the
 * Advanced.Peer.Ack.Point and FORWARD-TSN (§3.5 C1–C5, §3.2), the receiver's side (§3.6), and
 * ns-2's limited-retransmission policy (FlowConfig.prMaxRetransmissions).
 */
import { describe, expect, it } from 'vitest';
import {
  decisionAt,
  PacketEventKind,
  PacketType,
  run,
  type FlowConfig,
  type Trace,
} from '../../../../src/engine';
import { Scheduler } from '../../../../src/engine/core/scheduler';
import { Network } from '../../../../src/engine/net/network';
import type { Packet } from '../../../../src/engine/net/packet';
import { SctpReceiver, type SackPacket } from '../../../../src/engine/sctp/receiver';
import { Recorder } from '../../../../src/engine/trace/recorder';
import { fallFloyd } from '../setup';

type Row = [packet: number, stream: number, ssn: number, time: number];

function deliveries(t: Trace): Row[] {
  const d = t.deliveries!;
  const out: Row[] = [];
  for (let i = 0; i < d.length; i++) out.push([d.packet[i]!, d.stream[i]!, d.ssn[i]!, d.time[i]!]);
  return out;
}

/** Sends at the sender's node: [time, 'DATA' | label, TSN or New Cumulative TSN, bytes]. */
function sends(t: Trace): [number, string, number, number][] {
  const P = t.packets;
  const X = t.transmissions;
  const S1 = t.nodes.indexOf('S1');
  const names = new Map<number, string>();
  const c = t.controls!;
  for (let i = 0; i < c.length; i++) names.set(c.uid[i]!, c.names[c.label[i]!]!);
  const out: [number, string, number, number][] = [];
  for (let i = 0; i < P.length; i++) {
    if (P.kind[i] !== PacketEventKind.send || P.node[i] !== S1) continue;
    const u = P.uid[i]!;
    if (X.type[u] === PacketType.data) out.push([P.time[i]!, 'DATA', X.packet[u]!, X.size[u]!]);
    else if (X.type[u] === PacketType.control)
      out.push([P.time[i]!, names.get(u)!, X.cumAck[u]!, X.size[u]!]);
  }
  return out;
}

function blocksOf(t: Trace, uid: number): [number, number][] {
  const b = t.ackBlocks;
  const out: [number, number][] = [];
  for (let i = 0; i < b.length; i++) if (b.uid[i] === uid) out.push([b.first[i]!, b.last[i]!]);
  return out;
}

function codes(t: Trace): [number, string, number[]][] {
  const out: [number, string, number[]][] = [];
  for (let i = 0; i < t.decisions.length; i++) {
    const d = decisionAt(t, i);
    out.push([d.time, d.code, [...d.packets]]);
  }
  return out;
}

/**
 * The multistream case of tests/engine/sctp/streams (CBR 10/s from 1.0 s, 4 streams, cwnd 10,
 * TSN 2 dropped; fast retransmit at 1.612012 s) with a lifetime of 0.15 s: TSN 2 (offered at
 * 1.1) has expired by its fast retransmit, so it is abandoned (TR4) instead of resent; the
 * SACK's Cumulative TSN Ack is 1, the Advanced.Peer.Ack.Point moves to 2 (C1, C2) and a
 * FORWARD-TSN goes at once (C3): 32 + 8 + 4 = 44 bytes with the pair (stream 1, SSN 0) (C4).
 * It reaches K1 at 1.612012 + 44·8/8e6 + 44·8/800e3 + 0.1 = 1.712496 s, where stream 1's
 * TSN 6, held behind TSN 2, is delivered (1.723452 s with the retransmission).
 */
function lossCase(flow: Partial<FlowConfig> = {}): Trace {
  return run(
    fallFloyd({
      sender: 'sctp-4960',
      drops: [2],
      stopS: 2.05,
      flow: {
        initialCwndPkts: 10,
        streams: 4,
        prLifetimeS: 0.15,
        recordDeliveries: true,
        app: { kind: 'cbr', pps: 10 },
        ...flow,
      },
    }),
  );
}

describe('TR4: an expired chunk is abandoned at its fast retransmit, FORWARD-TSN skips it', () => {
  const t = lossCase();

  it('sends a 44-byte FORWARD-TSN (New Cumulative TSN 2, pair (1, 0)) instead of the retransmission', () => {
    const s = sends(t).filter((x) => x[0] > 1.6 && x[0] < 1.7);
    expect(s.map((x) => x.slice(1))).toEqual([
      ['DATA', 7, 1040],
      ['FORWARD-TSN', 2, 44],
    ]);
    expect(s[1]![0]).toBeCloseTo(1.612012, 9);
    const c = t.controls!;
    const fwd = [...c.uid].filter((_, i) => c.names[c.label[i]!] === 'FORWARD-TSN');
    expect(fwd.length).toBe(1);
    expect(blocksOf(t, fwd[0]!)).toEqual([[1, 0]]);
  });

  it('the fast retransmit still cuts cwnd (F5) and keeps its rule; nothing is retransmitted', () => {
    const st = t.flowStats[0]!;
    expect([st.retransmissions, st.fastRetransmits, st.abandoned]).toEqual([0, 1, 1]);
    const fr = codes(t).find((c) => Math.abs(c[0] - 1.612012) < 1e-9)!;
    expect(fr[1]).toBe('sctp.fast-recovery');
    expect(fr[2]).toEqual([]);
  });

  it('receiver (§3.6): stream 1 skips SSN 0 and delivers TSN 6 at the FORWARD-TSN; TSN 2 never', () => {
    const r = deliveries(t);
    expect(r.map((x) => x[0])).toEqual([1, 3, 4, 5, 7, 6, 8, 9, 10]);
    const six = r.find((x) => x[0] === 6)!;
    expect(six.slice(1, 3)).toEqual([1, 1]);
    expect(six[3]).toBeCloseTo(1.712496, 9);
    // Transport level: the Cumulative TSN passed 10 TSNs, one of them skipped.
    expect(t.flowStats[0]!.deliveredPackets).toBe(9);
    // The receiver SACKs the FORWARD-TSN at once: Cumulative TSN 7 (3–7 had arrived).
    const P = t.packets;
    const X = t.transmissions;
    const K1 = t.nodes.indexOf('K1');
    let sack = -1;
    for (let i = 0; i < P.length; i++) {
      if (
        P.kind[i] === PacketEventKind.send &&
        P.node[i] === K1 &&
        Math.abs(P.time[i]! - 1.712496) < 1e-9
      )
        sack = X.cumAck[P.uid[i]!]!;
    }
    expect(sack).toBe(7);
  });

  it('unordered messages carry no (stream, SSN) pairs: a 40-byte FORWARD-TSN', () => {
    const u = lossCase({ unordered: true });
    expect(
      sends(u)
        .filter((x) => x[1] === 'FORWARD-TSN')
        .map((x) => x.slice(2)),
    ).toEqual([[2, 40]]);
  });

  it('reliable without a lifetime: TSN 2 is retransmitted and nothing is abandoned', () => {
    const r = lossCase({ prLifetimeS: undefined });
    expect(sends(r).some((x) => x[1] === 'FORWARD-TSN')).toBe(false);
    expect([r.flowStats[0]!.retransmissions, r.flowStats[0]!.abandoned]).toEqual([1, undefined]);
  });

  it('prMaxRetransmissions 0 (ns-2 reliability_ 0): abandoned at the fast retransmit whatever its age', () => {
    const m = lossCase({ prLifetimeS: undefined, prMaxRetransmissions: 0 });
    expect(
      sends(m)
        .filter((x) => x[1] === 'FORWARD-TSN')
        .map((x) => x.slice(2)),
    ).toEqual([[2, 44]]);
    expect(m.flowStats[0]!.abandoned).toBe(1);
    const m1 = lossCase({ prLifetimeS: undefined, prMaxRetransmissions: 1 });
    expect([m1.flowStats[0]!.retransmissions, m1.flowStats[0]!.abandoned]).toEqual([1, undefined]);
  });
});

/**
 * TR3: one stream, cwnd 1 chunk, CBR 10/s, lifetime 0.1 s. TSN 1 goes at 1.0 and fills cwnd;
 * message 2 (offered at 1.1) waits. When message 3 is offered at 1.2 message 2 is older than
 * 0.1 s: abandoned before its first transmission (a 'sctp.pr-abandon' row, nothing sent). The
 * SACK for TSN 1 (1.211968 s) lets the Advanced.Peer.Ack.Point pass it: a FORWARD-TSN with New
 * Cumulative TSN 2 and the pair (0, 1), then DATA 3. K1 delivers TSN 3 (SSN 2) on arrival at
 * 1.211968 + 44·8/8e6 + 1040·8/8e6 + 1040·8/800e3 + 0.1 = 1.323452 s.
 */
describe('TR3: a message that expires before its first transmission is never sent', () => {
  const t = run(
    fallFloyd({
      sender: 'sctp-4960',
      stopS: 1.7,
      flow: {
        initialCwndPkts: 1,
        prLifetimeS: 0.1,
        recordDeliveries: true,
        app: { kind: 'cbr', pps: 10 },
      },
    }),
  );

  it('sends no DATA for TSN 2, a FORWARD-TSN before DATA 3', () => {
    const s = sends(t);
    expect(s.map((x) => x.slice(1))).toEqual([
      ['DATA', 1, 1040],
      ['FORWARD-TSN', 2, 44],
      ['DATA', 3, 1040],
      ['DATA', 4, 1040],
      ['DATA', 5, 1040],
      ['DATA', 6, 1040],
      ['DATA', 7, 1040],
    ]);
    expect(s[1]![0]).toBeCloseTo(1.211968, 9);
    expect(s[2]![0]).toBeCloseTo(1.211968, 9);
  });

  it('names the decisions: sctp.pr-abandon at 1.2 s (nothing sent), sctp.forward-tsn at the SACK', () => {
    const c = codes(t).filter((x) => x[0] > 1.1 && x[0] < 1.25);
    expect(c.map((x) => [x[1], x[2]])).toEqual([
      ['sctp.pr-abandon', []],
      ['sctp.forward-tsn', [3]],
    ]);
    expect(c[0]![0]).toBeCloseTo(1.2, 9);
  });

  it('delivers 1, then 3 (SSN 2) on arrival; counts one abandoned message', () => {
    const r = deliveries(t);
    expect(r.slice(0, 2).map((x) => x.slice(0, 3))).toEqual([
      [1, 0, 0],
      [3, 0, 2],
    ]);
    expect(r[1]![3]).toBeCloseTo(1.323452, 9);
    expect(t.flowStats[0]!.abandoned).toBe(1);
  });
});

/**
 * VoIP-like CBR (50 messages/s of 160 bytes, 208-byte packets) over the 800 kb/s / 100 ms link
 * with 5 % random loss: reliable SCTP queues the messages behind a small cwnd and its losses
 * (delay from offer to delivery grows to seconds); PR-SCTP with a 150 ms lifetime abandons
 * stale messages, so an unordered message's delay stays below the lifetime plus the largest
 * one-way delay of a DATA packet in the run.
 */
describe('PR-SCTP keeps VoIP delay bounded where reliable SCTP does not', () => {
  const LIFETIME = 0.15;
  const voip = (flow: Partial<FlowConfig>) =>
    run(
      fallFloyd({
        sender: 'sctp-4960',
        lossRate: 0.05,
        seed: 3,
        stopS: 30,
        flow: {
          mssBytes: 160,
          headerBytes: 48,
          windowPkts: 100,
          initialCwndPkts: 4,
          recordDeliveries: true,
          app: { kind: 'cbr', pps: 50 },
          ...flow,
        },
      }),
    );
  /** Offer times: CBR's double-precision now + 1/50 from 1.0 s. */
  const offer: number[] = [];
  for (let x = 1.0; offer.length < 2000; x += 1 / 50) offer.push(x);
  const maxDelay = (t: Trace) =>
    deliveries(t).reduce((m, r) => Math.max(m, r[3] - offer[r[0] - 1]!), -Infinity);
  /** Largest send → arrival time of a DATA packet at K1. */
  const maxOneWay = (t: Trace) => {
    const P = t.packets;
    const X = t.transmissions;
    const sent = new Map<number, number>();
    let m = 0;
    const K1 = t.nodes.indexOf('K1');
    for (let i = 0; i < P.length; i++) {
      if (X.type[P.uid[i]!] !== PacketType.data) continue;
      if (P.kind[i] === PacketEventKind.send) sent.set(P.uid[i]!, P.time[i]!);
      else if (P.kind[i] === PacketEventKind.deliver && P.node[i] === K1)
        m = Math.max(m, P.time[i]! - sent.get(P.uid[i]!)!);
    }
    return m;
  };

  const reliable = voip({ unordered: true });
  const pr = voip({ unordered: true, prLifetimeS: LIFETIME });
  const prOrdered = voip({ prLifetimeS: LIFETIME });

  it('unordered PR-SCTP: max delay ≤ lifetime + max one-way delay; reliable SCTP exceeds it many times over', () => {
    const bound = LIFETIME + maxOneWay(pr);
    expect(maxOneWay(pr)).toBeLessThan(0.11);
    expect(maxDelay(pr)).toBeLessThanOrEqual(bound);
    expect(maxDelay(reliable)).toBeGreaterThan(10 * bound);
    expect(pr.flowStats[0]!.abandoned).toBeGreaterThan(100);
    expect(reliable.flowStats[0]!.abandoned).toBeUndefined();
  });

  it('every TSN delivered at most once, abandoned ones never sent twice (no retransmission needed)', () => {
    for (const t of [pr, prOrdered]) {
      const r = deliveries(t);
      expect(new Set(r.map((x) => x[0])).size).toBe(r.length);
      expect(t.flowStats[0]!.retransmissions).toBe(0);
    }
  });

  it('ordered PR-SCTP: a stream waits for the loss to be detected, then the FORWARD-TSN — under a second, not 10 s', () => {
    const r = deliveries(prOrdered);
    for (let i = 1; i < r.length; i++) expect(r[i]![2]).toBeGreaterThan(r[i - 1]![2]); // SSN order
    expect(maxDelay(prOrdered)).toBeLessThan(1);
    expect(maxDelay(reliable)).toBeGreaterThan(10);
  });
});

describe('SctpReceiver and FORWARD-TSN (RFC 3758 §3.6)', () => {
  function harness() {
    const cfg = fallFloyd({ sender: 'sctp-4960', flow: { streams: 2 } });
    const sched = new Scheduler();
    const net = new Network(cfg, sched, new Recorder());
    const rx = new SctpReceiver(cfg.flows[0]!, sched, net);
    const S1 = net.nodeIndex('S1');
    const K1 = net.nodeIndex('K1');
    net.attach(K1, 0, rx);
    const sacks: SackPacket[] = [];
    net.attach(S1, 0, { receive: (p: Packet) => sacks.push(p as SackPacket) });
    let uid = 1000;
    const base = {
      flow: 0,
      src: S1,
      dst: K1,
      retx: false,
      cumAck: 0,
      blocks: [],
      forSeq: 0,
      tsEcho: 0,
      ecn: 0,
      ecnFlags: 0,
    };
    const data = (tsn: number) =>
      rx.receive({
        ...base,
        uid: uid++,
        type: PacketType.data,
        size: 1040,
        seq: tsn,
        sentAt: sched.now,
      });
    const forward = (cum: number) =>
      rx.receive({
        ...base,
        uid: uid++,
        type: PacketType.control,
        size: 44,
        seq: 0,
        sentAt: sched.now,
        cumAck: cum,
        label: 'FORWARD-TSN',
      });
    const settle = () => sched.runUntil(sched.now + 1);
    return { rx, sacks, data, forward, settle };
  }

  it('moves the Cumulative TSN to the New Cumulative TSN and on over the next block; skipped TSNs are neither delivered nor errors', () => {
    const h = harness();
    for (const t of [1, 3, 5, 6, 7]) h.data(t);
    h.settle();
    expect(h.sacks.at(-1)!.blocks).toEqual([
      [3, 3],
      [5, 7],
    ]);
    h.forward(5); // 2 and 4 never arrive; 5 is inside the block [5, 7]
    h.settle();
    const s = h.sacks.at(-1)!;
    expect([s.cumAck, s.blocks, h.sacks.length]).toEqual([7, [], 6]);
    expect([h.rx.deliveredPackets, h.rx.skippedPackets, h.rx.deliveryErrors]).toEqual([5, 2, 0]);
    // Streams (2): stream 0 = TSNs 1, 3, 5, 7 and stream 1 = 2, 4, 6: all delivered but 2 and 4.
    expect([h.rx.streamDelivery.delivered, h.rx.streamDelivery.skipped]).toEqual([5, 2]);
  });

  it('an out-of-date FORWARD-TSN changes nothing but is answered at once; a skipped TSN arriving late is a duplicate', () => {
    const h = harness();
    h.data(1);
    h.data(3);
    h.forward(2);
    h.settle();
    expect(h.sacks.at(-1)!.cumAck).toBe(3);
    h.forward(2);
    h.settle();
    expect([h.sacks.length, h.sacks.at(-1)!.cumAck]).toEqual([4, 3]);
    h.data(2);
    h.settle();
    expect([h.sacks.at(-1)!.cumAck, h.sacks.at(-1)!.dupTsns]).toEqual([3, 1]);
    expect([h.rx.deliveredPackets, h.rx.skippedPackets, h.rx.deliveryErrors]).toEqual([2, 1, 0]);
  });
});

/**
 * A5: a 5-message file (cwnd 10: all sent at 1.0 s), TSN 5 dropped, lifetime 0.5 s. No later
 * chunk reports it missing; the T3-rtx timer, restarted by the SACK for TSN 4 at 1.243168 s,
 * expires at 2.243168 s (RTO.Min 1 s). TSN 5 (offered at 1.0) has expired: abandoned instead of
 * retransmitted, a FORWARD-TSN (New Cumulative TSN 5, pair (0, 4): 44 bytes) goes at once, the
 * T3-rtx expiry's cut applies (cwnd 1 MTU). The receiver's SACK (Cumulative TSN 5) completes the
 * transfer: SHUTDOWN follows.
 */
describe('A5: a T3-rtx expiry abandons an expired chunk and sends FORWARD-TSN', () => {
  const t = run(
    fallFloyd({
      sender: 'sctp-4960',
      drops: [5],
      stopS: 6,
      flow: {
        initialCwndPkts: 10,
        prLifetimeS: 0.5,
        recordDeliveries: true,
        app: { kind: 'file', bytes: 5000 },
      },
    }),
  );

  it('FORWARD-TSN at the expiry, no retransmission, then the shutdown', () => {
    const s = sends(t).filter((x) => x[1] !== 'DATA');
    expect(s.map((x) => x.slice(1))).toEqual([
      ['FORWARD-TSN', 5, 44],
      ['SHUTDOWN', 0, 40],
      ['SHUTDOWN-COMPLETE', 0, 36],
    ]);
    expect(s[0]![0]).toBeCloseTo(2.243168, 9);
    const rto = codes(t).find((c) => c[1] === 'sctp.rto')!;
    expect(rto[0]).toBeCloseTo(2.243168, 9);
    expect(rto[2]).toEqual([]);
    expect(decisionAt(t, t.decisions.length - 3).after.cwnd).toBe(1);
    const st = t.flowStats[0]!;
    expect([st.retransmissions, st.timeouts, st.abandoned, st.deliveredPackets]).toEqual([
      0, 1, 1, 4,
    ]);
    expect(deliveries(t).map((r) => r[0])).toEqual([1, 2, 3, 4]);
  });
});
