/**
 * Per-packet metrics by hand: one-way delay, RFC 3550 §6.4.1 interarrival jitter step by step,
 * 002_…'s mean and maximum |D|, and the flow's loss rate — first on a hand-fed packet sequence,
 * then on engine runs whose delays are known in closed form.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind as K, PacketType, run, type SimConfig } from '../../src/engine';
import { DelayTally, SendTimes } from '../../src/engine/trace/delay-tally';
import { computeMetrics, metricsRows } from '../../src/metrics';
import { flowOf, pathWith } from '../engine/udp/config';

describe('DelayTally on a hand-made sequence', () => {
  // Five datagrams of flow 0 sent every 20 ms; the 4th is dropped.
  //   packet  S (sent)  R (arrived)  delay    D = delay_i − delay_{i−1}
  //   1       0.00      0.100        0.100    —
  //   2       0.02      0.125        0.105    +0.005
  //   3       0.04      0.140        0.100    −0.005
  //   4       0.06      dropped
  //   5       0.08      0.190        0.110    +0.010
  // RFC 3550: J1 = 0 + (0.005 − 0)/16 = 0.0003125
  //           J2 = J1 + (0.005 − J1)/16 = 0.00060546875
  //           J3 = J2 + (0.010 − J2)/16 = 0.001192626953125
  const cfg = pathWith([flowOf(0, { kind: 'cbr', pps: 50 }, 100)]);
  const feed = (t: DelayTally): void => {
    const sent = [0, 0.02, 0.04, 0.06, 0.08];
    sent.forEach((s, k) => t.packet(s, K.send, 0, PacketType.data, k + 1, NaN));
    t.packet(0.07, K.drop, 0, PacketType.data, 4, NaN);
    // ACK-like and control packets of the flow are ignored.
    t.packet(0.09, K.deliver, 0, PacketType.ack, 0, 0);
    // Each arrival with the send time of its transmission (the metrics sink: Packet.sentAt).
    t.packet(0.1, K.deliver, 0, PacketType.data, 1, 0);
    t.packet(0.125, K.deliver, 0, PacketType.data, 2, 0.02);
    t.packet(0.14, K.deliver, 0, PacketType.data, 3, 0.04);
    t.packet(0.19, K.deliver, 0, PacketType.data, 5, 0.08);
  };

  it('delay sum and max, RFC 3550 J, Σ|D| and max |D|, sent and dropped', () => {
    const t = new DelayTally(cfg);
    feed(t);
    const [a] = t.finish();
    expect(a!.dataSent).toBe(5);
    expect(a!.dataDropped).toBe(1);
    expect(a!.arrivals).toBe(4);
    expect(a!.delaySumS).toBeCloseTo(0.415, 15);
    expect(a!.delayMaxS).toBeCloseTo(0.11, 15);
    expect(a!.jitterRfcS).toBeCloseTo(0.001192626953125, 15);
    expect(a!.ipdvSumS).toBeCloseTo(0.02, 15);
    expect(a!.ipdvMaxS).toBeCloseTo(0.01, 15);
  });

  it('J after each arrival follows the recurrence J ← J + (|D| − J)/16', () => {
    const t = new DelayTally(cfg);
    const js: number[] = [];
    for (const [r, s, k] of [
      [0.1, 0, 1],
      [0.125, 0.02, 2],
      [0.14, 0.04, 3],
    ] as const) {
      t.packet(s, K.send, 0, PacketType.data, k, NaN);
      t.packet(r, K.deliver, 0, PacketType.data, k, s);
      js.push(t.finish()[0]!.jitterRfcS);
    }
    expect(js[0]).toBe(0);
    expect(js[1]).toBeCloseTo(0.0003125, 16);
    expect(js[2]).toBeCloseTo(0.00060546875, 16);
  });
});

describe('SendTimes (a full trace: send time of each delivered transmission)', () => {
  it('pops up to the delivered uid, skipping lost ones; unknown uids leave the ring alone', () => {
    const st = new SendTimes(2);
    for (let k = 0; k < 40; k++) st.push(k % 2, 100 + k, k * 0.01); // more than the first ring holds
    expect(st.pop(0, 100)).toBe(0);
    expect(st.pop(0, 106)).toBe(0.06); // 102 and 104 were lost
    expect(st.pop(0, 999)).toBeNaN();
    expect(st.pop(0, 108)).toBe(0.08);
    expect(st.pop(1, 139)).toBe(0.39);
    expect(st.pop(1, 101)).toBeNaN(); // passed
  });
});

describe('per-packet metrics of engine runs', () => {
  it('UDP CBR below capacity: every datagram takes 1 + 10 + 100 ms, no jitter, no loss', () => {
    // 1000 bytes on the wire: 1 ms on 8 Mb/s, 10 ms on 800 kb/s, 100 ms propagation.
    const cfg = pathWith([flowOf(0, { kind: 'cbr', pps: 50 }, 972)], 5);
    const m = computeMetrics(run(cfg), cfg);
    const f = m.flows[0]!;
    // Sends at 1 + k · 0.02 (accumulated): the 201st lands at 4.999999999999… ≤ 5 s.
    expect(f.dataSent).toBe(201);
    expect(f.arrivals).toBe(195); // the last 6 (sent after 4.889 s) are still on the way
    expect(f.delayMeanS).toBeCloseTo(0.111, 12);
    expect(f.delayMaxS).toBeCloseTo(0.111, 12);
    expect(f.jitterS).toBeLessThan(1e-12);
    expect(f.jitterMaxS).toBeLessThan(1e-12);
    expect(f.lossRate).toBe(0);
    expect(f.offeredBytes).toBe(201 * 972);
    expect(f.requestedBps).toBeCloseTo((201 * 972 * 8) / 4, 9); // active from 1 s to 5 s
    expect(f.deliveredBytes).toBe(195 * 972);
    expect(f.deliveredBps).toBeCloseTo((195 * 972 * 8) / 4, 9);
    expect(f.meanCwndPkts).toBeNull(); // UDP has no congestion window
    expect(f.app).toBe('cbr');
    expect(f.flowClass).toBe('cbr/udp');
    const row = metricsRows(m)[0]!;
    expect([row.delay_mean_s, row.jitter_s, row.loss_rate, row.delivered_bytes]).toEqual([
      f.delayMeanS,
      f.jitterS,
      0,
      195 * 972,
    ]);
  });

  it('UDP CBR above capacity: loss rate = drops / sent, delay = queue + path', () => {
    // 150 pps × 8000 bits = 1.2 Mb/s into 800 kb/s: the queue (8) fills and a third is dropped.
    const cfg = pathWith([flowOf(0, { kind: 'cbr', pps: 150 }, 972)], 21);
    const t = run(cfg);
    const m = computeMetrics(t, cfg);
    const f = m.flows[0]!;
    const drops = t.linkStats[2]!.drops.overflow;
    expect(f.dataDropped).toBe(drops);
    expect(f.lossRate).toBe(drops / 3000);
    expect(f.lossRate!).toBeGreaterThan(0.3);
    expect(f.lossRate!).toBeLessThan(0.35);
    // Full queue: 7 waiting + the one in transmission ahead ⇒ ≤ 8 × 10 ms more than 111 ms.
    expect(f.delayMaxS!).toBeLessThanOrEqual(0.111 + 0.08 + 1e-9);
    expect(f.delayMeanS!).toBeGreaterThan(0.111 + 0.06);
  });

  it('a jittered hop: RFC 3550 J and mean |D| grow with jitterS', () => {
    const cfgOf = (jitterS: number): SimConfig => {
      const c = pathWith([flowOf(0, { kind: 'cbr', pps: 20 }, 972)], 60, { seed: 2 });
      return { ...c, links: c.links.map((l, i) => (i === 1 ? { ...l, jitterS } : l)) };
    };
    const small = computeMetrics(run(cfgOf(0.005)), cfgOf(0.005)).flows[0]!;
    const large = computeMetrics(run(cfgOf(0.04)), cfgOf(0.04)).flows[0]!;
    // Packets 50 ms apart never queue behind each other: D = jitterS · (U_i − U_{i−1}),
    // E|D| = jitterS / 3; the delay is 111 ms + jitterS · U, mean 111 ms + jitterS / 2.
    expect(small.jitterMeanS! / (0.005 / 3)).toBeCloseTo(1, 1);
    expect(large.jitterMeanS! / (0.04 / 3)).toBeCloseTo(1, 1);
    expect(large.delayMeanS! - 0.111).toBeCloseTo(0.02, 2);
    expect(large.jitterS!).toBeGreaterThan(small.jitterS!);
    expect(large.jitterMaxS!).toBeLessThanOrEqual(0.04);
  });

  it('TCP reports its application’s offer too: a 30 000-byte file is 30 packets requested', () => {
    const cfg = pathWith([flowOf(0, { kind: 'file', bytes: 30_000 }, 1000, 1, 'reno')], 11);
    const t = run(cfg);
    expect(t.flowStats[0]!.offeredBytes).toBe(30_000);
    const f = computeMetrics(t, cfg).flows[0]!;
    expect(f.requestedBps).toBe((30_000 * 8) / 10);
    expect(f.deliveredBytes).toBe(30_000);
    expect(f.deliveredBps).toBe(f.requestedBps);
    expect(f.flowClass).toBe('file/tcp');
    // A bulk source offers no finite amount: no offeredBytes in its stats (fingerprints unchanged).
    const bulk = pathWith([flowOf(0, { kind: 'bulk' }, 1000, 1, 'reno')], 3);
    expect('offeredBytes' in run(bulk).flowStats[0]!).toBe(false);
  });
});
