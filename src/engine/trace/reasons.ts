/**
 * The reason catalog: every rule a sender can apply, with the sentence template the UI and
 * CLI render, the RFC section or paper passage it comes from, and the variants that emit it.
 * The engine records only codes and numbers; prose lives here and in explain.ts.
 *
 * Template placeholders: {ack} cumulative ACK, {nth} ordinal duplicate count ("3rd"),
 * {dupacks}, {packets} packets sent ("15" / "30–32" / "nothing"), {cwnd}, {ssthresh}, {recover},
 * {pipe}, and {old.X}/{new.X} for changed variables; explain.ts lists the rest ({threshold},
 * {retransmitted}, {others}, {fack}, {pipeAfterAck}, {ack1}, any SenderVars name).
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
    template: 'The bulk transfer starts with cwnd {cwnd}: sends {packets}.',
    source: 'RFC 2581 §3.1 (initial window); Fall & Floyd 1996 §2 (cwnd starts at 1)',
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
  'tcp.dupack': {
    label: 'duplicate ACK',
    template: '{nth} duplicate ACK for {ack}: below the threshold of {threshold}, nothing is sent.',
    source: 'RFC 2581 §3.2 (fast retransmit waits for the 3rd duplicate ACK)',
    significant: false,
  },
  'tcp.limited-transmit': {
    label: 'limited transmit',
    template:
      '{nth} duplicate ACK for {ack}: limited transmit sends new packet {packets} (allowed up to cwnd + {dupacks} beyond the ACK).',
    source:
      'RFC 3042 §2 (limited transmit on the first two duplicate ACKs); ns-2 tcp.cc send_one (singledup_)',
    significant: false,
  },
  'tcp.dupack-ignored': {
    label: 'dupack ignored (bugfix)',
    template:
      '{nth} duplicate ACK for {ack}: no fast retransmit, because ACK {ack} does not pass recover = {recover} (a loss from the same window already cut cwnd); sends {packets}.',
    source:
      'RFC 2582 §3 step 1 "careful variant" / ns-2 bugFix_ (Floyd, ns-2 tcp.cc dupack_action)',
    significant: true,
  },
  'tcp.dupack-ignored-start': {
    label: 'dupack ignored (nothing acked yet)',
    template:
      '{nth} duplicate ACK for {ack}: no fast retransmit, because nothing has been acknowledged yet — the first packet itself is missing, and the careful rule lets a fast retransmit through only once packet 1 is acked (recover = {recover}); the retransmission timer will resend it; sends {packets}.',
    source:
      'RFC 2582 §3 step 1 "careful variant" / ns-2 tcp.cc dupack_action (bugFix_, bugfix_ss_ needs highest_ack_ = 0)',
    significant: true,
  },
  'tcp.dupack-after-retransmit': {
    label: 'further dupack',
    template:
      '{nth} duplicate ACK for {ack}: Tahoe waits in slow start from cwnd {cwnd}; sends {packets}.',
    source: 'Fall & Floyd 1996 §3 (Tahoe has no fast recovery)',
    significant: false,
  },
  'tahoe.fast-retransmit': {
    label: 'fast retransmit (Tahoe)',
    template:
      '{nth} duplicate ACK for {ack}: Tahoe fast-retransmits {packets}, ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → 1 and goes back to {ack1} (go-back-N).',
    source: 'RFC 2001 §3 (fast retransmit), Fall & Floyd 1996 §3 (Tahoe slow-starts after it)',
    significant: true,
  },
  'reno.fast-retransmit': {
    label: 'fast retransmit',
    template:
      '{nth} duplicate ACK for {ack}: fast retransmit of {packets}; ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → {new.cwnd} + {dupacks} inflation.',
    source: 'RFC 2581 §3.2 steps 1–2 (ssthresh = flightsize/2, cwnd = ssthresh + 3)',
    significant: true,
  },
  'reno.inflate': {
    label: 'window inflation',
    template:
      '{nth} duplicate ACK for {ack}: another packet has left the network, so fast recovery inflates the window by one beyond cwnd = {cwnd}; sends {packets}.',
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
  'newreno.partial-ack': {
    label: 'partial ACK',
    template:
      'Partial ACK for {ack} (recover = {recover}): NewReno retransmits {retransmitted} at once and stays in fast recovery, window deflated to cwnd = {cwnd}; then sends {others}.',
    source: 'RFC 2582 §3 step 5 (partial acknowledgment); Fall & Floyd 1996 §4',
    significant: true,
  },
  'newreno.partial-ack-deflate': {
    label: 'partial ACK',
    template:
      'Partial ACK for {ack} (recover = {recover}): NewReno retransmits {retransmitted} at once and stays in fast recovery, the window deflated by the packets just acked less one (cwnd {cwnd} plus what is left of the inflation); then sends {others}.',
    source:
      'RFC 2582 §3 step 5 (deflate by the new data acknowledged, add back one segment); ns-2 tcp-newreno.cc partialnewack (partial_window_deflation_)',
    significant: true,
  },
  'newreno.exit-recovery': {
    label: 'exit fast recovery',
    template:
      'ACK for {ack} covers recover = {recover}: NewReno leaves fast recovery, cwnd = ssthresh = {old.cwnd} then grows to {new.cwnd}; sends {packets}.',
    source: 'RFC 2582 §3 step 5 (full acknowledgment ends fast recovery)',
    significant: true,
  },
  'sack.recovery-ack': {
    label: 'SACK recovery ACK',
    template:
      'Duplicate ACK for {ack} in SACK recovery: pipe {old.pipe} → {pipeAfterAck} (one packet left the network); sends {packets} (packets go out only while pipe < cwnd = {cwnd}).',
    source: 'Fall & Floyd 1996 §5 (pipe decremented per duplicate ACK); RFC 2018',
    significant: false,
  },
  'sack.partial-ack': {
    label: 'partial ACK (SACK)',
    template:
      'Partial ACK for {ack} in SACK recovery: pipe decremented by 2 ({old.pipe} → {pipeAfterAck}); sends {packets} (packets go out only while pipe < cwnd = {cwnd}).',
    source: 'Fall & Floyd 1996 §5 (a partial ACK takes pipe down by two)',
    significant: true,
  },
  'sack.exit-recovery': {
    label: 'exit SACK recovery',
    template:
      'ACK for {ack} covers recover: SACK recovery ends with cwnd = ssthresh = {cwnd} (no growth on this ACK); sends {packets}.',
    source: 'Fall & Floyd 1996 §5 (recovery ends when all data outstanding at its start is acked)',
    significant: true,
  },
  'fack.fast-retransmit': {
    label: 'fast retransmit (FACK)',
    template:
      'ACK for {ack} with forward-most SACKed packet {fack}: {dupacks} packets lie between (≥ {threshold}), so FACK retransmits {packets}; ssthresh {old.ssthresh} → {new.ssthresh}, cwnd → {new.cwnd}.',
    source: 'Mathis & Mahdavi 1996 §3 (FACK trigger: snd.fack − snd.una > 3 segments)',
    significant: true,
  },
  'fack.recovery-ack': {
    label: 'FACK recovery ACK',
    template:
      'ACK for {ack} in FACK recovery: cwnd {old.cwnd} → {new.cwnd}; sends {packets} (packets go out only while outstanding < cwnd; {pipe} outstanding now).',
    source: 'Mathis & Mahdavi 1996 §3 (awnd = snd.nxt − snd.fack + retran_data)',
    significant: false,
  },
  'fack.exit-recovery': {
    label: 'exit FACK recovery',
    template:
      'ACK for {ack} without SACK blocks covers recover: FACK recovery ends at cwnd {cwnd}; sends {packets}.',
    source: 'Mathis & Mahdavi 1996 §3',
    significant: true,
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

/** Look up a code; unknown codes return a neutral entry. */
export function reason(code: string): ReasonEntry {
  return (
    (TCP_REASONS as Record<string, ReasonEntry>)[code] ??
    EXTRA[code] ?? { label: code, template: code, source: '', significant: false }
  );
}
