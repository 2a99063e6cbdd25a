/**
 * One direction of a link going down and up (DirectedLink.takeDown / bringUp), driven by hand:
 * what it holds is dropped (queue first, then wire, FIFO each), packets reaching it while down
 * are dropped, and a failure, a repair and another failure within one propagation delay leave
 * nothing delivered from before and lose nothing after.
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind as K, PacketType } from '../../../src/engine';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { DirectedLink } from '../../../src/engine/net/link';
import { NO_BLOCKS, type Packet } from '../../../src/engine/net/packet';
import { Recorder } from '../../../src/engine/trace/recorder';

function packet(seq: number): Packet {
  return {
    uid: seq,
    flow: 0,
    type: PacketType.data,
    src: 0,
    dst: 1,
    size: 1000,
    seq,
    retx: false,
    sentAt: 0,
    cumAck: 0,
    blocks: NO_BLOCKS,
    forSeq: 0,
    tsEcho: 0,
    ecn: 0,
    ecnFlags: 0,
  };
}

/** 1 Mb/s (8 ms per packet), 100 ms, queue limit 10; what it delivers and what it drops. */
function setup() {
  const sched = new Scheduler();
  const rec = new Recorder();
  const delivered: [number, number][] = [];
  const link = new DirectedLink(
    0,
    0,
    1,
    1e6,
    0.1,
    10,
    sched,
    rec,
    (p) => {
      delivered.push([sched.now, p.seq]);
    },
    null,
  );
  const drops = (): [number, number, number][] => {
    const c = rec.columns();
    const X = rec.transmissions();
    const out: [number, number, number][] = [];
    for (let i = 0; i < c.length; i++)
      if (c.kind[i] === K.drop) out.push([c.time[i]!, X.packet[c.uid[i]!]!, c.cause[i]!]);
    return out;
  };
  return { sched, link, delivered, drops };
}

describe('a link direction going down and up', () => {
  it('drops the queue, then the wire, in order; drops arrivals while down; carries again when up', () => {
    const { sched, link, delivered, drops } = setup();
    sched.at(0, () => {
      for (let k = 1; k <= 5; k++) link.recv(packet(k));
    });
    // At 20 ms: 1 and 2 are on the wire, 3 in transmission (on the wire too), 4 and 5 wait.
    sched.at(0.02, () => link.takeDown());
    sched.at(0.05, () => link.recv(packet(6)));
    sched.at(0.06, () => link.bringUp());
    sched.at(0.07, () => link.recv(packet(7)));
    sched.runUntil(1);
    const D = DropCause.linkDown;
    expect(drops()).toEqual([
      [0.02, 4, D],
      [0.02, 5, D],
      [0.02, 1, D],
      [0.02, 2, D],
      [0.02, 3, D],
      [0.05, 6, D],
    ]);
    expect(delivered).toEqual([[0.07 + (0.008 + 0.1), 7]]);
    expect(link.downDrops).toBe(6);
    expect(link.drops).toEqual({ scripted: 0, overflow: 0, random: 0 });
  });

  it('down, up and down again before the first failure’s delivery event ran', () => {
    const { sched, link, delivered, drops } = setup();
    sched.at(0, () => link.recv(packet(1)));
    sched.at(0.01, () => link.takeDown()); // 1 dropped; its delivery event (0.108) stays
    sched.at(0.02, () => link.bringUp());
    sched.at(0.03, () => link.recv(packet(2))); // on the wire behind that stale event
    sched.at(0.05, () => link.takeDown()); // 2 dropped
    sched.at(0.2, () => link.bringUp());
    sched.at(0.21, () => link.recv(packet(3)));
    sched.runUntil(1);
    expect(drops().map(([t, s]) => [t, s])).toEqual([
      [0.01, 1],
      [0.05, 2],
    ]);
    expect(delivered).toEqual([[0.21 + (0.008 + 0.1), 3]]);
  });

  it('a repair before the stale delivery event: the next packet is delivered on time', () => {
    const { sched, link, delivered } = setup();
    sched.at(0, () => link.recv(packet(1)));
    sched.at(0.01, () => link.takeDown());
    sched.at(0.02, () => link.bringUp());
    sched.at(0.03, () => link.recv(packet(2)));
    sched.at(0.031, () => link.recv(packet(3)));
    sched.runUntil(1);
    expect(delivered).toEqual([
      [0.03 + (0.008 + 0.1), 2],
      [0.03 + 0.008 + (0.008 + 0.1), 3],
    ]);
  });
});
