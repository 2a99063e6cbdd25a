/**
 * Caro, Shah, Iyengar, Amer, Stewart — "Congestion Control: SCTP vs TCP", §4.1 and §4.2,
 * sentence by sentence, on the Fall & Floyd topology (cwnd starts at 1 packet, no handshake,
 * 1000-byte chunks in 1040-byte packets, 4 missing reports, drops at R1 of packet 15, and of
 * 15 and 29). Each test quotes the sentence it checks; the assertions read the trace (router
 * arrivals/departures/drops, receiver deliveries and SACKs, sender decisions and samples).
 */
import { decisionsOf, samplesOf } from '../../../src/engine';
import { describe, expect, it } from 'vitest';
import { PacketEventKind, run, type Decision, type Trace } from '../../../src/engine';
import { fallFloyd } from './setup';
import { ackDecisions, ackFor, before, deliveries, drops, dupAcks, range, routerView, sacksSent } from './trace-query';

const cumOf = (d: Decision): number => (d.trigger.kind === 'ack' ? d.trigger.cumAck : NaN);

const trace = (sender: 'sctp-2960' | 'sctp-newreno', d: number[]): Trace =>
  run(fallFloyd({ sender, drops: d, stopS: 4 }));

const original1 = trace('sctp-2960', [15]);
const newreno1 = trace('sctp-newreno', [15]);
const original2 = trace('sctp-2960', [15, 29]);
const newreno2 = trace('sctp-newreno', [15, 29]);

describe('Caro et al. §4.1 One Packet Loss — Original SCTP', () => {
  const t = original1;
  const dups = dupAcks(t, 14);

  it('"Packets 1-14 are sent successfully, and in the process, the cwnd increases exponentially from 1 to 15 according to the Slow Start algorithm."', () => {
    const delivered = deliveries(t).map((e) => e.packet);
    expect(delivered.slice(0, 14)).toEqual(range(1, 14));
    expect(ackDecisions(t).slice(0, 14).map((d) => d.code)).toEqual(Array(14).fill('sctp.slow-start'));
    expect(ackDecisions(t).slice(0, 14).map((d) => d.after.cwnd)).toEqual(range(2, 15));
    expect(samplesOf(t)[0]!.cwnd).toBe(1);
  });

  it('"Since packet 15 is lost, packets 16-29 arrive at the receiver and trigger fourteen duplicate acks for packet 14."', () => {
    expect(drops(t)).toEqual([15]);
    const del = deliveries(t);
    const i15 = del.findIndex((e) => e.packet === 16);
    expect(del.slice(i15, i15 + 14).map((e) => e.packet)).toEqual(range(16, 29));
    // each of those arrivals is answered at once with a SACK whose Cumulative TSN Ack is 14
    const sacks = sacksSent(t);
    for (const e of del.slice(i15, i15 + 14)) {
      expect(sacks.find((s) => s.time === e.time)!.cumAck).toBe(14);
    }
  });

  it('"The first three duplicate acks for packet 14 decrease the number of outstanding packets by one each. Thus, packets 30-32 are clocked out."', () => {
    for (const [k, d] of dups.slice(0, 3).entries()) {
      expect(d.code).toBe('sctp.missing-report');
      // each is one more missing report for 15 (1st, 2nd, 3rd), not yet the 4th
      expect(d.trigger).toMatchObject({ kind: 'ack', cumAck: 14, dupacks: k + 1 });
      // 15 outstanding (15–29); the SACK reports one more of them received: 14 < cwnd 15, so
      // exactly one new packet goes and 15 are outstanding again
      expect(before(d, 'flightsize')).toBe(15);
      expect(d.packets).toEqual([30 + k]);
      expect(d.after.flightsize).toBe(15);
      expect(d.after.cwnd).toBe(15);
    }
  });

  it('"Upon receiving the fourth duplicate ack for packet 14 (which serves as the fourth missing report for packet 15), the sender Fast Retransmits packet 15."', () => {
    const d = dups[3]!;
    expect(d.trigger).toMatchObject({ kind: 'ack', cumAck: 14, dupacks: 4 });
    expect(d.code).toBe('sctp.fast-retransmit');
    expect(d.packets).toEqual([15]);
  });

  it('"As in TCP\'s Fast Retransmit algorithm, the sender reduces the cwnd and ssthresh, but Orignal SCTP reduces them to 7.5."', () => {
    expect(dups[3]!.changes.cwnd).toEqual([15, 7.5]);
    expect(dups[3]!.after.ssthresh).toBe(7.5);
  });

  it('"Also, Original SCTP does not have a Fast Recovery mode."', () => {
    expect(samplesOf(t).some((s) => s.phase === 'fast-recovery')).toBe(false);
    expect(decisionsOf(t).every((d) => d.after.recover === 0)).toBe(true);
    // New-Reno SCTP on the same drop does enter it at this fast retransmit, with recover = 32
    const nr = dupAcks(newreno1, 14)[3]!;
    expect(nr.code).toBe('sctp.fast-recovery');
    expect(nr.after.recover).toBe(32);
  });

  it('"Since the cwnd in SCTP represents only how much the sender can send and not which packets can be sent, a Fast Recovery algorithm is not needed to keep the ack clock going."', () => {
    // Without any recovery state (no inflation, no recover point), every duplicate SACK after
    // the fast retransmit still takes the outstanding count down by the one packet it reports,
    // and once that count is below cwnd each one releases one new packet: the ack clock runs
    // on, and the window's repair ends with the ack for 32 without a timeout.
    const afterFr = dups.slice(4);
    expect(afterFr).toHaveLength(13);
    for (const d of afterFr) {
      expect(d.after.cwnd).toBe(7.5);
      expect(before(d, 'flightsize') - 1 + d.packets.length).toBe(d.after.flightsize);
    }
    expect(afterFr.map((d) => d.packets.length)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
    expect(ackFor(t, 32).time).toBeGreaterThan(afterFr.at(-1)!.time);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  // The paper is one off here. Hand count (RFC 2960 §6.1 C, §7.2.4): before the 4th duplicate,
  // 15 are outstanding (15, 19–32); that SACK reports 19 received (14 left), and 15 — marked
  // for retransmission, then retransmitted — still counts once: 14 outstanding (15, 20–32) after
  // the fast retransmit, so the 5th duplicate takes them from 14 to 13. The paper's own later
  // sentences agree with 14, not 15: six more decrements from its "14" after the 5th would leave
  // 8 after the 11th duplicate, but it says 7 (and 33 leaves then), as in the engine.
  it('"The fifth duplicate ack for packet 14 reduces the number of outstanding packets from 15 to 14." — engine: 14 to 13 (the paper is one off; see the note)', () => {
    expect(dups[3]!.after.flightsize).toBe(14);
    const d = dups[4]!;
    expect([before(d, 'flightsize'), d.after.flightsize]).toEqual([14, 13]);
    expect(d.packets).toEqual([]);
  });

  it('"Each additional duplicate ack for packet 14 received similarly decreases the number of outstanding packets by one."', () => {
    // 6th to 10th duplicates: 13 → 12 → 11 → 10 → 9 → 8, nothing sent (8 ≥ cwnd 7.5)
    expect(dups.slice(5, 10).map((d) => [before(d, 'flightsize'), d.after.flightsize])).toEqual([
      [13, 12],
      [12, 11],
      [11, 10],
      [10, 9],
      [9, 8],
    ]);
    for (const d of dups.slice(5, 10)) expect(d.packets).toEqual([]);
  });

  it('"Since the number of outstanding bytes may exceed cwnd by at most MTU-1 bytes, the eleventh duplicate ack reduces the oustanding packets to 7, and begins to clock out new packets once again."', () => {
    expect(dups[9]!.after.flightsize).toBe(8); // 8 ≥ 7.5: nothing sent yet
    const d = dups[10]!;
    expect(before(d, 'flightsize') - 1).toBe(7); // 7 < 7.5: may send one more (8000 > 7500 bytes)
    expect(d.packets).toEqual([33]);
  });

  it('"The last seven duplicate acks for packet 14 allows the sender to transmit packets 33-39."', () => {
    expect(dups).toHaveLength(17); // 14 for 16–29, then 3 for 30–32
    // one packet per duplicate: each reports one more packet received, 7 → 8 outstanding
    expect(dups.slice(10).map((d) => d.packets)).toEqual(range(33, 39).map((n) => [n]));
    for (const d of dups.slice(10)) expect([before(d, 'flightsize'), d.after.flightsize]).toEqual([8, 8]);
  });

  it('"Upon receiving the ack for packet 32, the cwnd and ssthresh are 7.5, and hence, the sender is in Slow Start mode."', () => {
    const d = ackFor(t, 32);
    expect(before(d, 'cwnd')).toBe(7.5);
    expect(before(d, 'ssthresh')).toBe(7.5);
    expect(d.code).toBe('sctp.slow-start');
  });

  it('"In response to the ack for packet 32, the sender increases the cwnd to 8.5 and transmits packets 40-41."', () => {
    const d = ackFor(t, 32);
    expect(d.after.cwnd).toBe(8.5);
    expect(d.packets).toEqual([40, 41]);
  });

  it('"Finally, the sender continues transmitting in Congestion Avoidance mode."', () => {
    const later = ackDecisions(t).filter((d) => d.trigger.kind === 'ack' && d.trigger.cumAck > 32 && d.time < 3.5);
    // no further loss: up to 3.5 s every ack advances the cumulative TSN by one (33, 34, …, 91)
    expect(later.map(cumOf)).toEqual(range(33, 91));
    for (const d of later) expect(d.code).toMatch(/^sctp\.congestion-avoidance/);
    for (const d of later) expect(d.after.cwnd).toBeGreaterThan(d.after.ssthresh);
  });
});

describe('Caro et al. §4.1 — New-Reno SCTP', () => {
  it('"As show in Figure 2, New-Reno SCTP shows no difference from Original SCTP with one packet drop (as expected)."', () => {
    expect(routerView(newreno1)).toEqual(routerView(original1));
    const cw = (t: Trace) => samplesOf(t).map((s) => [s.time, s.cwnd, s.ssthresh]);
    expect(cw(newreno1)).toEqual(cw(original1));
  });
});

describe('Caro et al. §4.2 Two Packet Losses — Original SCTP', () => {
  const t = original2;
  const dups14 = dupAcks(t, 14);
  const dups28 = dupAcks(t, 28);

  it('"Original SCTP initially behaves the same as explained earlier with one drop, except that there is one less duplicate ack for packet 14."', () => {
    expect(drops(t)).toEqual([15, 29]);
    // 13 for 16–28 and 3 for 30–32: 16, one less than the 17 of the one-drop run (29 is lost)
    expect(dups14).toHaveLength(16);
    expect(dupAcks(original1, 14)).toHaveLength(17);
    expect(dups14[3]!.code).toBe('sctp.fast-retransmit');
    expect(dups14[3]!.after.cwnd).toBe(7.5);
  });

  it('"Hence, all the duplicate acks for packet 14 allow the sender to transmit only 30-38."', () => {
    expect(dups14.flatMap((d) => d.packets).filter((n) => n !== 15)).toEqual(range(30, 38));
  });

  it('"The last three duplicate acks for packet 14 contain selective acks for packets 30-32, and hence count as missing reports for packet 29."', () => {
    const sacks = sacksSent(t).filter((s) => s.cumAck === 14);
    const last3 = sacks.slice(-3);
    const del = deliveries(t);
    expect(last3.map((s) => del.find((e) => e.time === s.time)!.packet)).toEqual([30, 31, 32]);
    for (const s of last3) expect(s.sackBlocks).toBe(2); // 16–28 and 30–3x: a gap at 29
    // 29's count stands at 3 when the ack for 28 makes it the first missing TSN
    expect(ackFor(t, 28).trigger).toMatchObject({ dupacks: 3 });
  });

  it('"The next ack is for packet 28, and corresponds to the arrival of the retransmitted packet 15."', () => {
    const first28 = sacksSent(t).find((s) => s.cumAck === 28)!;
    const del = deliveries(t).find((e) => e.time === first28.time)!;
    expect(del.packet).toBe(15);
    expect(del.retx).toBe(1);
    const prev = ackDecisions(t).indexOf(ackFor(t, 28)) - 1;
    expect(ackDecisions(t)[prev]).toBe(dups14.at(-1));
  });

  it('"Following the HTNA algorithm (see Section 2.1), this ack\'s newest newly acked packet is 15, which does not count as a missing report for packet 29."', () => {
    const d = ackFor(t, 28);
    expect(d.trigger).toMatchObject({ cumAck: 28, dupacks: 3 });
    expect(d.code).not.toMatch(/fast-retransmit/);
    expect(d.packets).not.toContain(29);
  });

  it('"Since the sender is in Slow Start mode, the cwnd is increased to 8.5 in response to this ack."', () => {
    const d = ackFor(t, 28);
    expect(d.code).toBe('sctp.slow-start');
    expect(d.changes.cwnd).toEqual([7.5, 8.5]);
  });

  it('"The sender now transmits packets 39-40, and moves into Congestion Avoidance mode with nine packets outstanding."', () => {
    const d = ackFor(t, 28);
    expect(d.packets).toEqual([39, 40]);
    expect(d.after.flightsize).toBe(9);
    expect(d.after.cwnd).toBeGreaterThan(d.after.ssthresh);
  });

  it('"The first duplicate ack for packet 28 counts as the fourth missing report for packet 29, and triggers the Fast Retransmit of packet 29."', () => {
    const d = dups28[0]!;
    expect(d.trigger).toMatchObject({ cumAck: 28, dupacks: 4 });
    expect(d.code).toBe('sctp.fast-retransmit');
    expect(d.packets).toEqual([29]);
  });

  it('"As a result, the cwnd is cut to 4.25."', () => {
    expect(dups28[0]!.changes.cwnd).toEqual([8.5, 4.25]);
    expect(dups28[0]!.after.ssthresh).toBe(4.25);
  });

  it('"Upon receiving the fifth duplicate ack for packet 28, the number of outstanding packets decreases to four. Thus, the sender transmits packet 41."', () => {
    for (const d of dups28.slice(1, 4)) expect(d.packets).toEqual([]);
    const d = dups28[4]!;
    expect(before(d, 'flightsize') - 1).toBe(4);
    expect(d.packets).toEqual([41]);
  });

  it('"Likewise, the next three duplicate acks for packet 28 allow the sender to send packets 42-44."', () => {
    expect(dups28.slice(5, 8).map((d) => d.packets)).toEqual([[42], [43], [44]]);
    expect(dups28).toHaveLength(8);
  });

  it('"Finally, an ack for packet 40 arrives. Since the cwnd and ssthresh are 4.25, the sender is in Slow Start mode and increases the cwnd to 5.25."', () => {
    const d = ackFor(t, 40);
    expect(ackDecisions(t)[ackDecisions(t).indexOf(d) - 1]).toBe(dups28.at(-1));
    expect(before(d, 'cwnd')).toBe(4.25);
    expect(before(d, 'ssthresh')).toBe(4.25);
    expect(d.code).toBe('sctp.slow-start');
    expect(d.after.cwnd).toBe(5.25);
  });

  it('"The sender then transmits packets 45-46 and continues transmitting in Congestion Avoidance mode."', () => {
    expect(ackFor(t, 40).packets).toEqual([45, 46]);
    const next = ackDecisions(t).filter((d) => d.trigger.kind === 'ack' && d.trigger.cumAck > 40 && d.time < 3.5);
    // no further loss: the acks for 41–70 up to 3.5 s, every one in congestion avoidance
    expect(next.map(cumOf)).toEqual(range(41, 70));
    for (const d of next) expect(d.code).toMatch(/^sctp\.congestion-avoidance/);
    for (const d of next) expect(d.after.cwnd).toBeGreaterThan(d.after.ssthresh);
  });
});

describe('Caro et al. §4.2 Two Packet Losses — New-Reno SCTP', () => {
  const t = newreno2;
  const d28 = ackFor(t, 28);
  const dups28 = dupAcks(t, 28);

  it('"New-Reno SCTP behaves the same as Original SCTP until the first ack for packet 28."', () => {
    const until = d28.time;
    expect(routerView(t, until)).toEqual(routerView(original2, until));
    expect(ackFor(original2, 28).time).toBe(until);
  });

  it('"Due to the modified HTNA algorithm, this ack now triggers the Fast Retransmit of packet 29."', () => {
    expect(d28.code).toBe('sctp.fast-retransmit-htna');
    expect(d28.trigger).toMatchObject({ cumAck: 28, dupacks: 4 });
    expect(d28.packets[0]).toBe(29);
  });

  it('"Note that previously with Original SCTP, this ack did not trigger the Fast Retransmit of packet 29 because it did not increment packet 29\'s missing report."', () => {
    // The same SACK (cumulative ack 28, sent when the retransmitted 15 arrives, at the same
    // time in both runs) leaves 29 at 3 missing reports under the HTNA rule, 4 under the
    // modified rule.
    const o = ackFor(original2, 28);
    expect(o.time).toBe(d28.time);
    expect([o.trigger, d28.trigger]).toMatchObject([{ dupacks: 3 }, { dupacks: 4 }]);
    expect(o.packets).toEqual([39, 40]);
    expect(d28.packets[0]).toBe(29);
    // Original SCTP retransmits 29 only on the next SACK, its 4th missing report
    expect(dupAcks(original2, 28)[0]!.packets).toEqual([29]);
  });

  it('"Also, to contrast Original SCTP\'s behavior, New-Reno SCTP does not reduce the cwnd for this Fast Retransmit since the sender is in Fast Recovery mode. Hence, the cwnd remains at 7.5."', () => {
    expect(before(d28, 'cwnd')).toBe(7.5);
    expect(d28.after.cwnd).toBe(7.5);
    expect(d28.after.recover).toBe(32);
    const s = samplesOf(t).filter((x) => x.time <= d28.time).at(-1)!;
    expect(s.phase).toBe('fast-recovery');
  });

  it('"Since there are only seven outstanding packets at this point, the sender may transmit packet 39."', () => {
    // 29 (retransmitted) and 33–38 are outstanding: 7 < 7.5
    expect(d28.packets).toEqual([29, 39]);
    expect(d28.after.flightsize).toBe(8);
  });

  it('"The next six duplicate acks for packet 28 clock out packets 40-45."', () => {
    expect(dups28).toHaveLength(6);
    expect(dups28.map((d) => d.packets)).toEqual(range(40, 45).map((n) => [n]));
  });

  it('"The sender exits Fast Recovery mode when the ack for packet 38 arrives."', () => {
    const d = ackFor(t, 38);
    expect(ackDecisions(t)[ackDecisions(t).indexOf(d) - 1]).toBe(dups28.at(-1));
    expect(d.code).toBe('sctp.exit-recovery');
    const s = samplesOf(t).filter((x) => x.time <= d.time).at(-1)!;
    expect(s.phase).not.toBe('fast-recovery');
  });

  it('"The sender is in Slow Start mode and increases the cwnd to 8.5."', () => {
    const d = ackFor(t, 38);
    // cwnd = ssthresh = 7.5 is slow start in SCTP (RFC 2960 §7.2.1): + one MTU
    expect(before(d, 'cwnd')).toBe(7.5);
    expect(before(d, 'ssthresh')).toBe(7.5);
    expect(d.after.cwnd).toBe(8.5);
    expect(d.changes.partialBytesAcked).toBeUndefined();
  });

  it('"Then, the sender transmits packets 46-47 and continues transmitting in Congestion Avoidance mode."', () => {
    expect(ackFor(t, 38).packets).toEqual([46, 47]);
    const next = ackDecisions(t).filter((d) => d.trigger.kind === 'ack' && d.trigger.cumAck > 38 && d.time < 3.5);
    // no further loss: the acks for 39–84 up to 3.5 s, every one in congestion avoidance
    expect(next.map(cumOf)).toEqual(range(39, 84));
    for (const d of next) expect(d.code).toMatch(/^sctp\.congestion-avoidance/);
    for (const d of next) expect(d.after.cwnd).toBeGreaterThan(d.after.ssthresh);
  });

  it('"Note that New-Reno SCTP exits Fast Recovery sooner, with a larger cwnd, and with more packets transmitted than Original SCTP."', () => {
    const exitNr = ackFor(t, 38);
    const exitOrig = ackFor(original2, 40); // Original SCTP's recovery ends with the ack for 40
    expect(exitNr.time).toBeLessThan(exitOrig.time);
    expect(exitNr.after.cwnd).toBeGreaterThan(exitOrig.after.cwnd);
    expect(Math.max(...exitNr.packets)).toBeGreaterThan(Math.max(...exitOrig.packets));
    const departed = (x: Trace) => {
      const p = x.packets;
      const X = x.transmissions;
      let n = 0;
      for (let i = 0; i < p.length; i++) if (p.kind[i] === PacketEventKind.depart && x.nodes[p.node[i]!] === 'R1' && X.type[p.uid[i]!] === 0) n++;
      return n;
    };
    expect(departed(t)).toBeGreaterThan(departed(original2));
  });
});
