import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { DirectedLink } from '../../../src/engine/net/link';
import { LossPoint } from '../../../src/engine/net/loss';
import type { Packet } from '../../../src/engine/net/packet';
import { Recorder } from '../../../src/engine/trace/recorder';
import { DropCause, PacketEventKind, PacketType } from '../../../src/engine/trace/types';

function pkt(seq: number, size = 1040): Packet {
  return {
    uid: seq, flow: 0, type: PacketType.data, src: 0, dst: 1, size, seq, retx: false, sentAt: 0,
    cumAck: 0, blocks: [], forSeq: 0, tsEcho: 0, ecn: 0, ecnFlags: 0,
  };
}

function setup(limit: number, loss: LossPoint | null = null) {
  const sched = new Scheduler();
  const rec = new Recorder();
  const delivered: Array<[number, number]> = [];
  const link = new DirectedLink(0, 0, 1, 800e3, 0.1, limit, sched, rec, (p) => delivered.push([sched.now, p.seq]), loss);
  return { sched, rec, link, delivered };
}

describe('DirectedLink (drop-tail, ns-2 rule)', () => {
  it('with limit 8 holds 7 waiting plus 1 in transmission and drops the 9th arrival', () => {
    const { sched, rec, link } = setup(8);
    for (let i = 1; i <= 10; i++) link.recv(pkt(i));
    sched.runUntil(0);
    const cols = rec.columns();
    const X = rec.transmissions();
    const drops = [...cols.kind.keys()].filter((i) => cols.kind[i] === PacketEventKind.drop).map((i) => X.packet[cols.uid[i]!]);
    expect(drops).toEqual([9, 10]);
    expect(link.queueLength).toBe(7);
    expect(link.drops.overflow).toBe(2);
  });

  it('delivers at end of transmission + propagation delay, back to back', () => {
    const { sched, link, delivered } = setup(8);
    link.recv(pkt(1));
    link.recv(pkt(2));
    sched.runUntil(1);
    // 1040 B on 800 kb/s = 10.4 ms; delay 100 ms.
    expect(delivered).toEqual([
      [(8 * 1040) / 800e3 + 0.1, 1],
      [(8 * 1040) / 800e3 + ((8 * 1040) / 800e3 + 0.1), 2],
    ]);
  });
});

describe('LossPoint', () => {
  it('drops the scripted transmission of a packet only', () => {
    const lp = new LossPoint({ from: 'a', to: 'b', drops: [{ flow: 0, packet: 15, transmission: 2 }], lossRate: 0, seed: 1 });
    expect(lp.judge(pkt(15))).toBe(DropCause.none);
    expect(lp.judge(pkt(15))).toBe(DropCause.scripted);
    expect(lp.judge(pkt(15))).toBe(DropCause.none);
  });

  it('random loss is reproducible from the seed and near the configured rate', () => {
    const draw = (seed: number) => {
      const lp = new LossPoint({ from: 'a', to: 'b', drops: [], lossRate: 0.1, seed });
      return Array.from({ length: 5000 }, (_, i) => lp.judge(pkt(i + 1)) === DropCause.random);
    };
    const a = draw(7);
    expect(draw(7)).toEqual(a);
    expect(draw(8)).not.toEqual(a);
    // binomial: 5000 draws at p = 0.1 have sd √(0.1 · 0.9 / 5000) ≈ 0.0042; ±0.015 is 3.5 sd
    const rate = a.filter(Boolean).length / a.length;
    expect(rate).toBeGreaterThan(0.085);
    expect(rate).toBeLessThan(0.115);
  });

  it('never drops ACKs', () => {
    const lp = new LossPoint({ from: 'a', to: 'b', drops: [], lossRate: 0.5, seed: 3 });
    const ack = { ...pkt(0), type: PacketType.ack };
    for (let i = 0; i < 100; i++) expect(lp.judge(ack)).toBe(DropCause.none);
  });
});
