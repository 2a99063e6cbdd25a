import { CwndAction } from '../sender';
import type { TcpVariant } from '../variant';
import { reno, renoFastRetransmit, renoWindow } from './reno';

/**
 * NewReno as in ns-2's Agent/TCP/Newreno with the suite's defaults: a partial ACK (below
 * recover) retransmits the next hole at once, removes the window inflation, restarts the
 * retransmission timer and keeps the sender in fast recovery (the dupack count is not reset);
 * while in recovery at most 2 packets leave per ACK; an ACK ≥ recover ends recovery with
 * cwnd = ssthresh and normal growth. RFC 2582 §3; Fall & Floyd 1996 §4.
 */
export const newreno: TcpVariant = {
  id: 'newreno',
  sack: false,
  window: renoWindow,
  onAck(s, ack) {
    const thr = s.cfg.dupackThreshold;
    if (ack.seqno > s.lastAck) {
      if (ack.seqno >= s.recover || s.lastCwndAction !== CwndAction.dupack) {
        const exiting = s.lastCwndAction === CwndAction.dupack;
        if (s.dupwnd > 0) {
          s.dupwnd = 0;
          if (s.lastCwndAction === CwndAction.dupack) s.lastCwndAction = CwndAction.exited;
        }
        s.newack(ack);
        s.opencwnd();
        if (exiting) s.rule('newreno.exit-recovery');
      } else {
        // RFC 2582 §3 step 5: partial ACK — retransmit the first unacknowledged packet.
        s.dupwnd = 0;
        s.newtimer(ack.seqno);
        s.lastAck = ack.seqno;
        s.highestAck = ack.seqno;
        if (s.tSeqno < s.lastAck + 1) s.tSeqno = s.lastAck + 1;
        if (s.rttActive && ack.seqno >= s.rttSeq) {
          s.rttActive = false;
          s.tBackoff = 1;
        }
        s.rule('newreno.partial-ack');
        s.output(s.lastAck + 1);
      }
    } else if (ack.seqno === s.lastAck) {
      if (++s.dupacks === thr) {
        renoFastRetransmit(s, false);
      } else if (s.dupacks > thr && s.lastCwndAction === CwndAction.dupack) {
        ++s.dupwnd;
        s.rule('reno.inflate');
      } else if (s.dupacks < thr) {
        s.rule('tcp.dupack');
      }
    }
    if (ack.seqno >= s.lastAck) {
      if (s.dupacks === 0) this.sendMuch(s, false, s.cfg.maxburst);
      else if (s.dupacks > thr - 1) this.sendMuch(s, false, 2);
    }
  },
  onTimeout: reno.onTimeout,
  sendMuch(s, _force, maxburst) {
    s.sendMuchBasic(maxburst);
  },
};
