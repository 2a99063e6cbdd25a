/**
 * The engine's packet accumulators (src/engine/trace/packet-tally.ts) on hand-made event
 * sequences: first transmissions and their time bins, and the bottleneck's data drops and
 * queueing delay.
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind as K, PacketType as T, type SimConfig } from '../../src/engine';
import { binCount, lastBinWidth, MAX_BINS, PacketTally } from '../../src/engine/trace/packet-tally';
import { resolveQuery } from '../../src/cli/scenario';

/** A two-flow config (TCP SACK, then SCTP) with flow 1 sending ns-2's SYN segment. */
function twoFlows(stopS: number): SimConfig {
  const r = resolveQuery('preset=geo-segment-8');
  if (!r.ok) throw new Error('geo-segment-8 does not resolve');
  const [tcp, sctp] = r.config.flows;
  return {
    ...r.config,
    stopS,
    flows: [
      { ...tcp!, mssBytes: 1000, synSegment: true },
      { ...sctp!, mssBytes: 1448, synSegment: true },
    ],
  };
}

const BN = 4; // bottleneck link
const ROUTER = 1; // the node it leaves

/** time, kind, node, link, flow, type, seq, retx, uid, cause */
type Ev = [number, number, number, number, number, number, number, boolean, number, number];

function feed(t: PacketTally, events: Ev[]): void {
  for (const e of events) t.packet(...e);
}

describe('PacketTally', () => {
  it('bins: ⌈stopS / binS⌉ with a whole quotient kept whole; bad widths refused', () => {
    expect(binCount(6, 0.1)).toBe(60); // 6 / 0.1 = 60.000000000000007
    expect(binCount(0.3, 0.1)).toBe(3); // 0.3 / 0.1 = 2.9999999999999996
    expect(binCount(0.25, 0.1)).toBe(3);
    expect(binCount(1, 3)).toBe(1);
    expect(binCount(0, 0.1)).toBe(1);
    expect(() => binCount(6, 0)).toThrow(RangeError);
    expect(() => binCount(6, Number.NaN)).toThrow(RangeError);
    expect(() => binCount(MAX_BINS + 1, 1)).toThrow(/more than/);
    expect(lastBinWidth(6, 0.1)).toBe(0.1);
    expect(lastBinWidth(0.25, 0.125)).toBe(0.125);
    expect(lastBinWidth(0.3, 0.125)).toBeCloseTo(0.05, 15);
    expect(lastBinWidth(1, 3)).toBe(1); // one bin, as long as the run
  });

  it('counts first transmissions of payload per flow and per bin (no SYN, no retransmission)', () => {
    const t = new PacketTally(twoFlows(0.25), 0.125); // bins [0, 0.125), [0.125, 0.25]
    t.watch(BN, ROUTER);
    feed(t, [
      [0, K.send, 0, -1, 0, T.data, 1, false, 1, 0], // TCP SYN segment: no payload
      [0.05, K.send, 0, -1, 0, T.data, 2, false, 2, 0], // bin 0
      [0.125, K.send, 2, -1, 1, T.data, 1, false, 3, 0], // SCTP TSN 1 (no SYN segment in SCTP): bin 1
      [0.15, K.send, 0, -1, 0, T.data, 2, true, 4, 0], // retransmission
      [0.2, K.send, 2, -1, 1, T.control, 0, false, 5, 0], // control: nothing
      [0.25, K.send, 0, -1, 0, T.data, 3, false, 6, 0], // at stopS: the last bin
    ]);
    const { flows } = t.finish();
    expect(flows[0]!.uniquePackets).toBe(2);
    expect(flows[0]!.uniqueBytes).toBe(2000);
    expect(Array.from(flows[0]!.binBytes)).toEqual([1000, 1000]);
    expect(flows[1]!.uniqueBytes).toBe(1448);
    expect(Array.from(flows[1]!.binBytes)).toEqual([0, 1448]);
  });

  it('bottleneck: departures, drops at the head and after the wire, queueing delay FIFO', () => {
    const t = new PacketTally(twoFlows(1), 0.125);
    t.watch(BN, ROUTER);
    feed(t, [
      [0.0625, K.arrive, ROUTER, 0, 0, T.data, 1, false, 10, 0],
      [0.0625, K.depart, ROUTER, BN, 0, T.data, 1, false, 10, 0], // idle link: delay 0
      [0.0625, K.arrive, ROUTER, 0, 0, T.data, 2, false, 11, 0],
      [0.078125, K.arrive, ROUTER, 0, 0, T.data, 3, false, 12, 0],
      [0.078125, K.drop, ROUTER, BN, 0, T.data, 3, false, 12, DropCause.overflow], // at the head
      [0.09375, K.arrive, ROUTER, 2, 1, T.data, 1, false, 13, 0], // leaves by link 5
      [0.09375, K.arrive, ROUTER, 1, 0, T.ack, 0, false, 99, 0], // an ACK: not data
      [0.125, K.depart, ROUTER, BN, 0, T.data, 2, false, 11, 0], // waited 0.0625
      [0.140625, K.arrive, ROUTER, 0, 0, T.data, 4, false, 14, 0],
      [0.15625, K.depart, ROUTER, 5, 1, T.data, 1, false, 13, 0], // another link
      [0.1875, K.depart, ROUTER, BN, 0, T.data, 4, false, 14, 0], // waited 0.046875
      [0.2, K.arrive, ROUTER, 0, 0, T.data, 5, false, 15, 0],
      [0.2, K.drop, ROUTER, BN, 0, T.data, 5, false, 15, DropCause.scripted], // at the head
      [0.21875, K.send, ROUTER, -1, 0, T.data, 6, false, 16, 0], // a sender at the router
      [0.21875, K.depart, ROUTER, BN, 0, T.data, 6, false, 16, 0], // delay 0
      [0.25, K.drop, ROUTER, BN, 0, T.data, 2, false, 11, DropCause.random], // after the wire
      [0.25, K.drop, ROUTER, BN, 1, T.control, 0, false, 17, DropCause.overflow], // not data
      [0.25, K.arrive, ROUTER, 0, 0, T.data, 7, false, 18, 0],
      [0.25, K.drop, ROUTER, BN, 0, T.data, 7, false, 18, DropCause.linkDown], // link down, at the head
    ]);
    expect(t.finish().bottleneck).toEqual({
      dataDepartures: 4,
      dataDrops: { scripted: 1, overflow: 1, random: 1, linkDown: 1, macRetry: 0 },
      dataDropsAtHead: 3,
      queueDelaySumS: 0.109375, // 0 + 0.0625 + 0.046875 + 0
      queueDelayCount: 4,
    });
  });

  it('keeps the arrival order past the ring’s first capacity', () => {
    const t = new PacketTally(twoFlows(1), 0.125);
    t.watch(BN, ROUTER);
    for (let u = 0; u < 150; u++) t.packet(0, K.arrive, ROUTER, 0, 0, T.data, u + 1, false, u, 0);
    for (let u = 0; u < 150; u++)
      t.packet((u + 1) / 2, K.depart, ROUTER, BN, 0, T.data, u + 1, false, u, 0);
    const b = t.finish().bottleneck;
    expect(b.queueDelayCount).toBe(150);
    expect(b.queueDelaySumS).toBe(5662.5); // (1 + 2 + … + 150) / 2
  });
});
