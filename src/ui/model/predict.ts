/** Predict mode: which decisions count as the chosen kind, and where playback must stop. */
import { codeAt, decisionAt, type Decision, type Trace } from '../../engine';
import type { PredictKind } from '../store/types';
import { traceIndex } from './traceIndex';

export const PREDICT_KINDS: { id: PredictKind; label: string }[] = [
  { id: 'fast-retransmit', label: '3rd duplicate ACK / fast retransmit' },
  { id: 'rto', label: 'retransmission timeout' },
  { id: 'partial-ack', label: 'partial ACK' },
];

export function matchesPredict(d: Decision, kind: PredictKind): boolean {
  return codeMatches(d.code, kind);
}

function codeMatches(code: string, kind: PredictKind): boolean {
  switch (kind) {
    case 'fast-retransmit':
      return code.endsWith('.fast-retransmit');
    case 'rto':
      return code === 'tcp.rto' || code.endsWith('.rto') || code.endsWith('.timeout');
    case 'partial-ack':
      return code.endsWith('.partial-ack');
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
  // First decision with event > from (decision events ascend).
  let lo = 0;
  let hi = de.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((de[mid] as number) <= from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < de.length; i++) {
    const e = de[i] as number;
    if (e > to) break;
    if (!codeMatches(codeAt(trace, i), kind) || asked.includes(i)) continue;
    return { decision: decisionAt(trace, i), event: e };
  }
  return null;
}
