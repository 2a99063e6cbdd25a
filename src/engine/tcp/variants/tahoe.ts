import { variantReasons } from '../../trace/reasons';
import { AIMD } from '../congestion';
import { basicWindow, defineTcpVariant, noState } from '../variant';

/** Tahoe's own reason codes (the reason catalog's entries for its rules). */
export const TAHOE_REASONS = variantReasons({
  'tahoe.fast-retransmit': {
    label: 'fast retransmit (Tahoe)',
    template:
      '{dupack}: Tahoe fast-retransmits {packets}, ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → 1 and goes back to {ack1} (go-back-N).',
    source: 'RFC 2001 §3 (fast retransmit), Fall & Floyd 1996 §3 (Tahoe slow-starts after it)',
    significant: true,
  },
});

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
  recovery: 'go-back-n',
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
        // RFC 2001 §3: ssthresh = window/2, cwnd = 1, go back to highest_ack + 1 (the send
        // loop then retransmits from there).
        s.fastRetransmit({
          recover: s.maxseq,
          cwnd: 'one',
          timer: 'go-back',
          fastrecov: false,
          retransmit: null,
          phase: 'slow-start',
          rule: TAHOE_REASONS['tahoe.fast-retransmit'],
        });
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
