import { CwndAction, type TcpSender } from '../sender';
import { SackScoreboard } from '../scoreboard-rq';
import { basicWindow, type TcpVariant } from '../variant';

interface SackState {
  sb: SackScoreboard;
  /** Sent from a timeout; duplicate ACKs are not counted until a new ACK (ns-2 timeout_). */
  timedOut: boolean;
}

const states = new WeakMap<TcpSender, SackState>();
const st = (s: TcpSender): SackState => states.get(s)!;

/**
 * SACK TCP as ns-2's Agent/TCP/Sack1 (Fall & Floyd 1996 §5): on the 3rd duplicate ACK that
 * brings new SACK information, retransmit, halve cwnd and set pipe = highest sent −
 * highest ACK − 3; in recovery each ACK takes pipe down by 1 (a partial ACK by 2) and packets
 * go out while pipe < ⌊cwnd⌋, holes reported by SACK blocks first; the ACK covering recover
 * ends recovery without opening cwnd.
 */
export const sack: TcpVariant = {
  id: 'sack',
  sack: true,
  init(s) {
    states.set(s, { sb: new SackScoreboard(), timedOut: false });
  },
  window: basicWindow,
  onAck(s, ack) {
    const x = st(s);
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
        x.sb.update(s.highestAck, ack.sack);
        if (x.sb.changed) {
          if (++s.dupacks === thr) {
            fastRetransmit(s, x);
          } else if (s.dupacks < thr) {
            s.smallDupack();
          }
        }
      }
      if (valid && s.dupacks === 0) this.sendMuch(s, false, s.cfg.maxburst);
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
        s.rule('sack.exit-recovery');
      } else if (ack.seqno > s.highestAck) {
        s.highestAck = ack.seqno;
        x.sb.update(s.highestAck, ack.sack);
        --s.pipe;
        s.newtimer(ack.seqno);
        s.tBackoff = 1;
        s.rule('sack.partial-ack');
      } else if (!x.timedOut) {
        x.sb.update(s.highestAck, ack.sack);
        if (x.sb.changed && s.dupacks > 0) s.dupacks++;
        s.rule('sack.recovery-ack');
      }
      if (valid) this.sendMuch(s, false, s.cfg.maxburst);
    }
  },
  onTimeout(s) {
    const x = st(s);
    s.dupacks = 0;
    s.fastrecov = false;
    s.pipe = -1;
    x.timedOut = true;
    if (s.highestAck > s.lastAck) s.lastAck = s.highestAck;
    s.recover = s.maxseq;
    x.sb.clear();
    s.baseTimeout();
  },
  sendMuch(s, _force, maxburst) {
    const x = st(s);
    let win = s.window();
    let n = 0;
    let found = true;
    const wnd = Math.trunc(s.wnd);
    while (((!s.fastrecov && s.tSeqno <= s.lastAck + win) || (s.fastrecov && s.pipe < Math.trunc(s.cwnd))) && found) {
      found = false;
      let xmit = x.sb.nextRetran();
      if (xmit === -1) {
        if ((!s.fastrecov && s.tSeqno <= s.highestAck + win) || (s.fastrecov && s.tSeqno <= s.highestAck + wnd)) {
          found = true;
          xmit = s.tSeqno++;
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
  },
};

/** Fall & Floyd 1996 §5: enter SACK recovery. The bugfix rule applies as for Reno. */
function fastRetransmit(s: TcpSender, x: SackState): void {
  if (!s.fastRetransmitAllowed()) {
    s.ignoreDupack();
    return;
  }
  s.recover = s.maxseq;
  s.pipe = s.maxseq - s.highestAck - s.cfg.dupackThreshold;
  s.resetRtxTimer(true, false);
  s.fastrecov = true;
  x.sb.markRetran(s.highestAck + 1);
  s.lastCwndAction = CwndAction.dupack;
  s.slowdown('half');
  s.fastRetransmits++;
  s.phase = 'fast-recovery';
  s.rule('reno.fast-retransmit');
  s.output(s.lastAck + 1);
}
