/**
 * One connection's analysis in the project's vocabulary (issue 27 item 3): one pass over the
 * normalised packets keeping the sender's and the receiver's state as the capture point sees
 * them. Rules (each named in the explanation rows it produces):
 * - duplicate ACK, RFC 5681 §2: no data, no SYN/FIN, the same cumulative ACK as the highest so
 *   far, the same window, and data outstanding;
 * - retransmission: a data segment starting below the highest sequence sent whose bytes were
 *   seen before, or, for bytes never seen here (lost before the capture point), one that was
 *   sent after later data: its TSval is not below the highest TSval seen (RFC 7323), or
 *   without timestamps it came at least one minimum RTT (3 ms while none is known) after the
 *   later data; otherwise the segment is an out-of-order arrival;
 * - the loop through the sender (capture point → sender → capture point): 0 at the sender
 *   side; at the receiver side the latest timestamp sample of it (the data segment's TSecr
 *   echoes the TSval of an ACK seen here, taken before the segment is classed: a
 *   retransmission's echo names the ACK it answered), else the handshake's gap through the
 *   sender (SYN-ACK → ACK when the client sends, SYN → SYN-ACK when the server does); in the
 *   middle the handshake's. A sender answers an ACK at once, so its answer passes here one
 *   loop after the ACK did;
 * - class (types.ts RetransmissionClass), outside a recovery: the answer to the 3rd duplicate
 *   ACK — it comes one loop (± 25 %) after that ACK passed here, nearer to it than to the 2nd
 *   or the 4th — → fast, even where the RTO estimate below has elapsed (away from the sender
 *   the estimate lacks that loop; at the receiver side without timestamps it has no samples);
 *   ≥ max(200 ms, SRTT + 4 RTTVAR) since the last ACK of new data (RFC 6298 §2 and §5.3 from
 *   our samples; 200 ms is Linux's minimum RTO), the last 100 ms silent, and a segment other
 *   than the highest (or the only one, after SRTT + 200 ms of silence) → rto; ≥ 3 duplicate
 *   ACKs since the last new ACK that passed here at least one loop through the sender before
 *   it (those the sender had seen) — unless, away from the sender, it comes more than one
 *   loop (+ 25 %) after the last of them: answering none, the sender let them pass (NewReno
 *   after a timeout, RFC 6582 §3.2) — or more than 2 segments SACKed above it → fast (RFC 5681
 *   §3.2, RFC 6675 §4); otherwise rack (RFC 8985: a tail loss probe or time-based loss
 *   detection); retransmissions inside a recovery take its class (an rto ends a fast one);
 * - spurious: a D-SACK (RFC 2883) for its bytes; its bytes already cumulatively ACKed or
 *   SACKed when it is seen; the first ACK covering it echoes an older TSval than its own (Eifel,
 *   RFC 3522); without timestamps, at the sender side, that ACK came sooner than 3/4 of the
 *   minimum RTT after it;
 * - RTT samples: Karn's rule (RFC 6298 §3) at the sender side or in the middle, timestamp
 *   echoes of the receiver's TSval at the receiver side;
 * - bytes in flight: highest sequence sent − highest cumulative ACK, after each packet;
 * - recovery: from the first retransmission until an ACK covers the highest sequence sent
 *   when it began (RFC 6582 "recover").
 */
import type { Normalised } from './columns';
import { captureSide } from './side';
import {
  PACKET_KIND as K,
  type ConnectionAnalysis,
  type CwndBound,
  type DupAckEvent,
  type ExplanationRow,
  type RecoveryEpisode,
  type Retransmission,
  type RetransmissionClass,
  type RttSample,
  type SackBlock,
} from './types';
import { explainRows } from './explain';

const SYN = 0x02;
const FIN = 0x01;
const RST = 0x04;
const ACK = 0x10;
const MIN_RTO = 0.2;
const DUP_THRESH = 3;
/** How far (a fraction of it) the loop through the sender may vary between the handshake or
 * the latest timestamp sample and a fast retransmit. */
const LOOP_SLACK = 0.25;
/** Seconds rounded to the nanosecond (a capture's finest resolution) for the summary. */
const ns = (t: number) => Math.round(t * 1e9) / 1e9;

/** A first transmission of a range of bytes (seen at the capture point). */
interface Seg {
  start: number;
  end: number;
  time: number;
  packet: number;
  /** Index into retransmissions of its latest retransmission, −1 if none. */
  retx: number;
  acked: boolean;
}

export function analyseNormalised(p: Normalised, id: number, start: number): ConnectionAnalysis {
  const side = captureSide(p);
  const n = p.n;
  const inflight = new Float64Array(n);
  const kind = new Uint16Array(n);
  const sacks: SackBlock[] = [];
  const dupacks: DupAckEvent[] = [];
  const retx: Retransmission[] = [];
  const retxTs: number[] = [];
  const outOfOrder: number[] = [];
  const zeroWindows: number[] = [];
  const rtt: RttSample[] = [];
  const recoveries: RecoveryEpisode[] = [];
  const cwndBounds: CwndBound[] = [];
  const rows: ExplanationRow[] = [];
  const segs: Seg[] = [];
  let segHead = 0; // first segment not yet cumulatively acked

  let sndMax = -Infinity;
  let firstSeq = -Infinity;
  let dataMax = -Infinity;
  let maxTs = -1;
  let cumAck = -Infinity;
  let lastWin = -1;
  let dupCount = 0;
  /** Times of the duplicate ACKs for the current cumulative ACK. */
  let dupTimes: number[] = [];
  let triggerTime = 0;
  let lastTime = 0;
  /** When the retransmission timer last (re)started: the last ACK of new data, or the first
   * send after nothing was outstanding. */
  let timerStart = 0;
  let srtt = 0;
  let rttvar = 0;
  let minRtt = Infinity;
  let lastRtt = 0;
  /** The sender loop a fast retransmit was told by (classify), 0 if by the other rules. */
  let answeredLoop = 0;
  let recovery: RecoveryEpisode | null = null;
  let boundStart = 0;
  let boundMax = 0;
  let sacked: [number, number][] = [];
  let bytes = 0;
  let dataPackets = 0;
  const receiverTs = new Map<number, number>();
  const karn = side.side !== 'receiver';
  /** RFC 6298 §2's RTO from our own samples, at least 200 ms (Linux's minimum). */
  const rtoEstimate = () => Math.max(MIN_RTO, srtt + 4 * rttvar);

  const addRtt = (t: number, r: number, source: 'karn' | 'ts') => {
    if (!(r > 0)) return;
    rtt.push({ time: t, rtt: r, source });
    lastRtt = r;
    if (srtt === 0) {
      srtt = r;
      rttvar = r / 2;
    } else {
      rttvar = 0.75 * rttvar + 0.25 * Math.abs(srtt - r);
      srtt = 0.875 * srtt + 0.125 * r;
    }
    minRtt = Math.min(minRtt, r);
  };

  const findSeg = (seq: number): number => {
    let lo = 0;
    let hi = segs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = segs[mid]!;
      if (s.end <= seq) lo = mid + 1;
      else if (s.start > seq) hi = mid - 1;
      else return mid;
    }
    return -lo - 1;
  };

  const isSacked = (a: number, b: number) => sacked.some(([s, e]) => s <= a && e >= b);

  const markSpurious = (r: number, why: string, basis: 'seen' | 'inferred', at: number) => {
    const x = retx[r]!;
    if (x.spurious) return;
    x.spurious = true;
    kind[x.packet]! |= K.spurious;
    rows.push({
      time: p.time[at]!,
      packet: at,
      kind: 'spurious',
      text: `the retransmission of ${x.seq} at ${x.time.toFixed(4)} s was unnecessary: ${why}`,
      basis,
      source: why.startsWith('D-SACK')
        ? 'RFC 2883'
        : why.startsWith('the ACK echoes')
          ? 'RFC 3522'
          : 'RFC 5681 §3.2',
    });
  };

  for (let i = 0; i < n; i++) {
    const t = p.time[i]!;
    const f = p.flags[i]!;
    const len = p.len[i]!;
    let k = 0;
    if (f & SYN) k |= K.syn;
    if (f & FIN) k |= K.fin;
    if (f & RST) k |= K.rst;
    if (!karn && p.hasTs && p.dir[i] === 0 && len > 0) {
      // The sender's segment echoes the receiver's TSval: the loop here → sender → here, taken
      // before the segment is classed (a retransmission's echo names the ACK it answered).
      const t0 = receiverTs.get(p.tsEcr[i]!);
      if (t0 !== undefined) {
        addRtt(t, t - t0, 'ts');
        receiverTs.delete(p.tsEcr[i]!);
      }
    }
    if (p.dir[i] === 0) {
      const seq = p.seq[i]!;
      const end = seq + len;
      if (len > 0) {
        k |= K.data;
        bytes += len;
        dataPackets++;
        dataMax = Math.max(dataMax, end);
        if (p.hasTs && p.tsVal[i]! > maxTs) maxTs = p.tsVal[i]!;
        if (sndMax === -Infinity || sndMax <= cumAck) timerStart = t;
        if (seq >= sndMax || sndMax === -Infinity) {
          segs.push({ start: seq, end, time: t, packet: i, retx: -1, acked: false });
          sndMax = end;
        } else {
          const at = findSeg(seq);
          let isRetx: boolean;
          if (at >= 0) isRetx = true;
          else {
            // Bytes never seen here: a hole filled. Sent after later data, or reordered?
            const after = segs[-at - 1];
            const ts = p.tsVal[i]!;
            if (p.hasTs && ts !== maxTs) isRetx = ts > maxTs;
            else
              isRetx = after ? t - after.time >= (Number.isFinite(minRtt) ? minRtt : 0.003) : true;
            segs.splice(-at - 1, 0, {
              start: seq,
              end,
              time: t,
              packet: i,
              retx: -1,
              acked: false,
            });
          }
          if (isRetx) {
            k |= K.retransmission;
            const cls = classify(t, seq, end);
            const idx = at >= 0 ? at : -at - 1;
            const seg = segs[idx]!;
            const r: Retransmission = {
              packet: i,
              time: t,
              seq,
              end,
              cls,
              original: at >= 0 ? seg.packet : -1,
              delay: t - triggerTime,
              spurious: false,
            };
            if (answeredLoop > 0) r.loop = answeredLoop;
            retx.push(r);
            retxTs.push(p.tsVal[i]!);
            seg.retx = retx.length - 1;
            if (recovery && cls === 'rto' && recovery.trigger !== 'rto') {
              recovery.end = t;
              recovery.flightAfter = Math.max(0, sndMax - cumAck);
              recoveries.push(recovery);
              recovery = null;
            }
            if (!recovery) {
              recovery = {
                start: t,
                end: t,
                trigger: cls === 'other' ? 'rack' : cls,
                recover: sndMax,
                retransmissions: 0,
                flightBefore: Math.max(0, sndMax - cumAck),
                flightAfter: 0,
              };
              cwndBounds.push(bound(boundStart, t, boundMax));
            }
            recovery.retransmissions++;
            if (end <= cumAck || isSacked(seq, end))
              markSpurious(
                retx.length - 1,
                end <= cumAck
                  ? 'its bytes were already acknowledged'
                  : 'its bytes were already SACKed',
                'seen',
                i,
              );
          } else {
            k |= K.outOfOrder;
            outOfOrder.push(i);
          }
        }
      }
      if (!recovery) boundMax = Math.max(boundMax, sndMax - cumAck);
    } else {
      const a = p.ack[i]!;
      const win = p.win[i]!;
      if (p.hasTs && !receiverTs.has(p.tsVal[i]!)) receiverTs.set(p.tsVal[i]!, t);
      if (f & ACK) {
        k |= K.ack;
        if (win === 0 && !(f & (SYN | RST))) {
          k |= K.zeroWindow;
          zeroWindows.push(i);
        }
        sackOptions(i, a);
        const plain = len === 0 && !(f & (SYN | FIN | RST));
        if (a > cumAck) {
          newAck(i, t, a);
        } else if (plain && a === cumAck && win === lastWin && sndMax > a) {
          k |= K.duplicateAck;
          dupCount++;
          dupTimes.push(t);
          dupacks.push({ packet: i, time: t, ack: a, count: dupCount });
        } else if (plain && a === cumAck && win !== lastWin) k |= K.windowUpdate;
        lastWin = win;
      }
    }
    kind[i] = k;
    if (len > 0 && p.dir[i] === 0 && firstSeq === -Infinity) firstSeq = p.seq[i]!;
    inflight[i] = sndMax === -Infinity ? 0 : Math.max(0, sndMax - Math.max(cumAck, firstSeq));
    lastTime = t;
  }
  if (recovery) {
    recovery.end = n > 0 ? p.time[n - 1]! : 0;
    recovery.flightAfter = Math.max(0, sndMax - cumAck);
    recoveries.push(recovery);
  } else if (n > 0) cwndBounds.push(bound(boundStart, p.time[n - 1]!, boundMax));

  /** The loop capture point → sender → capture point, seconds: 0 at the sender side; at the
   * receiver side the latest timestamp sample of it, else the handshake's. */
  function senderLoop(): number {
    if (side.side === 'sender') return 0;
    if (side.side === 'receiver' && lastRtt > 0) return lastRtt;
    return side.senderLoop ?? 0;
  }

  function classify(t: number, seq: number, end: number): RetransmissionClass {
    const silence = t - lastTime;
    triggerTime = lastTime;
    answeredLoop = 0;
    // A sender answers a duplicate ACK at once, so its answer passes here one loop through the
    // sender after that ACK did. Away from the sender that loop is not in our RTO estimate (at
    // the receiver side without timestamps there are no samples at all), so a retransmission
    // that comes one loop (± LOOP_SLACK) after the 3rd duplicate ACK, nearer to it than to the
    // 2nd or the 4th, answers the 3rd: a fast retransmit, even if the estimate has elapsed.
    const loop = senderLoop();
    let unanswered = false;
    if (!recovery && loop > 0 && dupTimes.length >= DUP_THRESH) {
      const miss = (j: number) =>
        j < dupTimes.length ? Math.abs(t - loop - dupTimes[j]!) : Infinity;
      const m = miss(DUP_THRESH - 1);
      if (m <= LOOP_SLACK * loop && m <= miss(DUP_THRESH - 2) && m <= miss(DUP_THRESH)) {
        triggerTime = dupTimes[DUP_THRESH - 1]!;
        answeredLoop = loop;
        return 'fast';
      }
      // Later than any answer to the 3rd or a later duplicate ACK: the sender let them pass.
      const last = dupTimes[dupTimes.length - 1]!;
      unanswered = t - loop - last > LOOP_SLACK * loop;
    }
    // A timeout resends the first unacknowledged segment after ≥ RTO of silence; a tail loss
    // probe resends the last one after 2 × SRTT. A segment that is both (one outstanding) is
    // a timeout only when the silence also exceeds SRTT + 200 ms, more than a probe waits.
    // The timer runs from the last ACK of new data (RFC 6298 §5.3; duplicate ACKs do not
    // restart it), and nothing answered by a retransmission arrived in the last 100 ms.
    const head = seq <= cumAck;
    const tail = end >= sndMax;
    if (
      t - timerStart >= rtoEstimate() &&
      silence >= MIN_RTO / 2 &&
      (!tail || (head && silence >= srtt + MIN_RTO))
    )
      return 'rto';
    // Away from the sender a duplicate ACK caused the retransmission only if it passed here at
    // least one loop through the sender before the retransmission came.
    let dups = 0;
    for (const d of dupTimes) if (d <= t - loop) dups++;
    if (dups > 0) triggerTime = dupTimes[dups - 1]!;
    if (recovery) return recovery.trigger;
    if (dups >= DUP_THRESH && !unanswered) {
      triggerTime = dupTimes[DUP_THRESH - 1]!;
      return 'fast';
    }
    if (side.side !== 'receiver' && sackedAbove(seq) > (DUP_THRESH - 1) * p.mss) return 'fast';
    return 'rack';
  }

  /** Bytes SACKed above `seq` (RFC 6675 IsLost's measure). */
  function sackedAbove(seq: number): number {
    let sum = 0;
    for (const [s, e] of sacked) if (e > seq) sum += e - Math.max(s, seq);
    return sum;
  }

  /** Adds [s, e) to the scoreboard, kept sorted and disjoint. */
  function addSacked(s: number, e: number) {
    const out: [number, number][] = [];
    for (const r of sacked) {
      if (r[1] < s || r[0] > e) out.push(r);
      else {
        s = Math.min(s, r[0]);
        e = Math.max(e, r[1]);
      }
    }
    out.push([s, e]);
    sacked = out.sort((x, y) => x[0] - y[0]);
  }

  function bound(s: number, e: number, bytesMax: number): CwndBound {
    return { start: s, end: e, bytes: bytesMax, segments: bytesMax / p.mss };
  }

  function sackOptions(i: number, a: number) {
    const at = p.sackAt[i]!;
    if (at < 0) return;
    kind[i]! |= K.sack;
    for (let b = 0; b < p.sackN[i]!; b++) {
      const s = p.sack[at + 2 * b]!;
      const e = p.sack[at + 2 * b + 1]!;
      let dsack = false;
      if (b === 0) {
        const s2 = p.sackN[i]! > 1 ? p.sack[at + 2] : undefined;
        const e2 = p.sackN[i]! > 1 ? p.sack[at + 3] : undefined;
        dsack = e <= a || (s2 !== undefined && e2 !== undefined && s >= s2 && e <= e2);
      }
      sacks.push({ packet: i, start: s, end: e, dsack });
      if (dsack) {
        kind[i]! |= K.dsack;
        for (let r = retx.length - 1; r >= 0; r--) {
          const x = retx[r]!;
          if (x.seq < e && x.end > s) {
            markSpurious(
              r,
              `D-SACK for ${s}–${e} at ${p.time[i]!.toFixed(4)} s: the receiver got these bytes twice`,
              'seen',
              i,
            );
            break;
          }
        }
      } else if (e > a) {
        addSacked(Math.max(s, a), e);
      }
    }
  }

  function newAck(i: number, t: number, a: number) {
    const first = cumAck === -Infinity;
    cumAck = a;
    timerStart = t;
    dupCount = 0;
    dupTimes = [];
    if (sacked.length) sacked = sacked.filter(([, e]) => e > a);
    // Segments now fully acknowledged: RTT (Karn) and spurious checks.
    let last: Seg | null = null;
    const covered: number[] = [];
    let oldestTs = Infinity;
    while (segHead < segs.length && segs[segHead]!.end <= a) {
      const s = segs[segHead++]!;
      s.acked = true;
      last = s;
      if (s.retx >= 0) {
        covered.push(s.retx);
        oldestTs = Math.min(oldestTs, retxTs[s.retx]!);
      }
    }
    // Eifel (RFC 3522): an ACK echoing a TSval older than every retransmission it covers was
    // sent for an original. Only the oldest counts: with delayed ACKs one ACK covers several
    // retransmissions and echoes the first one's TSval (RFC 7323 §4.3).
    for (const r of covered) {
      const x = retx[r]!;
      if (p.hasTs && oldestTs > 0 && p.tsEcr[i]! < oldestTs)
        markSpurious(
          r,
          `the ACK echoes an older TSval (${p.tsEcr[i]}) than the retransmission's (${retxTs[r]})`,
          'inferred',
          i,
        );
      else if (!p.hasTs && karn && Number.isFinite(minRtt) && t - x.time < 0.75 * minRtt)
        markSpurious(
          r,
          `the ACK came ${((t - x.time) * 1000).toFixed(3)} ms after it, before it could have reached the receiver (min RTT ${(minRtt * 1000).toFixed(3)} ms)`,
          'inferred',
          i,
        );
    }
    if (karn && last && last.retx < 0 && !first && last.end === a) addRtt(t, t - last.time, 'karn');
    if (recovery && a >= recovery.recover) {
      recovery.end = t;
      recovery.flightAfter = Math.max(0, sndMax - a);
      recoveries.push(recovery);
      recovery = null;
      boundStart = t;
      boundMax = 0;
    }
  }

  const summary = {
    id,
    sender: p.sender,
    receiver: p.receiver,
    client: p.client,
    start: ns(start),
    duration: n > 0 ? ns(p.time[n - 1]! - p.time[0]!) : 0,
    packets: n,
    data_packets: dataPackets,
    bytes,
    goodput_bytes:
      Number.isFinite(cumAck) && Number.isFinite(firstSeq)
        ? Math.max(0, Math.min(cumAck, dataMax) - firstSeq)
        : 0,
    retransmissions: retx.length,
    fast_retransmissions: retx.filter((r) => r.cls === 'fast').length,
    rto_retransmissions: retx.filter((r) => r.cls === 'rto').length,
    rack_retransmissions: retx.filter((r) => r.cls === 'rack').length,
    spurious_retransmissions: retx.filter((r) => r.spurious).length,
    duplicate_acks: dupacks.length,
    out_of_order: outOfOrder.length,
    zero_windows: zeroWindows.length,
    recoveries: recoveries.length,
    capture_side: side.side,
    capture_side_evidence: side.evidence,
    handshake_rtt: side.handshakeRtt === null ? null : ns(side.handshakeRtt),
    min_rtt: Number.isFinite(minRtt) ? ns(minRtt) : null,
    sack_permitted: p.sackPermitted,
    timestamps: p.timestamps,
    mss: p.mss,
  };
  const packets = {
    length: n,
    time: p.time,
    dir: p.dir,
    seq: p.seq,
    end: p.end,
    len: p.len,
    ack: p.ack,
    win: p.win,
    flags: p.flags,
    inflight,
    kind,
  };
  const analysis: ConnectionAnalysis = {
    summary,
    packets,
    sacks,
    dupacks,
    retransmissions: retx,
    outOfOrder,
    zeroWindows,
    rtt,
    cwndBounds,
    recoveries,
    explanation: rows,
  };
  analysis.explanation = explainRows(analysis, rows);
  return analysis;
}
