import type { TcpRuleCode } from '../trace/reasons';
import type { Phase } from '../trace/types';

/**
 * What a fast retransmit does, as values: a variant's `enter` op returns one and the sender
 * shell applies it in ns-2's order (TcpSender.fastRetransmit): recover, pipe, the window cut of
 * the congestion ops, the timer, fast recovery, the retransmission, the inflation. Tahoe, Reno,
 * NewReno, SACK (and CUBIC over it) and FACK differ only in these values (ns-2 tcp.cc
 * dupack_action, tcp-sack1.cc and tcp-fack.cc recv). Seqnos 0-based, windows in packets.
 */
export interface RecoveryEntry {
  /** recover_: where this recovery ends (Reno family, SACK: maxseq_; FACK: t_seqno_). */
  recover: number;
  /** cwnd after the cut: the congestion ops' reduced window ('cut') or 1 ('one': Tahoe, FACK). */
  cwnd: 'cut' | 'one';
  /**
   * The retransmission timer: restarted, keeping t_seqno ('mild', ns-2 reset_rtx_timer(1, 0)),
   * or restarted with t_seqno back at highest_ack + 1 (go-back-N, Tahoe: reset_rtx_timer(0, 0)).
   */
  timer: 'mild' | 'go-back';
  /** SACK's pipe_ from now on, or undefined when the variant keeps no pipe here. */
  pipe?: number;
  /** Enter SACK / FACK fast recovery (fastrecov_). */
  fastrecov: boolean;
  /** The seqno retransmitted now, or null (Tahoe resends from the go-back point as it sends). */
  retransmit: number | null;
  /** Window inflation (dupwnd_) after the retransmission, or undefined (unchanged). */
  dupwnd?: number;
  phase: Phase;
  /** The rule that names it (the congestion ops may name their own cut: CongestionOps.cutRule). */
  rule: TcpRuleCode;
}
