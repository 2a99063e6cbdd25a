/** The SCTP receiver: SACK chunks, Gap Ack Blocks, duplicate TSNs, delayed SACK, a_rwnd. */
import { describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../../src/engine';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { Network } from '../../../src/engine/net/network';
import type { Packet } from '../../../src/engine/net/packet';
import { SctpReceiver, type SackPacket } from '../../../src/engine/sctp/receiver';
import { Recorder } from '../../../src/engine/trace/recorder';
import { PacketType } from '../../../src/engine/trace/types';
import { fallFloyd } from './setup';

function harness(flow: Partial<FlowConfig> = {}) {
  const cfg = fallFloyd({ sender: 'sctp-newreno', flow });
  const sched = new Scheduler();
  const net = new Network(cfg, sched, new Recorder());
  const rx = new SctpReceiver(cfg.flows[0]!, sched, net);
  const S1 = net.nodeIndex('S1');
  const K1 = net.nodeIndex('K1');
  net.attach(K1, 0, rx);
  const sacks: Array<SackPacket & { at: number }> = [];
  net.attach(S1, 0, { receive: (p: Packet) => sacks.push({ ...(p as SackPacket), at: sched.now }) });
  let uid = 1000;
  const data = (tsn: number): void =>
    rx.receive({
      uid: uid++, flow: 0, type: PacketType.data, src: S1, dst: K1, size: 1040, seq: tsn, retx: false,
      sentAt: sched.now, cumAck: 0, blocks: [], forSeq: 0, tsEcho: 0, ecn: 0, ecnFlags: 0,
    });
  const settle = (dt = 1): void => sched.runUntil(sched.now + dt);
  return { rx, sched, sacks, data, settle };
}

describe('SctpReceiver', () => {
  it('SACKs every in-order packet with the Cumulative TSN Ack and no Gap Ack Blocks (48 bytes)', () => {
    const h = harness();
    for (let i = 1; i <= 5; i++) h.data(i);
    h.settle();
    expect(h.sacks.map((s) => [s.cumAck, s.blocks.length, s.size])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 0, 48]));
    expect(h.rx.deliveredPackets).toBe(5);
    expect(h.rx.deliveredBytes).toBe(5000);
  });

  it('reports every gap: unlimited Gap Ack Blocks, 4 bytes each, ascending, as absolute TSN ranges', () => {
    const h = harness();
    for (const n of [1, 3, 5, 7, 9, 10]) h.data(n);
    h.settle();
    const last = h.sacks.at(-1)!;
    expect(last.cumAck).toBe(1);
    expect(last.blocks).toEqual([[3, 3], [5, 5], [7, 7], [9, 10]]);
    expect(last.size).toBe(48 + 4 * 4);
    h.data(2);
    h.settle();
    expect(h.sacks.at(-1)!.cumAck).toBe(3);
    expect(h.sacks.at(-1)!.blocks).toEqual([[5, 5], [7, 7], [9, 10]]);
    expect(h.rx.deliveredPackets).toBe(3);
  });

  it('reports a duplicate TSN once, in the next SACK (RFC 2960 §6.7), 4 bytes each', () => {
    const h = harness();
    h.data(1);
    h.data(1);
    h.data(2);
    h.settle();
    expect(h.sacks.map((s) => [s.cumAck, s.dupTsns, s.size])).toEqual([[1, 0, 48], [1, 1, 52], [2, 0, 48]]);
    expect(h.rx.deliveredPackets).toBe(2);
  });

  it('advertises a_rwnd = window − data held out of order, and drops a chunk that does not fit', () => {
    const h = harness({ windowPkts: 5 });
    for (const n of [2, 3, 4, 5]) h.data(n);
    h.settle();
    expect(h.sacks.map((s) => s.rwnd)).toEqual([4000, 3000, 2000, 1000]);
    h.data(1); // fills the gap: everything is delivered and the window reopens
    h.settle();
    expect(h.sacks.at(-1)!.cumAck).toBe(5);
    expect(h.sacks.at(-1)!.rwnd).toBe(5000);
    for (const n of [7, 8, 9, 10, 11]) h.data(n);
    h.data(12); // no room left: dropped (a SACK still goes out because there is a gap)
    h.settle();
    expect(h.rx.rwndDrops).toBe(1);
    expect(h.sacks.at(-1)!.blocks).toEqual([[7, 11]]);
    expect(h.sacks.at(-1)!.rwnd).toBe(0);
  });

  it('delayed SACK (RFC 2960 §6.2): the first DATA at once, then every second packet, else after 200 ms; gaps at once', () => {
    const h = harness({ delayedAck: true });
    const path = 0.1 + (8 * 48) / 800e3 + (8 * 48) / 8e6; // K1 → R1 → S1 for a 48-byte SACK
    h.data(1); // first DATA chunk: SACK at once
    h.data(2); // held
    h.data(3); // second packet: SACK
    h.settle(0.15);
    expect(h.sacks.map((s) => s.cumAck)).toEqual([1, 3]);
    const t4 = h.sched.now;
    h.data(4); // held, 200 ms timer
    h.settle(0.25);
    expect(h.sacks).toHaveLength(2);
    h.settle(0.1);
    expect(h.sacks.map((s) => s.cumAck)).toEqual([1, 3, 4]);
    expect(h.sacks[2]!.at - t4).toBeCloseTo(0.2 + path, 9);
    const t6 = h.sched.now;
    h.data(6); // out of order: at once
    h.settle(0.2);
    expect(h.sacks.at(-1)!.blocks).toEqual([[6, 6]]);
    expect(h.sacks.at(-1)!.at - t6).toBeCloseTo(path + (8 * 4) / 800e3 + (8 * 4) / 8e6, 9);
  });
});
