/** Predict mode: which decisions count as the chosen kind, and where playback must stop. */
import { decisionAt, type Decision, type Trace } from '../../engine';
import type { PredictKind } from '../store/types';
import { traceIndex } from './traceIndex';

export const PREDICT_KINDS: { id: PredictKind; label: string }[] = [
  { id: 'fast-retransmit', label: '3rd duplicate ACK / fast retransmit' },
  { id: 'rto', label: 'retransmission timeout' },
  { id: 'partial-ack', label: 'partial ACK' },
];

export function matchesPredict(d: Decision, kind: PredictKind): boolean {
  switch (kind) {
    case 'fast-retransmit':
      return d.code.endsWith('.fast-retransmit');
    case 'rto':
      return d.code === 'tcp.rto' || d.code.endsWith('.rto') || d.code.endsWith('.timeout');
    case 'partial-ack':
      return d.code.endsWith('.partial-ack');
  }
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
  for (let i = 0; i < trace.decisions.length; i++) {
    const e = de[i] as number;
    if (e <= from) continue;
    if (e > to) break;
    const d = decisionAt(trace, i);
    if (matchesPredict(d, kind) && !asked.includes(d.id)) return { decision: d, event: e };
  }
  return null;
}
