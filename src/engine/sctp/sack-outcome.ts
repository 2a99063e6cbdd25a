import type { SctpReasonCode } from './reasons';

/** What one SACK did to the sender (SCTP sender shell, processSack). */
export interface SackOutcome {
  newCumAck: boolean;
  /** 'cut': a fast retransmit that cut cwnd; 'no-cut': one inside recovery; 'htna': one caused
   * only by the modified HTNA rule (Caro et al. §2.2). */
  fastRetransmit: 'none' | 'cut' | 'no-cut' | 'htna';
  cwndRule: SctpReasonCode | null;
  exitedRecovery: boolean;
}

/** The rule to name for a SACK's decision, most significant first; null if none applies. */
export function sackRule(
  out: SackOutcome,
  hadBlocks: boolean,
  fastRecovery: boolean,
): SctpReasonCode | null {
  if (out.fastRetransmit === 'cut')
    return fastRecovery ? 'sctp.fast-recovery' : 'sctp.fast-retransmit';
  if (out.fastRetransmit === 'no-cut') return 'sctp.fast-retransmit-in-recovery';
  if (out.fastRetransmit === 'htna') return 'sctp.fast-retransmit-htna';
  if (out.exitedRecovery) return 'sctp.exit-recovery';
  if (out.cwndRule) return out.cwndRule;
  if (hadBlocks) return 'sctp.missing-report';
  return null;
}
