/**
 * Predict mode: which decisions count as the chosen kind, and where playback must stop.
 *
 * The kinds, for every sender (classified from the decision's reason code and, for a partial
 * ACK, its recorded variables — no rule is re-applied here):
 * - fast-retransmit: the loss response to duplicate ACKs / missing reports (`*.fast-retransmit`,
 *   New-Reno SCTP's `sctp.fast-recovery`);
 * - rto: the retransmission timer (TCP RTO, SCTP T3-rtx, also the expiry that makes a path
 *   inactive, `sctp.path-inactive`);
 * - partial-ack: an ACK that advances the cumulative ACK inside fast recovery but stays below
 *   `recover` (RFC 6582 §3.2 step 5): NewReno's and SACK's own rules, and Reno's exit on it
 *   (`reno.exit-recovery` below recover), FACK's recovery ACK that advances, New-Reno SCTP's
 *   `sctp.recovery-ack`.
 */
import { afterVar, codeAt, decisionAt, V, type Decision, type Trace } from '../../engine';
import { dupackPhrase, duplicatesOf, sackPhrase } from '../deps/outputs';
import { upperBound } from '../deps/panels';
import type { PredictKind } from '../store/types';
import { ordinal, traceIndex } from './traceIndex';

export const PREDICT_KINDS: { id: PredictKind; label: string }[] = [
  { id: 'fast-retransmit', label: '3rd duplicate ACK / fast retransmit' },
  { id: 'rto', label: 'retransmission timeout' },
  { id: 'partial-ack', label: 'partial ACK' },
];

/** A partial-ACK rule by its code alone. */
const partialCode = (code: string) =>
  code.endsWith('.partial-ack') ||
  code.endsWith('.partial-ack-deflate') ||
  code === 'sctp.recovery-ack';

/** Codes that are a partial ACK when the ACK advances to below recover (Reno exits on one). */
const maybePartialCode = (code: string) =>
  code === 'reno.exit-recovery' || code === 'fack.recovery-ack';

/**
 * Whether decision row `i` answers a partial ACK: its own rule, or a recovery rule whose ACK
 * advances the cumulative ACK (above the flow's previous highest ACK) to below `recover`.
 */
function isPartialAck(trace: Trace, i: number, code: string): boolean {
  if (partialCode(code)) return true;
  if (!maybePartialCode(code)) return false;
  const D = trace.decisions;
  const prev = D.flowPrev[i]!;
  const cum = D.cumAck[i]!;
  if (prev < 0 || !(cum > afterVar(D, prev, V.highestAck))) return false;
  return cum < afterVar(D, i, V.recover);
}

/** Whether decision row `i` (code `code`) is of the kind predict mode stops before. */
function rowMatches(trace: Trace, i: number, code: string, kind: PredictKind): boolean {
  switch (kind) {
    case 'fast-retransmit':
      return code.endsWith('.fast-retransmit') || code === 'sctp.fast-recovery';
    case 'rto':
      // A T3-rtx expiry that also takes its path out of service is named for that (RFC 4960 §8.2).
      return (
        code === 'tcp.rto' ||
        code.endsWith('.rto') ||
        code.endsWith('.timeout') ||
        code === 'sctp.path-inactive'
      );
    case 'partial-ack':
      return isPartialAck(trace, i, code);
  }
}

/** Whether decision `d` of `trace` is of the kind predict mode stops before. */
export function matchesPredict(trace: Trace, d: Decision, kind: PredictKind): boolean {
  return rowMatches(trace, d.id, d.code, kind);
}

/**
 * The first not-yet-asked decision of `kind` whose event lies in (from, to], or null.
 * Playback stops at its event − 1 and asks the question.
 */
export function predictStop(
  trace: Trace,
  kind: PredictKind,
  asked: readonly number[],
  from: number,
  to: number,
): { decision: Decision; event: number } | null {
  const de = traceIndex(trace).decisionEvent;
  // First decision with event > from (decision events ascend).
  for (let i = upperBound(de, from); i < de.length; i++) {
    const e = de[i] as number;
    if (e > to) break;
    if (asked.includes(i) || !rowMatches(trace, i, codeAt(trace, i), kind)) continue;
    return { decision: decisionAt(trace, i), event: e };
  }
  return null;
}

/**
 * What the event the predict prompt asks about is, in the log's words and without its outcome:
 * "a partial ACK for 26", "the 3rd duplicate ACK for 14", "the 1st duplicate ACK for 26
 * (NewReno's duplicate counter: 13)", "the 5th duplicate SACK for TSN 28", "a new ACK for 27",
 * "a retransmission timeout (the timer expires)". Read from the decision's trigger and code only: the rule's
 * label ("fast retransmit", "ssthresh halved") would give the answer away.
 */
export function predictEventText(trace: Trace, d: Decision): string {
  if (d.trigger.kind === 'timer')
    return d.trigger.timer === 'pacing'
      ? 'the pacing timer (the next packet may leave)'
      : 'a retransmission timeout (the timer expires)';
  if (d.trigger.kind === 'start') return 'the start of the transfer';
  if (d.trigger.kind === 'app') return 'the application offering more data';
  const ack = d.trigger.cumAck;
  const sctp = d.code.startsWith('sctp.');
  const ackFor = sctp ? `SACK for TSN ${ack}` : `ACK for ${ack}`;
  const ownRow = d.id < trace.decisions.length && codeAt(trace, d.id) === d.code;
  if (ownRow ? isPartialAck(trace, d.id, d.code) : partialCode(d.code))
    return `a partial ${ackFor}`;
  // The log's own phrases (engine explain.ts), so the prompt and the log row agree.
  const counted = duplicatesOf(d, trace);
  const counter = d.trigger.dupacks;
  const dup = counted !== null ? counted > 0 : counter > 0 && d.changes.highestAck === undefined;
  if (!dup) return `a new ${ackFor}`;
  if (counted === null) {
    // A decision that is not a row of this trace: only the sender's counter is known.
    return sctp
      ? `the ${ordinal(counter)} duplicate SACK for TSN ${ack}`
      : `the ${ordinal(counter)} duplicate ACK for ${ack}`;
  }
  return `the ${sctp ? sackPhrase(d, trace, ack) : dupackPhrase(d, trace, ack, counter)}`;
}
