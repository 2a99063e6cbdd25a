/**
 * The note catalog: what the RFC text would do where ns-2.35 departs from it. A TCP sender under
 * ns-2's rules attaches one to a decision whose outcome the RFC would change (tcp/sender.ts:
 * cutOnLoss, cutOnRto, exitRecovery, ignoreDupack), with one number `{value}` — what the RFC
 * would set; explain.ts appends the sentence to the decision's own. An SCTP sender does the same
 * (sctp/sender.ts noteRfc), and also notes path events of a multi-homed association
 * (PathEventColumns.note: HEARTBEATs of ns-2's single timer, a HEARTBEAT-ACK from an address
 * routing chose). Placeholders as in reasons.ts, plus {value} and {value.node} (the value as
 * the name of trace node `value`, e.g. "K0").
 */
export interface NoteEntry {
  /** Short label for lists. */
  label: string;
  /** One-sentence template; {value} is the note's number. */
  template: string;
  /** RFC section and the ns-2 code that differs. */
  source: string;
}

export const RFC_NOTES = {
  'rfc.cut-flightsize': {
    label: 'RFC: ssthresh from FlightSize',
    template:
      'RFC 5681 would set ssthresh = {value} here (half the FlightSize of {flightsize} packets); ns-2.35 halves min(cwnd, rwnd) instead.',
    source: 'RFC 5681 §3.2 step 2, eq. 4; ns-2 tcp.cc slowdown',
  },
  'rfc.rto-ssthresh': {
    label: 'RFC: ssthresh at RTO',
    template:
      'RFC 5681 would set ssthresh = {value} here (half the FlightSize, or unchanged when the timer already resent this packet); ns-2.35 halves min(cwnd, rwnd).',
    source: 'RFC 5681 §3.1 eq. 4; ns-2 tcp.cc timeout',
  },
  'rfc.exit-cwnd': {
    label: 'RFC: cwnd = ssthresh at exit',
    template:
      'RFC 6582 would leave cwnd = ssthresh = {value} here; ns-2.35 also opens it by 1/cwnd on the ACK that ends recovery.',
    source: 'RFC 6582 §3.2 step 3; RFC 5681 §3.2 step 6; ns-2 tcp-newreno.cc / tcp-reno.cc recv',
  },
  'rfc.fast-retransmit': {
    label: 'RFC: fast retransmit allowed',
    template:
      'RFC 6582 would fast-retransmit packet {value} here (recover starts at the initial sequence number, and this ACK covers recover); ns-2.35 needs an ACK beyond recover, so only the RTO resends it.',
    source: 'RFC 6582 §3.2 step 1; ns-2 tcp.cc dupack_action (bugfix_)',
  },
  // SCTP (sctp/sender.ts under ns-2's rules; the differences are listed in sctp/rules.ts).
  // Values in bytes: the row's windows are in the run's MTUs (ns-2's mtu_ − 32).
  'rfc.sctp-marked-outstanding': {
    label: 'RFC: marked chunks leave the flight',
    template:
      'RFC 4960 would count {value} bytes in flight here: chunks marked for retransmission leave the flight size until they are resent; ns-2.35 keeps counting them (flightsize {flightsize} MTUs).',
    source: 'RFC 4960 §6.1 C, §6.2.1 C1 and D ii; ns-2 sctp.cc MarkChunkForRtx, RtxMarkedChunks',
  },
  'rfc.sctp-cwnd-marked': {
    label: 'RFC: window not full',
    template:
      'RFC 4960 would keep cwnd = {value} bytes here: without the chunks marked for retransmission the window was not full before this SACK; ns-2.35 counts them as outstanding and opens cwnd.',
    source:
      'RFC 4960 §7.2.1 (cwnd fully utilized), §7.2.2 (flightsize ≥ cwnd); ns-2 sctp.cc AdjustCwnd',
  },
  'rfc.sctp-rto-ssthresh': {
    label: 'RFC: ssthresh at T3-rtx',
    template:
      'RFC 4960 would set ssthresh = {value} bytes here (max(cwnd/2, 4·MTU), cwnd = 1·MTU on every T3-rtx expiry); ns-2.35 leaves ssthresh alone when cwnd is already 1 MTU.',
    source: 'RFC 4960 §6.3.3 E1, §7.2.3; ns-2 sctp.cc Timeout',
  },
  'rfc.sctp-initial-cwnd': {
    label: 'RFC: initial cwnd in path MTUs',
    template:
      'RFC 4960 would start with cwnd = {value} bytes: min(4·MTU, max(2·MTU, 4380)) with the path MTU; ns-2.35 counts MTUs of mtu_ − 32 bytes.',
    source: 'RFC 4960 §7.2.1; ns-2 sctp.cc Reset (uiMaxDataSize)',
  },
  // SCTP under ns-2's rules where ns-2.35 departs from RFC 4960 or the CMT paper (issue 23 item 5).
  'rfc.sctp-hb-timer': {
    label: 'RFC: one HEARTBEAT timer per path',
    template:
      "RFC 4960 would time this path's HEARTBEATs with a timer of its own, set from its own RTO of {value} s; ns-2.35 runs one timer for the association, set from the RTO of the path it looked at last, and HEARTBEATs the path idle the longest.",
    source: 'RFC 4960 §8.3; ns-2 sctp.cc HeartbeatGenTimerExpiration',
  },
  'rfc.sctp-hb-unanswered': {
    label: 'RFC: wait for the unanswered HEARTBEAT',
    template:
      "RFC 4960 would not HEARTBEAT this path yet: the HEARTBEAT sent at {value} s is unanswered, and the path's next one waits for its timeout and RTO backoff; ns-2.35's single association timer HEARTBEATs the path idle the longest all the same.",
    source: 'RFC 4960 §8.3; ns-2 sctp.cc HeartbeatGenTimerExpiration',
  },
  'rfc.sctp-hb-resend': {
    label: 'RFC: next HEARTBEAT after RTO + HB.interval',
    template:
      'RFC 4960 would send the next HEARTBEAT to this path RTO + HB.interval ± RTO/2 after the unanswered one, with its backed-off RTO of {value} s; ns-2.35 resends it as soon as the HEARTBEAT times out.',
    source: 'RFC 4960 §8.3; ns-2 sctp.cc Timeout (SendHeartbeat)',
  },
  'rfc.sctp-hb-on-t3': {
    label: 'RFC: HEARTBEAT by the timer only',
    template:
      'RFC 4960 would HEARTBEAT this inactive path only when its own heartbeat timer fires (RTO + HB.interval ± RTO/2, with its RTO now {value} s); ns-2.35 sends one at once when a T3-rtx expiry finds the path inactive.',
    source: 'RFC 4960 §8.3; ns-2 sctp.cc Timeout (SendHeartbeat after TimeoutRtx)',
  },
  'rfc.sctp-dac-zero': {
    label: 'CMT: DAC count of 0',
    template:
      'Under the RFC rule set the receiver would count this SACK as acknowledging at least one DATA packet (DAC), so it would add a missing report to TSN {value}; ns-2.35 counts DATA packets only with delayed SACKs, so without them its SACK carries 0 and the loss waits for the T3-rtx timer.',
    source:
      'Iyengar et al. §3.3 (DAC); ns-2 sctp-cmt.cc ProcessGapAckBlocks, iDataPktCountSinceLastSack',
  },
  'rfc.sctp-reply-source': {
    label: 'RFC: reply from the arrival address',
    template:
      'RFC 4960 would answer from {value.node}, the address the packet it answers arrived at; ns-2.35 takes its source address from the routing table towards the sender (SetSource), so this reply left from another one.',
    source: 'RFC 4960 §6.4, §8.3; ns-2 sctp.cc SetSource',
  },
} as const satisfies Record<string, NoteEntry>;

/**
 * The notes a path event can carry (PathEventColumns.note: 0 none, else 1 + the index here).
 * Append only: traces store the index.
 */
export const PATH_NOTE_CODES = [
  'rfc.sctp-hb-timer',
  'rfc.sctp-hb-unanswered',
  'rfc.sctp-hb-resend',
  'rfc.sctp-reply-source',
  'rfc.sctp-hb-on-t3',
] as const satisfies readonly (keyof typeof RFC_NOTES)[];
export type PathNoteCode = (typeof PATH_NOTE_CODES)[number];

export type NoteCode = keyof typeof RFC_NOTES;

/** Look up a note code; an unknown one (a trace from another version) gives a neutral entry. */
export function noteEntry(code: string): NoteEntry {
  return (
    (RFC_NOTES as Record<string, NoteEntry>)[code] ?? { label: code, template: code, source: '' }
  );
}
