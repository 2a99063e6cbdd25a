/**
 * The sender variants a scenario can name, with the labels the UI shows and the defaults that
 * depend on the sender.
 */
import { SCTP_SENDERS, TCP_SENDERS, isTcpSender, type SenderId } from '../engine';

/** Every sender id, TCP first, in the order a picker lists them. */
export const SENDER_IDS: readonly SenderId[] = [...TCP_SENDERS, ...SCTP_SENDERS];

/** Display names (the papers' spelling). */
export const SENDER_LABELS: Readonly<Record<SenderId, string>> = {
  tahoe: 'Tahoe TCP',
  reno: 'Reno TCP',
  newreno: 'NewReno TCP',
  sack: 'SACK TCP',
  fack: 'FACK TCP',
  'sctp-2960': 'Original SCTP (RFC 2960)',
  'sctp-newreno': 'New-Reno SCTP',
  'sctp-newreno-ca': 'New-Reno SCTP* (CA at cwnd = ssthresh)',
  'sctp-4960': 'SCTP (RFC 4960)',
};

export function isSenderId(s: string): s is SenderId {
  return (SENDER_IDS as readonly string[]).includes(s);
}

export function protocolOf(sender: SenderId): 'tcp' | 'sctp' {
  return isTcpSender(sender) ? 'tcp' : 'sctp';
}

/**
 * Duplicate ACKs / missing reports that trigger fast retransmit when the scenario leaves `frtx`
 * to the sender: 3 for TCP (RFC 2581 §3.2); 4 for Original and New-Reno SCTP (RFC 2960 §7.2.4,
 * Caro et al. 2003 §2.1); 3 for RFC 4960 SCTP (RFC 4960 §7.2.4).
 */
export function defaultFrtx(sender: SenderId): number {
  switch (sender) {
    case 'sctp-2960':
    case 'sctp-newreno':
    case 'sctp-newreno-ca':
      return 4;
    default:
      return 3;
  }
}

/** The fast-retransmit threshold a flow with this sender uses: the scenario's frtx, or the sender default. */
export function effectiveFrtx(sender: SenderId, frtx: number | null): number {
  return frtx ?? defaultFrtx(sender);
}
