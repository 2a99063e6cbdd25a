import { AIMD } from '../congestion';
import { CwndAction, type AckInfo, type TcpSender } from '../sender';
import { variantReasons } from '../../trace/reasons';
import { defineTcpVariant } from '../variant';
import { RENO_REASONS, reno, renoEntry, renoWindow, renoWindowd } from './reno';

/** NewReno's own reason codes (the reason catalog's entries for its rules). */
export const NEWRENO_REASONS = variantReasons({
  'newreno.partial-ack': {
    label: 'partial ACK',
    template:
      'Partial ACK for {ack} (recover = {recover}): NewReno retransmits {retransmitted} at once and stays in fast recovery, window deflated to cwnd = {cwnd}; then sends {others}.',
    source: 'RFC 2582 §3 step 5 (partial acknowledgment); Fall & Floyd 1996 §4',
    significant: true,
  },
  'newreno.partial-ack-deflate': {
    label: 'partial ACK',
    template:
      'Partial ACK for {ack} (recover = {recover}): NewReno retransmits {retransmitted} at once and stays in fast recovery, the window deflated by the packets just acked less one (cwnd {cwnd} plus what is left of the inflation); then sends {others}.',
    source:
      'RFC 2582 §3 step 5 (deflate by the new data acknowledged, add back one segment); ns-2 tcp-newreno.cc partialnewack (partial_window_deflation_)',
    significant: true,
  },
  'newreno.exit-recovery': {
    label: 'exit fast recovery',
    template:
      'ACK for {ack} covers recover = {recover}: NewReno leaves fast recovery, cwnd = ssthresh = {old.cwnd} then grows to {new.cwnd}; sends {packets}.',
    source: 'RFC 2582 §3 step 5 (full acknowledgment ends fast recovery)',
    significant: true,
  },
});

/** NewReno's own state. */
interface NewRenoState {
  /** ns-2 NewRenoTcpAgent::firstpartial_: a partial ACK of this recovery restarted the timer. */
  firstPartial: boolean;
}

/**
 * RFC 2582 §3 step 5, a partial ACK, as ns-2 NewRenoTcpAgent::partialnewack_helper: restart the
 * retransmission timer (the Impatient variant of §4 only on the first partial ACK), deflate the
 * window (by the new data acked less one with partial window deflation, else entirely), then
 * retransmit the first unacknowledged packet.
 */
function partialAck(s: TcpSender, ack: AckInfo, x: NewRenoState): void {
  const cfg = s.cfg;
  if (!cfg.newrenoPartialWindowDeflation) s.dupwnd = 0;
  if (!cfg.newrenoImpatient || !x.firstPartial) {
    x.firstPartial = true;
    s.newtimer(ack.seqno);
  }
  if (cfg.newrenoPartialWindowDeflation) {
    // ns-2 partialnewack: deflate by the packets newly acked, add back one (dupwnd_ unsigned).
    const deflate = ack.seqno - s.lastAck;
    if (s.dupwnd > deflate) {
      s.dupwnd -= deflate - 1;
    } else {
      s.cwnd -= deflate - s.dupwnd;
      s.dupwnd = 1; // > 0 flags fast recovery
    }
    if (s.cwnd < 1) s.cwnd = 1;
    s.rule(NEWRENO_REASONS['newreno.partial-ack-deflate']);
  } else {
    s.rule(NEWRENO_REASONS['newreno.partial-ack']);
  }
  s.lastAck = ack.seqno;
  s.highestAck = ack.seqno;
  if (s.tSeqno < s.lastAck + 1) s.tSeqno = s.lastAck + 1;
  if (s.rttActive && ack.seqno >= s.rttSeq) {
    s.rttActive = false;
    s.rttEst.backoff = 1;
  }
  s.output(s.lastAck + 1);
}

/**
 * NewReno as in ns-2's Agent/TCP/Newreno: a partial ACK (below recover) retransmits the next hole
 * at once, deflates the window, restarts the retransmission timer and keeps the sender in fast
 * recovery (the dupack count is not reset); while in recovery at most 2 packets leave per ACK; an
 * ACK ≥ recover ends recovery with cwnd = ssthresh and normal growth. The Fall & Floyd suite
 * (our default) removes the whole inflation and restarts the timer on every partial ACK
 * (partial_window_deflation_ 0, newreno_changes1_ 0); ns-2.35's defaults deflate partially and
 * restart it on the first partial ACK only (FlowConfig newrenoPartialWindowDeflation,
 * newrenoImpatient). RFC 2582 §3–4; Fall & Floyd 1996 §4.
 */
export const newreno = defineTcpVariant({
  id: 'newreno',
  meta: {
    label: 'NewReno TCP',
    name: 'NewReno',
    color: '#D55E00',
    dash: '9 4',
    frtx: 3,
    frtxSource: 'RFC 2582 §3',
    windowInflation: true,
  },
  sack: false,
  recovery: 'newreno',
  congestion: AIMD,
  window: renoWindow,
  windowd: renoWindowd,
  init: (): NewRenoState => ({ firstPartial: false }),
  onAck(s, ack, x) {
    const thr = s.cfg.dupackThreshold;
    if (ack.seqno > s.lastAck) {
      if (ack.seqno >= s.recover || s.lastCwndAction !== CwndAction.dupack) {
        const exiting = s.lastCwndAction === CwndAction.dupack;
        if (s.dupwnd > 0) {
          s.dupwnd = 0;
          if (s.lastCwndAction === CwndAction.dupack) s.lastCwndAction = CwndAction.exited;
        }
        x.firstPartial = false;
        s.newack(ack);
        if (exiting) s.exitRecovery(NEWRENO_REASONS['newreno.exit-recovery']);
        else s.opencwnd();
        s.delayGrowthCheck();
      } else {
        partialAck(s, ack, x);
      }
    } else if (ack.seqno === s.lastAck) {
      if (++s.dupacks === thr) {
        s.fastRetransmit(renoEntry(s));
      } else if (s.dupacks > thr && s.lastCwndAction === CwndAction.dupack) {
        ++s.dupwnd;
        s.rule(RENO_REASONS['reno.inflate']);
      } else if (s.dupacks < thr) {
        s.smallDupack();
      } else {
        s.rule('tcp.dupack-beyond-threshold');
      }
    }
    if (ack.seqno >= s.lastAck) {
      if (s.dupacks === 0) this.sendMuch(s, false, s.cfg.maxburst, x);
      else if (s.dupacks > thr - 1) this.sendMuch(s, false, 2, x);
    }
  },
  onTimeout(s) {
    reno.onTimeout(s, null);
  },
  sendMuch(s, _force, maxburst) {
    s.sendMuchBasic(maxburst);
  },
});
