/**
 * The cwnd plot's phase shading and the line series' colours and dashes (re-exported by
 * palette.ts, which holds the colours they name).
 */
import type { ColorKey, ThemeColors } from './types';

/** Phases of the cwnd plot. */
export const PHASES = [
  { phase: 'slow-start', label: 'slow start', short: 'SS', color: 'phaseSlowStart' },
  {
    phase: 'congestion-avoidance',
    label: 'congestion avoidance',
    short: 'CA',
    color: 'phaseAvoidance',
  },
  { phase: 'fast-recovery', label: 'fast recovery', short: 'FR', color: 'phaseFastRecovery' },
  { phase: 'rto-recovery', label: 'after timeout (RTO)', short: 'RTO', color: 'phaseRto' },
] as const satisfies readonly {
  phase: string;
  label: string;
  short: string;
  color: keyof ThemeColors;
}[];

/** Line series styles: colour and dash (every series differs by dash too). */
export const SERIES_STYLES = {
  cwnd: { color: 'data', dash: '', label: 'cwnd', widthScale: 1.25 },
  ssthresh: { color: 'fg', dash: '7 4', label: 'ssthresh', widthScale: 1 },
  flightsize: { color: 'ack', dash: '2 3', label: 'flight size', widthScale: 1 },
  pipe: { color: 'sack', dash: '8 3 2 3', label: 'pipe', widthScale: 1 },
  partialBytesAcked: { color: 'window', dash: '4 2', label: 'partial_bytes_acked', widthScale: 1 },
  inflated: { color: 'data', dash: '10 4', label: 'cwnd + inflation', widthScale: 0.75 },
  ackLine: { color: 'ack', dash: '', label: 'cumulative ACK', widthScale: 1 },
  window: { color: 'window', dash: '5 3', label: 'receive window (ACK + window)', widthScale: 1 },
} as const satisfies Record<
  string,
  { color: ColorKey; dash: string; label: string; widthScale: number }
>;
export type SeriesKey = keyof typeof SERIES_STYLES;
