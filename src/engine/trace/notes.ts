/**
 * The note catalog: what the RFC text would do where ns-2.35 departs from it. A TCP sender under
 * ns-2's rules attaches one to a decision whose outcome the RFC would change (tcp/sender.ts:
 * cutOnLoss, cutOnRto, exitRecovery, ignoreDupack), with one number `{value}` — what the RFC
 * would set; explain.ts appends the sentence to the decision's own. Placeholders as in
 * reasons.ts, plus {value}.
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
} as const satisfies Record<string, NoteEntry>;

export type NoteCode = keyof typeof RFC_NOTES;

/** Look up a note code; an unknown one (a trace from another version) gives a neutral entry. */
export function noteEntry(code: string): NoteEntry {
  return (RFC_NOTES as Record<string, NoteEntry>)[code] ?? { label: code, template: code, source: '' };
}
