import { variantReasons } from '../../trace/reasons';
import { AIMD } from '../congestion';
import type { AckInfo, TcpSender } from '../sender';
import { SackScoreboard } from '../scoreboard-rq';
import { prrEnter, prrOnAck, prrState, type PrrState } from '../prr';
import { basicWindow, defineTcpVariant } from '../variant';

/** SACK's own reason codes (the reason catalog's entries for its rules). */
export const SACK_REASONS = variantReasons({
  'sack.fast-retransmit': {
    label: 'fast retransmit',
    template:
      '{dupack}: fast retransmit of {packets}; ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → {new.cwnd}; SACK recovery starts with pipe = {flightsize} outstanding − {threshold} = {new.pipe} and sends only while pipe < cwnd.',
    source:
      'Fall & Floyd 1996 §5 (pipe = packets outstanding less the duplicate ACKs; send while pipe < cwnd); RFC 2581 §3.2 step 1 (ssthresh = flightsize/2)',
    significant: true,
  },
  'sack.recovery-ack': {
    label: 'SACK recovery ACK',
    template:
      'Duplicate ACK for {ack} in SACK recovery: pipe {old.pipe} → {pipeAfterAck} (one packet left the network); sends {packets} (packets go out only while pipe < cwnd = {cwnd}).',
    source: 'Fall & Floyd 1996 §5 (pipe decremented per duplicate ACK); RFC 2018',
    significant: false,
  },
  'sack.partial-ack': {
    label: 'partial ACK (SACK)',
    template:
      'Partial ACK for {ack} in SACK recovery: pipe decremented by 2 ({old.pipe} → {pipeAfterAck}); sends {packets} (packets go out only while pipe < cwnd = {cwnd}).',
    source: 'Fall & Floyd 1996 §5 (a partial ACK takes pipe down by two)',
    significant: true,
  },
  'sack.exit-recovery': {
    label: 'exit SACK recovery',
    template:
      'ACK for {ack} covers recover: SACK recovery ends with cwnd = ssthresh = {cwnd} (no growth on this ACK); sends {packets}.',
    source: 'Fall & Floyd 1996 §5 (recovery ends when all data outstanding at its start is acked)',
    significant: true,
  },
});

/** SACK recovery's own state. */
export interface SackState {
  sb: SackScoreboard;
  /** Sent from a timeout; duplicate ACKs are not counted until a new ACK (ns-2 timeout_). */
  timedOut: boolean;
  /** PRR's record when the flow recovers with PRR (FlowConfig.recovery; tcp/prr.ts), else null. */
  prr: PrrState | null;
}

/** A fresh scoreboard, not timed out; PRR's record if the flow asks for PRR. */
export function sackState(s: TcpSender): SackState {
  return {
    sb: new SackScoreboard(),
    timedOut: false,
    prr: s.cfg.recovery === 'prr' ? prrState() : null,
  };
}

/**
 * ns-2 Sack1TcpAgent::recv. Outside recovery: a new ACK opens cwnd; a duplicate ACK that brings
 * new SACK information counts, and the 3rd starts recovery. In recovery each ACK takes pipe
 * down by 1 (a partial ACK by 2); the ACK covering recover ends recovery without opening cwnd.
 * Shared by every variant with SACK recovery (SACK, CUBIC).
 */
export function sackOnAck(s: TcpSender, ack: AckInfo, x: SackState): void {
  const thr = s.cfg.dupackThreshold;
  const valid = ack.seqno >= s.lastAck;
  if (!s.fastrecov) {
    if (ack.seqno > s.lastAck) {
      s.newack(ack);
      s.opencwnd();
      x.timedOut = false;
      x.sb.clear();
      s.delayGrowthCheck();
    } else if (ack.seqno < s.lastAck) {
      // stale ACK: nothing
    } else if (!x.timedOut) {
      const prr = x.prr;
      const sackedBefore = prr ? x.sb.sackedTotal() : 0;
      const lostBefore = prr ? x.sb.lostBelow(thr) : -1;
      x.sb.update(s.highestAck, ack.sack);
      if (x.sb.changed) {
        if (++s.dupacks === thr) {
          if (prr) prrEnter(s, x.sb, prr, sackedBefore, lostBefore);
          else sackFastRetransmit(s, x);
        } else if (s.dupacks < thr) {
          s.smallDupack();
        }
      }
    }
    if (valid && s.dupacks === 0) sackSendMuch(s, false, s.cfg.maxburst, x);
  } else if (x.prr?.active) {
    // RFC 9937: PRR decides what this ACK may send (tcp/prr.ts); ending recovery, SACK's own
    if (prrOnAck(s, ack, x.sb, x.prr)) {
      x.timedOut = false;
      x.sb.clear();
      sackSendMuch(s, false, s.cfg.maxburst, x);
    }
  } else {
    --s.pipe;
    if (ack.seqno >= s.recover) {
      s.recover = 0;
      s.fastrecov = false;
      s.newack(ack);
      x.timedOut = false;
      x.sb.clear();
      s.pipe = -1;
      s.phase = 'congestion-avoidance';
      s.rule(SACK_REASONS['sack.exit-recovery']);
    } else if (ack.seqno > s.highestAck) {
      s.highestAck = ack.seqno;
      x.sb.update(s.highestAck, ack.sack);
      --s.pipe;
      s.newtimer(ack.seqno);
      s.rttEst.backoff = 1;
      s.rule(SACK_REASONS['sack.partial-ack']);
    } else if (!x.timedOut) {
      x.sb.update(s.highestAck, ack.sack);
      if (x.sb.changed && s.dupacks > 0) s.dupacks++;
      s.rule(SACK_REASONS['sack.recovery-ack']);
    }
    if (valid) sackSendMuch(s, false, s.cfg.maxburst, x);
  }
}

/** ns-2 Sack1TcpAgent::timeout: leave recovery, forget the scoreboard, then the common RTO. */
export function sackOnTimeout(s: TcpSender, x: SackState): void {
  s.dupacks = 0;
  s.fastrecov = false;
  s.pipe = -1;
  x.timedOut = true;
  if (x.prr) x.prr.active = false;
  if (s.highestAck > s.lastAck) s.lastAck = s.highestAck;
  s.recover = s.maxseq;
  x.sb.clear();
  s.baseTimeout();
}

/**
 * ns-2 Sack1TcpAgent::send_much: outside recovery while next ≤ last ACK + window; in recovery
 * while pipe < ⌊cwnd⌋, the holes the scoreboard names first, then new data within rwnd — while
 * anything is left below the application's limit (curseq_: last_ack_ + 1 < curseq_, new data
 * only below it).
 */
export function sackSendMuch(s: TcpSender, _force: boolean, maxburst: number, x: SackState): void {
  if (x.prr?.active) return; // in PRR recovery only ACKs send (tcp/prr.ts)
  let win = s.window();
  let n = 0;
  let found = true;
  const wnd = Math.trunc(s.wnd);
  while (
    ((!s.fastrecov && s.tSeqno <= s.lastAck + win) ||
      (s.fastrecov && s.pipe < Math.trunc(s.cwnd))) &&
    s.lastAck + 1 < s.sendLimit &&
    found &&
    !s.pacer?.holding
  ) {
    found = false;
    let xmit = x.sb.nextRetran();
    if (xmit === -1) {
      if (
        (!s.fastrecov && s.tSeqno <= s.highestAck + win) ||
        (s.fastrecov && s.tSeqno <= s.highestAck + wnd)
      ) {
        if (s.tSeqno < s.sendLimit) {
          found = true;
          xmit = s.tSeqno++;
        }
      }
    } else if (s.recover > 0 && xmit <= s.highestAck + wnd) {
      found = true;
      x.sb.markRetran(xmit);
      win = s.window();
    }
    if (found) {
      s.output(xmit);
      if (s.tSeqno <= xmit) s.tSeqno = xmit + 1;
      n++;
      if (s.fastrecov) s.pipe++;
      if (maxburst && n === maxburst) break;
    }
  }
}

/**
 * Fall & Floyd 1996 §5: enter SACK recovery — pipe = highest sent − highest ACK − 3, the window
 * cut by the congestion ops, retransmit the first hole. The bugfix rule applies as for Reno.
 */
function sackFastRetransmit(s: TcpSender, x: SackState): void {
  const entered = s.fastRetransmit({
    recover: s.maxseq,
    pipe: s.maxseq - s.highestAck - s.cfg.dupackThreshold,
    cwnd: 'cut',
    timer: 'mild',
    fastrecov: true,
    retransmit: s.lastAck + 1,
    phase: 'fast-recovery',
    rule: SACK_REASONS['sack.fast-retransmit'],
  });
  if (entered) x.sb.markRetran(s.highestAck + 1);
}

/** The SACK recovery rules as one unit, for variants that pair them with other congestion ops. */
export const SACK_RECOVERY = {
  sack: true,
  recovery: 'sack',
  init: sackState,
  window: basicWindow,
  onAck: sackOnAck,
  onTimeout: sackOnTimeout,
  sendMuch: sackSendMuch,
} as const;

/**
 * SACK TCP as ns-2's Agent/TCP/Sack1 (Fall & Floyd 1996 §5): SACK recovery with Reno's window
 * (halve at a loss, +1/cwnd in congestion avoidance).
 */
export const sack = defineTcpVariant({
  id: 'sack',
  meta: {
    label: 'SACK TCP',
    name: 'SACK',
    color: '#009E73',
    dash: '3 3',
    frtx: 3,
    frtxSource: 'RFC 2018, Fall & Floyd §5',
  },
  congestion: AIMD,
  ...SACK_RECOVERY,
});
