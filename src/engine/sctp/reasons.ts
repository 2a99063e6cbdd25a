import { registerReasons, type ReasonEntry } from '../trace/reasons';
import { SCTP_VARIANT_LIST } from './variants';

/**
 * The SCTP entries of the reason catalog (codes `sctp.*`). Windows are recorded in MTUs (bytes /
 * MTU) and said in bytes with the MTUs beside them: {bytes.cwnd} "7 500 bytes (7.5 MTUs)",
 * {change.ssthresh} "65 536 → 7 500 bytes (7.5 MTUs)" (explain.ts); {partialBytesAcked} is in
 * bytes. {ack} is the SACK's Cumulative TSN Ack, {ack1} the first missing TSN and {nth} its
 * missing-report count; {sackFor} names the SACK in the papers' terms ("5th duplicate SACK for
 * TSN 28"), {htna} says when a SACK advancing the Cumulative TSN Ack is not a missing report
 * for the next hole.
 */
const ALL: readonly string[] = SCTP_VARIANT_LIST.map((v) => v.id);
/** The variants with New-Reno fast recovery (SctpVariant.fastRecovery). */
const NEWRENO: readonly string[] = SCTP_VARIANT_LIST.filter((v) => v.fastRecovery).map((v) => v.id);

export const SCTP_REASONS = {
  'sctp.init': {
    label: 'INIT',
    template: 'The association starts: the sender sends INIT (4-way handshake).',
    source: 'RFC 2960 §5.1 (association initialization)',
    variants: ALL,
    significant: true,
  },
  'sctp.cookie-echo': {
    label: 'COOKIE-ECHO',
    template: 'INIT-ACK received: the sender echoes the state cookie (COOKIE-ECHO).',
    source: 'RFC 2960 §5.1 step C',
    variants: ALL,
    significant: false,
  },
  'sctp.established': {
    label: 'established',
    template:
      'COOKIE-ACK received: the association is established; the sender confirms the path with a HEARTBEAT before sending data.',
    source: 'RFC 2960 §5.1 step E; RFC 4960 §5.4 (path verification, as ns-2.35 does it)',
    variants: ALL,
    significant: true,
  },
  'sctp.start': {
    label: 'start',
    template: 'Data transfer starts with cwnd {bytes.cwnd}: sends {packets}.',
    source:
      'RFC 2960 §7.2.1 (initial cwnd at most 2·MTU); RFC 4960 §7.2.1 (min(4·MTU, max(2·MTU, 4380 bytes)))',
    variants: ALL,
    significant: true,
  },
  'sctp.start-window': {
    label: 'start',
    template:
      "Data transfer starts with the scenario's initial cwnd, {bytes.cwnd}, more than the RFCs allow: sends {packets}.",
    source:
      "the scenario's initial cwnd; RFC 2960 §7.2.1 allows at most 2·MTU, RFC 4960 §7.2.1 min(4·MTU, max(2·MTU, 4380 bytes))",
    variants: ALL,
    // Like sctp.start, not a stop for 'next significant' (the start is the first row anyway).
    significant: false,
  },
  'sctp.slow-start': {
    label: 'slow start',
    template:
      'SACK advances the Cumulative TSN Ack to {ack} with the full cwnd in use: slow start, cwnd {change.cwnd} (+ min(newly acked bytes, MTU)); sends {packets}{htna}.',
    source: 'RFC 2960 §7.2.1 (slow start while cwnd ≤ ssthresh); Caro et al. §2.1',
    variants: ALL,
    significant: false,
  },
  'sctp.window-not-full': {
    label: 'cwnd not full',
    template:
      'SACK advances the Cumulative TSN Ack to {ack}, but the full cwnd ({bytes.cwnd}) was not in use, so cwnd does not grow; sends {packets}{htna}.',
    source: 'RFC 2960 §7.2.1 (increase only if cwnd is fully used); Caro et al. §2.1',
    variants: ALL,
    significant: false,
  },
  'sctp.congestion-avoidance': {
    label: 'congestion avoidance',
    template:
      'SACK for {ack} in congestion avoidance: partial_bytes_acked {old.partialBytesAcked} → {new.partialBytesAcked} bytes, below cwnd, so cwnd stays {bytes.cwnd}; sends {packets}{htna}.',
    source: 'RFC 2960 §7.2.2 (partial_bytes_acked); Caro et al. §2.1',
    variants: ALL,
    significant: false,
  },
  'sctp.congestion-avoidance-increase': {
    label: 'congestion avoidance +1 MTU',
    template:
      'SACK for {ack}: partial_bytes_acked reached cwnd with the full cwnd in use, so cwnd {change.cwnd} (+1 MTU) and partial_bytes_acked → {new.partialBytesAcked} bytes; sends {packets}{htna}.',
    source: 'RFC 2960 §7.2.2 (one MTU per cwnd of acked data); Caro et al. §2.1',
    variants: ALL,
    significant: false,
  },
  'sctp.missing-report': {
    label: 'missing report',
    template:
      '{sackFor}, {missingReport} for TSN {ack1}: the newly gap-acked chunks no longer count as outstanding, so with cwnd {bytes.cwnd} the sender sends {packets}; {bytes.flightsize} outstanding after it.',
    source:
      "RFC 2960 §7.2.4 (missing reports, HTNA per the Implementer's Guide) and §6.1 B (send while outstanding < cwnd); Caro et al. §2.1",
    variants: ALL,
    significant: false,
  },
  'sctp.fast-retransmit': {
    label: 'fast retransmit',
    template:
      '{sackFor}, the {nth} missing report for TSN {retransmitted} (threshold {threshold}): fast retransmit of {retransmitted} at once, outside cwnd; ssthresh {change.ssthresh}, cwnd {change.cwnd} (no fast recovery in RFC 2960); then sends {others}.',
    source:
      'RFC 2960 §7.2.4 (fast retransmit) and §7.2.3 (ssthresh = max(cwnd/2, 2·MTU), cwnd = ssthresh); Caro et al. §2.1, §4.1',
    variants: ['sctp-2960'],
    significant: true,
  },
  'sctp.fast-recovery': {
    label: 'fast retransmit, enter fast recovery',
    template:
      '{sackFor}, the {nth} missing report for TSN {retransmitted} (threshold {threshold}): fast retransmit of {retransmitted} at once, outside cwnd; ssthresh {change.ssthresh}, cwnd {change.cwnd}, and fast recovery lasts until TSN {recover} is acked; then sends {others}.',
    source: 'Caro et al. §2.2 (New-Reno SCTP recover point); RFC 4960 §7.2.4 and §7.2.3',
    variants: NEWRENO,
    significant: true,
  },
  'sctp.fast-retransmit-in-recovery': {
    label: 'fast retransmit in recovery',
    template:
      '{sackFor}, the {nth} missing report for TSN {retransmitted} (threshold {threshold}), inside fast recovery (recover = {recover}): fast retransmit of {retransmitted} at once without another cwnd cut (cwnd stays {bytes.cwnd}); then sends {others}.',
    source: 'Caro et al. §2.2 (one cwnd reduction per window); RFC 4960 §7.2.4',
    variants: NEWRENO,
    significant: true,
  },
  'sctp.fast-retransmit-htna': {
    label: 'fast retransmit (modified HTNA)',
    template:
      'SACK advances the Cumulative TSN Ack to {ack} inside fast recovery: the modified HTNA rule counts a missing report for every TSN below the highest one reported, so {retransmitted} reaches {threshold} and is fast-retransmitted at once, without another cwnd cut (cwnd stays {bytes.cwnd}); then sends {others}.',
    source: 'Caro et al. §2.2 (modified HTNA) and §4.2',
    variants: NEWRENO,
    significant: true,
  },
  'sctp.recovery-ack': {
    label: 'partial ack in recovery',
    template:
      'SACK advances the Cumulative TSN Ack to {ack}, still below recover = {recover}: New-Reno SCTP does not grow cwnd inside fast recovery (cwnd stays {bytes.cwnd}); sends {packets}.',
    source: 'Caro et al. §2.2 (no cwnd growth on partial acks); RFC 4960 §7.2.2',
    variants: NEWRENO,
    significant: false,
  },
  'sctp.exit-recovery': {
    label: 'exit fast recovery',
    template:
      'SACK acknowledges everything up to {ack}, at or past recover = {recover}: fast recovery ends and cwnd follows the normal rules again (cwnd {change.cwnd}); sends {packets}.',
    source: 'Caro et al. §2.2 (fast recovery exits when recover is acked); RFC 4960 §7.2.4',
    variants: NEWRENO,
    significant: true,
  },
  'sctp.retransmit-marked': {
    label: 'retransmit marked chunks',
    template:
      'SACK for {ack}: chunks marked for retransmission go first, as far as cwnd {bytes.cwnd} allows: sends {packets}.',
    source: 'RFC 2960 §6.1 C (marked chunks before new data) and §7.2.4',
    variants: ALL,
    significant: false,
  },
  'sctp.sack': {
    label: 'SACK',
    template: 'SACK for {ack}: no window change; sends {packets}{htna}.',
    source: 'RFC 2960 §6.2.1 (processing a SACK)',
    variants: ALL,
    significant: false,
  },
  'sctp.rto': {
    label: 'T3-rtx timeout',
    template:
      'T3-rtx timer expired: ssthresh {change.ssthresh}, cwnd {change.cwnd}, RTO doubled to {rto} s; every outstanding chunk is marked for retransmission and {packets} is resent.',
    source: 'RFC 2960 §6.3.3 (T3-rtx expiry) and §7.2.3',
    variants: ALL,
    significant: true,
  },
  'sctp.cwnd-degrade': {
    label: 'idle cwnd decay',
    template: 'Nothing was sent for an RTO: cwnd {change.cwnd}.',
    source: 'RFC 2960 §7.2.1 (cwnd adjusted when a path is idle; ns-2.35 CwndDegradeTimer)',
    variants: ALL,
    significant: false,
  },
  'sctp.app-send': {
    label: 'application data',
    template: 'The application offers more data: sends {packets}.',
    source:
      'RFC 4960 §6.1 (data from the upper layer is sent as cwnd and rwnd allow); ns-2 sctp.cc sendmsg → SendMuch',
    variants: ALL,
    significant: false,
  },
  'sctp.app-limited': {
    label: 'application-limited',
    template:
      'SACK for {ack}: every TSN the application offered is acknowledged and it has offered nothing more, so nothing is sent (application-limited); cwnd {bytes.cwnd}.',
    source:
      'RFC 4960 §7.2.1 (a sender that does not use its cwnd; the idle cwnd decay follows per RTO); ns-2 SendMuch (sAppLayerBuffer empty)',
    variants: ALL,
    significant: false,
  },
  'sctp.shutdown': {
    label: 'SHUTDOWN',
    template:
      'Transfer complete: all {ack} TSNs acknowledged at {time} s; SHUTDOWN sent, T3-rtx stops and T2-shutdown starts.',
    source: 'RFC 4960 §9.2 (SHUTDOWN once all outstanding data is acknowledged)',
    variants: ALL,
    significant: true,
  },
  'sctp.shutdown-rtx': {
    label: 'SHUTDOWN retransmitted',
    template:
      'T2-shutdown expired without a SHUTDOWN-ACK: SHUTDOWN sent again, RTO backed off to {new.rto} s.',
    source: 'RFC 4960 §9.2 (T2-shutdown timer), §6.3.3 E2 (back off the RTO)',
    variants: ALL,
    significant: true,
  },
  'sctp.shutdown-complete': {
    label: 'SHUTDOWN-COMPLETE',
    template:
      'SHUTDOWN-ACK received at {time} s: the sender sends SHUTDOWN-COMPLETE; the association is closed.',
    source: 'RFC 4960 §9.2 (SHUTDOWN-ACK → SHUTDOWN-COMPLETE, CLOSED)',
    variants: ALL,
    significant: true,
  },
  'sctp.path-inactive': {
    label: 'path inactive',
    template:
      'T3-rtx timer expired on a destination whose error counter now exceeds Path.Max.Retrans: the path is inactive, new data fails over to another active path; ssthresh {change.ssthresh}, cwnd {change.cwnd}, RTO doubled to {rto} s; {packets} is resent to an alternate path.',
    source: 'RFC 4960 §8.2 (Path.Max.Retrans), §6.4.1 (failover), §6.3.3 (T3-rtx expiry)',
    variants: ALL,
    significant: true,
  },
  'sctp.heartbeat-ack': {
    label: 'HEARTBEAT-ACK',
    template:
      'HEARTBEAT-ACK received: an RTT sample for its path, whose error counter is cleared (an inactive path is active again; new data returns to the primary when it is the primary); sends {packets}.',
    source: 'RFC 4960 §8.3 (HEARTBEAT-ACK), §8.2 (error counter cleared)',
    variants: ALL,
    significant: true,
  },
  'sctp.abort': {
    label: 'association aborted',
    template: 'Too many consecutive timeouts: the association is closed.',
    source: 'RFC 2960 §8.1 (Association.Max.Retrans)',
    variants: ALL,
    significant: true,
  },
  'sctp.pr-abandon': {
    label: 'PR-SCTP abandon',
    template:
      'The application offered more, but messages waiting to be sent had outlived their lifetime: PR-SCTP abandons them unsent (no retransmission, skipped with FORWARD-TSN).',
    source: 'RFC 3758 §4.1 TR3 (timed reliability), §3.5 A2',
    variants: ALL,
    significant: true,
  },
  'sctp.forward-tsn': {
    label: 'FORWARD-TSN',
    template:
      'SACK for TSN {ack}: abandoned chunks (PR-SCTP) follow it, so the Advanced.Peer.Ack.Point passes the Cumulative TSN Ack and a FORWARD-TSN tells the receiver to move its cumulative TSN forward.',
    source: 'RFC 3758 §3.5 C1–C3 (Advanced.Peer.Ack.Point), §3.2 (FORWARD TSN)',
    variants: ALL,
    significant: true,
  },
} as const satisfies Record<string, ReasonEntry>;

export type SctpReasonCode = keyof typeof SCTP_REASONS;

registerReasons(SCTP_REASONS);
