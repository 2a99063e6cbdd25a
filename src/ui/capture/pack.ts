/**
 * What the capture worker sends the page for one connection, packed so that the page's thread
 * deserialises no millions of small objects (a 100 MB headers-only capture has ~10⁶ packets):
 * the analysis without its per-packet object lists (RTT samples, SACK blocks, duplicate ACKs:
 * the plots' models carry what the page shows of them), its packet columns, and the plots'
 * models built in the worker — marks and step series all typed columns, whose buffers are
 * transferred (moved, not copied). The page uses the models as they arrive.
 */
import type { ConnectionAnalysis } from '../deps/capture';
import { buildCaptureFlight, buildCaptureRtt, primeFlight, primeRtt } from './flight';
import type { CaptureFlightModel, CaptureRttModel } from './flight';
import { buildCaptureTimeSeq, primeTimeSeq, type CaptureTimeSeqModel } from './timeseq';

export interface PackedConnection {
  /** rtt, sacks and dupacks emptied (their counts in `lists`). */
  analysis: ConnectionAnalysis;
  lists: { rtt: number; sacks: number; dupacks: number };
  timeseq: CaptureTimeSeqModel;
  rtt: CaptureRttModel;
  flight: CaptureFlightModel;
}

function columnsCopy<T extends object>(cols: T): T {
  const out = { ...cols } as Record<string, unknown>;
  for (const [k, v] of Object.entries(cols))
    if (ArrayBuffer.isView(v)) out[k] = (v as Float64Array).slice();
  return out as T;
}

/** The buffers of the typed arrays among `obj`'s own values. */
function buffersOf(obj: object, into: Set<ArrayBuffer>): void {
  for (const v of Object.values(obj))
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) into.add(v.buffer);
}

/**
 * In the worker: the connection for the page, and the buffers to transfer. The packet columns
 * are copies (the worker keeps its own analysis for the replay); the models are built afresh
 * for the page, so moving their buffers leaves nothing of the worker's detached.
 */
export function packConnection(a: ConnectionAnalysis): {
  packed: PackedConnection;
  buffers: ArrayBuffer[];
} {
  const packed: PackedConnection = {
    analysis: { ...a, packets: columnsCopy(a.packets), rtt: [], sacks: [], dupacks: [] },
    lists: { rtt: a.rtt.length, sacks: a.sacks.length, dupacks: a.dupacks.length },
    timeseq: buildCaptureTimeSeq(a),
    rtt: buildCaptureRtt(a),
    flight: buildCaptureFlight(a),
  };
  const buffers = new Set<ArrayBuffer>();
  for (const cols of [
    packed.analysis.packets,
    packed.timeseq.marks,
    packed.timeseq.ackLine,
    packed.timeseq.windowLine,
    packed.rtt.samples,
    packed.rtt.minRtt,
    packed.flight.flight,
  ])
    buffersOf(cols, buffers);
  return { packed, buffers: [...buffers] };
}

/** On the page: the analysis, its plots' models in place. */
export function unpackConnection(p: PackedConnection): ConnectionAnalysis {
  const a = p.analysis;
  primeTimeSeq(a, p.timeseq);
  primeRtt(a, p.rtt);
  primeFlight(a, p.flight);
  return a;
}
