/**
 * PRR's numbers behind each decision of a flow in PRR recovery (RFC 9937; tcp/prr.ts): sparse,
 * one row per ACK in recovery, keyed by decision row — what the explanation log narrates ACK by
 * ACK. Written only by flows with FlowConfig.recovery = 'prr', and only in a full trace; a run
 * without such flows has none (and keeps its fingerprint). Units: packets (SMSS).
 */

/** Which rule set sndcnt on the ACK (PrrColumns.bound). */
export const PrrBound = {
  /** pipe > ssthresh: sndcnt = ⌈prr_delivered · ssthresh / RecoverFS⌉ − prr_out. */
  proportional: 0,
  /** pipe ≤ ssthresh, not a safe ACK: PRR-CRB. */
  crb: 1,
  /** pipe ≤ ssthresh on a safe ACK (snd.una advanced, no further loss): PRR-SSRB. */
  ssrb: 2,
  /** DeliveredData = 0: nothing changes. */
  none: 3,
  /** The ACK that ends recovery: cwnd = ssthresh. */
  exit: 4,
} as const;

/** One row: the PRR variables around one decision. */
export interface PrrRow {
  /** Decision row this belongs to. */
  decision: number;
  /** RecoverFS: the flight at the start of recovery less what was SACKed before it, packets. */
  recoverFS: number;
  /** This ACK's DeliveredData = newly cumulatively acked + newly SACKed, packets. */
  delivered: number;
  /** The part of DeliveredData that advanced snd.una, packets. */
  cumAcked: number;
  /** prr_delivered after this ACK, packets. */
  prrDelivered: number;
  /** prr_out before this ACK's transmissions, packets. */
  prrOutBefore: number;
  /** prr_out after them. */
  prrOut: number;
  /** RFC 6675 pipe after the ACK, before its transmissions, packets. */
  pipe: number;
  /** ssthresh, packets. */
  ssthresh: number;
  /** sndcnt (≥ 0): cwnd = pipe + sndcnt. */
  sndcnt: number;
  /** PrrBound code. */
  bound: number;
  /** Packets this ACK marked lost that were not before (RFC 6675 IsLost). */
  newlyLost: number;
  /** 1 when sndcnt was raised to 1 to force the fast retransmit (prr_out was 0). */
  forced: number;
}

/** PrrRow fields as columns (Trace.prr). */
export interface PrrColumns {
  length: number;
  decision: Int32Array;
  recoverFS: Float64Array;
  delivered: Float64Array;
  cumAcked: Float64Array;
  prrDelivered: Float64Array;
  prrOutBefore: Float64Array;
  prrOut: Float64Array;
  pipe: Float64Array;
  ssthresh: Float64Array;
  sndcnt: Float64Array;
  bound: Uint8Array;
  newlyLost: Float64Array;
  forced: Uint8Array;
}

/** Column names in fingerprint order. */
export const PRR_COLUMNS = [
  'decision',
  'recoverFS',
  'delivered',
  'cumAcked',
  'prrDelivered',
  'prrOutBefore',
  'prrOut',
  'pipe',
  'ssthresh',
  'sndcnt',
  'bound',
  'newlyLost',
  'forced',
] as const satisfies readonly (keyof PrrRow)[];

/** Append-only PrrColumns. */
export class PrrTable {
  private readonly rows: PrrRow[] = [];

  get length(): number {
    return this.rows.length;
  }

  add(row: PrrRow): void {
    this.rows.push({ ...row });
  }

  columns(): PrrColumns {
    const r = this.rows;
    const f64 = (k: keyof PrrRow) => Float64Array.from(r, (x) => x[k]);
    return {
      length: r.length,
      decision: Int32Array.from(r, (x) => x.decision),
      recoverFS: f64('recoverFS'),
      delivered: f64('delivered'),
      cumAcked: f64('cumAcked'),
      prrDelivered: f64('prrDelivered'),
      prrOutBefore: f64('prrOutBefore'),
      prrOut: f64('prrOut'),
      pipe: f64('pipe'),
      ssthresh: f64('ssthresh'),
      sndcnt: f64('sndcnt'),
      bound: Uint8Array.from(r, (x) => x.bound),
      newlyLost: f64('newlyLost'),
      forced: Uint8Array.from(r, (x) => x.forced),
    };
  }
}

/** Row of PrrColumns for decision `decision`, or -1 (binary search: rows are in decision order). */
export function prrRowOf(cols: PrrColumns, decision: number): number {
  let lo = 0;
  let hi = cols.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = cols.decision[mid]!;
    if (d === decision) return mid;
    if (d < decision) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
