import { variantReasons } from '../trace/reasons';
import { PrrBound, type PrrRow } from '../trace/prr-rows';
import type { AckInfo, TcpSender } from './sender';
import type { SackScoreboard } from './scoreboard-rq';

/**
 * Proportional Rate Reduction (RFC 9937, which obsoletes RFC 6937): the fast recovery of a
 * SACK-based sender with FlowConfig.recovery = 'prr' (SACK, CUBIC — the SACK recovery rules of
 * tcp/variants/sack.ts call in here; everything else about them is unchanged). Units: packets
 * (1 SMSS = 1 packet), ns-2's 0-based seqnos — but sndcnt is worked out in bytes, the RFC's
 * unit (SMSS = mssBytes, ssthresh rounded to a whole byte), so it may be a fraction of a packet,
 * and a packet leaves only once cwnd − pipe reaches a whole SMSS (as ns-3.37's TcpPrrRecovery,
 * which counts bytes; Linux's tcp_cwnd_reduction counts packets and rounds up instead).
 *
 * - Start (§6.1): ssthresh from the congestion ops' cut (Reno's halving, CUBIC's β = 0.7),
 *   prr_delivered = prr_out = 0, RecoverFS = snd.nxt − snd.una − (packets SACKed before the ACK
 *   that starts recovery); the per-ACK step then runs on that ACK too.
 * - Every ACK in recovery (§6.2): DeliveredData = change in snd.una + change in SACKed packets;
 *   with DeliveredData = 0 nothing changes. prr_delivered += DeliveredData; pipe per RFC 6675
 *   §4 (unSACKed packets not deemed lost, plus those retransmitted); safeACK = snd.una advanced
 *   and the ACK marks no packet lost that was not before. pipe > ssthresh: sndcnt =
 *   ⌈prr_delivered · ssthresh / RecoverFS⌉ − prr_out; else PRR-CRB, sndcnt =
 *   max(prr_delivered − prr_out, DeliveredData), + 1 on a safeACK (PRR-SSRB), at most
 *   ssthresh − pipe. sndcnt is at least 1 while prr_out = 0 (the fast retransmit), else at
 *   least 0 (as Linux's tcp_cwnd_reduction). cwnd = pipe + sndcnt.
 * - Sending (§6.3; RFC 6675 §5 (C)): while cwnd − pipe ≥ 1, NextSeg() (RFC 6675 §4: the first
 *   lost packet not yet retransmitted, else new data within the receiver window, else the first
 *   unSACKed packet below the highest SACK not yet retransmitted); prr_out += 1 per packet.
 * - End (§6.4): the ACK that covers recover sets cwnd = ssthresh.
 * - A retransmission timeout ends PRR's recovery like any other (sack.ts sackOnTimeout).
 */

/** PRR's reason codes: one per rule that sets sndcnt, and the start and end of recovery. */
export const PRR_REASONS = variantReasons({
  'prr.enter': {
    label: 'fast retransmit (PRR)',
    template:
      '{prr.ack}: loss detected, fast recovery with PRR starts: ssthresh {old.ssthresh} → {new.ssthresh} (the congestion control’s cut), prr_delivered = prr_out = 0, RecoverFS = {prr.recoverFS} (packets outstanding less those SACKed before this ACK). This ACK delivers {prr.delivered}, so prr_delivered = {prr.prrDelivered}; {prr.rule}; cwnd {old.cwnd} → pipe + sndcnt = {prr.pipe} + {prr.sndcnt} = {new.cwnd}; sends {packets} (prr_out = {prr.prrOut}).',
    source:
      'RFC 9937 §6.1 (initialization: ssthresh, prr_delivered, prr_out, RecoverFS), §6.2 (per-ACK steps, also on the ACK that starts recovery), §6.3 (prr_out); RFC 6675 §4 (pipe, IsLost, NextSeg)',
    significant: true,
  },
  'prr.reduce': {
    label: 'PRR proportional reduction',
    template:
      '{prr.ack}: DeliveredData = {prr.delivered}, prr_delivered = {prr.prrDelivered}; {prr.rule}; cwnd {old.cwnd} → pipe + sndcnt = {prr.pipe} + {prr.sndcnt} = {new.cwnd}; sends {packets} (prr_out = {prr.prrOut}).',
    source:
      'RFC 9937 §6.2 (while pipe > ssthresh: sndcnt = ⌈prr_delivered · ssthresh / RecoverFS⌉ − prr_out; cwnd = pipe + sndcnt), §6.3',
    significant: false,
  },
  'prr.crb': {
    label: 'PRR-CRB',
    template:
      '{prr.ack}: DeliveredData = {prr.delivered}, prr_delivered = {prr.prrDelivered}; {prr.rule}; cwnd {old.cwnd} → pipe + sndcnt = {prr.pipe} + {prr.sndcnt} = {new.cwnd}; sends {packets} (prr_out = {prr.prrOut}).',
    source:
      'RFC 9937 §6.2 (pipe ≤ ssthresh: the conservative reduction bound PRR-CRB by default, sndcnt = min(ssthresh − pipe, max(prr_delivered − prr_out, DeliveredData)))',
    significant: false,
  },
  'prr.ssrb': {
    label: 'PRR-SSRB',
    template:
      '{prr.ack}: DeliveredData = {prr.delivered}, prr_delivered = {prr.prrDelivered}; {prr.rule}; cwnd {old.cwnd} → pipe + sndcnt = {prr.pipe} + {prr.sndcnt} = {new.cwnd}; sends {packets} (prr_out = {prr.prrOut}).',
    source:
      'RFC 9937 §6.2 (pipe ≤ ssthresh on a safeACK — snd.una advances and no further loss is indicated: the slow-start reduction bound PRR-SSRB, one SMSS more than PRR-CRB)',
    significant: false,
  },
  'prr.no-delivery': {
    label: 'PRR: nothing delivered',
    template:
      '{prr.ack}: it delivers no data (DeliveredData = 0: no new cumulative ACK or SACK block), so PRR changes nothing: cwnd {cwnd}, prr_delivered {prr.prrDelivered}, prr_out {prr.prrOut}; sends {packets}.',
    source:
      'RFC 9937 §6.2 (the per-ACK steps count DeliveredData; an ACK delivering none moves nothing)',
    significant: false,
  },
  'prr.exit': {
    label: 'exit recovery (PRR)',
    template:
      'ACK for {ack} covers recover: fast recovery ends with cwnd = ssthresh = {new.cwnd} (cwnd was pipe + sndcnt = {old.cwnd}; over the recovery prr_delivered = {prr.prrDelivered}, prr_out = {prr.prrOut}); sends {packets}.',
    source: 'RFC 9937 §6.4 (completion: cwnd = ssthresh when recovery ends)',
    significant: true,
  },
});

/** PRR's per-sender record (RFC 9937 §6 variables), packets. */
export interface PrrState {
  /** In PRR recovery (between the fast retransmit and the ACK covering recover, or an RTO). */
  active: boolean;
  recoverFS: number;
  prrDelivered: number;
  prrOut: number;
  /** RFC 6675 HighRxt: the highest seqno retransmitted in this recovery. */
  highRxt: number;
  /** The log's row, reused (the recorder copies it). */
  readonly row: PrrRow;
}

/** A fresh PRR record, not in recovery. */
export function prrState(): PrrState {
  return {
    active: false,
    recoverFS: 0,
    prrDelivered: 0,
    prrOut: 0,
    highRxt: -1,
    row: {
      decision: -1,
      recoverFS: 0,
      delivered: 0,
      cumAcked: 0,
      prrDelivered: 0,
      prrOutBefore: 0,
      prrOut: 0,
      pipe: 0,
      ssthresh: 0,
      sndcnt: 0,
      bound: PrrBound.none,
      newlyLost: 0,
      forced: 0,
    },
  };
}

/** Unsacked seqnos in [from, to). */
function unsackedIn(sb: SackScoreboard, from: number, to: number): number {
  let n = 0;
  for (let q = from; q < to; q++) if (!sb.isSacked(q)) n++;
  return n;
}

/**
 * RFC 6675 §4 SetPipe() in packets over highest_ack + 1 … maxseq: each unSACKed packet not
 * deemed lost counts 1, each retransmitted one (≤ HighRxt) 1 more.
 */
export function rfc6675Pipe(s: TcpSender, sb: SackScoreboard, highRxt: number): number {
  const lost = sb.lostBelow(s.cfg.dupackThreshold);
  let pipe = 0;
  for (let q = s.highestAck + 1; q <= s.maxseq; q++) {
    if (sb.isSacked(q)) continue;
    if (q >= lost) pipe++;
    if (q <= highRxt) pipe++;
  }
  return pipe;
}

/** RFC 6675 §4 NextSeg() rules 1–3 (no rescue retransmission), or -1. Advances HighRxt / t_seqno. */
function nextSeg(s: TcpSender, sb: SackScoreboard, p: PrrState): number {
  const from = Math.max(p.highRxt + 1, s.highestAck + 1);
  const lost = sb.lostBelow(s.cfg.dupackThreshold);
  for (let q = from; q < lost; q++) {
    if (!sb.isSacked(q)) return (p.highRxt = q);
  }
  if (s.tSeqno < s.sendLimit && s.tSeqno <= s.highestAck + Math.trunc(s.wnd)) return s.tSeqno++;
  const top = sb.highestSacked();
  for (let q = from; q < top; q++) {
    if (!sb.isSacked(q)) return (p.highRxt = q);
  }
  return -1;
}

/**
 * Start PRR recovery on the ACK that reaches the duplicate threshold (after the scoreboard took
 * it): the shell's fast retransmit (bugfix rule, recover, the cut, the timer) with no
 * retransmission of its own, then PRR's first step, which sends it. `sackedBefore` and
 * `lostBefore` are the scoreboard's SACKed count and lostBelow() before this ACK.
 */
export function prrEnter(
  s: TcpSender,
  sb: SackScoreboard,
  p: PrrState,
  sackedBefore: number,
  lostBefore: number,
): void {
  const entered = s.fastRetransmit({
    recover: s.maxseq,
    cwnd: 'cut',
    timer: 'mild',
    fastrecov: true,
    retransmit: null,
    phase: 'fast-recovery',
    rule: PRR_REASONS['prr.enter'],
  });
  if (!entered) return;
  s.rule(PRR_REASONS['prr.enter']);
  p.active = true;
  // RFC 9937 §6.1 leaves out what was SACKed before this ACK; RFC 6937 (ns-3.37) does not
  p.recoverFS = s.maxseq - s.highestAck - (s.cfg.prrRecoverFS === 'rfc6937' ? 0 : sackedBefore);
  p.prrDelivered = 0;
  p.prrOut = 0;
  p.highRxt = s.highestAck;
  // ns-3.37 sets ssthresh from BytesInFlight, the RFC 6675 pipe (TcpSocketBase::EnterRecovery,
  // TcpNewReno::GetSsThresh: max(2·SMSS, pipe / 2)); RFC 5681 eq. 4 from the FlightSize
  if (s.cfg.prrNs3Ssthresh) s.ssthresh = Math.max(2, rfc6675Pipe(s, sb, p.highRxt) / 2);
  step(s, sb, p, sb.sackedTotal() - sackedBefore, 0, lostBefore, true);
}

/**
 * An ACK during PRR recovery (ns-2 Sack1's bookkeeping of a partial or duplicate ACK, then
 * PRR's per-ACK step and its transmissions). Returns true when the ACK ends recovery (cwnd =
 * ssthresh; the caller then sends as outside recovery).
 */
export function prrOnAck(s: TcpSender, ack: AckInfo, sb: SackScoreboard, p: PrrState): boolean {
  const sackedBefore = sb.sackedTotal();
  const lostBefore = sb.lostBelow(s.cfg.dupackThreshold);
  const ackBefore = s.highestAck;
  if (ack.seqno >= s.recover) {
    s.recover = 0;
    s.fastrecov = false;
    s.newack(ack);
    s.pipe = -1;
    s.cwnd = s.ssthresh;
    s.phase = 'congestion-avoidance';
    p.active = false;
    s.rule(PRR_REASONS['prr.exit']);
    record(s, p, 0, ack.seqno - ackBefore, 0, 0, PrrBound.exit, 0, 0, p.prrOut);
    return true;
  }
  if (ack.seqno < s.lastAck) return false;
  if (ack.seqno > s.highestAck) {
    s.highestAck = ack.seqno;
    sb.update(s.highestAck, ack.sack);
    s.newtimer(ack.seqno);
    s.rttEst.backoff = 1;
  } else {
    sb.update(s.highestAck, ack.sack);
    if (sb.changed && s.dupacks > 0) s.dupacks++;
  }
  const cumAcked = s.highestAck - ackBefore;
  step(s, sb, p, cumAcked + sb.sackedTotal() - sackedBefore, cumAcked, lostBefore, false);
  return false;
}

/** PRR's per-ACK step (RFC 9937 §6.2), then the transmissions it allows (§6.3). */
function step(
  s: TcpSender,
  sb: SackScoreboard,
  p: PrrState,
  delivered: number,
  cumAcked: number,
  lostBefore: number,
  entering: boolean,
): void {
  const lost = sb.lostBelow(s.cfg.dupackThreshold);
  const from = Math.max(s.highestAck + 1, lostBefore);
  const newlyLost = unsackedIn(sb, from, lost);
  if (delivered <= 0 && !entering) {
    s.rule(PRR_REASONS['prr.no-delivery']);
    record(s, p, delivered, cumAcked, s.pipe, 0, PrrBound.none, newlyLost, 0, p.prrOut);
    return;
  }
  p.prrDelivered += delivered;
  const pipe = rfc6675Pipe(s, sb, p.highRxt);
  // In bytes, the RFC's unit (SMSS = mss bytes; ssthresh rounded to a whole byte, as CUBIC's
  // 0.7 × FlightSize is fractional in packets); sndcnt back in packets, maybe a fraction of one.
  const mss = s.cfg.mssBytes;
  const v = prrSndcnt(
    {
      prrDelivered: p.prrDelivered * mss,
      prrOut: p.prrOut * mss,
      recoverFS: p.recoverFS * mss,
      ssthresh: Math.round(s.ssthresh * mss),
      pipe: pipe * mss,
      delivered: delivered * mss,
      smss: mss,
      safeAck: cumAcked > 0 && newlyLost === 0,
      // a packet retransmitted in this recovery (≤ HighRxt) now cumulatively acknowledged
      retransAcked: cumAcked > 0 && s.highestAck - cumAcked < p.highRxt,
    },
    s.cfg.prrBound,
  );
  const sndcnt = v.sndcnt / mss;
  const bound = v.bound;
  const forced = v.forced ? 1 : 0;
  s.cwnd = pipe + sndcnt;
  s.pipe = pipe;
  const outBefore = p.prrOut;
  const maxburst = s.cfg.maxburst;
  let n = 0;
  while (n + 1 <= sndcnt) {
    const seg = nextSeg(s, sb, p);
    if (seg < 0) break;
    s.output(seg);
    n++;
    p.prrOut++;
    s.pipe++;
    if (maxburst && n === maxburst) break;
  }
  if (!entering) {
    s.rule(
      bound === PrrBound.proportional
        ? PRR_REASONS['prr.reduce']
        : bound === PrrBound.ssrb
          ? PRR_REASONS['prr.ssrb']
          : PRR_REASONS['prr.crb'],
    );
  }
  record(s, p, delivered, cumAcked, pipe, sndcnt, bound, newlyLost, forced, outBefore);
}

/** What RFC 9937 §6.2's per-ACK arithmetic reads, bytes; safeAck: snd.una advanced, no newly lost. */
export interface PrrInputs {
  prrDelivered: number;
  prrOut: number;
  recoverFS: number;
  ssthresh: number;
  pipe: number;
  delivered: number;
  smss: number;
  safeAck: boolean;
  /** This ACK cumulatively acknowledged a packet retransmitted in this recovery (ns-3.37's safeACK). */
  retransAcked: boolean;
}

/**
 * The reduction bound once pipe ≤ ssthresh (FlowConfig.prrBound): RFC 9937's choice by safeACK
 * (default), or ns-3.37's TcpPrrRecovery with its ReductionBound attribute — `rfc6937-crb`:
 * RFC 6937's PRR-CRB, prr_delivered − prr_out; `ns3-ssrb`: max(prr_delivered − prr_out,
 * DeliveredData) + SMSS when the ACK cumulatively acknowledges a retransmitted packet
 * (m_isRetransDataAcked), else DeliveredData alone (ns-3.37 tcp-prr-recovery.cc; RFC 6937's
 * PRR-SSRB adds the SMSS on every ACK).
 */
export type PrrBoundRule = 'rfc9937' | 'rfc6937-crb' | 'ns3-ssrb';

/**
 * RFC 9937 §6.2 in bytes: sndcnt (≥ 0; ≥ 1 SMSS while prr_out = 0, the fast retransmit), the
 * rule that set it (PrrBound) and whether the SMSS floor raised it. Pure.
 */
export function prrSndcnt(
  v: PrrInputs,
  rule: PrrBoundRule = 'rfc9937',
): { sndcnt: number; bound: number; forced: boolean } {
  let snd: number;
  let bound: number;
  if (v.pipe > v.ssthresh) {
    snd = Math.ceil((v.prrDelivered * v.ssthresh) / v.recoverFS) - v.prrOut;
    bound = PrrBound.proportional;
  } else {
    if (rule === 'rfc6937-crb') {
      snd = v.prrDelivered - v.prrOut;
      bound = PrrBound.crb;
    } else if (rule === 'ns3-ssrb') {
      snd = v.retransAcked
        ? Math.max(v.prrDelivered - v.prrOut, v.delivered) + v.smss
        : v.delivered;
      bound = v.retransAcked ? PrrBound.ssrb : PrrBound.crb;
    } else if (v.safeAck) {
      snd = Math.max(v.prrDelivered - v.prrOut, v.delivered) + v.smss;
      bound = PrrBound.ssrb;
    } else {
      snd = Math.max(v.prrDelivered - v.prrOut, v.delivered);
      bound = PrrBound.crb;
    }
    snd = Math.min(v.ssthresh - v.pipe, snd);
  }
  const least = v.prrOut > 0 ? 0 : v.smss;
  const forced = snd < least && v.prrOut === 0;
  return { sndcnt: snd < least ? least : snd, bound, forced };
}

/** Hand the log PRR's variables for this decision (prr-rows.ts). */
function record(
  s: TcpSender,
  p: PrrState,
  delivered: number,
  cumAcked: number,
  pipe: number,
  sndcnt: number,
  bound: number,
  newlyLost: number,
  forced: number,
  outBefore: number,
): void {
  const r = p.row;
  r.recoverFS = p.recoverFS;
  r.delivered = delivered;
  r.cumAcked = cumAcked;
  r.prrDelivered = p.prrDelivered;
  r.prrOutBefore = outBefore;
  r.prrOut = p.prrOut;
  r.pipe = pipe;
  r.ssthresh = s.ssthresh;
  r.sndcnt = sndcnt;
  r.bound = bound;
  r.newlyLost = newlyLost;
  r.forced = forced;
  s.prrRow(r);
}
