import { chunkLengthOf, dataPacket, paddedChunkBytes } from './chunks';
import { Mark, NOT_TIMED, type Chunk } from './queue';
import type { SctpPath } from './path';
import type { SctpShell } from './shell';
import { cmtRetransmitMarked, cmtSendMuch } from './cmt-output';

/**
 * What the SCTP sender puts on the wire: retransmissions of marked chunks (ns-2 RtxMarkedChunks)
 * and new DATA chunks (ns-2 SendMuch), one TSN per packet, each to its path's destination address
 * from that path's source address. Functions of the sender shell (sender.ts), which owns the state.
 */

/** Bytes of path `p` in flight while marked chunks wait: outstanding less the marked ones. */
function inFlight(p: SctpPath): number {
  return p.outstanding - p.markedBytes;
}

/**
 * ns-2 RtxMarkedChunks: retransmit marked chunks, one per packet — either exactly one packet
 * (fast retransmit, timeout: sent at once, outside cwnd) or as many as the destination's cwnd
 * allows, with the marked chunks not counted as outstanding meanwhile (RFC 2960 §6.1 C, §7.2.4
 * step 3) — ns-2 subtracts them here and adds the unsent ones back at the end: `inFlight`.
 *
 * The destination is chosen once per call from the first marked chunk
 * (SctpPathManager.destinationForRetransmit: an alternate active path, RFC 4960 §6.4); each
 * chunk resent moves there, with its bytes. T3-rtx: restarted on a chunk's own path when it was
 * that path's first outstanding chunk (§6.3.2 R3, §7.2.4 step 4), started on the destination when
 * the chunk is its new lowest outstanding TSN or no timer runs there (§6.3.2 R1).
 */
export function retransmitMarked(s: SctpShell, limit: 'one' | 'cwnd'): void {
  if (s.cmt) return cmtRetransmitMarked(s, s.cmt, limit); // CMT: cmt-output.ts
  s.burstLength = 0;
  const q = s.queue;
  for (const p of s.paths) p.firstOutstanding = null;
  const first = q.find((c) => c.marked !== Mark.none);
  if (!first) {
    s.markedPending = false;
    return;
  }
  const rtx = s.pm.destinationForRetransmit(first);
  let i = 0;
  let sent = 0;
  while (i < q.length && (limit === 'one' ? sent < 1 : inFlight(rtx) < rtx.cwnd)) {
    let chunk: Chunk | null = null;
    for (; i < q.length; i++) {
      const c = q[i]!;
      const p = c.path;
      if (!p.firstOutstanding && !c.gapAcked) p.firstOutstanding = c;
      if (c.marked === Mark.none) continue;
      if (chunk) break; // one chunk per packet
      if (s.pr.beforeRetransmit(c)) continue; // RFC 3758 §3.5: abandoned, not resent
      if (p.rtoPending && c.txTime !== NOT_TIMED) {
        c.txTime = NOT_TIMED; // Karn: a retransmitted chunk does not time the round trip
        p.rtoPending = false;
      }
      if (p.firstOutstanding === c && inFlight(p) > 0) s.startT3(p); // §6.3.2 / §7.2.4.4
      if (rtx !== p && (!rtx.firstOutstanding || c.tsn < rtx.firstOutstanding.tsn)) {
        rtx.firstOutstanding = c; // now the lowest TSN outstanding on the alternate (§6.3.2)
        s.startT3(rtx);
      }
      c.transmissions++;
      c.marked = Mark.none;
      p.markedBytes -= c.bytes; // in flight again (it stayed in `outstanding`)
      if (rtx !== p) {
        p.outstanding -= c.bytes; // the chunk is now outstanding on the alternate destination
        rtx.outstanding += c.bytes;
        c.path = rtx;
      }
      s.peerRwnd -= c.bytes;
      chunk = c;
    }
    if (!chunk) break;
    transmit(s, chunk);
    if (!rtx.t3Running) s.startT3(rtx);
    sent++;
    rtx.degrade.resched(rtx.rto);
    if (s.maxBurst > 0 && s.applyMaxBurst && s.burstLength++ >= s.maxBurst) {
      s.applyMaxBurst = false;
      break;
    }
  }
  s.markedPending = s.anyMarked();
}

/**
 * ns-2 SendMuch: new DATA chunks while the destination's outstanding < its cwnd — the sender may
 * exceed cwnd by up to MTU − 1 bytes (RFC 2960 §6.1 B, Implementer's Guide) — and while the
 * peer's rwnd allows (§6.1 A, with a one-chunk probe when nothing is outstanding on any path).
 * Max.Burst as ns-2 applies it. All of them go to SctpPathManager.txPath (RFC 4960 §6.4: the
 * primary, or the path it failed over to); CMT spreads them itself (cmt-output.ts).
 */
export function sendMuch(s: SctpShell): void {
  if (s.cmt) return cmtSendMuch(s, s.cmt); // CMT: cmt-output.ts
  const dest = s.pm.txPath;
  let sentAny = false;
  const limit = s.feed.limit(); // the application's offered TSNs (ns-2 sAppLayerBuffer)
  while (s.flightOf(dest) < dest.cwnd && s.nextNewTsn <= limit) {
    if (s.nextChunkBytes() <= s.peerRwnd) {
      if (s.maxBurst > 0 && s.applyMaxBurst && s.burstLength++ >= s.maxBurst) {
        s.applyMaxBurst = false;
        break;
      }
    } else if (s.totalFlight() !== 0) {
      break;
    }
    sendNewChunk(s, dest);
    sentAny = true;
  }
  if (sentAny) dest.degrade.resched(dest.rto);
  s.burstLength = 0;
}

/**
 * A new DATA chunk for the next TSN on path `p` (ns-2 GenOneDataChunk): its length
 * (chunks.ts chunkLengthOf) counts in the path's outstanding bytes; the peer's rwnd loses the
 * padded length (RFC 4960 §6.2.1 B, as GenOneDataChunk subtracts the size GenChunk returns),
 * floored at 0.
 */
export function sendNewChunk(s: SctpShell, p: SctpPath): void {
  const tsn = s.takeTsn();
  const bytes = chunkLengthOf(s.cfg, tsn);
  const c: Chunk = {
    tsn,
    bytes,
    gapAcked: false,
    addedToPba: false,
    missingReports: 0,
    marked: Mark.none,
    ineligibleForFastRtx: false,
    transmissions: 1,
    txTime: NOT_TIMED,
    path: p,
  };
  if (!p.rtoPending) {
    c.txTime = s.sched.now;
    p.rtoPending = true;
  }
  s.queue.push(c);
  p.outstanding += c.bytes;
  const padded = paddedChunkBytes(s.cfg, bytes);
  s.peerRwnd = padded <= s.peerRwnd ? s.peerRwnd - padded : 0;
  if (!p.t3Running) s.startT3(p); // §6.3.2 R1
  transmit(s, c);
}

/** One DATA packet for chunk `c` to its path, from the path's source address. */
export function transmit(s: SctpShell, c: Chunk): void {
  const retx = c.transmissions > 1;
  const p = c.path;
  const pkt = dataPacket(s.newUid(), s.cfg, p.src, p.node, c.tsn, retx, s.sched.now, c.bytes);
  s.countSent(c.tsn, retx);
  // RFC 4960 §8.3: a path is idle without a chunk that can time the round trip (a first
  // transmission) or a HEARTBEAT; retransmissions do not count (ns-2 sets dIdleSince in SendMuch).
  if (!retx) p.lastSentAt = s.sched.now;
  s.sendOnPath(pkt, p);
}
