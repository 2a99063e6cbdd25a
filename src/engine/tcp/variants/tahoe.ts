import { AIMD } from '../congestion';
import { CwndAction } from '../sender';
import { basicWindow, defineTcpVariant, noState } from '../variant';

/**
 * Tahoe (ns-2 Agent/TCP): fast retransmit on the 3rd duplicate ACK, then cwnd = 1 and slow
 * start from highest_ack + 1 (go-back-N: packets the receiver already holds are sent again).
 * RFC 2001 §3; Fall & Floyd 1996 §3.
 */
export const tahoe = defineTcpVariant({
  id: 'tahoe',
  meta: {
    label: 'Tahoe TCP',
    name: 'Tahoe',
    color: '#A56A00',
    dash: '2 4',
    frtx: 3,
    frtxSource: 'RFC 2581 §3.2',
  },
  sack: false,
  congestion: AIMD,
  init: noState,
  window: basicWindow,
  onAck(s, ack, x) {
    if (ack.seqno > s.lastAck) {
      s.newack(ack);
      s.opencwnd();
      s.delayGrowthCheck();
    } else if (ack.seqno === s.lastAck) {
      if (++s.dupacks === s.cfg.dupackThreshold) {
        if (s.fastRetransmitAllowed()) {
          // RFC 2001 §3: retransmit, ssthresh = window/2, cwnd = 1, go back to highest_ack + 1.
          s.recover = s.maxseq;
          s.lastCwndAction = CwndAction.dupack;
          s.cutOnLoss('one');
          s.resetRtxTimer(false, false);
          s.fastRetransmits++;
          s.phase = 'slow-start';
          s.rule('tahoe.fast-retransmit');
        } else {
          s.ignoreDupack();
        }
      } else if (s.dupacks < s.cfg.dupackThreshold) {
        s.smallDupack();
      } else {
        s.rule('tcp.dupack-after-retransmit');
      }
    }
    if (ack.seqno >= s.lastAck) this.sendMuch(s, false, s.cfg.maxburst, x);
  },
  onTimeout(s) {
    s.baseTimeout();
  },
  sendMuch(s, _force, maxburst) {
    s.sendMuchBasic(maxburst);
  },
});
