import type { SctpSenderId } from '../config';
import { rfc4960InitialCwnd, type SctpVariant } from './variant';

/**
 * Original SCTP as Caro et al. study it (RFC 2960 with the Implementer's Guide): 4 missing
 * reports with the original HTNA rule, no fast recovery (every fast retransmit halves cwnd),
 * ssthresh floor 2·MTU. Caro et al. §2.1.
 */
export const sctp2960: SctpVariant = {
  id: 'sctp-2960',
  name: 'Original SCTP (RFC 2960)',
  fastRecovery: false,
  modifiedHtna: false,
  ssthreshFloorMtus: 2,
  slowStartAtEqual: true,
  defaults: { missingReports: 4, initialCwndBytes: (mtu) => 2 * mtu },
};

/**
 * New-Reno SCTP (Caro et al. §2.2): a recover point, no cwnd cut or growth inside fast
 * recovery, the modified HTNA rule; 4 missing reports. This is what ns-2.35's Agent/SCTP
 * implements (with fastRtxTrigger_ 4), including its 4·MTU ssthresh floor.
 */
export const sctpNewReno: SctpVariant = {
  id: 'sctp-newreno',
  name: 'New-Reno SCTP',
  fastRecovery: true,
  modifiedHtna: true,
  ssthreshFloorMtus: 4,
  slowStartAtEqual: true,
  defaults: { missingReports: 4, initialCwndBytes: rfc4960InitialCwnd },
};

/** New-Reno SCTP* (Caro et al. §5): New-Reno SCTP with congestion avoidance at cwnd == ssthresh. */
export const sctpNewRenoCa: SctpVariant = {
  ...sctpNewReno,
  id: 'sctp-newreno-ca',
  name: 'New-Reno SCTP*',
  slowStartAtEqual: false,
};

/**
 * RFC 4960: New-Reno SCTP's fast recovery and HTNA, 3 missing reports, ssthresh floor 4·MTU,
 * initial cwnd min(4·MTU, max(2·MTU, 4380)) (RFC 4960 §7.2.1, §7.2.3, §7.2.4).
 */
export const sctp4960: SctpVariant = {
  ...sctpNewReno,
  id: 'sctp-4960',
  name: 'SCTP (RFC 4960)',
  defaults: { missingReports: 3, initialCwndBytes: rfc4960InitialCwnd },
};

export const SCTP_VARIANTS: Record<SctpSenderId, SctpVariant> = {
  'sctp-2960': sctp2960,
  'sctp-newreno': sctpNewReno,
  'sctp-newreno-ca': sctpNewRenoCa,
  'sctp-4960': sctp4960,
};
