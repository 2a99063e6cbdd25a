/**
 * The bytes-in-flight and RTT models of one captured connection, for plots on the capture
 * view's shared cursor: the flight after each packet (the analysis's `inflight` column: highest
 * sequence sent − highest ACK seen) as a step line, the analysis's estimated cwnd bound between
 * losses (the largest flight between two recoveries: a lower bound, exact where the sender was
 * cwnd-limited) as one level per interval, recovery episodes as bands, and the RTT samples
 * (Karn's rule, or timestamps) as dots with their running minimum. Pure; memoised per analysis.
 */
import type { ConnectionAnalysis } from '../deps/capture';
import { upperBound } from '../panels/bisect';
import { MarkBuilder, type PointMarks } from '../panels/marks';
import { MarkKind } from '../panels/palette';
import { StepColumnsBuilder, type SeriesColumns } from '../panels/series';

export interface CaptureFlightModel {
  /** Bytes in flight, step-after, one step per change (columns). */
  flight: SeriesColumns;
  /** Each interval's cwnd bound (bytes) with its segments of MSS. */
  bounds: { start: number; end: number; bytes: number; segments: number }[];
  recoveries: { start: number; end: number; trigger: string }[];
  maxBytes: number;
}

export interface CaptureRttModel {
  /** RTT samples (s) as marks, `event` = the packet row of the ACK that closed each. */
  samples: PointMarks;
  /** Running minimum of the samples (s), step-after (columns). */
  minRtt: SeriesColumns;
  max: number;
  /** 'ts' samples from timestamps, 'karn' from segments sent once. */
  sources: { karn: number; ts: number };
}

const flightCache = new WeakMap<ConnectionAnalysis, CaptureFlightModel>();
const rttCache = new WeakMap<ConnectionAnalysis, CaptureRttModel>();

/** Use these as the models of `a` (built in the capture worker). */
export function primeFlight(a: ConnectionAnalysis, m: CaptureFlightModel): void {
  flightCache.set(a, m);
}
export function primeRtt(a: ConnectionAnalysis, m: CaptureRttModel): void {
  rttCache.set(a, m);
}

export function captureFlight(a: ConnectionAnalysis): CaptureFlightModel {
  let m = flightCache.get(a);
  if (!m) flightCache.set(a, (m = buildCaptureFlight(a)));
  return m;
}

/** The flight model of `a`, built afresh (not memoised: the capture worker transfers it). */
export function buildCaptureFlight(a: ConnectionAnalysis): CaptureFlightModel {
  const P = a.packets;
  const flight = new StepColumnsBuilder();
  let maxBytes = 0;
  for (let i = 0; i < P.length; i++) {
    const v = P.inflight[i]!;
    flight.push(P.time[i]!, v); // kept where it changes
    maxBytes = Math.max(maxBytes, v);
  }
  // A bound the analysis could not size (no flight seen between two losses) is not drawn.
  const bounds = a.cwndBounds.filter((b) => Number.isFinite(b.bytes) && b.end > b.start);
  for (const b of bounds) maxBytes = Math.max(maxBytes, b.bytes);
  return {
    flight: flight.build(),
    bounds: bounds.map((b) => ({ ...b })),
    recoveries: a.recoveries.map((r) => ({ start: r.start, end: r.end, trigger: r.trigger })),
    maxBytes,
  };
}

/** The packet row at or before time t (0 before the first). */
export function rowAtOrBefore(a: ConnectionAnalysis, t: number): number {
  return Math.max(0, upperBound(a.packets.time, t) - 1);
}

export function captureRtt(a: ConnectionAnalysis): CaptureRttModel {
  let m = rttCache.get(a);
  if (!m) rttCache.set(a, (m = buildCaptureRtt(a)));
  return m;
}

/** The RTT model of `a`, built afresh (not memoised: the capture worker transfers it). */
export function buildCaptureRtt(a: ConnectionAnalysis): CaptureRttModel {
  const b = new MarkBuilder();
  const minRtt = new StepColumnsBuilder();
  const sources = { karn: 0, ts: 0 };
  let min = Infinity;
  let max = 0;
  for (const s of a.rtt) {
    sources[s.source]++;
    b.push(MarkKind.rttSample, rowAtOrBefore(a, s.time), s.time, s.rtt, a.summary.id, -1);
    max = Math.max(max, s.rtt);
    if (s.rtt < min) {
      min = s.rtt;
      minRtt.push(s.time, min);
    }
  }
  return { samples: b.build(), minRtt: minRtt.build(), max, sources };
}
