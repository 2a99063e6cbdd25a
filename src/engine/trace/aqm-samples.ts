import { ColumnTable } from './growable';

/**
 * Samples of the queue disciplines' internal state (net/queue/), one row per change the
 * discipline reports (QueueContext.state), written only by links whose discipline is not
 * drop-tail and only in a full trace; a run with drop-tail everywhere has none (and keeps its
 * fingerprint). What `a` and `b` hold depends on the link's discipline (LinkInfo.aqm), each
 * documented in its file (RED: a = average queue, b = the drop probability of the last
 * arrival).
 */
export interface AqmSampleColumns {
  length: number;
  /** Time, seconds. */
  time: Float64Array;
  /** Directed link index (Trace.links). */
  link: Int16Array;
  /**
   * The index the next packet event had when the sample was taken: the sample is the state
   * behind packet events `event`, `event + 1`, … of its link (a drop or mark it explains
   * comes right after it).
   */
  event: Int32Array;
  /** First state value (discipline-defined). */
  a: Float64Array;
  /** Second state value (discipline-defined). */
  b: Float64Array;
}

/** Column names in fingerprint order. */
export const AQM_SAMPLE_COLUMNS = ['time', 'link', 'event', 'a', 'b'] as const;

const SPEC = {
  time: Float64Array,
  link: Int16Array,
  event: Int32Array,
  a: Float64Array,
  b: Float64Array,
};

/** Append-only AqmSampleColumns. */
export class AqmSampleTable {
  private readonly t = new ColumnTable(SPEC);
  private readonly row = { time: 0, link: 0, event: 0, a: 0, b: 0 };
  private n = 0;

  get length(): number {
    return this.n;
  }

  add(time: number, link: number, event: number, a: number, b: number): void {
    const r = this.row;
    r.time = time;
    r.link = link;
    r.event = event;
    r.a = a;
    r.b = b;
    this.t.add(r);
    this.n++;
  }

  columns(): AqmSampleColumns {
    return this.t.columns();
  }
}
