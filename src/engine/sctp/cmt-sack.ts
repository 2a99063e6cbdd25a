import { applyGrowth } from './congestion';
import { dacIncrement, sfrCountsMissing, type CmtState } from './cmt';
import { cmtFastRetransmit, cmtRetransmitMarked } from './cmt-output';
import { Mark, NOT_TIMED } from './queue';
import type { SackPacket } from './receiver';
import { pbaCountsCumAck } from './rules';
import { setPeerRwnd, settleOutstanding } from './sack-shared';
import type { SackOutcome } from './sack-outcome';
import type { SctpShell } from './shell';

/**
 * A SACK at a CMT sender (ns-2.35 SctpCMTAgent::ProcessSackChunk, SendBufferDequeueUpTo,
 * ProcessGapAckBlocks; Iyengar et al. §3): the Cumulative TSN Ack and the Gap Ack Blocks
 * processed with CUC's per-destination pseudo-cumack, SFR's per-destination missing reports
 * and DAC's count of acknowledged packets; cwnd of every destination whose pseudo-cumack
 * advanced adjusted (RFC 4960 §7.2.1–§7.2.2 per destination), then a fast retransmit or the
 * marked chunks cwnd allows, and the peer's rwnd (§6.2.1 D ii). Units: bytes, 1-based TSNs.
 */
export function cmtProcessSack(s: SctpShell, cmt: CmtState, sack: SackPacket): SackOutcome {
  const out: SackOutcome = {
    newCumAck: false,
    fastRetransmit: 'none',
    cwndRule: null,
    exitedRecovery: false,
  };
  cmt.packetsSacked = sack.dacPackets ?? 0; // DAC: the SACK chunk's flags
  for (const p of s.paths) {
    p.newlyAckedBytes = 0;
    p.firstOutstanding = null;
    const d = cmt.of(p);
    d.newPseudoCum = false;
    d.sawNewAck = false;
    d.lowestTsnInSack = 0;
    d.burstLength = 0;
  }
  if (sack.cumAck < s.cumAckPoint) return out; // an old SACK arriving late: ignored
  if (sack.cumAck > s.cumAckPoint) {
    out.newCumAck = true;
    dequeueUpTo(s, cmt, sack.cumAck);
    s.cumAckPoint = sack.cumAck;
  }
  // ns-2 CMT scans the queue even without Gap Ack Blocks (stale gap acks, CUC).
  const fast = scanGapBlocks(s, cmt, sack);

  // ns-2's "TEMP-FIX": marked chunks leave the outstanding bytes while cwnd is adjusted and the
  // T3-rtx timers are checked, and come back afterwards.
  for (const c of s.queue) if (c.marked !== Mark.none) c.path.outstanding -= c.bytes;
  for (const p of s.paths) {
    if (cmt.of(p).newPseudoCum && p.newlyAckedBytes > 0) {
      // CUC (Iyengar et al. §3.2): grow on a new pseudo-cumack, with the full window in use.
      const g = s.cc.grow(p, s.mtu, p.outstanding);
      applyGrowth(p, g);
      const rule = g.rule;
      if (out.cwndRule === null || p === s.pm.txPath) out.cwndRule = rule;
    }
    settleOutstanding(s, p);
  }
  for (const c of s.queue) if (c.marked !== Mark.none) c.path.outstanding += c.bytes;
  // The phase decisions report: out of RTO recovery once no chunk waits from a T3-rtx expiry.
  if (s.timedOut && !s.queue.some((c) => c.marked === Mark.timeout)) s.timedOut = false;

  if (fast) {
    out.fastRetransmit = cmtFastRetransmit(s, cmt);
  } else if ((s.markedPending = s.anyMarked())) {
    const before = s.packetsSent;
    cmtRetransmitMarked(s, cmt, 'cwnd');
    if (s.packetsSent > before) out.cwndRule = 'sctp.retransmit-marked';
  }
  cmt.arwnd = sack.rwnd;
  setPeerRwnd(s, sack.rwnd);
  s.pr.afterSack();
  return out;
}

/**
 * ns-2 CMT SendBufferDequeueUpTo: drop chunks ≤ tsn. A chunk not Gap-Acked before counts as
 * newly acked on its path, sets the path's DAC lowest TSN, and (CUC) a new pseudo-cumack —
 * ns-2 lets the next Gap Ack scan look for the next expected one.
 */
function dequeueUpTo(s: SctpShell, cmt: CmtState, tsn: number): void {
  s.pm.assocErrors = 0;
  const q = s.queue;
  while (q.length > 0 && q[0]!.tsn <= tsn) {
    const c = q.shift()!;
    const p = c.path;
    const d = cmt.of(p);
    if (!c.gapAcked) {
      s.htna = c.tsn;
      p.newlyAckedBytes += c.bytes;
      if (d.lowestTsnInSack === 0) d.lowestTsnInSack = c.tsn;
      d.findExpectedPseudoCum = true;
      d.findExpectedRtxPseudoCum = true;
      d.newPseudoCum = true;
      if (pbaCountsCumAck(p, s.cc.inSlowStart(p), s.rules)) p.partialBytesAcked += c.bytes;
    }
    if (c.marked !== Mark.none) p.markedBytes -= c.bytes;
    if (c.ineligibleForFastRtx) s.applyMaxBurst = true;
    if (p.rtoPending && c.txTime !== NOT_TIMED && c.transmissions === 1 && !c.gapAcked) {
      if (c.marked !== Mark.timeout) s.rttUpdate(c.txTime, p); // §6.3.1 C4/C5 (Karn)
      p.rtoPending = false;
    }
    // ns-2: stop the timer only when the chunk is at or past the expected pseudo-cumack.
    if ((p.t3Running && d.expectedPseudoCum <= c.tsn) || d.expectedRtxPseudoCum <= c.tsn)
      s.stopT3(p);
    if (p.errorCount !== 0 && c.marked !== Mark.timeout && !c.gapAcked) s.pm.clear(p);
  }
}

/**
 * ns-2 CMT ProcessGapAckBlocks: walk the queue against the Gap Ack Blocks (ascending, absolute
 * TSN ranges) — CUC finds each destination's expected pseudo-cumack; a newly Gap-Acked chunk
 * may advance it, counts toward partial_bytes_acked only then (congestion avoidance), and feeds
 * SFR (sawNewAck, highest TSN per destination) and DAC (lowest TSN per destination) — then add
 * missing reports by SFR and DAC and mark chunks for fast retransmit (RFC 4960 §7.2.4).
 * Returns whether a fast retransmit is needed.
 */
function scanGapBlocks(s: SctpShell, cmt: CmtState, sack: SackPacket): boolean {
  const q = s.queue;
  if (q.length === 0) return false;
  for (const d of cmt.dest) d.highestTsnInSack = sack.cumAck;
  const blocks = sack.blocks;
  let b = 0;
  let i = 0;
  for (; i < q.length && b < blocks.length; i++) {
    const c = q[i]!;
    const p = c.path;
    const d = cmt.of(p);
    if (d.findExpectedPseudoCum && !c.gapAcked && c.transmissions === 1) {
      d.expectedPseudoCum = c.tsn;
      d.findExpectedPseudoCum = false;
    }
    if (d.findExpectedRtxPseudoCum && !c.gapAcked && c.transmissions > 1) {
      d.expectedRtxPseudoCum = c.tsn;
      d.findExpectedRtxPseudoCum = false;
    }
    if (!p.firstOutstanding && !c.gapAcked) p.firstOutstanding = c;
    const [start, end] = blocks[b]!;
    if (c.tsn > end) b++; // past this block (the TSN after a block is missing)
    if (c.tsn < start || c.tsn > end) {
      if (c.gapAcked) {
        // Reported before but not now: a stale SACK — outstanding again.
        c.gapAcked = false;
        p.outstanding += c.bytes;
      }
      continue;
    }
    if (c.gapAcked) continue;
    c.gapAcked = true;
    if (c.tsn === d.expectedPseudoCum) {
      d.newPseudoCum = true;
      d.findExpectedPseudoCum = true;
    }
    if (c.tsn === d.expectedRtxPseudoCum) {
      d.newPseudoCum = true;
      d.findExpectedRtxPseudoCum = true;
    }
    d.sawNewAck = true;
    if (d.highestTsnInSack < c.tsn) d.highestTsnInSack = c.tsn;
    if (d.lowestTsnInSack === 0) d.lowestTsnInSack = c.tsn;
    if (s.htna < c.tsn) s.htna = c.tsn;
    p.newlyAckedBytes += c.bytes;
    if (!s.cc.inSlowStart(p) && d.newPseudoCum && !c.addedToPba) {
      c.addedToPba = true;
      p.partialBytesAcked += c.bytes;
    }
    if (p.rtoPending && c.txTime !== NOT_TIMED && c.transmissions === 1) {
      if (c.marked !== Mark.timeout) s.rttUpdate(c.txTime, p);
      p.rtoPending = false;
    }
    if (p.firstOutstanding === c && p.t3Running) s.stopT3(p); // §6.3.2 R3
    s.pm.assocErrors = 0;
    if (p.errorCount !== 0 && c.marked !== Mark.timeout) s.pm.clear(p);
    if (c.marked !== Mark.none) p.markedBytes -= c.bytes;
    c.marked = Mark.none;
  }
  for (; i < q.length; i++) {
    const c = q[i]!;
    if (c.gapAcked) {
      c.gapAcked = false;
      c.path.outstanding += c.bytes;
    }
  }

  let destsSacked = 0;
  for (const d of cmt.dest) if (d.sawNewAck) destsSacked++;
  let fast = false;
  for (const c of q) {
    if (c.gapAcked) continue;
    const d = cmt.of(c.path);
    if (!sfrCountsMissing(c.tsn, d)) continue;
    const add = dacIncrement(c.tsn, d, destsSacked, cmt.packetsSacked);
    c.missingReports += add;
    // ns-2 without delayed SACKs: the SACK's DAC count is 0 where the RFC rule set's receiver
    // would have counted the packet (receiver.ts countsDac) — no missing report.
    if (add === 0 && !s.cfg.delayedAck) s.noteRfc('rfc.sctp-dac-zero', c.tsn);
    if (c.missingReports >= s.threshold && !c.ineligibleForFastRtx) {
      s.mark(c, Mark.fast);
      c.ineligibleForFastRtx = true;
      fast = true;
    }
  }
  return fast;
}
