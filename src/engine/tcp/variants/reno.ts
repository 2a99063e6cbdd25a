import { AIMD } from '../congestion';
import type { RecoveryEntry } from '../recovery';
import { CwndAction, type TcpSender } from '../sender';
import { variantReasons } from '../../trace/reasons';
import { defineTcpVariant, noState } from '../variant';

/** Reno's own reason codes (the reason catalog's entries for its rules). */
export const RENO_REASONS = variantReasons({
  'reno.fast-retransmit': {
    label: 'fast retransmit',
    template:
      '{dupack}: fast retransmit of {packets}; ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → {new.cwnd} + {dupacks} inflation.',
    source: 'RFC 2581 §3.2 steps 1–2 (ssthresh = flightsize/2, cwnd = ssthresh + 3)',
    significant: true,
  },
  'reno.inflate': {
    label: 'window inflation',
    template:
      '{dupack}: another packet has left the network, so fast recovery inflates the window by one beyond cwnd = {cwnd}; {windowCheck}.',
    source: 'RFC 2581 §3.2 step 3 (cwnd + 1 per further duplicate ACK)',
    significant: false,
  },
  'reno.exit-recovery': {
    label: 'exit fast recovery',
    template:
      'New ACK for {ack}: Reno leaves fast recovery (window deflated to cwnd = {old.cwnd}), then grows cwnd to {new.cwnd}; sends {packets}.',
    source: 'RFC 2581 §3.2 step 5 (deflate to ssthresh on the next new ACK)',
    significant: true,
  },
});

/** ns-2 RenoTcpAgent::window(): ⌊cwnd⌋ + dupwnd (window inflation), capped at wnd. */
export function renoWindow(s: TcpSender): number {
  let win = Math.trunc(s.cwnd) + s.dupwnd;
  if (win > Math.trunc(s.wnd)) win = Math.trunc(s.wnd);
  return win;
}

/** ns-2 RenoTcpAgent::windowd(): cwnd + dupwnd unrounded, capped at wnd. */
export function renoWindowd(s: TcpSender): number {
  const win = s.cwnd + s.dupwnd;
  return win > s.wnd ? s.wnd : win;
}

/**
 * Reno fast retransmit (RFC 2581 §3.2 steps 1–2): recover = highest sent, ssthresh and cwnd cut
 * (ns-2: ⌊window/2⌋), retransmit highest_ack + 1, inflate by the 3 duplicate ACKs. Shared by
 * Reno and NewReno.
 */
export function renoEntry(s: TcpSender): RecoveryEntry {
  return {
    recover: s.maxseq,
    cwnd: 'cut',
    timer: 'mild',
    fastrecov: false,
    retransmit: s.lastAck + 1,
    dupwnd: s.cfg.dupackThreshold,
    phase: 'fast-recovery',
    rule: RENO_REASONS['reno.fast-retransmit'],
  };
}

/**
 * Reno (ns-2 Agent/TCP/Reno): fast retransmit and fast recovery with window inflation; any new
 * ACK, partial or not, ends recovery and runs normal window growth once. Duplicate ACKs 1–2
 * send nothing. RFC 2581 §3.2; Fall & Floyd 1996 §3.
 */
export const reno = defineTcpVariant({
  id: 'reno',
  meta: {
    label: 'Reno TCP',
    name: 'Reno',
    color: '#0072B2',
    dash: '',
    frtx: 3,
    frtxSource: 'RFC 2581 §3.2',
    windowInflation: true,
  },
  sack: false,
  recovery: 'reno',
  congestion: AIMD,
  init: noState,
  window: renoWindow,
  windowd: renoWindowd,
  onAck(s, ack, x) {
    const thr = s.cfg.dupackThreshold;
    if (ack.seqno > s.lastAck) {
      const exiting = s.lastCwndAction === CwndAction.dupack;
      if (s.lastCwndAction === CwndAction.dupack) s.lastCwndAction = CwndAction.exited;
      s.dupwnd = 0;
      s.newack(ack);
      if (exiting) s.exitRecovery(RENO_REASONS['reno.exit-recovery']);
      else s.opencwnd();
      s.delayGrowthCheck();
    } else if (ack.seqno === s.lastAck) {
      if (++s.dupacks === thr) {
        // Reno may fast-retransmit again during its own fast recovery (bugfix rule's `allowed`).
        s.fastRetransmit(renoEntry(s), s.lastCwndAction === CwndAction.dupack);
      } else if (s.dupacks > thr && s.lastCwndAction === CwndAction.dupack) {
        ++s.dupwnd;
        s.rule(RENO_REASONS['reno.inflate']);
      } else if (s.dupacks < thr) {
        s.smallDupack();
      } else {
        s.rule('tcp.dupack-beyond-threshold');
      }
    }
    if (ack.seqno >= s.lastAck && (s.dupacks === 0 || s.dupacks > thr - 1)) {
      this.sendMuch(s, false, s.cfg.maxburst, x);
    }
  },
  onTimeout(s) {
    s.dupwnd = 0;
    s.dupacks = 0;
    if (s.cfg.bugfix) s.recover = s.maxseq;
    s.baseTimeout();
  },
  sendMuch(s, _force, maxburst) {
    s.sendMuchBasic(maxburst);
  },
});
