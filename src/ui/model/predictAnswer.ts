/**
 * Predict mode's question and answer about cwnd: which quantity the question asks, which
 * readings of the answer count as right, and what to say about the difference between them.
 *
 * The readings come from the engine (trace/window.ts `cwndReadings`); nothing is recomputed
 * here. During Reno / NewReno fast recovery ns-2 (this run) keeps cwnd = ssthresh and counts
 * the duplicate ACKs apart as window inflation, while RFC 5681 §3.2 step 2 writes the same
 * window into cwnd ("set cwnd to ssthresh plus 3*SMSS"): both readings are accepted, and the
 * reveal says which one the guess matched and why the other differs. SACK-family senders
 * count pipe instead of inflating cwnd, SCTP has no inflation at all (its fast retransmission
 * goes out outside cwnd, RFC 4960 §7.2.4): one reading, with a sentence saying so. SCTP's cwnd
 * may be given in MTUs or in bytes.
 */
import { cwndReadings, keepsInflation, senderMeta, type Decision, type Trace } from '../../engine';
import { explainNote } from '../deps/outputs';
import type { PredictKind } from '../store/types';

/** One value a guess may match. */
export interface AcceptedReading {
  value: number;
  unit: 'packets' | 'MTUs' | 'bytes';
  /** What this reading is, for the reveal: "ns-2's cwnd (this run)". */
  name: string;
}

/**
 * The unit after a window value in the reveal: nothing for TCP's packets (the question names
 * them), " MTU" for an SCTP window of exactly one MTU (after a T3-rtx expiry), else " MTUs".
 */
export function windowUnitText(unit: PredictAnswer['unit'], value: number): string {
  if (unit !== 'MTUs') return '';
  return value === 1 ? ' MTU' : ' MTUs';
}

export interface PredictAnswer {
  /** The run's cwnd after the decision (packets; SCTP: MTUs), shown as the answer. */
  cwnd: number;
  unit: 'packets' | 'MTUs';
  /** Every reading that counts as right (the first is the run's cwnd). */
  accepted: AcceptedReading[];
  /** What to add at the reveal about the readings (why two count, what the sender counts
   * instead of inflating), or null. */
  note: string | null;
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toFixed(3))));
const fmtBytes = (v: number) => Math.round(v).toLocaleString('en-US').replace(/,/g, ' ');

/**
 * The quantity the question asks about, for the flow's sender: known before the outcome, so it
 * gives nothing away. E.g. "(packets: ns-2's cwnd, or cwnd + window inflation as RFC 5681
 * counts it — both count)".
 */
export function predictQuantity(trace: Trace, flow: number): string {
  if (trace.flows[flow]?.protocol === 'sctp') return '(in MTUs or in bytes)';
  if (keepsInflation(trace, flow))
    return '(in packets: ns-2’s cwnd, or cwnd + window inflation as RFC 5681 counts it — both count)';
  return '(in packets)';
}

/** The label of the guess field for the flow's sender. */
export function guessLabel(trace: Trace, flow: number): string {
  return trace.flows[flow]?.protocol === 'sctp'
    ? 'Your guess (MTUs or bytes)'
    : 'Your guess (packets)';
}

/** The answer to predict mode's question about decision `d` (asked before a `kind` event). */
export function predictAnswer(trace: Trace, d: Decision, kind: PredictKind | null): PredictAnswer {
  const r = cwndReadings(d, trace);
  const info = trace.flows[d.flow];
  const name = (info && senderMeta(info.sender)?.name) ?? info?.sender ?? 'this sender';
  const rfcNote = explainNote(d, trace);
  const ruleCwnd = rfcRuleCwnd(d, r.inflation);
  const extra = !rfcNote
    ? ''
    : ruleCwnd === null
      ? ` ${rfcNote.sentence}.`
      : d.note?.code === 'rfc.cut-flightsize'
        ? ` RFC 5681’s own cut halves the FlightSize of ${fmt(d.after.flightsize)} instead: ssthresh ${fmt(d.note.value)}, cwnd ${ruleCwnd.text} (right too).`
        : ` ${rfcNote.sentence}: cwnd ${ruleCwnd.text} is right too.`;
  if (info?.protocol === 'sctp') {
    const accepted: AcceptedReading[] = [{ value: r.cwnd, unit: 'MTUs', name: 'cwnd in MTUs' }];
    if (r.cwndBytes !== null)
      accepted.push({ value: r.cwndBytes, unit: 'bytes', name: 'cwnd in bytes' });
    const bytes = r.cwndBytes !== null ? ` = ${fmtBytes(r.cwndBytes)} bytes` : '';
    const note =
      kind === 'fast-retransmit'
        ? `cwnd = ${fmt(r.cwnd)} MTUs${bytes}. SCTP has no window inflation: the fast retransmission goes out outside cwnd (RFC 4960 §7.2.4), and the missing reports do not grow cwnd.`
        : `cwnd = ${fmt(r.cwnd)} MTUs${bytes}.`;
    return { cwnd: r.cwnd, unit: 'MTUs', accepted, note: note + extra };
  }
  const accepted: AcceptedReading[] = [
    { value: r.cwnd, unit: 'packets', name: 'ns-2’s cwnd (this run)' },
  ];
  let note: string | null = null;
  if (ruleCwnd !== null)
    accepted.push({ value: ruleCwnd.value, unit: 'packets', name: 'the RFC’s own rule' });
  if (r.inflation > 0) {
    accepted.push({
      value: r.rfcCwnd,
      unit: 'packets',
      name: 'RFC 5681’s cwnd, inflation included',
    });
    if (r.sendWindow !== null && r.sendWindow !== r.rfcCwnd && r.sendWindow !== r.cwnd)
      accepted.push({
        value: r.sendWindow,
        unit: 'packets',
        name: 'the send window ⌊cwnd⌋ + inflation',
      });
    const partial = d.code.endsWith('.partial-ack-deflate');
    const rfc = partial
      ? `RFC 6582 §3.2 step 5 deflates cwnd itself: cwnd = ${fmt(r.cwnd)} + ${fmt(r.inflation)} = ${fmt(r.rfcCwnd)}`
      : `RFC 5681 §3.2 step 2 puts them in cwnd: ${r.cwnd === d.after.ssthresh ? 'ssthresh' : 'cwnd'} + ${fmt(r.inflation)} = ${fmt(r.rfcCwnd)}`;
    note =
      `ns-2 (this run) keeps cwnd = ${fmt(r.cwnd)} and counts ${fmt(r.inflation)} packet${r.inflation === 1 ? '' : 's'} of window inflation apart; ${rfc}. ` +
      `One window, two readings: both are right.`;
  } else if (r.pipe !== null && (kind === 'fast-retransmit' || kind === 'partial-ack')) {
    note = `${name} does not inflate cwnd: it counts the packets still in flight apart (pipe = ${fmt(r.pipe)}) and sends only while pipe < cwnd.`;
  } else if (keepsInflation(trace, d.flow) && kind === 'partial-ack') {
    note = `No inflation is left: the partial ACK deflated the window to cwnd = ${fmt(r.cwnd)}, so ns-2’s cwnd and RFC 5681’s agree.`;
  }
  // One entry per value (the RFC's rule may land on a reading already listed).
  const distinct = accepted.filter((x, k) => accepted.findIndex((y) => y.value === x.value) === k);
  return {
    cwnd: r.cwnd,
    unit: 'packets',
    accepted: distinct,
    note: note === null ? (extra ? extra.trim() : null) : note + extra,
  };
}

/**
 * cwnd after `d` had the sender followed the RFC text's own rule where ns-2.35 departs from it
 * (the engine's note on the decision, trace/notes.ts): RFC 5681's FlightSize / 2 cut plus the
 * inflation (`rfc.cut-flightsize`), or RFC 6582's cwnd = ssthresh at the end of recovery
 * (`rfc.exit-cwnd`); null when the note does not change cwnd, or there is none.
 */
function rfcRuleCwnd(d: Decision, inflation: number): { value: number; text: string } | null {
  const n = d.note;
  if (!n) return null;
  // A cut to the halved window (Reno family, SACK): the RFC's cwnd starts from its ssthresh. Not
  // Tahoe's or FACK's cwnd of 1, which no FlightSize changes.
  if (n.code === 'rfc.cut-flightsize' && Math.abs(d.after.cwnd - d.after.ssthresh) < 1)
    return inflation > 0
      ? {
          value: n.value + inflation,
          text: `${fmt(n.value)} + ${fmt(inflation)} = ${fmt(n.value + inflation)}`,
        }
      : { value: n.value, text: fmt(n.value) };
  if (n.code === 'rfc.exit-cwnd') return { value: n.value, text: fmt(n.value) };
  return null;
}

/**
 * Check a guess (the text typed) against the answer: the reading it matched (within 0.05 of a
 * value in packets or MTUs, 0.5 of one in bytes), or null when it matches none; undefined when
 * the text is not a number.
 */
export function checkGuess(
  answer: PredictAnswer,
  text: string,
): AcceptedReading | null | undefined {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return undefined;
  const v = Number(t);
  if (!Number.isFinite(v)) return undefined;
  return (
    answer.accepted.find((a) => Math.abs(v - a.value) < (a.unit === 'bytes' ? 0.5 : 0.05)) ?? null
  );
}
