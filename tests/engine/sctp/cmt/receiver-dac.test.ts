/**
 * The receiver's half of CMT's DAC (Iyengar et al. §3.3; ns-2.35 sctp-cmt.cc ProcessChunk,
 * GenChunk, SackGenTimerExpiration) under FlowConfig.cmt with delayed SACKs: every SACK is
 * delayed — none at once for TSN 1 nor for a gap (RFC 4960 §6.7's rule, which CMT's reordering
 * would trigger on nearly every packet) — and carries the number of DATA packets received since
 * the previous SACK; a SACK the 200 ms timer sends carries 0, as ns-2's does.
 */
import { describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../../../src/engine';
import { Scheduler } from '../../../../src/engine/core/scheduler';
import { Network } from '../../../../src/engine/net/network';
import type { Packet } from '../../../../src/engine/net/packet';
import { SctpReceiver, type SackPacket } from '../../../../src/engine/sctp/receiver';
import { Recorder } from '../../../../src/engine/trace/recorder';
import { PacketType } from '../../../../src/engine/trace/types';
import { fallFloyd } from '../setup';

function harness(flow: Partial<FlowConfig>) {
  const cfg = fallFloyd({ sender: 'sctp-4960', flow: { delayedAck: true, ...flow } });
  const sched = new Scheduler();
  const net = new Network(cfg, sched, new Recorder());
  const rx = new SctpReceiver(cfg.flows[0]!, sched, net);
  const S1 = net.nodeIndex('S1');
  const K1 = net.nodeIndex('K1');
  net.attach(K1, 0, rx);
  const sacks: Array<SackPacket & { at: number }> = [];
  net.attach(S1, 0, {
    receive: (p: Packet) => sacks.push({ ...(p as SackPacket), at: sched.now }),
  });
  let uid = 1000;
  const data = (tsn: number): void =>
    rx.receive({
      uid: uid++,
      flow: 0,
      type: PacketType.data,
      src: S1,
      dst: K1,
      size: 1040,
      seq: tsn,
      retx: false,
      sentAt: sched.now,
      cumAck: 0,
      blocks: [],
      forSeq: 0,
      tsEcho: 0,
      ecn: 0,
      ecnFlags: 0,
    });
  const settle = (dt: number): void => sched.runUntil(sched.now + dt);
  /** [Cumulative TSN Ack, Gap Ack Blocks, DAC count] of the SACKs that reached S1 */
  const rows = () => sacks.map((s) => [s.cumAck, s.blocks.length, s.dacPackets]);
  return { data, settle, rows };
}

describe('DAC at the receiver (FlowConfig.cmt)', () => {
  // SACKs reach S1 0.1 s and a little after they leave K1 (800 kb/s, 100 ms).
  it('TSN 1 waits like any packet; a SACK per second packet carries 2', () => {
    const h = harness({ cmt: true });
    h.data(1);
    h.settle(0.15);
    expect(h.rows()).toEqual([]);
    h.data(2);
    h.data(3);
    h.data(4);
    h.settle(1);
    expect(h.rows()).toEqual([
      [2, 0, 2],
      [4, 0, 2],
    ]);
  });

  it('a gap does not bring the SACK forward; the SACK reports the gap and its 2 packets', () => {
    const h = harness({ cmt: true });
    h.data(1);
    h.data(2);
    h.data(4); // 3 missing
    h.settle(0.15);
    expect(h.rows()).toEqual([[2, 0, 2]]);
    h.data(5);
    h.settle(1);
    expect(h.rows()).toEqual([
      [2, 0, 2],
      [2, 1, 2],
    ]);
  });

  it('the 200 ms timer’s SACK carries 0 (ns-2 resets the count before building it)', () => {
    const h = harness({ cmt: true });
    h.data(1);
    h.settle(0.25);
    expect(h.rows()).toEqual([]);
    h.settle(1);
    expect(h.rows()).toEqual([[1, 0, 0]]);
  });

  it('without delayed SACKs, ns2 rules: every SACK carries 0, as ns-2 counts DATA packets only under delayed SACKs', () => {
    const h = harness({ cmt: true, delayedAck: false });
    h.data(1);
    h.data(3);
    h.settle(0.15);
    expect(h.rows()).toEqual([
      [1, 0, 0],
      [1, 1, 0],
    ]);
  });

  it('without delayed SACKs, rfc rules: every SACK acks one packet and says so', () => {
    const h = harness({ cmt: true, delayedAck: false, rules: 'rfc' });
    h.data(1);
    h.data(3);
    h.settle(0.15);
    expect(h.rows()).toEqual([
      [1, 0, 1],
      [1, 1, 1],
    ]);
  });

  it('without CMT nothing changes: TSN 1 and a gap are SACKed at once, no count is carried', () => {
    const h = harness({});
    h.data(1);
    h.data(3);
    h.settle(0.15);
    expect(h.rows()).toEqual([
      [1, 0, undefined],
      [1, 1, undefined],
    ]);
  });
});
