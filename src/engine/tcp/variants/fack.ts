import { AIMD } from '../congestion';
import { CwndAction, type TcpSender, type AckInfo } from '../sender';
import { FackScoreboard } from '../scoreboard-fack';
import { variantReasons } from '../../trace/reasons';
import { defineTcpVariant } from '../variant';

/** FACK's own reason codes (the reason catalog's entries for its rules). */
export const FACK_REASONS = variantReasons({
  'fack.fast-retransmit': {
    label: 'fast retransmit (FACK)',
    template:
      'ACK for {ack} with forward-most SACKed packet {fack}: {dupacks} packets lie between (≥ {threshold}), so FACK retransmits {packets}; ssthresh {old.ssthresh} → {new.ssthresh}, cwnd → {new.cwnd}.',
    source: 'Mathis & Mahdavi 1996 §3 (FACK trigger: snd.fack − snd.una > 3 segments)',
    significant: true,
  },
  'fack.recovery-ack': {
    label: 'FACK recovery ACK',
    template:
      'ACK for {ack} in FACK recovery: cwnd {old.cwnd} → {new.cwnd}; sends {packets} (packets go out only while outstanding < cwnd; {pipe} outstanding now).',
    source: 'Mathis & Mahdavi 1996 §3 (awnd = snd.nxt − snd.fack + retran_data)',
    significant: false,
  },
  'fack.exit-recovery': {
    label: 'exit FACK recovery',
    template:
      'ACK for {ack} without SACK blocks covers recover: FACK recovery ends at cwnd {cwnd}; sends {packets}.',
    source: 'Mathis & Mahdavi 1996 §3',
    significant: true,
  },
});

interface FackState {
  sb: FackScoreboard;
  /** Forward-most SACKed seqno (snd.fack − 1), 0-based. */
  fack: number;
  /** Retransmitted packets still in the network. */
  retranData: number;
  /** A retransmission was lost again: stop sending until the timer fires (ns-2 timeout_). */
  timedOut: boolean;
}

function maxsack(ack: AckInfo): number {
  let m = -1;
  for (const [, r] of ack.sack) if (r > m) m = r;
  return m - 1;
}

/** ns-2 FackTcpAgent::oldack: an ACK processed in the scoreboard path. */
function oldack(s: TcpSender, x: FackState, ack: AckInfo): void {
  s.lastAck = ack.seqno;
  s.highestAck = s.lastAck;
  x.fack = Math.max(x.fack, s.highestAck);
  s.maxseq = Math.max(s.maxseq, s.highestAck);
  if (s.tSeqno < s.lastAck + 1) s.tSeqno = s.lastAck + 1;
  s.newtimer(ack.seqno);
  if (s.rttActive && ack.seqno >= s.rttSeq) {
    s.rttActive = false;
    s.rttEst.backoff = 1;
  }
  s.rttEst.update(s.sched.now - ack.tsEcho, s.sched.now);
}

/**
 * FACK TCP as ns-2's Agent/TCP/Fack (Mathis & Mahdavi 1996, no rampdown): fast retransmit when
 * (forward-most SACKed − cumulative ACK − 1) ≥ 3; then ssthresh = ⌊window/2⌋, cwnd = 1, and
 * cwnd opens on every ACK during recovery (slow start to ssthresh, then +1/cwnd); packets go
 * out while next ≤ fack + ⌊cwnd⌋ − retransmissions in flight.
 */
export const fack = defineTcpVariant({
  id: 'fack',
  meta: {
    label: 'FACK TCP',
    name: 'FACK',
    color: '#CC79A7',
    dash: '12 3 3 3',
    frtx: 3,
    frtxSource: 'Mathis & Mahdavi 1996',
  },
  sack: true,
  recovery: 'fack',
  congestion: AIMD,
  init: (): FackState => ({ sb: new FackScoreboard(), fack: -1, retranData: 0, timedOut: false }),
  window(s) {
    return Math.trunc(s.cwnd < s.wnd ? s.cwnd : s.wnd);
  },
  fack(_s, x) {
    return x.fack + 1;
  },
  onAck(s, ack, x) {
    const thr = s.cfg.dupackThreshold;
    if (!s.fastrecov) {
      if (ack.seqno > s.lastAck && ack.sack.length === 0) {
        s.newack(ack);
        s.opencwnd();
        x.fack = s.lastAck;
        x.timedOut = false;
        x.sb.clear();
        x.retranData = 0;
      } else if (ack.seqno < s.lastAck) {
        // misordered ACK: nothing
      } else {
        x.retranData -= x.sb.update(s.highestAck, ack.sack);
        oldack(s, x, ack);
        const ms = maxsack(ack);
        if (ms > x.fack) x.fack = ms;
        if (x.fack >= s.tSeqno) s.tSeqno = x.fack + 1;
        s.dupacks = x.fack - s.lastAck - 1;
        if (s.dupacks >= thr) {
          // Mathis & Mahdavi §3: no bugfix rule; recover = t_seqno, cwnd restarts at 1.
          x.sb.markRetran(s.lastAck + 1, s.tSeqno);
          x.retranData++;
          s.fastRetransmit(
            {
              recover: s.tSeqno,
              cwnd: 'one',
              timer: 'mild',
              fastrecov: true,
              retransmit: s.lastAck + 1,
              phase: 'fast-recovery',
              rule: FACK_REASONS['fack.fast-retransmit'],
            },
            true,
          );
        } else if (s.dupacks > 0) {
          s.rule('tcp.dupack');
        }
      }
      if (s.dupacks === 0) this.sendMuch(s, false, s.cfg.maxburst, x);
    } else {
      oldack(s, x, ack);
      const ms = maxsack(ack);
      if (ms > x.fack) x.fack = ms;
      if (x.fack >= s.tSeqno) s.tSeqno = x.fack + 1;
      x.retranData -= x.sb.update(s.highestAck, ack.sack);
      if (x.sb.checkSndNxt(ack.sack)) x.timedOut = true;
      s.opencwnd();
      // cwnd slow-starts (then grows linearly) inside recovery: the phase stays fast recovery.
      s.phase = 'fast-recovery';
      s.rule(FACK_REASONS['fack.recovery-ack']);
      if (ack.sack.length === 0 && s.lastAck >= s.recover) {
        s.fastrecov = false;
        x.timedOut = false;
        x.sb.clear();
        x.retranData = 0;
        s.dupacks = 0;
        s.phase = s.cwnd < s.ssthresh ? 'slow-start' : 'congestion-avoidance';
        s.rule(FACK_REASONS['fack.exit-recovery']);
      }
      this.sendMuch(s, false, s.cfg.maxburst, x);
    }
    s.pipe = s.fastrecov ? s.tSeqno - x.fack - 1 + x.retranData : -1;
  },
  onTimeout(s, x) {
    if (s.highestAck === s.maxseq) {
      if (s.tSeqno < s.sendLimit) return;
      // Nothing outstanding and nothing more offered (an idle application): ns-2
      // FackTcpAgent::timeout with slow_start_restart_ and restart_bugfix_ true —
      // slowdown(CLOSE_CWND_INIT), ssthresh kept, the timer rearmed without backoff.
      x.timedOut = false;
      if (s.highestAck > s.lastAck) s.lastAck = s.highestAck;
      x.retranData = 0;
      s.lastCwndAction = CwndAction.timeout;
      s.cwnd = Math.max(Math.trunc(s.wndInit), 1);
      x.sb.clear();
      s.resetRtxTimer(true, false);
      x.fack = s.lastAck;
      s.tSeqno = s.lastAck + 1;
      this.sendMuch(s, false, 0, x);
      return;
    }
    x.timedOut = false;
    if (s.highestAck > s.lastAck) s.lastAck = s.highestAck;
    x.retranData = 0;
    s.lastCwndAction = CwndAction.timeout;
    s.rule('tcp.rto');
    s.phase = 'rto-recovery';
    s.cutOnRto();
    x.sb.clear();
    s.resetRtxTimer(true, true);
    x.fack = s.lastAck;
    s.tSeqno = s.lastAck + 1;
    this.sendMuch(s, false, 0, x);
  },
  sendMuch(s, _force, maxburst, x) {
    let win = s.window();
    let n = 0;
    while (s.tSeqno <= x.fack + win - x.retranData && !x.timedOut) {
      if (s.pacer?.holding) break;
      let xmit = x.sb.nextRetran();
      if (xmit === -1) {
        if (s.tSeqno >= s.sendLimit) return; // nothing more offered (ns-2: t_seqno_ >= curseq_)
        // The receiver's window: ns-2 checks it only in fast recovery, so between duplicate
        // ACKs fack + win can let new data past it; under `rfc` never (RFC 793 §3.7, RFC 5681 §2).
        if ((s.fastrecov || s.rules === 'rfc') && s.tSeqno > s.highestAck + Math.trunc(s.wnd))
          break;
        xmit = s.tSeqno++;
      } else {
        x.sb.markRetran(xmit, s.tSeqno);
        x.retranData++;
        win = s.window();
      }
      s.output(xmit);
      if (s.tSeqno <= xmit) s.tSeqno = xmit + 1;
      n++;
      if (maxburst && n === maxburst) break;
    }
  },
});
