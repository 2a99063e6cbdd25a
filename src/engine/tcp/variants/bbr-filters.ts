/**
 * BBR's windowed max filter for the bottleneck bandwidth (draft-cardwell-iccrg-bbr-congestion-
 * control-00 §4.1.1.2, "BtlBw max filter"): the largest sample of the last `window` units of
 * time (BBR counts packet-timed round trips, §4.1.1.3). Kathleen Nichols' algorithm, as Linux's
 * lib/minmax.c and ns-3's WindowedFilter keep it: three samples — the best, the second best
 * taken after it, the third best taken after that — so the estimate falls back to a younger
 * sample as soon as the best ages out, in O(1) per update and without storing the window.
 * Here written from the algorithm's description; values are BBR's packets per second, times
 * its round count.
 */
export class WindowedMaxFilter {
  private readonly t = [0, 0, 0];
  private readonly v = [0, 0, 0];

  /** The estimate: the best sample still in the window (0 before any). */
  get best(): number {
    return this.v[0]!;
  }

  /** Forget everything: `value` at time `time` is the only sample. */
  reset(time: number, value: number): void {
    this.t[0] = this.t[1] = this.t[2] = time;
    this.v[0] = this.v[1] = this.v[2] = value;
  }

  /**
   * Take sample `value` at time `time` (non-decreasing) with a window of `window` time units;
   * returns the estimate after it.
   */
  update(window: number, time: number, value: number): number {
    const t = this.t;
    const v = this.v;
    // A new best, or nothing left in the window: start over from this sample.
    if (value >= v[0]! || time - t[2]! > window) {
      this.reset(time, value);
      return value;
    }
    if (value >= v[1]!) {
      t[1] = t[2] = time;
      v[1] = v[2] = value;
    } else if (value >= v[2]!) {
      t[2] = time;
      v[2] = value;
    }
    const age = time - t[0]!;
    if (age > window) {
      // The best has aged out: the second and third move up, this sample is the third.
      this.shift(time, value);
      if (time - t[0]! > window) this.shift(time, value);
    } else if (t[1] === t[0] && age > window / 4) {
      // A quarter of the window passed with one sample: keep a second, younger choice.
      t[1] = t[2] = time;
      v[1] = v[2] = value;
    } else if (t[2] === t[1] && age > window / 2) {
      // Half the window passed: keep a third choice.
      t[2] = time;
      v[2] = value;
    }
    return v[0]!;
  }

  private shift(time: number, value: number): void {
    const t = this.t;
    const v = this.v;
    t[0] = t[1]!;
    v[0] = v[1]!;
    t[1] = t[2]!;
    v[1] = v[2]!;
    t[2] = time;
    v[2] = value;
  }
}
