/**
 * The two SACK scoreboards directly, in 1-based packet numbers through the driver's wrappers:
 * Sack1's (scoreboard-rq.ts, ns-2 tcp/scoreboard-rq.cc: SACKed ranges + the retransmission
 * pointer h_seqno) and FACK's (scoreboard-fack.ts, ns-2 tcp/scoreboard.cc: one entry per packet
 * with ACKed / SACKed / retransmitted flags). Blocks are [first, last] packets, inclusive, as
 * the trace shows them.
 */
import { describe, expect, it } from 'vitest';
import { fackBoard, sackBoard } from './tcp-driver';

describe('SACK scoreboard (ns-2 scoreboard-rq.cc)', () => {
  it('names the holes below the highest SACK in order, each once after markRetran', () => {
    const sb = sackBoard();
    sb.update(2, [
      [8, 9],
      [6, 6],
      [4, 4],
    ]);
    expect(sb.changed).toBe(true);
    // Holes: 3, 5, 7 (10 and up are not holes: nothing above them is SACKed).
    expect(sb.nextRetran()).toBe(3);
    sb.markRetran(3);
    expect(sb.nextRetran()).toBe(5);
    sb.markRetran(5);
    expect(sb.nextRetran()).toBe(7);
    sb.markRetran(7);
    expect(sb.nextRetran()).toBe(0);
  });

  it('names the same hole again until it is marked retransmitted', () => {
    const sb = sackBoard();
    sb.update(7, [[9, 9]]);
    expect(sb.nextRetran()).toBe(8);
    expect(sb.nextRetran()).toBe(8);
    sb.markRetran(8);
    expect(sb.nextRetran()).toBe(0); // 8 was the only hole below 9
  });

  it('merges blocks, reports only new information as a change, and drops what the ACK covers', () => {
    const sb = sackBoard();
    sb.update(7, [[9, 9]]);
    sb.markRetran(8);
    sb.update(7, [
      [11, 12],
      [9, 9],
    ]);
    expect(sb.changed).toBe(true);
    // The pointer is past 8: the next hole is 10.
    expect(sb.nextRetran()).toBe(10);
    sb.update(7, [
      [11, 12],
      [9, 9],
    ]);
    expect(sb.changed).toBe(false); // the same blocks again: no new SACK information
    sb.update(7, [[11, 13]]);
    expect(sb.changed).toBe(true);
    // ACK 9 covers [9, 9]: the first unSACKed packet from 10 is 10, from 11 it is 14.
    sb.update(9, [[11, 13]]);
    expect(sb.changed).toBe(true);
    expect(sb.nextUnacked(10)).toBe(10);
    expect(sb.nextUnacked(11)).toBe(14);
  });

  it('forgets everything on clear', () => {
    const sb = sackBoard();
    sb.update(2, [[4, 5]]);
    sb.markRetran(3);
    sb.clear();
    sb.update(2, [[4, 5]]);
    expect(sb.nextRetran()).toBe(3);
  });

  it('never names packet 1 (ns-2 GetNextRetran tests seqno > 0)', () => {
    const sb = sackBoard();
    sb.update(0, [[2, 3]]);
    expect(sb.nextRetran()).toBe(0);
  });
});

describe('FACK scoreboard (ns-2 scoreboard.cc, FACK version)', () => {
  it('keeps one entry per packet above the ACK; nextRetran = first not SACKed nor retransmitted', () => {
    const sb = fackBoard();
    sb.update(7, [[9, 9]]);
    expect(sb.nextRetran()).toBe(8);
    sb.markRetran(8, 16);
    expect(sb.nextRetran()).toBe(0); // 8 retransmitted, 9 SACKed, nothing beyond
    sb.update(7, [
      [11, 11],
      [9, 9],
    ]);
    expect(sb.nextRetran()).toBe(10);
    expect(sb.retransmissionsLeft).toBe(0);
  });

  it('counts retransmissions that leave the network by ACK or by SACK', () => {
    const sb = fackBoard();
    sb.update(7, [
      [11, 11],
      [9, 9],
    ]);
    sb.markRetran(8, 16);
    sb.markRetran(10, 16);
    expect(sb.nextRetran()).toBe(0);
    // ACK 9 covers the retransmitted 8: one retransmission gone.
    sb.update(9, [[11, 11]]);
    expect(sb.retransmissionsLeft).toBe(1);
    // A SACK block covering the retransmitted 10: the other one.
    sb.update(9, [[10, 11]]);
    expect(sb.retransmissionsLeft).toBe(1);
    sb.update(9, [[10, 11]]);
    expect(sb.retransmissionsLeft).toBe(0);
  });

  it('detects a lost retransmission: a packet sent after it is SACKed while it is not', () => {
    const sb = fackBoard();
    sb.update(7, [[9, 15]]);
    sb.markRetran(8, 16); // 8 resent while 16 was the next new packet
    // SACK up to 15 says nothing about the retransmission (sent after 15).
    expect(sb.lostRetransmission([[9, 15]])).toBe(false);
    // 16 went out after the retransmission of 8 and is SACKed, 8 is not: 8 was lost again.
    sb.update(7, [[9, 16]]);
    expect(sb.lostRetransmission([[9, 16]])).toBe(true);
    // The entry is no longer marked retransmitted, so 8 is named again.
    expect(sb.nextRetran()).toBe(8);
  });

  it('forgets everything on clear', () => {
    const sb = fackBoard();
    sb.update(7, [[9, 9]]);
    sb.markRetran(8, 10);
    sb.clear();
    expect(sb.nextRetran()).toBe(0);
    sb.update(7, [[9, 9]]);
    expect(sb.nextRetran()).toBe(8);
  });
});
