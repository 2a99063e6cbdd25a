import { SCTP_SENDERS, type SctpSenderId } from '../sender-ids';
import { sctpWindowOps } from './congestion';
import { defineSctpVariant, rfc4960InitialCwnd, type SctpVariant } from './variant';

/**
 * The SCTP variant registry: one object per variant with its rules and its identity (`meta`),
 * and the registry below, keyed by the SCTP ids of sender-ids.ts. The app's picker, labels and
 * compare colours (src/scenarios/variants.ts) read it through senders.ts. SCTP variants
 * reuse the TCP palette with their own dashes (and are always labelled).
 */

/**
 * Original SCTP as Caro et al. study it (RFC 2960 with the Implementer's Guide): 4 missing
 * reports with the original HTNA rule, no fast recovery (every fast retransmit halves cwnd),
 * ssthresh floor 2·MTU. Caro et al. §2.1.
 */
export const sctp2960 = defineSctpVariant({
  id: 'sctp-2960',
  meta: {
    label: 'Original SCTP (RFC 2960)',
    name: 'SCTP (RFC 2960)',
    color: 'var(--fg)',
    dash: '1 3',
    frtx: 4,
    frtxSource: 'RFC 2960 §7.2.4',
  },
  fastRecovery: false,
  modifiedHtna: false,
  congestion: sctpWindowOps('sctp-2960', { ssthreshFloorMtus: 2, slowStartAtEqual: true }),
  defaults: { missingReports: 4, initialCwndBytes: (mtu) => 2 * mtu },
});

/**
 * New-Reno SCTP (Caro et al. §2.2): a recover point, no cwnd cut or growth inside fast
 * recovery, the modified HTNA rule; 4 missing reports. This is what ns-2.35's Agent/SCTP
 * implements (with fastRtxTrigger_ 4), including its 4·MTU ssthresh floor.
 */
export const sctpNewReno = defineSctpVariant({
  id: 'sctp-newreno',
  meta: {
    label: 'New-Reno SCTP',
    name: 'New-Reno SCTP',
    color: '#CC79A7',
    dash: '8 3',
    frtx: 4,
    frtxSource: 'Caro et al. 2003 §2.1',
  },
  fastRecovery: true,
  modifiedHtna: true,
  congestion: sctpWindowOps('sctp-newreno', { ssthreshFloorMtus: 4, slowStartAtEqual: true }),
  defaults: { missingReports: 4, initialCwndBytes: rfc4960InitialCwnd },
});

/** New-Reno SCTP* (Caro et al. §5): New-Reno SCTP with congestion avoidance at cwnd == ssthresh. */
export const sctpNewRenoCa = defineSctpVariant({
  ...sctpNewReno,
  id: 'sctp-newreno-ca',
  meta: {
    label: 'New-Reno SCTP* (CA at cwnd = ssthresh)',
    name: 'New-Reno SCTP*',
    color: '#0072B2',
    dash: '2 2 8 2',
    frtx: 4,
    frtxSource: 'Caro et al. 2003 §2.1, §5',
  },
  congestion: sctpWindowOps('sctp-newreno-ca', { ssthreshFloorMtus: 4, slowStartAtEqual: false }),
});

/**
 * RFC 4960: New-Reno SCTP's fast recovery and HTNA, 3 missing reports, ssthresh floor 4·MTU,
 * initial cwnd min(4·MTU, max(2·MTU, 4380)) (RFC 4960 §7.2.1, §7.2.3, §7.2.4).
 */
export const sctp4960 = defineSctpVariant({
  ...sctpNewReno,
  id: 'sctp-4960',
  meta: {
    label: 'SCTP (RFC 4960)',
    name: 'SCTP (RFC 4960)',
    color: '#009E73',
    dash: '10 3 2 3 2 3',
    frtx: 3,
    frtxSource: 'RFC 4960 §7.2.4',
  },
  congestion: sctpWindowOps('sctp-4960', { ssthreshFloorMtus: 4, slowStartAtEqual: true }),
  defaults: { missingReports: 3, initialCwndBytes: rfc4960InitialCwnd },
});

/**
 * The registry, keyed by the SCTP ids of sender-ids.ts (`satisfies`: an id without its variant
 * does not compile): RFC 2960, New-Reno SCTP, New-Reno SCTP*, RFC 4960.
 */
export const SCTP_VARIANTS = {
  'sctp-2960': sctp2960,
  'sctp-newreno': sctpNewReno,
  'sctp-newreno-ca': sctpNewRenoCa,
  'sctp-4960': sctp4960,
} as const satisfies { readonly [K in SctpSenderId]: SctpVariant<K> };

/** The variants in picker order (sender-ids.ts). */
export const SCTP_VARIANT_LIST: readonly SctpVariant[] = SCTP_SENDERS.map(
  (id) => SCTP_VARIANTS[id],
);

export type { SctpSenderId };
