import { grown, nextCapacity, trimmed, type NumArray } from './growable';

/**
 * The per-flow rate trace (issue 25): one row per ACK a TCP sender processes, in the full trace
 * only (`Trace.rates`; a metrics-only run keeps none), columnar like the other trace series.
 * What the rate panel, the RTT panel, BBR's state lane and `--out rate` read:
 *
 *   time          s, when the ACK was processed
 *   flow          the flow's engine id
 *   decision      the row of the ACK's decision in Trace.decisions (−1: none recorded)
 *   pacingRate    the pacing rate in force after the ACK, bit/s of payload; NaN = unpaced
 *   deliveryRate  the ACK's delivery-rate sample (tcp/ack-samples.ts), bit/s of payload; NaN
 *                 when the ACK delivered nothing
 *   appLimited    1 when that sample is application-limited
 *   bwEstimate    BBR's bottleneck-bandwidth estimate (max filter), bit/s; NaN for others
 *   minRtt        BBR's min_rtt (RTprop), s; NaN for others or before a sample
 *   rtt           the ACK's RTT sample (Karn's rule), s; NaN when none
 *   state         BBR's mode, an index into BBR_MODES (0 = none: other variants)
 *   pacingGain, cwndGain   BBR's gains after the ACK; NaN for others
 *   phase         BBR's PROBE_BW gain-cycle phase 0…7; −1 outside PROBE_BW and for others
 */
export interface RateColumns {
  length: number;
  time: Float64Array;
  flow: Uint16Array;
  decision: Int32Array;
  pacingRate: Float64Array;
  deliveryRate: Float64Array;
  appLimited: Uint8Array;
  bwEstimate: Float64Array;
  minRtt: Float64Array;
  rtt: Float64Array;
  state: Uint8Array;
  pacingGain: Float64Array;
  cwndGain: Float64Array;
  phase: Int16Array;
}

/** One rate row as a sink receives it (units as RateColumns). */
export interface RateRow {
  time: number;
  flow: number;
  decision: number;
  pacingRate: number;
  deliveryRate: number;
  appLimited: number;
  bwEstimate: number;
  minRtt: number;
  rtt: number;
  state: number;
  pacingGain: number;
  cwndGain: number;
  phase: number;
}

/** A variant's own rate values (BBR's model); absent values are NaN / 0 / −1 in the row. */
export type RateInfo = Pick<
  RateRow,
  'bwEstimate' | 'minRtt' | 'state' | 'pacingGain' | 'cwndGain' | 'phase'
>;

export const RATE_SPEC = {
  time: Float64Array,
  flow: Uint16Array,
  decision: Int32Array,
  pacingRate: Float64Array,
  deliveryRate: Float64Array,
  appLimited: Uint8Array,
  bwEstimate: Float64Array,
  minRtt: Float64Array,
  rtt: Float64Array,
  state: Uint8Array,
  pacingGain: Float64Array,
  cwndGain: Float64Array,
  phase: Int16Array,
};

/** The columns in fingerprint order. */
export const RATE_COLUMNS = Object.keys(RATE_SPEC) as (keyof typeof RATE_SPEC)[];

type Key = keyof typeof RATE_SPEC;
const KEYS = RATE_COLUMNS as readonly Key[];

/** Append-only RateColumns, grown by 1.5× (one row per ACK: no allocation per row). */
export class RateTable {
  private n = 0;
  private cap = 0;
  private cols = RateTable.make(0);

  private static make(n: number): Record<Key, NumArray> {
    const out = {} as Record<Key, NumArray>;
    for (const k of KEYS) out[k] = new RATE_SPEC[k](n);
    return out;
  }

  add(r: RateRow): void {
    const cols = this.cols;
    if (this.n === this.cap) {
      this.cap = nextCapacity(this.cap, this.n + 1);
      for (const k of KEYS) cols[k] = grown(cols[k], this.cap);
    }
    const i = this.n++;
    for (let j = 0; j < KEYS.length; j++) {
      const k = KEYS[j]!;
      cols[k][i] = r[k];
    }
  }

  columns(): RateColumns {
    const out = { length: this.n } as Record<string, unknown>;
    for (const k of KEYS) out[k] = trimmed(this.cols[k], this.n);
    return out as unknown as RateColumns;
  }
}

/** A trace without rate rows. */
export function emptyRates(): RateColumns {
  return new RateTable().columns();
}
