/**
 * `--out rate`: one row per ACK of every TCP flow (Trace.rates, the full trace's rate rows),
 * CSV (header row, "\n" line ends) or JSON (an array of row objects, one per line):
 *
 *   time               seconds (the engine's exact double, shortest round-trip form)
 *   flow               the flow's engine id, 0-based (as --out router, cwnd and paths)
 *   pacing_rate_bps    the pacing rate in force after the ACK, bit/s of payload; empty when
 *                      the flow is not paced (pacing=0, or no RTT sample yet)
 *   delivery_rate_bps  the ACK's delivery-rate sample (delivered packets × MSS bits over the
 *                      sample's interval; draft-cheng-iccrg-delivery-rate-estimation §3.3);
 *                      empty when the ACK delivered nothing
 *   bw_estimate_bps    BBR's bottleneck-bandwidth estimate (windowed max); empty for others
 *   min_rtt_s          BBR's min_rtt (RTprop), s; empty for others
 *   rtt_s              the ACK's RTT sample (Karn's rule), s; empty when it has none
 *   state              BBR's mode: STARTUP, DRAIN, PROBE_BW, PROBE_RTT; empty for others
 *
 * SCTP and UDP flows have no rows; an empty trace prints the header alone. Pure.
 */
import { BBR_MODES, type Trace } from '../engine';
import { toCsv, toJsonRows } from '../trace/outputs';

export const RATE_OUT_COLUMNS = [
  'time',
  'flow',
  'pacing_rate_bps',
  'delivery_rate_bps',
  'bw_estimate_bps',
  'min_rtt_s',
  'rtt_s',
  'state',
] as const;

export interface RateOutRow {
  time: number;
  flow: number;
  pacing_rate_bps: number | null;
  delivery_rate_bps: number | null;
  bw_estimate_bps: number | null;
  min_rtt_s: number | null;
  rtt_s: number | null;
  state: string | null;
}

const orNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The rows of a trace's rate series, in engine order. */
export function rateRows(trace: Trace): RateOutRow[] {
  const r = trace.rates;
  if (!r) return [];
  const rows: RateOutRow[] = [];
  for (let i = 0; i < r.length; i++) {
    const state = BBR_MODES[r.state[i]!] ?? '';
    rows.push({
      time: r.time[i]!,
      flow: r.flow[i]!,
      pacing_rate_bps: orNull(r.pacingRate[i]!),
      delivery_rate_bps: orNull(r.deliveryRate[i]!),
      bw_estimate_bps: state === '' ? null : orNull(r.bwEstimate[i]!),
      min_rtt_s: orNull(r.minRtt[i]!),
      rtt_s: orNull(r.rtt[i]!),
      state: state === '' ? null : state,
    });
  }
  return rows;
}

/** The text of `--out rate` in CSV or JSON. */
export function renderRates(trace: Trace, format: 'csv' | 'json'): string {
  const rows = rateRows(trace);
  return format === 'json' ? toJsonRows(rows) : toCsv(rows, RATE_OUT_COLUMNS);
}
