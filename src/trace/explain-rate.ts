/**
 * The rate placeholders of the explanation log (issue 25): {rate.X} in a reason template is read
 * from the rate row (Trace.rates) recorded for the decision's ACK — the model's values after
 * that ACK. Names: {rate.bw} BBR's bandwidth estimate, {rate.pacing} the pacing rate,
 * {rate.delivery} the ACK's delivery-rate sample (all "9.62 Mb/s"), {rate.minRtt} and {rate.rtt}
 * ("38.95 ms"), {rate.state} BBR's mode, {rate.pacingGain} and {rate.cwndGain} ("1.25"),
 * {rate.phase} the PROBE_BW phase ("3 of 0–7"); "n/a" when the decision has no rate row
 * (another trigger, a hand-built trace) or the row no such value (another variant). Pure.
 */
import { BBR_MODES, type Trace } from '../engine';

/** The rate row of decision `id` (rows are in decision order), or −1. */
export function rateRowOf(trace: Trace, id: number): number {
  const r = trace.rates;
  if (!r || r.length === 0) return -1;
  let lo = 0;
  let hi = r.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r.decision[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return r.decision[lo] === id ? lo : -1;
}

/** A rate in bit/s as "9.62 Mb/s" (kb/s below 1 Mb/s, Gb/s from 1 Gb/s). */
export function fmtRate(bps: number): string {
  if (bps >= 1e9) return `${(bps / 1e9).toFixed(2)} Gb/s`;
  if (bps >= 1e6) return `${(bps / 1e6).toFixed(2)} Mb/s`;
  return `${(bps / 1e3).toFixed(1)} kb/s`;
}

const ms = (s: number): string => `${(s * 1000).toFixed(2)} ms`;

/** The names {rate.X} may take. */
export const RATE_PLACEHOLDERS = [
  'bw',
  'pacing',
  'delivery',
  'minRtt',
  'rtt',
  'state',
  'pacingGain',
  'cwndGain',
  'phase',
] as const;

/** What a known placeholder says when the decision has no such value. */
export const RATE_UNKNOWN = 'n/a';

/**
 * The value of placeholder `rate.<name>` for decision `id`: undefined when the name is unknown,
 * RATE_UNKNOWN when the decision has no rate row or the row no such value.
 */
export function ratePlaceholder(name: string, trace: Trace, id: number): string | undefined {
  if (!(RATE_PLACEHOLDERS as readonly string[]).includes(name)) return undefined;
  return rateValue(name, trace, id) ?? RATE_UNKNOWN;
}

function rateValue(name: string, trace: Trace, id: number): string | undefined {
  const i = rateRowOf(trace, id);
  if (i < 0) return undefined;
  const r = trace.rates!;
  const finite = (x: number, f: (x: number) => string) => (Number.isFinite(x) ? f(x) : undefined);
  switch (name) {
    case 'bw':
      return finite(r.bwEstimate[i]!, fmtRate);
    case 'pacing':
      return finite(r.pacingRate[i]!, fmtRate);
    case 'delivery':
      return finite(r.deliveryRate[i]!, fmtRate);
    case 'minRtt':
      return finite(r.minRtt[i]!, ms);
    case 'rtt':
      return finite(r.rtt[i]!, ms);
    case 'state':
      return BBR_MODES[r.state[i]!] || undefined;
    case 'pacingGain':
    case 'cwndGain': {
      const g = (name === 'pacingGain' ? r.pacingGain : r.cwndGain)[i]!;
      return finite(g, (x) => String(Number(x.toFixed(3))));
    }
    case 'phase': {
      const p = r.phase[i]!;
      return p < 0 ? undefined : `${p} of 0–7`;
    }
    default:
      return undefined;
  }
}
