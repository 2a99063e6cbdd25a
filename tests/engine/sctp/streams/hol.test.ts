/**
 * Multistreaming (RFC 4960 §6.5–§6.6): messages round robin over the outbound streams, delivery
 * in SSN order per stream (or on arrival when unordered), head-of-line blocking per stream only —
 * against TCP's single byte stream under the same loss.
 */
import { describe, expect, it } from 'vitest';
import { run, type FlowConfig, type Trace } from '../../../../src/engine';
import { StreamDelivery, ssnOf, streamOf, tsnOf } from '../../../../src/engine/sctp/streams';
import type { DeliveryRow } from '../../../../src/engine/trace/deliveries';
import type { TraceSink } from '../../../../src/engine/trace/sink';
import { fallFloyd } from '../setup';

type Row = [packet: number, stream: number, ssn: number, time: number];

function rows(t: Trace): Row[] {
  const d = t.deliveries!;
  const out: Row[] = [];
  for (let i = 0; i < d.length; i++) out.push([d.packet[i]!, d.stream[i]!, d.ssn[i]!, d.time[i]!]);
  return out;
}

/** A StreamDelivery writing into an array (time = the value of `clock.now`). */
function harness(flow: Partial<FlowConfig>) {
  const out: DeliveryRow[] = [];
  const clock = { now: 0 };
  const sink = { delivery: (r: DeliveryRow) => out.push(r) } as unknown as TraceSink;
  const cfg = { ...fallFloyd({ sender: 'sctp-4960' }).flows[0]!, recordDeliveries: true, ...flow };
  const sd = new StreamDelivery(cfg, sink, () => clock.now);
  return { sd, out, clock, tsns: () => out.map((r) => r.packet) };
}

describe('stream assignment (RFC 4960 §6.5, §3.3.1)', () => {
  it('is round robin over the streams by TSN, SSNs from 0 in each stream', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((t) => [streamOf(t, 4), ssnOf(t, 4)])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [0, 1],
      [1, 1],
      [0, 2],
    ]);
    for (let t = 1; t <= 50; t++) expect(tsnOf(streamOf(t, 3), ssnOf(t, 3), 3)).toBe(t);
    expect([1, 2, 3].map((t) => [streamOf(t, 1), ssnOf(t, 1)])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
  });
});

describe('StreamDelivery', () => {
  it('ordered: holds a chunk until every earlier SSN of its own stream is delivered', () => {
    const h = harness({ streams: 2 });
    // TSN 1 (s0 n0) lost; 2 (s1 n0), 3 (s0 n1), 4 (s1 n1) arrive.
    h.sd.arrived(2);
    h.sd.arrived(3);
    h.sd.arrived(4);
    expect(h.tsns()).toEqual([2, 4]); // stream 1 is not blocked; 3 waits for 1
    h.clock.now = 5;
    h.sd.arrived(1);
    expect(h.out.slice(2).map((r) => [r.packet, r.stream, r.ssn, r.time, r.unordered])).toEqual([
      [1, 0, 0, 5, false],
      [3, 0, 1, 5, false],
    ]);
    expect([h.sd.delivered, h.sd.orderErrors, h.sd.skipped]).toEqual([4, 0, 0]);
  });

  it('unordered (U bit, §6.6): delivered on arrival', () => {
    const h = harness({ streams: 2, unordered: true });
    for (const t of [3, 4, 2]) h.sd.arrived(t);
    expect(h.out.map((r) => [r.packet, r.unordered])).toEqual([
      [3, true],
      [4, true],
      [2, true],
    ]);
  });

  it('FORWARD-TSN (RFC 3758 §3.6): skips missing SSNs up to the new cumulative TSN, delivers the stranded ones and what follows', () => {
    const h = harness({ streams: 2 });
    // Stream 0: TSNs 1, 3, 5, 7 (n0..n3); stream 1: TSNs 2, 4, 6, 8. 1 and 5 lost; 3 and 7 held.
    for (const t of [2, 3, 4, 6, 7, 8]) h.sd.arrived(t);
    expect(h.tsns()).toEqual([2, 4, 6, 8]);
    h.sd.forwarded(1); // skips TSN 1 (s0 n0): 3 is delivered, 7 still waits for 5
    expect(h.tsns()).toEqual([2, 4, 6, 8, 3]);
    h.sd.forwarded(6); // skips TSN 5 (s0 n2): 7 follows
    expect(h.tsns()).toEqual([2, 4, 6, 8, 3, 7]);
    expect([h.sd.skipped, h.sd.delivered, h.sd.orderErrors]).toEqual([2, 6, 0]);
    h.sd.arrived(9); // s0 n4: in order
    expect(h.tsns().at(-1)).toBe(9);
  });

  it('writes nothing without FlowConfig.recordDeliveries', () => {
    const h = harness({ streams: 2, recordDeliveries: false });
    h.sd.arrived(1);
    expect([h.out.length, h.sd.delivered]).toEqual([0, 1]);
  });
});

/**
 * Fall & Floyd topology (S1–R1 8 Mb/s 0 ms, R1–K1 800 kb/s 100 ms), CBR 10 packets/s from 1.0 s
 * (1000-byte messages in 1040-byte packets), cwnd 10 packets so each goes at once, TSN 2 dropped.
 * A DATA packet takes 1040·8/8e6 + 1040·8/800e3 + 0.1 = 0.11144 s to K1, so message n (offered at
 * 1.0 + (n − 1)·0.1) arrives at 1.11144 + (n − 1)·0.1. The SACK for TSN 5 (52 bytes: one Gap Ack
 * Block) takes 52·8/800e3 + 0.1 + 52·8/8e6 = 0.100572 s back: the 3rd missing report for TSN 2
 * (sctp-4960, threshold 3) reaches S1 at 1.51144 + 0.100572 = 1.612012, and the retransmission
 * arrives at 1.723452. TCP (NewReno): 40-byte duplicate ACKs take 0.10044 s, the 3rd (for
 * segment 5) arrives at 1.61188, the retransmission at 1.72332.
 */
function holRun(sender: 'sctp-4960' | 'newreno', flow: Partial<FlowConfig> = {}): Trace {
  return run(
    fallFloyd({
      sender,
      drops: [2],
      stopS: 2.05,
      flow: {
        initialCwndPkts: 10,
        streams: 4,
        recordDeliveries: true,
        app: { kind: 'cbr', pps: 10 },
        ...flow,
      },
    }),
  );
}

describe('head-of-line blocking: 4 SCTP streams vs TCP, one loss', () => {
  const arrive = (n: number) => 1.11144 + (n - 1) * 0.1;
  const sctp = rows(holRun('sctp-4960'));
  const tcp = rows(holRun('newreno'));

  it('SCTP: only the lost TSN’s stream (1) waits; streams 0, 2 and 3 deliver on arrival during the recovery', () => {
    const expected: Row[] = [
      [1, 0, 0, arrive(1)],
      [3, 2, 0, arrive(3)],
      [4, 3, 0, arrive(4)],
      [5, 0, 1, arrive(5)],
      [7, 2, 1, arrive(7)],
      [2, 1, 0, 1.723452], // the fast retransmission
      [6, 1, 1, 1.723452], // held behind it in stream 1
      [8, 3, 1, arrive(8)],
      [9, 0, 2, arrive(9)],
      [10, 1, 2, arrive(10)],
    ];
    expect(sctp.length).toBe(expected.length);
    sctp.forEach((r, i) => {
      expect(r.slice(0, 3)).toEqual(expected[i]!.slice(0, 3));
      expect(r[3]).toBeCloseTo(expected[i]![3], 9);
    });
  });

  it('TCP: one byte stream (stream 0, ssn = packet − 1) delivers nothing from 1.11144 until the retransmission at 1.72332', () => {
    expect(tcp.map((r) => r.slice(0, 3))).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [n, 0, n - 1]),
    );
    expect(tcp[0]![3]).toBeCloseTo(arrive(1), 9);
    for (let n = 2; n <= 7; n++) expect(tcp[n - 1]![3]).toBeCloseTo(1.72332, 9);
    expect(tcp[7]![3]).toBeCloseTo(arrive(8), 9);
    // During SCTP's recovery window TCP delivers nothing, SCTP three messages of other streams.
    const during = (r: Row[]) =>
      r.filter((x) => x[3] > arrive(1) && x[3] < 1.7233).map((x) => x[0]);
    expect(during(tcp)).toEqual([]);
    expect(during(sctp)).toEqual([3, 4, 5, 7]);
  });

  it('unordered: every message on arrival, the lost one at its retransmission', () => {
    const u = rows(holRun('sctp-4960', { unordered: true }));
    expect(u.map((r) => r[0])).toEqual([1, 3, 4, 5, 6, 7, 2, 8, 9, 10]);
    expect(u[6]![3]).toBeCloseTo(1.723452, 9);
  });

  it('no rows without recordDeliveries', () => {
    expect(holRun('sctp-4960', { recordDeliveries: false }).deliveries!.length).toBe(0);
    expect(holRun('newreno', { recordDeliveries: false }).deliveries!.length).toBe(0);
  });
});

describe('delivery invariants under random loss (bulk, 4 streams)', () => {
  for (const unordered of [false, true]) {
    it(`every TSN delivered exactly once${unordered ? ' (unordered)' : ', in SSN order within its stream'}`, () => {
      const t = run(
        fallFloyd({
          sender: 'sctp-4960',
          lossRate: 0.05,
          seed: 7,
          stopS: 20,
          flow: { streams: 4, unordered, recordDeliveries: true },
        }),
      );
      const r = rows(t);
      const stats = t.flowStats[0]!;
      expect(stats.retransmissions).toBeGreaterThan(10);
      const seen = new Set(r.map((x) => x[0]));
      expect(seen.size).toBe(r.length); // no TSN twice
      // Every TSN up to the Cumulative TSN is delivered (others above it may be too).
      for (let n = 1; n <= stats.deliveredPackets; n++) expect(seen.has(n)).toBe(true);
      for (const [p, s, n] of r) expect([s, n]).toEqual([streamOf(p, 4), ssnOf(p, 4)]);
      for (let i = 1; i < r.length; i++) expect(r[i]![3]).toBeGreaterThanOrEqual(r[i - 1]![3]);
      const perStream = [0, 1, 2, 3].map((s) => r.filter((x) => x[1] === s).map((x) => x[2]));
      const inOrder = perStream.every((l) => l.every((n, i) => n === i));
      expect(inOrder).toBe(!unordered);
    });
  }
});
