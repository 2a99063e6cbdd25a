import { grown, nextCapacity, trimmed } from './growable';

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

/**
 * Append-only RateColumns, grown by 1.5×. One row per ACK, so the row is written column by
 * column through typed fields (no per-row allocation, no lookup by name).
 */
export class RateTable {
  private n = 0;
  private cap = 0;
  private time = new Float64Array(0);
  private flow = new Uint16Array(0);
  private decision = new Int32Array(0);
  private pacingRate = new Float64Array(0);
  private deliveryRate = new Float64Array(0);
  private appLimited = new Uint8Array(0);
  private bwEstimate = new Float64Array(0);
  private minRtt = new Float64Array(0);
  private rtt = new Float64Array(0);
  private state = new Uint8Array(0);
  private pacingGain = new Float64Array(0);
  private cwndGain = new Float64Array(0);
  private phase = new Int16Array(0);

  add(r: RateRow): void {
    if (this.n === this.cap) this.grow();
    const i = this.n++;
    this.time[i] = r.time;
    this.flow[i] = r.flow;
    this.decision[i] = r.decision;
    this.pacingRate[i] = r.pacingRate;
    this.deliveryRate[i] = r.deliveryRate;
    this.appLimited[i] = r.appLimited;
    this.bwEstimate[i] = r.bwEstimate;
    this.minRtt[i] = r.minRtt;
    this.rtt[i] = r.rtt;
    this.state[i] = r.state;
    this.pacingGain[i] = r.pacingGain;
    this.cwndGain[i] = r.cwndGain;
    this.phase[i] = r.phase;
  }

  private grow(): void {
    const c = (this.cap = nextCapacity(this.cap, this.n + 1));
    this.time = grown(this.time, c);
    this.flow = grown(this.flow, c);
    this.decision = grown(this.decision, c);
    this.pacingRate = grown(this.pacingRate, c);
    this.deliveryRate = grown(this.deliveryRate, c);
    this.appLimited = grown(this.appLimited, c);
    this.bwEstimate = grown(this.bwEstimate, c);
    this.minRtt = grown(this.minRtt, c);
    this.rtt = grown(this.rtt, c);
    this.state = grown(this.state, c);
    this.pacingGain = grown(this.pacingGain, c);
    this.cwndGain = grown(this.cwndGain, c);
    this.phase = grown(this.phase, c);
  }

  columns(): RateColumns {
    const n = this.n;
    return {
      length: n,
      time: trimmed(this.time, n),
      flow: trimmed(this.flow, n),
      decision: trimmed(this.decision, n),
      pacingRate: trimmed(this.pacingRate, n),
      deliveryRate: trimmed(this.deliveryRate, n),
      appLimited: trimmed(this.appLimited, n),
      bwEstimate: trimmed(this.bwEstimate, n),
      minRtt: trimmed(this.minRtt, n),
      rtt: trimmed(this.rtt, n),
      state: trimmed(this.state, n),
      pacingGain: trimmed(this.pacingGain, n),
      cwndGain: trimmed(this.cwndGain, n),
      phase: trimmed(this.phase, n),
    };
  }
}

/** A trace without rate rows. */
export function emptyRates(): RateColumns {
  return new RateTable().columns();
}
