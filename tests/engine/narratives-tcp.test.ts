/**
 * TCP narratives, pinned event by event: the Fall & Floyd behaviours of REFERENCE.md
 * ("TCP in ns-2") on the Fall & Floyd setup — whose runs match ns-2.35 packet for packet
 * (tests/engine/ns2-tcp.test.ts, ns2-generalisation.test.ts) — and the TCP narrative of
 * Alamgir, Atiquzzaman & Ivancic §6.1, Fig. 8 (packet 7 lost at cwnd 8).
 */
import { decisionsOf } from '../../src/engine';
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Decision, type SimConfig, type Trace } from '../../src/engine';
import { fallFloydConfig } from '../helpers/fall-floyd';
import { r1Events } from '../helpers/r1-events';

/** Base RTT of the Fall & Floyd path (REFERENCE.md). */
const RTT = 0.21188;

const ackDecisions = (t: Trace): Decision[] => decisionsOf(t).filter((d) => d.trigger.kind === 'ack');
const byCode = (t: Trace, code: string): Decision[] => decisionsOf(t).filter((d) => d.code === code);
const cumOf = (d: Decision): number => (d.trigger.kind === 'ack' ? d.trigger.cumAck : NaN);
const dupsOf = (d: Decision): number => (d.trigger.kind === 'ack' ? d.trigger.dupacks : NaN);

/** Sender transmissions of packets sent before (retransmissions), in order. */
function retransmissions(t: Trace): { time: number; pkt: number }[] {
  const P = t.packets;
  const X = t.transmissions;
  const out: { time: number; pkt: number }[] = [];
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (P.kind[i] === PacketEventKind.send && X.type[u] === PacketType.data && X.retx[u] === 1) {
      out.push({ time: P.time[i]!, pkt: X.packet[u]! });
    }
  }
  return out;
}

/** Time each packet number was first handed to the receiver at `node`. */
function firstDelivery(t: Trace, node: string): Map<number, number> {
  const P = t.packets;
  const X = t.transmissions;
  const n = t.nodes.indexOf(node);
  const out = new Map<number, number>();
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (P.kind[i] === PacketEventKind.deliver && P.node[i] === n && X.type[u] === PacketType.data && !out.has(X.packet[u]!)) {
      out.set(X.packet[u]!, P.time[i]!);
    }
  }
  return out;
}

describe('Tahoe (REFERENCE: "on fast retransmit cwnd = 1 and go-back-N from highest_ack + 1")', () => {
  it('one drop: fast retransmit of 15 on the 3rd dupack, cwnd 15 → 1, ssthresh 7, slow start from the ACK of 15', () => {
    const t = run(fallFloydConfig('tahoe', [15]));
    const [fr, ...more] = byCode(t, 'tahoe.fast-retransmit');
    expect(more).toHaveLength(0);
    expect(fr!.time).toBe(2.07976);
    expect([cumOf(fr!), dupsOf(fr!)]).toEqual([14, 3]);
    expect(fr!.packets).toEqual([15]);
    expect(fr!.changes.cwnd).toEqual([15, 1]);
    expect(fr!.after.ssthresh).toBe(7);
    // go-back-N: the next packet to send is highest_ack + 1 = 15 (16 once 15 is out)
    expect(fr!.after.nextSeq).toBe(16);
    // the 4th … 14th dupacks (16–29 arrive: 14 dupacks for 14) find cwnd 1 used up by 15 and
    // send nothing
    const later = ackDecisions(t).filter((d) => d.time > fr!.time && cumOf(d) === 14);
    expect(later.map(dupsOf)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    for (const d of later) expect(d.packets).toEqual([]);
    // The ACK of the retransmitted 15 covers everything up to 29: slow start resumes at cwnd 2.
    const next = ackDecisions(t).find((d) => d.time > fr!.time && cumOf(d) > 14)!;
    expect(cumOf(next)).toBe(29);
    expect(next.after.cwnd).toBe(2);
    expect(next.packets).toEqual([30, 31]);
    // With a single drop, go-back-N has nothing to re-send: the cumulative ACK of 15 jumps
    // past every packet the receiver holds (ns-2 agrees: 1 retransmission in tcp-ff96-tahoe-d1),
    // so no packet number above 15 leaves R1 a second time.
    expect(retransmissions(t).map((r) => r.pkt)).toEqual([15]);
    expect(r1Events(t).filter((e) => e.event === 'DEP' && e.retx === 1)).toEqual([]);
  });

  it('three drops (15, 27, 29): go-back-N re-sends 28, a packet the receiver already holds', () => {
    const t = run(fallFloydConfig('tahoe', [15, 27, 29]));
    const held = firstDelivery(t, 'K1');
    const retx = retransmissions(t);
    expect(retx.map((r) => r.pkt)).toEqual([15, 27, 28, 29]);
    const r28 = retx.find((r) => r.pkt === 28)!;
    // 28 arrived at K1 on its first transmission, long before it is sent again
    expect(held.get(28)).toBeLessThan(r28.time);
    // it is sent with 27 on the partial ACK for 26, at cwnd 2 (slow start after cwnd = 1)
    const d = decisionsOf(t).find((x) => x.time === r28.time)!;
    expect([cumOf(d), d.after.cwnd]).toEqual([26, 2]);
    expect(d.packets).toEqual([27, 28]);
    // and it departs R1 a second time (a retransmission of a packet K1 already has)
    const deps = r1Events(t).filter((e) => e.event === 'DEP' && e.pkt === 28);
    expect(deps.map((e) => e.retx)).toEqual([0, 1]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });
});

describe('Reno (REFERENCE: Reno fast recovery, bugfix)', () => {
  it('one drop: the ACK that ends fast recovery runs normal growth once, cwnd 7 → 7.142857', () => {
    const t = run(fallFloydConfig('reno', [15]));
    const [fr] = byCode(t, 'reno.fast-retransmit');
    expect(fr!.changes.cwnd).toEqual([15, 7]);
    const exit = ackDecisions(t).find((d) => d.time > fr!.time && cumOf(d) > 14)!;
    expect(exit.time).toBe(2.2916399999999997);
    expect(cumOf(exit)).toBe(29);
    expect(exit.changes.cwnd).toEqual([7, 7 + 1 / 7]);
    expect(exit.after.cwnd).toBeCloseTo(7.142857, 6);
    expect(exit.after.ssthresh).toBe(7);
    expect(exit.after.dupacks).toBe(0);
  });

  // The decision must say so. (Engine bug found while writing this: reno.ts named the rule
  // 'reno.exit-recovery' only if `s.phase === 'fast-recovery'` after `s.opencwnd()` had
  // already set the phase to 'congestion-avoidance', so no Reno exit carried the code.)
  it('one drop: that ACK is explained as leaving fast recovery (reno.exit-recovery)', () => {
    const t = run(fallFloydConfig('reno', [15]));
    const exit = ackDecisions(t).find((d) => d.time === 2.2916399999999997)!;
    expect(exit.code).toBe('reno.exit-recovery');
    expect(exit.after.cwnd).toBeCloseTo(7.142857, 6);
  });

  it('three drops, bugfix on: the partial ACK ends recovery, the next 3rd dupack is ignored, a timeout follows', () => {
    const t = run(fallFloydConfig('reno', [15, 27, 29]));
    const s = t.flowStats[0]!;
    expect([s.fastRetransmits, s.timeouts]).toEqual([1, 1]);
    const [fr] = byCode(t, 'reno.fast-retransmit');
    expect([fr!.time, fr!.packets]).toEqual([2.07976, [15]]);
    // the partial ACK for 26 ends recovery (7 → 7.142857) and sends nothing: 26 + 7 = 33 is out
    const partial = ackDecisions(t).find((d) => cumOf(d) === 26)!;
    expect(partial.time).toBe(2.2916399999999997);
    expect(partial.after.cwnd).toBeCloseTo(7.142857, 6);
    expect(partial.packets).toEqual([]);
    // its 3rd duplicate does not trigger a second fast retransmit (highest_ack 26 ≤ recover 29)
    const ignored = byCode(t, 'tcp.dupack-ignored');
    expect(ignored.map((d) => [cumOf(d), dupsOf(d)])).toEqual([[26, 3]]);
    expect(ignored[0]!.packets).toEqual([]);
    // one RTO (1 s minimum) after the partial ACK restarted the timer: ssthresh ⌊7.14/2⌋ = 3, cwnd 1, resend 27
    const [rto] = decisionsOf(t).filter((d) => d.trigger.kind === 'timer');
    expect(rto!.time).toBe(partial.time + 1);
    expect([rto!.after.cwnd, rto!.after.ssthresh]).toEqual([1, 3]);
    expect(rto!.packets).toEqual([27]);
  });

  it('two drops, bugfix off: fast retransmits twice (cwnd 15 → 7, then 7.142857 → 3), no timeout', () => {
    const t = run(fallFloydConfig('reno', [15, 29], { flow: { bugfix: false } }));
    const frs = byCode(t, 'reno.fast-retransmit');
    expect(frs.map((d) => d.packets)).toEqual([[15], [29]]);
    expect(frs[0]!.changes.cwnd).toEqual([15, 7]);
    expect(frs[1]!.changes.cwnd![0]).toBeCloseTo(7.142857, 6);
    expect(frs[1]!.changes.cwnd![1]).toBe(3);
    expect(frs[1]!.after.ssthresh).toBe(3);
    expect([cumOf(frs[1]!), dupsOf(frs[1]!)]).toEqual([28, 3]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
    // with bugfix on, the same drops give one fast retransmit and a timeout
    const on = run(fallFloydConfig('reno', [15, 29])).flowStats[0]!;
    expect([on.fastRetransmits, on.timeouts]).toEqual([1, 1]);
  });
});

describe('NewReno (REFERENCE: "a partial ACK retransmits the next hole at once")', () => {
  it('three drops: retransmits 15, 27, 29 one RTT apart, each of 27 and 29 on a partial ACK, no timeout', () => {
    const t = run(fallFloydConfig('newreno', [15, 27, 29]));
    const retx = retransmissions(t);
    expect(retx.map((r) => r.pkt)).toEqual([15, 27, 29]);
    expect(retx.map((r) => r.time)).toEqual([2.07976, 2.2916399999999997, 2.5035199999999995]);
    expect(retx[1]!.time - retx[0]!.time).toBeCloseTo(RTT, 9);
    expect(retx[2]!.time - retx[1]!.time).toBeCloseTo(RTT, 9);
    const partial = byCode(t, 'newreno.partial-ack');
    expect(partial.map((d) => [cumOf(d), d.packets[0]])).toEqual([
      [26, 27],
      [28, 29],
    ]);
    // cwnd stays at ssthresh 7 through recovery; the ACK covering recover ends it
    for (const d of partial) expect([d.after.cwnd, d.after.ssthresh]).toEqual([7, 7]);
    const [exit] = byCode(t, 'newreno.exit-recovery');
    expect(exit!.time).toBeGreaterThan(retx[2]!.time);
    expect(exit!.after.cwnd).toBeCloseTo(7.142857, 6);
    expect(t.flowStats[0]!).toMatchObject({ fastRetransmits: 1, timeouts: 0, retransmissions: 3 });
  });

  // Engine labelling bug: newreno.ts labels the exit only when dupwnd > 0; after back-to-back
  // partial ACKs (dupwnd reset to 0 by each) the exit is recorded as plain congestion
  // avoidance. Zero drops: overflow losses, recovery ends at 5.26836 with the ACK for 94.
  it('overflow losses (no scripted drop): the ACK ending recovery is labelled newreno.exit-recovery', () => {
    const t = run(fallFloydConfig('newreno', []));
    const lastPartial = byCode(t, 'newreno.partial-ack').at(-1)!;
    const exit = ackDecisions(t).find((d) => d.time > lastPartial.time && cumOf(d) > cumOf(lastPartial))!;
    expect(exit.time).toBe(5.268359999999999);
    expect(exit.code).toBe('newreno.exit-recovery');
  });
});

describe('SACK (REFERENCE: "send while pipe < ⌊cwnd⌋, holes first")', () => {
  it('five drops: retransmits the holes 15, 23 and 25 within one RTT; NewReno needs an RTT per hole', () => {
    const drops = [15, 23, 25, 27, 29];
    const t = run(fallFloydConfig('sack', drops));
    const retx = retransmissions(t);
    expect(retx.map((r) => r.pkt)).toEqual(drops);
    const firstPartial = byCode(t, 'sack.partial-ack')[0]!;
    const early = retx.filter((r) => r.time < firstPartial.time);
    expect(early.map((r) => r.pkt)).toEqual([15, 23, 25]);
    expect(early[2]!.time - early[0]!.time).toBeLessThan(RTT);
    // holes go first: pipe = 29 − 14 − 3 = 12 at the fast retransmit, −1 per dupack; once it is
    // 6 < ⌊cwnd⌋ = 7 a dupack sends the hole 23 (not new data), and the next one 25 — pipe back to 7
    for (const r of early.slice(1)) {
      const d = decisionsOf(t).find((x) => x.time === r.time)!;
      expect(d.packets).toEqual([r.pkt]);
      expect(d.after.pipe).toBe(7);
    }
    const quiet = decisionsOf(t).filter((d) => d.time > early[0]!.time && d.time < early[1]!.time);
    expect(quiet.map((d) => [d.after.pipe, d.packets.length])).toEqual([
      [11, 0],
      [10, 0],
      [9, 0],
      [8, 0],
      [7, 0],
    ]);
    expect(t.flowStats[0]!).toMatchObject({ fastRetransmits: 1, timeouts: 0 });
    const nr = retransmissions(run(fallFloydConfig('newreno', drops)));
    expect(nr.map((r) => r.pkt)).toEqual(drops);
    expect(nr[1]!.time - nr[0]!.time).toBeCloseTo(RTT, 9);
    expect(nr[2]!.time - nr[1]!.time).toBeCloseTo(RTT, 9);
  });

  it('cwnd stays at ssthresh during recovery and the exit ACK does not open it', () => {
    const t = run(fallFloydConfig('sack', [15, 27, 29]));
    const [fr] = byCode(t, 'sack.fast-retransmit');
    expect(fr!.changes.cwnd).toEqual([15, 7]);
    // REFERENCE: pipe = highest sent − highest_ack − 3 at the fast retransmit = 29 − 14 − 3
    expect(fr!.after.pipe).toBe(12);
    const [exit] = byCode(t, 'sack.exit-recovery');
    for (const d of decisionsOf(t).filter((x) => x.time >= fr!.time && x.time <= exit!.time)) {
      expect(d.after.cwnd).toBe(7);
    }
    expect(exit!.changes.cwnd).toBeUndefined();
  });
});

describe('FACK (REFERENCE: "fast retransmit when (highest SACKed − cumulative ACK − 1) ≥ 3")', () => {
  // Drops 14, 16, 18 (run gen-fack-d14-16-18, identical to ns-2.35): the first dupack SACKs 15,
  // the second SACKs 17 — forward-most SACKed 17, cumulative ACK 13: 17 − 13 − 1 = 3.
  const t = run(fallFloydConfig('fack', [14, 16, 18]));
  const [fr] = byCode(t, 'fack.fast-retransmit');

  it('fast-retransmits on the 2nd duplicate ACK, not the 3rd, once the SACKed data is 3 beyond the hole', () => {
    const dupsBefore = ackDecisions(t).filter((d) => d.time < fr!.time && cumOf(d) === 13 && d.code === 'tcp.dupack');
    expect(dupsBefore).toHaveLength(1);
    expect(fr!.time).toBe(2.0601760000000002);
    expect(cumOf(fr!)).toBe(13);
    expect(dupsOf(fr!)).toBe(3); // ns-2 FACK's dupacks_ = fack − last_ack − 1
    expect(fr!.packets).toEqual([14]);
  });

  it('then ssthresh = ⌊window/2⌋ = 7, cwnd = 1, and cwnd opens on every recovery ACK: +1 to 7, then +1/cwnd', () => {
    expect(fr!.changes.cwnd).toEqual([14, 1]);
    expect(fr!.after.ssthresh).toBe(7);
    const rec = decisionsOf(t).filter((d) => d.time > fr!.time && d.code === 'fack.recovery-ack');
    expect(rec.slice(0, 6).map((d) => d.after.cwnd)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(rec[6]!.after.cwnd).toBeCloseTo(7 + 1 / 7, 12);
  });

  it('sends while next ≤ fack + ⌊cwnd⌋ − retransmissions in flight: the outstanding estimate never exceeds ⌊cwnd⌋ after a send', () => {
    const rec = decisionsOf(t).filter((d) => d.time > fr!.time && (d.code === 'fack.recovery-ack' || d.code === 'fack.exit-recovery'));
    expect(rec.length).toBeGreaterThan(8);
    for (const d of rec.filter((x) => x.code === 'fack.recovery-ack')) {
      if (d.packets.length > 0) expect(d.after.pipe).toBe(Math.trunc(d.after.cwnd));
      else expect(d.after.pipe).toBeGreaterThanOrEqual(Math.trunc(d.after.cwnd));
    }
    // the holes 16 and 18 are both retransmitted before the ACK of the retransmitted 14 returns
    const retx = retransmissions(t);
    expect(retx.map((r) => r.pkt)).toEqual([14, 16, 18]);
    expect(retx[2]!.time - retx[0]!.time).toBeLessThan(RTT);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });
});

/**
 * Alamgir, Atiquzzaman & Ivancic, §6.1, Fig. 8: "TCP retransmission of packet number 7".
 *
 * Setup from the paper (§4, Table 1): TCP source N0 – 10 Mb/s, 2 ms – N2 – 3 Mb/s, 250 ms
 * satellite link – N3 – 10 Mb/s, 2 ms – N4; 10-packet router buffers; 1448-byte payload
 * (1488 bytes on the wire); receiver window and initial ssthresh 64 KB (45 packets); no
 * delayed ACKs; TCP with SACK (ns-2 Sack1). The TCP flow alone (the SCTP flow sharing L2 is
 * not needed for this narrative, and its packets are not interleaved in the paper's times).
 *
 * What the text fixes: seven dupacks for packets 8..14 while cwnd is 8, i.e. packets up to 14
 * were out when the ACK of 6 arrived: highest_ack 6 + cwnd 8 = 14. Slow start from cwnd 1
 * would give cwnd 7 and only 13 packets at that point; an initial window of 2 packets gives
 * exactly 6 + 8 = 14, so initialCwndPkts = 2. The dupacks are 3.968 ms apart in the paper
 * (2.8624, 2.8664, …, 2.8862) — one 1488-byte packet at 3 Mb/s — as here.
 *
 * The loss is modelled where a satellite-link error shows up: at N3, after the packet crossed
 * L2 (a scripted drop in front of N3's queue towards N4). Dropped there, packet 7 is lost at
 * a time when the ACKs of 4–6 have already raised cwnd to 8, as the paper says. (Dropped at
 * N2 instead, the loss itself would happen at cwnd 5; everything after is identical.)
 *
 * The paper does not give the start time; 1.31484 s puts the first dupack at its 2.8624 s (the
 * only fitted number; the spacing of all later times is not fitted). ns-2.35's Sack1 on the
 * same setup (scripts/ns2/alamgir-fig8.tcl) produces the same events, 0.171 ms earlier because
 * ns-2 sends packet 1 without its 40-byte header.
 */
describe('Alamgir et al. §6.1, Fig. 8: TCP-SACK loses packet 7 at cwnd 8', () => {
  const START = 1.31484;
  function fig8(sender: 'sack' | 'reno' = 'sack', drops: number[] = [7]): SimConfig {
    return {
      nodes: ['N0', 'N2', 'N3', 'N4'],
      links: [
        { a: 'N0', b: 'N2', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 50 },
        { a: 'N2', b: 'N3', bandwidthBps: 3e6, delayS: 0.25, queueLimit: 10 },
        { a: 'N3', b: 'N4', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 10 },
      ],
      flows: [
        {
          id: 0,
          sender,
          src: 'N0',
          dst: 'N4',
          startS: START,
          mssBytes: 1448,
          headerBytes: 40,
          windowPkts: 45,
          initialCwndPkts: 2,
          maxburst: 0,
          bugfix: true,
          dupackThreshold: 3,
          delayedAck: false,
          handshake: false,
          firstPacketWithoutHeader: false,
          minRtoS: 1,
          tickS: 0.01,
          initialRtoS: 3,
        },
      ],
      losses: [
        { from: 'N3', to: 'N4', drops: drops.map((p) => ({ flow: 0, packet: p, transmission: 1 })), lossRate: 0, seed: 1 },
      ],
      stopS: START + 4,
      router: 'N2',
      bottleneck: { from: 'N2', to: 'N3' },
    };
  }
  const t = run(fig8());
  const P = t.packets;
  const X = t.transmissions;
  const node = (n: string): number => t.nodes.indexOf(n);
  const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
  const acks = ackDecisions(t);
  const dupacks = acks.filter((d) => cumOf(d) === 6 && dupsOf(d) >= 1);
  const fr = byCode(t, 'sack.fast-retransmit')[0]!;

  /**
   * Packets "still unacknowledged in the network" at time `at` (after the events at `at`):
   * transmissions sent, not dropped, whose own ACK has not yet reached the sender.
   */
  function unacknowledgedInNetwork(at: number): number[] {
    const sentAt = new Map<number, { pkt: number; time: number }>();
    const gone = new Set<number>();
    const ackOfData = new Map<number, number>(); // ACK uid → data uid
    let lastDataAtK = -1;
    for (let i = 0; i < P.length && P.time[i]! <= at; i++) {
      const uid = P.uid[i]!;
      if (X.type[uid] === PacketType.data) {
        if (P.kind[i] === PacketEventKind.send) sentAt.set(uid, { pkt: X.packet[uid]!, time: P.time[i]! });
        if (P.kind[i] === PacketEventKind.drop) gone.add(uid);
        if (P.kind[i] === PacketEventKind.deliver && P.node[i] === node('N4')) lastDataAtK = uid;
      } else if (X.type[uid] === PacketType.ack) {
        // the receiver ACKs every packet at once: its ACK is sent right after the delivery
        if (P.kind[i] === PacketEventKind.send && P.node[i] === node('N4')) ackOfData.set(uid, lastDataAtK);
        if (P.kind[i] === PacketEventKind.deliver && P.node[i] === node('N0')) gone.add(ackOfData.get(uid)!);
      }
    }
    // cumulatively ACKed packets are no longer outstanding either
    const cum = Math.max(0, ...acks.filter((d) => d.time <= at).map(cumOf));
    return [...sentAt]
      .filter(([uid, s]) => !gone.has(uid) && s.pkt > cum)
      .map(([, s]) => s.pkt)
      .sort((a, b) => a - b);
  }

  it('scenario: packet 7 is the only loss; one fast retransmit, no timeout', () => {
    const drops = [];
    for (let i = 0; i < P.length; i++) if (P.kind[i] === PacketEventKind.drop) drops.push(X.packet[P.uid[i]!]);
    expect(drops).toEqual([7]);
    expect(t.flowStats[0]!).toMatchObject({ fastRetransmits: 1, timeouts: 0, retransmissions: 1 });
  });

  // "Fig. 8 depicts how the TCP source, on detecting the loss of packet number 7, carries out Fast Retransmit."
  it('S1: on detecting the loss of packet 7 the source carries out fast retransmit', () => {
    expect(fr.packets).toEqual([7]);
    expect(retransmissions(t).map((r) => r.pkt)).toEqual([7]);
  });

  // "At the time the packet was lost, cwnd was eight packets."
  it('S2: when packet 7 is lost, cwnd is 8', () => {
    let dropTime = NaN;
    for (let i = 0; i < P.length; i++) if (P.kind[i] === PacketEventKind.drop) dropTime = P.time[i]!;
    const before = decisionsOf(t).filter((d) => d.time <= dropTime).at(-1)!;
    expect(before.after.cwnd).toBe(8);
    expect(fr.changes.cwnd![0]).toBe(8);
  });

  // "Seven dupacks were received between times 2.8624 and 2.8862."
  it('S3: seven dupacks arrive between 2.8624 and 2.8862 s', () => {
    expect(dupacks).toHaveLength(7);
    expect(dupacks.map((d) => dupsOf(d))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(r4(dupacks[0]!.time)).toBe(2.8624);
    expect(r4(dupacks[6]!.time)).toBe(2.8862);
    // not fitted: successive dupacks are one 1488-byte packet time at 3 Mb/s apart
    for (let i = 1; i < 7; i++) expect(dupacks[i]!.time - dupacks[i - 1]!.time).toBeCloseTo((1488 * 8) / 3e6, 9);
    // and no other ACK reaches the sender in between
    expect(acks.filter((d) => d.time >= dupacks[0]!.time && d.time <= dupacks[6]!.time)).toHaveLength(7);
  });

  // "These are due to the seven packets, following the lost packet, which were received correctly."
  it('S4: the dupacks are the receiver’s ACKs of packets 8–14, received correctly', () => {
    const k = node('N4');
    const causes: number[] = [];
    let lastData = 0;
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (P.kind[i] === PacketEventKind.deliver && P.node[i] === k && X.type[u] === PacketType.data) lastData = X.packet[u]!;
      if (P.kind[i] === PacketEventKind.send && P.node[i] === k && X.type[u] === PacketType.ack && X.cumAck[u] === 6 && lastData > 6) {
        causes.push(lastData);
      }
    }
    expect(causes).toEqual([8, 9, 10, 11, 12, 13, 14]);
  });

  // "Packet loss was detected on arrival of the third dupack at t = 2.8703 when packet number 7
  //  was retransmitted using Fast Retransmit, and cwnd was reduced to four (half its previous value)."
  it('S5: on the 3rd dupack (2.8703 s) packet 7 is fast-retransmitted and cwnd halves 8 → 4', () => {
    expect(fr).toBe(dupacks[2]);
    expect(r4(fr.time)).toBe(2.8703);
    expect(fr.changes.cwnd).toEqual([8, 4]);
    expect(fr.after.ssthresh).toBe(4);
  });

  // "At this point, there were five packets still unacknowledged in the network, that is,
  //  packet number 7 and four packets from the previous cwnd."
  it('S6: five packets are then unacknowledged in the network: 7 and four of the previous window', () => {
    expect(unacknowledgedInNetwork(fr.time)).toEqual([7, 11, 12, 13, 14]);
    expect(fr.after.pipe).toBe(5); // the SACK sender's own estimate agrees
  });

  // "On receipt of the fourth dupack, no new packet transmission could be done because the new
  //  cwnd of four did not allow another transmission, since the number of packets still
  //  unacknowledged was four."
  it('S7: the 4th dupack sends nothing — cwnd 4, four packets unacknowledged', () => {
    const d4 = dupacks[3]!;
    expect(d4.packets).toEqual([]);
    expect(d4.after.cwnd).toBe(4);
    expect(unacknowledgedInNetwork(d4.time)).toEqual([7, 12, 13, 14]);
  });

  // "When the fifth dupack arrived, a new packet (no. 15) was transmitted because the number of
  //  unacknowledged packets had dropped down to three."
  it('S8: the 5th dupack sends new packet 15 — unacknowledged had dropped to three', () => {
    const d5 = dupacks[4]!;
    expect(d5.packets).toEqual([15]);
    const after = unacknowledgedInNetwork(d5.time);
    expect(after).toEqual([7, 13, 14, 15]);
    expect(after.filter((p) => p !== 15)).toHaveLength(3);
  });

  // "Similarly, on arrival of the sixth and seventh dupacks, packets 16 and 17 were transmitted."
  it('S9: the 6th and 7th dupacks send packets 16 and 17', () => {
    expect(dupacks[5]!.packets).toEqual([16]);
    expect(dupacks[6]!.packets).toEqual([17]);
    expect(dupacks.map((d) => d.after.cwnd)).toEqual([8, 8, 4, 4, 4, 4, 4]);
  });

  // "Even though the first two dupacks received at t = 2.8624 and 2.8664 indicated that two
  //  packets had left the network, new packets were not clocked out with them."
  it('S10: the first two dupacks (2.8624, 2.8664 s) clock out nothing', () => {
    expect(dupacks.slice(0, 2).map((d) => r4(d.time))).toEqual([2.8624, 2.8664]);
    for (const d of dupacks.slice(0, 2)) expect(d.packets).toEqual([]);
    expect(unacknowledgedInNetwork(dupacks[0]!.time)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(unacknowledgedInNetwork(dupacks[1]!.time)).toEqual([10, 11, 12, 13, 14]);
  });

  // "This was the case even though the cwnd allowed for transmission of new data when the two
  //  dupacks arrived."
  // Holds in the paper's sense: cwnd 8 exceeds the 6 and 5 packets then in the network. TCP's
  // send rule counts from the cumulative ACK instead (packet n may go while n ≤ highest_ack +
  // cwnd = 6 + 8 = 14), and 14 is already out — which is exactly why nothing is sent.
  it('S11: cwnd 8 exceeds the packets in the network at those dupacks, yet the window 7..14 is all sent', () => {
    for (const d of dupacks.slice(0, 2)) {
      expect(d.after.cwnd).toBe(8);
      expect(unacknowledgedInNetwork(d.time).length).toBeLessThan(d.after.cwnd);
      expect(d.after.highestAck + d.after.cwnd).toBe(14);
      expect(d.after.nextSeq).toBe(15);
    }
  });

  // "This phenomenon occurred whenever packet losses were detected by the TCP source, and
  //  hampered its performance substantially."
  // The first half is checked for a loss at several places of the transfer, every fast
  // retransmit included (later ones come from buffer overflows at N2 in slow start); the
  // performance claim is about the paper's 1000-s runs and is not pinned here.
  it('S12: whenever a loss is detected, the two dupacks before the fast retransmit send nothing', () => {
    let episodes = 0;
    for (const lost of [7, 12, 20, 27, 33, 40]) {
      const u = run(fig8('sack', [lost]));
      const frs = byCode(u, 'sack.fast-retransmit');
      expect(frs[0]!.packets, `loss of ${lost}`).toEqual([lost]);
      for (const f of frs) {
        const cum = cumOf(f);
        const firstTwo = ackDecisions(u).filter((d) => d.time < f.time && cumOf(d) === cum && dupsOf(d) >= 1);
        expect(firstTwo.map(dupsOf), `loss of ${lost}, fast retransmit at ${f.time}`).toEqual([1, 2]);
        for (const d of firstTwo) expect(d.packets, `loss of ${lost}`).toEqual([]);
        episodes++;
      }
    }
    expect(episodes).toBeGreaterThanOrEqual(6);
  });

  // §6.2: "TCP, on the other hand, wasted the first two dupacks by not transmitting any data.
  //  For TCP, only when the third dupack arrived, it retransmitted its lost packet."
  it('§6.2: only the 3rd dupack retransmits; Reno’s window inflation clocks out the same packets', () => {
    expect(dupacks.map((d) => d.packets)).toEqual([[], [], [7], [], [15], [16], [17]]);
    const reno = ackDecisions(run(fig8('reno'))).filter((d) => cumOf(d) === 6 && dupsOf(d) >= 1);
    expect(reno.map((d) => d.packets)).toEqual([[], [], [7], [], [15], [16], [17]]);
  });
});
