/**
 * The time–sequence model of one captured connection, in tcptrace's conventions (Wireshark's
 * "Stevens"/tcptrace graph): each data segment a bar at its last byte (blue), a retransmission
 * labelled "R" (vermillion, its class in the tooltip), the cumulative ACK as a staircase
 * (green), the receive window's right edge (amber), duplicate ACK ticks with the 3rd labelled
 * "3", and each SACK block as a bar at its right edge (purple). y is the relative sequence
 * number in bytes. Marks use the plots' PointMarks (panels/marks.ts) with the packet's row in
 * the connection as the "event", so the capture view's cursor (a packet row) drives past and
 * future. Pure and DOM-free; memoised per analysis.
 */
import { PACKET_KIND, type ConnectionAnalysis, type Retransmission } from '../deps/capture';
import { MarkBuilder, type PointMarks } from '../panels/marks';
import { MarkKind } from '../panels/palette';
import { StepColumnsBuilder, type SeriesColumns } from '../panels/series';
import { ordinal } from '../../trace/format';

export interface CaptureTimeSeqModel {
  marks: PointMarks;
  /** Cumulative ACK (relative, bytes), step-after, at each ACK that moved it (columns). */
  ackLine: SeriesColumns;
  /** Right edge of the receive window (ACK + window), step-after; empty when no ACK carried one. */
  windowLine: SeriesColumns;
  /** Highest sequence byte sent. */
  maxSeq: number;
  /** Time of the connection's last packet (s). */
  end: number;
  counts: {
    segments: number;
    retransmissions: number;
    acks: number;
    dupacks: number;
    sacks: number;
  };
}

/** Words of a retransmission's class, as the tooltips and the legend say it. */
export const RETX_WORDS: Record<Retransmission['cls'], string> = {
  fast: 'fast retransmit',
  rto: 'RTO retransmission',
  rack: 'tail loss probe / RACK (time-based)',
  other: 'retransmission (no trigger seen)',
};

/** "bytes 1001–2001 (1000 B)": the data of packet row i. */
export function segmentRange(a: ConnectionAnalysis, i: number): string {
  const P = a.packets;
  return `bytes ${P.seq[i]}–${P.seq[i]! + P.len[i]!} (${P.len[i]} B)`;
}

const cache = new WeakMap<ConnectionAnalysis, CaptureTimeSeqModel>();

/**
 * Use `m` as the model of `a` (the capture worker built it beside the analysis, so a big
 * connection's ~10⁵ marks and ~10⁶ steps are not built on the page's thread).
 */
export function primeTimeSeq(a: ConnectionAnalysis, m: CaptureTimeSeqModel): void {
  cache.set(a, m);
}

export function captureTimeSeq(a: ConnectionAnalysis): CaptureTimeSeqModel {
  let m = cache.get(a);
  if (!m) {
    m = buildCaptureTimeSeq(a);
    cache.set(a, m);
  }
  return m;
}

/** The model of `a`, built afresh (not memoised: the capture worker transfers its columns). */
export function buildCaptureTimeSeq(a: ConnectionAnalysis): CaptureTimeSeqModel {
  const P = a.packets;
  const flow = a.summary.id;
  const retx = new Map<number, Retransmission>();
  for (const r of a.retransmissions) retx.set(r.packet, r);
  const dup = new Map<number, number>();
  for (const d of a.dupacks) dup.set(d.packet, d.count);
  const sacksOf = new Map<number, { start: number; end: number; dsack: boolean }[]>();
  for (const s of a.sacks) {
    const list = sacksOf.get(s.packet);
    if (list) list.push(s);
    else sacksOf.set(s.packet, [s]);
  }
  const b = new MarkBuilder();
  const ackLine = new StepColumnsBuilder();
  const windowLine = new StepColumnsBuilder();
  const counts = { segments: 0, retransmissions: 0, acks: 0, dupacks: 0, sacks: 0 };
  let maxSeq = 0;
  for (let i = 0; i < P.length; i++) {
    const t = P.time[i]!;
    const kind = P.kind[i]!;
    if (P.dir[i] === 0) {
      if (P.len[i]! === 0) continue;
      const end = P.seq[i]! + P.len[i]!;
      maxSeq = Math.max(maxSeq, end);
      const r = retx.get(i);
      // Tooltips say the byte range from the packet row (segmentRange); a note only for the few
      // marks that need more (a 100 MB capture has ~10⁵ segments).
      if (r || kind & PACKET_KIND.retransmission) {
        counts.retransmissions++;
        const what = r ? RETX_WORDS[r.cls] + (r.spurious ? ', spurious' : '') : 'retransmission';
        b.push(MarkKind.segmentRetx, i, t, end, flow, end, 1, 'R', what);
      } else {
        counts.segments++;
        const ooo = kind & PACKET_KIND.outOfOrder ? 'arrived out of order' : undefined;
        b.push(MarkKind.segment, i, t, end, flow, end, 0, undefined, ooo);
      }
      continue;
    }
    if (!(kind & PACKET_KIND.ack)) continue;
    const ack = P.ack[i]!;
    counts.acks++;
    ackLine.push(t, ack); // kept where it moves
    windowLine.push(t, ack + P.win[i]!);
    // The ACKs themselves are the staircase line (a mark each would only add work: the
    // simulator's ACK marks have no glyph either); its tooltip reads the line.
    const n = dup.get(i);
    if (n !== undefined) {
      counts.dupacks++;
      b.push(
        MarkKind.dupack,
        i,
        t,
        ack,
        flow,
        ack,
        0,
        n === 3 ? '3' : undefined,
        `${ordinal(n)} duplicate ACK for ${ack}`,
      );
    }
    for (const s of sacksOf.get(i) ?? []) {
      counts.sacks++;
      const what = s.dsack ? 'D-SACK (data received twice)' : 'SACK block';
      b.push(MarkKind.sack, i, t, s.end, flow, s.end, 0, undefined, `${what} ${s.start}–${s.end}`);
    }
  }
  const end = P.length ? P.time[P.length - 1]! : 0;
  return {
    marks: b.build(),
    ackLine: ackLine.build(),
    windowLine: windowLine.build(),
    maxSeq,
    end,
    counts,
  };
}
