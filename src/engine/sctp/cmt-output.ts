import { cmtRecoverPoint, roundRobinOrder, selectRtxDest, type CmtState } from './cmt';
import { sendNewChunk, transmit } from './output';
import type { SctpPath } from './path';
import { setPeerRwnd } from './sack-shared';
import { Mark, NOT_TIMED, type Chunk } from './queue';
import type { SctpShell } from './shell';
import { applyCut } from './congestion';

/**
 * What a CMT sender puts on the wire (ns-2.35 SctpCMTAgent::SendMuch, FastRtx, RtxMarkedChunks;
 * Iyengar et al. §3): new data round robin over the active paths, per-destination fast
 * retransmit, retransmissions to the destination RTX_CWND picks. Units: bytes, 1-based TSNs.
 */

/**
 * New DATA chunks (ns-2 CMT SendMuch; 003_… §2.3): the active paths in round-robin order from
 * the one after the path new data last went to, each filled while its outstanding bytes stay
 * below its cwnd (RFC 4960 §6.1 B: a chunk may exceed cwnd by up to MTU − 1 bytes) and the
 * peer's rwnd allows (§6.1 A: a one-chunk probe when nothing is outstanding on any path). Max.Burst
 * counts per destination. Chunks waiting for retransmission do not hold new data back (ns-2 CMT
 * recv calls SendMuch after every SACK).
 */
export function cmtSendMuch(s: SctpShell, cmt: CmtState): void {
  const limit = s.feed.limit(); // the application's offered TSNs (ns-2 sAppLayerBuffer)
  for (const p of roundRobinOrder(s.paths, cmt.lastSentTo)) {
    if (!p.active) continue;
    const d = cmt.of(p);
    let sent = false;
    while (s.flightOf(p) < p.cwnd && s.nextNewTsn <= limit) {
      if (s.nextChunkBytes() <= s.peerRwnd) {
        if (s.maxBurst > 0 && s.applyMaxBurst && d.burstLength++ >= s.maxBurst) break;
      } else if (s.totalFlight() !== 0) {
        break;
      }
      sendNewChunk(s, p);
      sent = true;
    }
    if (sent) {
      p.degrade.resched(p.rto);
      cmt.lastSentTo = p;
    }
  }
  for (const d of cmt.dest) d.burstLength = 0;
}

/**
 * ns-2 CMT FastRtx (RFC 4960 §7.2.4 per destination, Iyengar et al. §3.1): cut the cwnd of every
 * destination with a marked TSN above its recover point — ssthresh = max(cwnd/2, 2·MTU), cwnd =
 * ssthresh — once per SACK, record its new recover point, let each destination whose own chunk
 * was marked send one packet at once, then retransmit.
 */
export function cmtFastRetransmit(s: SctpShell, cmt: CmtState): 'cut' | 'no-cut' {
  for (const p of s.paths) {
    p.ccApplied = false;
    cmt.of(p).rtxLimit = 'zero';
  }
  let cut = false;
  for (const c of s.queue) {
    const p = c.path;
    const d = cmt.of(p);
    if (c.marked !== Mark.none && !p.ccApplied && c.tsn > d.recover) {
      applyCut(p, s.cc.fastRetransmit(p, s.mtu));
      p.ccApplied = true;
      p.rtoPending = false; // no RTT sample across a loss (ns-2, after Baucke)
      d.recover = cmtRecoverPoint(s.queue, p, d);
      cut = true;
    }
    if (c.marked === Mark.fast) d.rtxLimit = 'one';
  }
  if (cut) s.fastRetransmits++;
  s.markedPending = s.anyMarked();
  if (s.markedPending) cmtRetransmitMarked(s, cmt, 'one');
  return cut ? 'cut' : 'no-cut';
}

/**
 * ns-2 CMT RtxMarkedChunks: one marked chunk per packet, each packet to the destination
 * SelectRtxDest picks for its first chunk (RTX_CWND: the largest cwnd, cmt.ts selectRtxDest),
 * which also decides whether it may go now (`limit`). A chunk moved to another destination makes
 * its old one look for a new pseudo-cumack (CUC); every retransmitted chunk becomes ineligible
 * for fast retransmit. Marked chunks do not count as outstanding meanwhile. T3-rtx: restarted on
 * the chunk's old path when it was its first outstanding (§6.3.2 / §7.2.4 step 4), started on
 * the destination when the chunk is its new lowest outstanding TSN or no timer runs there; at
 * the end ns-2 restarts, for each path with data outstanding and no timer, the timer of the
 * last chunk it looked at — a path's own when that chunk was sent there (sctp-cmt.cc, as is).
 */
export function cmtRetransmitMarked(s: SctpShell, cmt: CmtState, limit: 'one' | 'cwnd'): void {
  for (const p of s.paths) {
    p.firstOutstanding = null;
    const d = cmt.of(p);
    d.packetsSent = 0;
    d.burstLength = 0;
  }
  const q = s.queue;
  for (const c of q) if (c.marked !== Mark.none) c.path.outstanding -= c.bytes;
  let i = 0;
  let last: Chunk | null = null;
  while (i < q.length) {
    let rtx: SctpPath | null = null;
    let chunk: Chunk | null = null;
    for (; i < q.length; i++) {
      const c = q[i]!;
      last = c;
      const p = c.path;
      if (!p.firstOutstanding && !c.gapAcked) p.firstOutstanding = c;
      if (c.marked === Mark.none) continue;
      if (!rtx) rtx = selectRtxDest(s.paths, cmt, limit);
      if (!rtx) {
        i++; // this TSN cannot go now; the next packet looks further on
        break;
      }
      if (p !== rtx) {
        const d = cmt.of(p);
        d.findExpectedPseudoCum = true;
        d.findExpectedRtxPseudoCum = true;
      }
      c.ineligibleForFastRtx = true;
      if (chunk) break; // one chunk per packet
      if (p.rtoPending && c.txTime !== NOT_TIMED) {
        c.txTime = NOT_TIMED; // Karn: a retransmitted chunk does not time the round trip
        p.rtoPending = false;
      }
      if (p.firstOutstanding === c && p.outstanding > 0) s.startT3(p);
      if (!rtx.firstOutstanding || c.tsn < rtx.firstOutstanding.tsn) {
        rtx.firstOutstanding = c;
        s.startT3(rtx);
      }
      p.markedBytes -= c.bytes;
      c.path = rtx;
      c.transmissions++;
      c.marked = Mark.none;
      rtx.outstanding += c.bytes;
      s.peerRwnd -= c.bytes;
      chunk = c;
    }
    if (!chunk || !rtx) continue;
    transmit(s, chunk);
    if (!rtx.t3Running) s.startT3(rtx);
    const d = cmt.of(rtx);
    d.packetsSent++;
    rtx.degrade.resched(rtx.rto);
    if (s.maxBurst > 0 && s.applyMaxBurst && d.burstLength++ >= s.maxBurst) break;
  }
  for (const p of s.paths) if (!p.t3Running && p.outstanding > 0 && last) s.startT3(last.path);
  for (const c of q) if (c.marked !== Mark.none) c.path.outstanding += c.bytes;
  s.markedPending = s.anyMarked();
}

/**
 * A HEARTBEAT-ACK from an inactive path, now active again (ns-2 SctpCMTAgent::ProcessChunk,
 * HB-ACK case): the chunks last sent to it and not Gap-Acked are marked for retransmission
 * (TimeoutRtx) and one packet of marked chunks goes out; if none is left marked, the peer's
 * rwnd is recomputed from the last SACK's a_rwnd and new data goes out round robin — the path
 * back in the rotation at once.
 */
export function cmtPathBack(s: SctpShell, cmt: CmtState, p: SctpPath): void {
  for (const c of s.queue) {
    if (c.path !== p || c.gapAcked) continue;
    s.mark(c, Mark.timeout);
    c.missingReports = 0;
  }
  if (s.markedPending) cmtRetransmitMarked(s, cmt, 'one');
  if (s.anyMarked()) return;
  setPeerRwnd(s, cmt.arwnd);
  cmtSendMuch(s, cmt);
}
