import { applyCut, applyGrowth } from './congestion';
import { processGapBlocks } from './gap-blocks';
import { retransmitMarked } from './output';
import { Mark, NOT_TIMED } from './queue';
import type { SctpReasonCode } from './reasons';
import type { SackPacket } from './receiver';
import { pbaCountsCumAck } from './rules';
import type { SackOutcome } from './sack-outcome';
import type { SctpShell } from './shell';
import { cmtProcessSack } from './cmt-sack';
import { setPeerRwnd, settleOutstanding } from './sack-shared';

/**
 * A SACK at the sender (RFC 2960 §6.2.1, §7.2.1–§7.2.4 as ns-2.35 ProcessSackChunk,
 * SendBufferDequeueUpTo and FastRtx do it), over every path of the association: each chunk's
 * bytes count on the path it was last sent to (RFC 4960 §6.4, §7.2). Functions of the sender
 * shell (sender.ts), which owns the state.
 */

/** ns-2 ProcessSackChunk (RFC 2960 §6.2.1, §7.2.1–§7.2.4), over every path. */
export function processSack(s: SctpShell, sack: SackPacket): SackOutcome {
  if (s.cmt) return cmtProcessSack(s, s.cmt, sack); // CMT: cmt-sack.ts
  const out: SackOutcome = {
    newCumAck: false,
    fastRetransmit: 'none',
    cwndRule: null,
    exitedRecovery: false,
  };
  for (const p of s.paths) p.newlyAckedBytes = 0;
  if (sack.cumAck < s.cumAckPoint) return out; // an old SACK arriving late: ignored
  // RFC 4960 §7.2.1–2: "before the arrival of the SACK, flightsize was greater than or equal
  // to cwnd" — without marked chunks; ns-2 AdjustCwnd reads iOutstandingBytes, with them.
  for (const p of s.paths) p.flightBefore = p.outstanding - p.markedBytes;
  if (sack.cumAck > s.cumAckPoint) {
    out.newCumAck = true;
    dequeueUpTo(s, sack.cumAck);
    s.cumAckPoint = sack.cumAck;
  }
  let fastRtx: 'none' | 'normal' | 'htna' = 'none';
  if (sack.blocks.length > 0) fastRtx = processGapBlocks(s, sack.blocks, out.newCumAck);

  // RFC 2960 §7.2.1–2 (cwnd before outstanding is reduced); New-Reno SCTP: not below recover.
  const mayGrow = !s.variant.fastRecovery || sack.cumAck >= s.recover;
  for (const path of s.paths) {
    if (out.newCumAck && path.newlyAckedBytes > 0) {
      let rule: SctpReasonCode = 'sctp.recovery-ack';
      if (mayGrow) {
        const cwnd = path.cwnd;
        const flight = s.rules === 'rfc' ? path.flightBefore : path.outstanding;
        const g = s.cc.grow(path, s.mtu, flight);
        applyGrowth(path, g);
        rule = g.rule;
        // ns-2 grew only because marked chunks filled the window: RFC 4960 keeps cwnd.
        if (path.cwnd > cwnd && path.flightBefore < cwnd) s.noteRfc('rfc.sctp-cwnd-marked', cwnd);
      }
      // The row names the rule of the path new data goes to, else of the last path acked.
      if (out.cwndRule === null || path === s.pm.txPath) out.cwndRule = rule;
    }
    settleOutstanding(s, path);
  }
  if (s.inRecovery && sack.cumAck >= s.recover) {
    s.inRecovery = false;
    out.exitedRecovery = true;
  }
  if (s.timedOut && !s.queue.some((c) => c.marked === Mark.timeout)) s.timedOut = false;

  if (fastRtx !== 'none') {
    out.fastRetransmit = fastRetransmit(s, fastRtx === 'htna');
  } else if ((s.markedPending = s.anyMarked())) {
    // §6.1 C: chunks marked for retransmission go before new data, as cwnd allows.
    const n = s.sentInDecision;
    retransmitMarked(s, 'cwnd');
    if (s.sentInDecision > n) out.cwndRule = 'sctp.retransmit-marked';
  }
  // §6.2.1 D ii: peer rwnd = a_rwnd − outstanding (after any retransmission; rules.ts 1).
  setPeerRwnd(s, sack.rwnd);
  s.pr.afterSack(); // RFC 3758 §3.5 C1–C4: Advanced.Peer.Ack.Point, FORWARD-TSN
  return out;
}

/** ns-2 SendBufferDequeueUpTo: drop chunks ≤ tsn, counting newly acked bytes per path. */
function dequeueUpTo(s: SctpShell, tsn: number): void {
  s.pm.assocErrors = 0; // RFC 4960 §8.1: a SACK acknowledging data clears it
  while (s.queue.length > 0 && s.queue[0]!.tsn <= tsn) {
    const c = s.queue.shift()!;
    const p = c.path;
    if (!c.gapAcked) {
      s.htna = c.tsn;
      p.newlyAckedBytes += c.bytes;
      // §7.2.2: count toward partial_bytes_acked in congestion avoidance — ns-2 (Implementer's
      // Guide) only when a full cwnd was outstanding, RFC 4960 always (rules.ts 4).
      if (pbaCountsCumAck(p, s.cc.inSlowStart(p), s.rules)) p.partialBytesAcked += c.bytes;
    }
    if (c.marked !== Mark.none) p.markedBytes -= c.bytes;
    // Proposed change to §7.2.4 (ns-2): Max.Burst applies after acking a retransmitted chunk.
    if (c.ineligibleForFastRtx) s.applyMaxBurst = true;
    if (p.rtoPending && c.txTime !== NOT_TIMED && c.transmissions === 1 && !c.gapAcked) {
      if (c.marked !== Mark.timeout) s.rttUpdate(c.txTime, p); // §6.3.1 C4/C5 (Karn)
      p.rtoPending = false;
    }
    if (p.t3Running) s.stopT3(p);
    // §8.2: data acknowledged clears the path's error counter — not a chunk retransmitted
    // after a timeout nor one Gap-Acked before (ns-2: its SACK may be late, not the path back).
    if (p.errorCount !== 0 && c.marked !== Mark.timeout && !c.gapAcked) s.pm.clear(p);
  }
}

/**
 * ns-2 FastRtx (RFC 2960 §7.2.4 steps 1–3, §7.2.3): cut cwnd once per path for its marked
 * chunks — New-Reno SCTP only if a marked TSN lies beyond `recover` — then send one packet of
 * marked chunks at once, whatever cwnd allows.
 */
function fastRetransmit(s: SctpShell, htnaOnly: boolean): 'cut' | 'no-cut' | 'htna' {
  for (const p of s.paths) p.ccApplied = false;
  let cut = false;
  for (const c of s.queue) {
    const p = c.path;
    if (c.marked === Mark.none || p.ccApplied) continue;
    if (s.variant.fastRecovery && c.tsn <= s.recover) continue;
    applyCut(p, s.cc.fastRetransmit(p, s.mtu));
    p.ccApplied = true;
    cut = true;
    p.rtoPending = false; // no RTT sample across a loss (ns-2, after Baucke)
    if (s.variant.fastRecovery) {
      s.recover = highestOutstandingTsn(s);
      s.inRecovery = true;
    }
  }
  // One episode per cwnd cut: retransmissions within New-Reno SCTP's recovery are not new ones.
  if (cut) s.fastRetransmits++;
  if (s.markedPending) retransmitMarked(s, 'one');
  s.noteMarked();
  if (cut) return 'cut';
  return htnaOnly ? 'htna' : 'no-cut';
}

function highestOutstandingTsn(s: SctpShell): number {
  let h = 0;
  for (let i = s.queue.length - 1; i >= 0; i--) {
    const c = s.queue[i]!;
    if (c.marked === Mark.none) {
      h = c.tsn;
      break;
    }
  }
  if (h < s.highestTsnSent) h = s.highestTsnSent;
  else s.highestTsnSent = h;
  return h;
}
