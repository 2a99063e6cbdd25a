/**
 * What the capture worker sends the page for one connection, packed so that the page's thread
 * does not deserialise millions of small objects (a 100 MB headers-only capture has ~10⁶
 * packets): the analysis without its per-packet object lists (RTT samples, SACK blocks,
 * duplicate ACKs: the plots' models carry what the page shows of them), its packet columns,
 * and the plots' models built in the worker, their step series as typed columns. The page
 * rebuilds a series' points only when a plot first asks for them.
 */
import type { ConnectionAnalysis } from '../deps/capture';
import type { PointMarks } from '../panels/marks';
import type { SeriesPoint } from '../panels/types';
import {
  captureFlight,
  captureRtt,
  primeFlight,
  primeRtt,
  type CaptureFlightModel,
  type CaptureRttModel,
} from './flight';
import { captureTimeSeq, primeTimeSeq, type CaptureTimeSeqModel } from './timeseq';

/** A step series as columns. */
export interface PackedSeries {
  t: Float64Array;
  v: Float64Array;
}

export function packSeries(points: readonly SeriesPoint[]): PackedSeries {
  const t = new Float64Array(points.length);
  const v = new Float64Array(points.length);
  points.forEach((p, i) => {
    t[i] = p.t;
    v[i] = p.v;
  });
  return { t, v };
}

export function unpackSeries(s: PackedSeries): SeriesPoint[] {
  const out: SeriesPoint[] = new Array<SeriesPoint>(s.t.length);
  for (let i = 0; i < s.t.length; i++) out[i] = { t: s.t[i]!, v: s.v[i]! };
  return out;
}

export interface PackedConnection {
  /** rtt, sacks and dupacks emptied (their counts in `lists`). */
  analysis: ConnectionAnalysis;
  lists: { rtt: number; sacks: number; dupacks: number };
  timeseq: Omit<CaptureTimeSeqModel, 'ackLine' | 'windowLine'> & {
    ackLine: PackedSeries;
    windowLine: PackedSeries;
  };
  rtt: Omit<CaptureRttModel, 'minRtt'> & { minRtt: PackedSeries };
  flight: Omit<CaptureFlightModel, 'flight'> & { flight: PackedSeries };
}

function columnsCopy<T extends object>(cols: T): T {
  const out = { ...cols } as Record<string, unknown>;
  for (const [k, v] of Object.entries(cols))
    if (ArrayBuffer.isView(v)) out[k] = (v as Float64Array).slice();
  return out as T;
}

/** In the worker: the connection for the page, and the buffers to transfer (copies: the
 * worker keeps its own analysis for the replay). */
export function packConnection(a: ConnectionAnalysis): {
  packed: PackedConnection;
  buffers: ArrayBuffer[];
} {
  const ts = captureTimeSeq(a);
  const rtt = captureRtt(a);
  const fl = captureFlight(a);
  const packed: PackedConnection = {
    analysis: { ...a, packets: columnsCopy(a.packets), rtt: [], sacks: [], dupacks: [] },
    lists: { rtt: a.rtt.length, sacks: a.sacks.length, dupacks: a.dupacks.length },
    timeseq: { ...ts, ackLine: packSeries(ts.ackLine), windowLine: packSeries(ts.windowLine) },
    rtt: { ...rtt, minRtt: packSeries(rtt.minRtt) },
    flight: { ...fl, flight: packSeries(fl.flight) },
  };
  const buffers = new Set<ArrayBuffer>();
  const add = (cols: object) => {
    for (const v of Object.values(cols))
      if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) buffers.add(v.buffer);
  };
  add(packed.analysis.packets);
  add(packed.timeseq.marks as PointMarks);
  add(packed.timeseq.ackLine);
  add(packed.timeseq.windowLine);
  add(packed.rtt.samples);
  add(packed.rtt.minRtt);
  add(packed.flight.flight);
  return { packed, buffers: [...buffers] };
}

/** On the page: the analysis, its plots' models primed (their series rebuilt on first use). */
export function unpackConnection(p: PackedConnection): ConnectionAnalysis {
  const a = p.analysis;
  const ts = p.timeseq;
  primeTimeSeq(a, () => ({
    ...ts,
    ackLine: unpackSeries(ts.ackLine),
    windowLine: unpackSeries(ts.windowLine),
  }));
  primeRtt(a, () => ({ ...p.rtt, minRtt: unpackSeries(p.rtt.minRtt) }));
  primeFlight(a, () => ({ ...p.flight, flight: unpackSeries(p.flight.flight) }));
  return a;
}
