/**
 * The reason catalog: every rule a sender can apply, with the sentence template the UI and
 * CLI render, the RFC section or paper passage it comes from, and the variants that emit it.
 * The engine records only codes and numbers; prose lives here and in explain.ts.
 *
 * Template placeholders: {ack} cumulative ACK, {nth} ordinal duplicate count ("3rd"),
 * {dupacks}, {packets} packets sent ("15" / "30–32" / "nothing"), {cwnd}, {ssthresh}, {recover},
 * {pipe}, and {old.X}/{new.X} for changed variables; explain.ts lists the rest ({threshold},
 * {retransmitted}, {others}, {fack}, {pipeAfterAck}, {ack1}, any SenderVars name, and the
 * phrases it works out from the trace: {dupack}, {sackFor}, {windowCheck}, {bytes.X},
 * {change.X}, {htna}, {time} the decision's time in seconds, {lastSent} the highest packet
 * sent so far).
 */
export interface ReasonEntry {
  /** Short label for lists and legends. */
  label: string;
  /** One-sentence template. */
  template: string;
  /** RFC section or paper passage. */
  source: string;
  /** Sender ids that can emit it (informational; the TCP entries leave it out). */
  variants?: readonly string[];
  /** Counts as a "significant" event for stepping (next/previous decision). */
  significant: boolean;
}

export const TCP_REASONS = {
  'tcp.start': {
    label: 'start',
    template: 'The transfer starts with cwnd {cwnd}: sends {packets}.',
    // Not Fall & Floyd's "cwnd starts at 1" alone: presets start at 2 or more (Alamgir Fig. 8).
    source:
      'RFC 2581 §3.1 (initial window of at most 2 segments); RFC 3390 §2 (up to min(4·MSS, max(2·MSS, 4380 bytes)))',
    significant: true,
  },
  'tcp.syn': {
    label: 'SYN',
    template:
      'The connection opens with cwnd {cwnd}: packet 1 is a SYN without data (ns-2 models the handshake as packet 1); sends {packets}.',
    source:
      'RFC 793 §3.4 (connection setup); ns-2 tcp.cc TcpAgent::output (syn_: seqno 0 is a header-only SYN)',
    significant: false,
  },
  'tcp.initial-window': {
    label: 'initial window',
    template:
      'First ACK ({ack}): cwnd {old.cwnd} → {new.cwnd}, the initial window (growth starts with the next ACK); sends {packets}.',
    source:
      'RFC 3390 §2 (initial window after the SYN exchange; 1 segment if the SYN was lost); ns-2 delay_growth_ (tcp.cc recv)',
    significant: false,
  },
  'tcp.slow-start': {
    label: 'slow start',
    template:
      'New ACK for {ack}: slow start, cwnd {old.cwnd} → {new.cwnd} (+1 per ACK); sends {packets}.',
    source: 'RFC 2581 §3.1 (slow start while cwnd < ssthresh; ns-2 tcp.cc opencwnd)',
    significant: false,
  },
  'tcp.congestion-avoidance': {
    label: 'congestion avoidance',
    template:
      'New ACK for {ack}: congestion avoidance, cwnd {old.cwnd} → {new.cwnd} (+1/cwnd); sends {packets}.',
    source: 'RFC 2581 §3.1 (congestion avoidance at cwnd ≥ ssthresh; ns-2 opencwnd)',
    significant: false,
  },
  'tcp.rfc-exit-recovery': {
    label: 'exit fast recovery',
    template:
      'New ACK for {ack}: fast recovery ends with cwnd = ssthresh = {new.cwnd} (the window deflated; no increase on this ACK); sends {packets}.',
    source:
      'RFC 5681 §3.2 step 6 (cwnd = ssthresh on the ACK of new data); RFC 6582 §3.2 step 3 (NewReno: on the full acknowledgment)',
    significant: true,
  },
  'tcp.dupack': {
    label: 'duplicate ACK',
    template: '{dupack}: below the threshold of {threshold}, nothing is sent.',
    source: 'RFC 2581 §3.2 (fast retransmit waits for the 3rd duplicate ACK)',
    significant: false,
  },
  'tcp.limited-transmit': {
    label: 'limited transmit',
    template:
      '{dupack}: limited transmit sends new packet {packets} (allowed up to cwnd + {dupacks} beyond the ACK).',
    source:
      'RFC 3042 §2 (limited transmit on the first two duplicate ACKs); ns-2 tcp.cc send_one (singledup_)',
    significant: false,
  },
  'tcp.dupack-ignored': {
    label: 'dupack ignored (bugfix)',
    template:
      '{dupack}: no fast retransmit, because ACK {ack} does not pass recover = {recover} (a loss from the same window already cut cwnd); {windowCheck}.',
    source:
      'RFC 2582 §3 step 1 "careful variant" / ns-2 bugFix_ (Floyd, ns-2 tcp.cc dupack_action)',
    significant: true,
  },
  'tcp.dupack-ignored-start': {
    label: 'dupack ignored (nothing acked yet)',
    template:
      '{dupack}: no fast retransmit, because nothing has been acknowledged yet — the first packet itself is missing, and the careful rule lets a fast retransmit through only once packet 1 is acked (recover = {recover}); the retransmission timer will resend it; {windowCheck}.',
    source:
      'RFC 2582 §3 step 1 "careful variant" / ns-2 tcp.cc dupack_action (bugFix_, bugfix_ss_ needs highest_ack_ = 0)',
    significant: true,
  },
  'tcp.dupack-after-retransmit': {
    label: 'further dupack',
    template: '{dupack}: Tahoe waits in slow start from cwnd {cwnd}; sends {packets}.',
    source: 'Fall & Floyd 1996 §3 (Tahoe has no fast recovery)',
    significant: false,
  },
  'tcp.dupack-beyond-threshold': {
    label: 'dupack past the threshold',
    template:
      '{dupack}: past the threshold of {threshold}, but no fast recovery is under way (this ACK got no fast retransmit), so the window is not inflated; {windowCheck}.',
    source:
      'ns-2 tcp-reno.cc / tcp-newreno.cc recv (dupwnd_ grows only while last_cwnd_action_ is CWND_ACTION_DUPACK); RFC 2582 §3 step 1 (careful variant)',
    significant: false,
  },
  'tcp.ack-in-recovery': {
    label: 'ACK in recovery',
    template: 'ACK for {ack}: no window change; sends {packets}.',
    source: 'ns-2 tcp.cc (no rule applies)',
    significant: false,
  },
  'tcp.rto': {
    label: 'retransmission timeout',
    template:
      'Retransmission timer expired (RTO {old.rto} s): ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → 1, go back to {ack1}; sends {packets}.',
    source: 'RFC 2988 §5 (RTO expiry: retransmit, back off the timer); RFC 2581 §3.1 (cwnd = 1)',
    significant: true,
  },
} as const satisfies Record<string, ReasonEntry>;

export type TcpReasonCode = keyof typeof TCP_REASONS;

declare const variantCode: unique symbol;

/**
 * A reason code that a TCP variant defines in its own file (tcp/variants/*.ts) with
 * `variantReasons`; a plain string is not one, so a misspelt code does not compile.
 */
export type VariantReasonCode = string & { readonly [variantCode]: true };

/** What a TCP sender may name as its rule: a shell code or its variant's own. */
export type TcpRuleCode = TcpReasonCode | VariantReasonCode;

/**
 * Reason codes. SCTP codes are added by the SCTP catalog with the prefix `sctp.`.
 */
export type ReasonCode = TcpRuleCode | `sctp.${string}`;

const EXTRA: Record<string, ReasonEntry> = {};

/** Register further entries (used by the SCTP catalog). */
export function registerReasons(entries: Record<string, ReasonEntry>): void {
  Object.assign(EXTRA, entries);
}

/**
 * A variant's own catalog entries (keys `<variant>.<rule>`): registers them and returns their
 * codes to name rules with, e.g. `const R = variantReasons({ 'cubic.concave': {…} })`, then
 * `s.rule(R['cubic.concave'])`.
 */
export function variantReasons<K extends `${string}.${string}`>(
  entries: Record<K, ReasonEntry>,
): Record<K, VariantReasonCode> {
  registerReasons(entries);
  const codes = {} as Record<K, VariantReasonCode>;
  for (const k of Object.keys(entries) as K[]) codes[k] = k as unknown as VariantReasonCode;
  return codes;
}

/** Every code in the catalog: the shell's TCP codes, then the registered ones (variants, SCTP). */
export function reasonCodes(): string[] {
  return [...Object.keys(TCP_REASONS), ...Object.keys(EXTRA)];
}

/** Look up a code; unknown codes return a neutral entry. */
export function reason(code: string): ReasonEntry {
  return (
    (TCP_REASONS as Record<string, ReasonEntry>)[code] ??
    EXTRA[code] ?? { label: code, template: code, source: '', significant: false }
  );
}
