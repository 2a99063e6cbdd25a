/**
 * The bottleneck's queue discipline from the run keys: `aqm` and the discipline's parameter
 * keys (fields-aqm.ts) → LinkConfig.queue (net/queue/). Drop-tail gives none, so a drop-tail
 * link is built exactly as before the disciplines existed.
 */
import { CODEL_DEFAULTS, FQ_CODEL_DEFAULTS, PIE_DEFAULTS, type QueueConfig } from '../engine';
import type { RunSettings } from './types';

/** LinkConfig.queue for the run keys `s`, or undefined for drop-tail. */
export function queueConfigOf(s: RunSettings): QueueConfig | undefined {
  switch (s.aqm) {
    case 'droptail':
      return undefined;
    case 'codel':
      return {
        kind: 'codel',
        ...CODEL_DEFAULTS,
        targetS: s['codel.target'],
        intervalS: s['codel.interval'],
      };
    case 'fq-codel':
      return {
        kind: 'fq-codel',
        ...FQ_CODEL_DEFAULTS,
        targetS: s['codel.target'],
        intervalS: s['codel.interval'],
        flows: s['fqcodel.flows'],
        quantumBytes: s['fqcodel.quantum'],
      };
    case 'pie':
      return {
        kind: 'pie',
        ...PIE_DEFAULTS,
        targetS: s['pie.target'],
        tupdateS: s['pie.tupdate'],
      };
    default:
      return { kind: s.aqm };
  }
}
