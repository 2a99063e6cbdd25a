/**
 * The queue view's lines about the bottleneck's queue discipline at the cursor, for a link that
 * runs one (LinkInfo.aqm): what waits (packets and bytes), how long the head has waited, and the
 * discipline's state from its last sample (Trace.aqm; what `a` and `b` hold is each
 * discipline's, AQM_STATE_NAMES): RED's average queue and drop probability, CoDel's dropping
 * state, count and next drop time, FQ-CoDel's active queues, PIE's drop probability and
 * queueing delay. Pure and DOM-free; null on a drop-tail link.
 */
import type { Trace } from '../../engine';
import { aqmStateAt } from '../../trace/explain-aqm';
import { fmtNum } from '../../trace/format';
import type { QueueViewState } from './draw/queueState';

const ms = (s: number) => `${fmtNum(s * 1000, 1)} ms`;
const pct = (p: number) => `${fmtNum(p * 100, 2)} %`;

/**
 * An AQM's state in words from one of its samples (a, b) (trace/explain-aqm.ts: RED's average
 * queue, packets, and drop probability; CoDel's drop count and next drop time, s; FQ-CoDel's
 * active flow queues and the served one's count; PIE's drop probability and queueing delay, s),
 * or null for a discipline with no state (drop-tail). The queue view's readout and the queue
 * over time's tooltip.
 */
export function aqmStateText(aqm: string, a: number, b: number): string | null {
  switch (aqm) {
    case 'red':
      return `RED average queue ${fmtNum(a, 1)}, drop probability ${pct(b)}`;
    case 'codel':
      return a > 0
        ? `CoDel dropping: count ${a}, next drop at ${fmtNum(b, 3)} s`
        : 'CoDel not dropping';
    case 'fq-codel':
      return `FQ-CoDel: ${a} active flow queue${a === 1 ? '' : 's'}${b > 0 ? `, the one served dropping (count ${b})` : ''}`;
    case 'pie':
      return `PIE drop probability ${pct(a)}, queueing delay ${ms(b)}`;
    default:
      return null;
  }
}

/**
 * The readout at the view's cursor as its two lines — what waits (`queue`: packets, bytes and the
 * head's wait, ms) and the discipline's state (`state`) — or null when the bottleneck is drop-tail.
 */
export interface AqmReadout {
  queue: string;
  state: string;
}

/** The readout at the view's cursor (AqmReadout), or null when the bottleneck is drop-tail. */
export function aqmReadout(trace: Trace, state: QueueViewState): AqmReadout | null {
  const link = trace.bottleneck;
  const aqm = trace.links[link]?.aqm;
  if (!aqm) return null;
  const P = trace.packets;
  const size = trace.transmissions.size;
  let bytes = 0;
  for (const q of state.slots) bytes += size[P.uid[q.join]!]!;
  const head = state.slots[0];
  const sojourn = head ? `, the head waiting ${ms(state.time - P.time[head.join]!)}` : '';
  const s = aqmStateAt(trace, link, state.time);
  const what = s ? (aqmStateText(aqm, s[0], s[1]) ?? aqm) : `${aqm}: no state yet`;
  const n = state.slots.length;
  return {
    queue: `${n} packet${n === 1 ? '' : 's'} (${bytes} bytes) waiting${sojourn}`,
    state: what,
  };
}
