/**
 * The paper formulas, on plain numbers. Pure; no trace, no config.
 *
 * Sources: Alamgir, Atiquzzaman, Ivancic (000_…) eq. 1 (percentage throughput), eq. 2
 * (percentage increase), eq. 3 (link utilization); "SCTP and TCP sharing a satellite network"
 * (004_…) eq. 1 (Jain's fairness index).
 */

/**
 * Throughput in bits/s of `bytes` over `durationS` seconds: bytes · 8 / durationS.
 * @throws RangeError when durationS is not > 0.
 */
export function bitsPerSecond(bytes: number, durationS: number): number {
  if (!(durationS > 0)) throw new RangeError(`duration must be > 0 s (got ${durationS})`);
  return (bytes * 8) / durationS;
}

/**
 * Percentage throughput Γ_k = λ_k / Σ_i λ_i · 100 (000_… eq. 1), in %. `share` and `total` in
 * the same unit (bytes, or bits/s). Null when the total is 0 (nothing to share).
 */
export function percentThroughput(share: number, total: number): number | null {
  return total === 0 ? null : (share / total) * 100;
}

/**
 * Percentage increase of `a` over `b`: δ = (a − b) / b · 100 (000_… eq. 2, "of source 1 over
 * source 2"), in %. Null when b is 0.
 */
export function percentIncrease(a: number, b: number): number | null {
  return b === 0 ? null : ((a - b) / b) * 100;
}

/**
 * A shared medium's airtime utilization, %: the seconds it was busy (MediumInfo.busyS) over
 * `durationS` seconds, busyS / durationS · 100.
 * @throws RangeError when durationS is not > 0.
 */
export function cellUtilization(busyS: number, durationS: number): number {
  if (!(durationS > 0)) throw new RangeError(`duration must be > 0 s (got ${durationS})`);
  return (busyS / durationS) * 100;
}

/**
 * Link utilization ψ = Σ λ_i / b · 100 (000_… eq. 3; 004_… eq. 3), in %: `totalBytes` of payload
 * sent (retransmissions excluded) over `durationS` seconds against a link of `capacityBps`
 * bits/s, i.e. totalBytes · 8 / (capacityBps · durationS) · 100.
 * @throws RangeError when capacityBps or durationS is not > 0.
 */
export function linkUtilization(
  totalBytes: number,
  capacityBps: number,
  durationS: number,
): number {
  if (!(capacityBps > 0))
    throw new RangeError(`link capacity must be > 0 bits/s (got ${capacityBps})`);
  return (bitsPerSecond(totalBytes, durationS) / capacityBps) * 100;
}

/**
 * Jain's fairness index w = (Σ x_i)² / (n · Σ x_i²) (004_… eq. 1; x_i there the fraction of the
 * bottleneck bandwidth flow i obtains — the index is scale-free, so bytes or bits/s give the
 * same value). From 1/n (one flow takes everything) to 1 (equal shares); 1 for a single flow
 * and, by that reading, 1 when every x_i is 0 (all flows got the same: nothing).
 * @throws RangeError for no values or a negative value.
 */
export function jainIndex(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) throw new RangeError('Jain index of no flows');
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const x = values[i]!;
    if (!(x >= 0)) throw new RangeError(`Jain index of a negative or NaN share (${x})`);
    sum += x;
    squares += x * x;
  }
  return squares === 0 ? 1 : (sum * sum) / (n * squares);
}
