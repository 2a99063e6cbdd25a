/**
 * The capture view's plots as TimePlot specs (panels/TimePlot.tsx, the frame every time plot
 * of the app shares: axes, canvas/SVG layers, hover, click to seek, box zoom): the
 * time–sequence plot, bytes in flight with the cwnd bound, and RTT, built from the models of
 * one analysed connection. Only the adapters from the capture's analysis are new; drawing,
 * marks, glyphs and colours are the simulator's panels' own.
 */
import { kindNames, type ConnectionAnalysis } from '../deps/capture';
import { lowerBound, upperBound } from '../panels/bisect';
import type { TooltipEntry } from '../panels/describe';
import type { LegendItem } from '../panels/Legend';
import {
  MARK_STYLES,
  MarkKind,
  PALETTE,
  SERIES_STYLES,
  type MarkKind as MK,
} from '../panels/palette';
import type { TimePlotSpec } from '../panels/TimePlot';
import { MarkBuilder } from '../panels/marks';
import { tseqLayer, tseqLines } from '../panels/tseqLayers';
import type { Theme } from '../panels/types';
import { captureFlight, captureRtt, rowAtOrBefore } from './flight';
import { captureTimeSeq, segmentRange, type CaptureTimeSeqModel } from './timeseq';

/** "10.0.0.1:40000 → 10.0.0.2:5001". */
export function connectionName(a: ConnectionAnalysis): string {
  const s = a.summary;
  return `${s.sender.addr}:${s.sender.port} → ${s.receiver.addr}:${s.receiver.port}`;
}

const NO_MARKS = new MarkBuilder().build();

/** Byte counts on an axis: 950, 12k, 1.5M (the axis keeps its width for a 100 MB transfer). */
export function fmtBytesTick(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${+(v / 1e6).toFixed(2)}M`;
  if (a >= 1e4) return `${+(v / 1e3).toFixed(1)}k`;
  return String(v);
}

const fmtS = (t: number) => `${t.toFixed(4)} s`;

function glyphItem(k: MK, count?: number, label?: string): LegendItem {
  const s = MARK_STYLES[k];
  return {
    key: `k${k}`,
    label: label ?? s.label,
    count,
    swatch: { type: 'glyph', glyph: s.glyph, color: s.color, scale: 1.2 },
  };
}

function describeMarks(m: { marks: CaptureTimeSeqModel['marks'] }, a: ConnectionAnalysis) {
  return (idx: number[]): TooltipEntry[] =>
    idx.map((i) => {
      const k = m.marks.kind[i] as MK;
      const s = MARK_STYLES[k];
      const row = m.marks.event[i]!;
      const lines = [
        `packet ${row + 1} of the connection, t = ${fmtS(m.marks.t[i]!)}`,
        `kinds: ${kindNames(a.packets.kind[row]!)}`,
      ];
      const note = m.marks.notes.get(i);
      if (k === MarkKind.segment || k === MarkKind.segmentRetx) lines.unshift(segmentRange(a, row));
      if (note) lines.unshift(note);
      const title =
        k === MarkKind.ackAtSender || k === MarkKind.dupack
          ? `ACK ${a.packets.ack[row]}`
          : k === MarkKind.sack
            ? `SACK on ACK ${a.packets.ack[row]}`
            : `Segment ending at ${m.marks.y[i]}`;
      return { title, symbol: s.symbol, color: s.color, lines };
    });
}

/** One spec object per analysis (and theme): TimePlot redraws its static layer when the spec changes. */
function memo<K extends string>(fn: (a: ConnectionAnalysis, k: K) => TimePlotSpec) {
  const cache = new WeakMap<ConnectionAnalysis, Map<K, TimePlotSpec>>();
  return (a: ConnectionAnalysis, k: K): TimePlotSpec => {
    let m = cache.get(a);
    if (!m) cache.set(a, (m = new Map()));
    let spec = m.get(k);
    if (!spec) m.set(k, (spec = fn(a, k)));
    return spec;
  };
}

const timeSeqMemo = memo<''>((a) => buildTimeSeqSpec(a));
const flightMemo = memo<Theme>((a, theme) => buildFlightSpec(a, theme));
const rttMemo = memo<''>((a) => buildRttSpec(a));

/** The time–sequence plot of a connection (memoised). */
export const timeSeqSpec = (a: ConnectionAnalysis) => timeSeqMemo(a, '');
/** Bytes in flight with the cwnd bound and the recoveries (memoised per theme: band colours). */
export const flightSpec = (a: ConnectionAnalysis, theme: Theme) => flightMemo(a, theme);
/** The RTT samples and their running minimum (memoised). */
export const rttSpec = (a: ConnectionAnalysis) => rttMemo(a, '');

function buildTimeSeqSpec(a: ConnectionAnalysis): TimePlotSpec {
  const m = captureTimeSeq(a);
  const marks = m.marks;
  const legend: LegendItem[] = [
    glyphItem(MarkKind.segment, m.counts.segments),
    glyphItem(MarkKind.segmentRetx, m.counts.retransmissions),
    {
      key: 'ack',
      label: SERIES_STYLES.ackLine.label,
      swatch: { type: 'line', color: 'ack', dash: '' },
    },
  ];
  if (m.windowLine.t.length)
    legend.push({
      key: 'rwnd',
      label: SERIES_STYLES.window.label,
      swatch: { type: 'line', color: 'window', dash: SERIES_STYLES.window.dash },
    });
  legend.push(glyphItem(MarkKind.dupack, m.counts.dupacks, 'duplicate ACK (3rd: “3”)'));
  if (m.counts.sacks) legend.push(glyphItem(MarkKind.sack, m.counts.sacks, 'SACK block'));
  const full: [number, number] = [0, Math.max(1, m.maxSeq) * 1.04];
  const ackTimes = m.ackLine.t;
  const winTimes = m.windowLine.t;
  const yDomainFor = ([t0, t1]: [number, number]): [number, number] => {
    const lo0 = lowerBound(marks.t, t0);
    const hi0 = upperBound(marks.t, t1);
    if (lo0 === 0 && hi0 === marks.n) return full;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = lo0; i < hi0; i++) {
      lo = Math.min(lo, marks.y[i]!);
      hi = Math.max(hi, marks.y[i]!);
    }
    const k = upperBound(ackTimes, t0) - 1;
    if (k >= 0) lo = Math.min(lo, m.ackLine.v[k]!);
    if (!Number.isFinite(lo)) return full;
    const pad = Math.max(a.summary.mss, (hi - lo) * 0.06);
    return [Math.max(0, lo - pad), hi + pad];
  };
  const describeTime = (t: number): TooltipEntry | null => {
    const k = upperBound(ackTimes, t) - 1;
    if (k < 0) return null;
    const lines = [`cumulative ACK: ${m.ackLine.v[k]}`];
    const w = upperBound(winTimes, t) - 1;
    if (w >= 0) lines.push(`receive window up to ${m.windowLine.v[w]}`);
    return { title: `t = ${fmtS(t)}`, lines };
  };
  const c = m.counts;
  return {
    xLabel: 'time (s)',
    yLabel: 'sequence number (bytes, relative)',
    yLabelShort: 'seq (B)',
    yTickFormat: fmtBytesTick,
    yDomain: full,
    yDomainFor,
    layer: tseqLayer(marks),
    lines: tseqLines(m.windowLine, m.ackLine, m.end),
    bands: [],
    legend,
    title: `Time–sequence · ${connectionName(a)}`,
    ariaLabel:
      `Time–sequence plot of ${connectionName(a)}: ${c.segments} new segments, ` +
      `${c.retransmissions} retransmissions, ${c.acks} ACKs (${c.dupacks} duplicates` +
      `${c.sacks ? `, ${c.sacks} SACK blocks` : ''}); highest byte sent ${m.maxSeq}.`,
    describe: describeMarks(m, a),
    describeTime,
    seekTime: (t) => rowAtOrBefore(a, t),
  };
}

/** Recovery bands' colours: fast recovery as the cwnd panel's, RTO / TLP as its RTO phase. */
function recoveryFill(theme: Theme, trigger: string): string {
  const c = PALETTE[theme];
  return trigger === 'fast' ? c.phaseFastRecovery : c.phaseRto;
}

function buildFlightSpec(a: ConnectionAnalysis, theme: Theme): TimePlotSpec {
  const m = captureFlight(a);
  const mss = Math.max(1, a.summary.mss);
  const end = a.packets.length ? a.packets.time[a.packets.length - 1]! : 0;
  return {
    xLabel: 'time (s)',
    yLabel: 'bytes in flight',
    yLabelShort: 'flight (B)',
    yTickFormat: fmtBytesTick,
    yDomain: [0, Math.max(mss, m.maxBytes) * 1.08],
    layer: { marks: NO_MARKS },
    lines: [
      { key: 'flight', points: m.flight, color: 'data', dash: '', widthScale: 1, endT: end },
      ...m.bounds.map((b, k) => ({
        key: `bound${k}`,
        points: [
          { t: b.start, v: b.bytes },
          { t: b.end, v: b.bytes },
        ],
        color: 'fg' as const,
        dash: '6 3',
        widthScale: 1,
        endT: b.end,
      })),
    ],
    bands: m.recoveries.map((r) => ({
      t0: r.start,
      t1: r.end,
      fill: recoveryFill(theme, r.trigger),
      label: r.trigger === 'fast' ? 'FR' : r.trigger === 'rto' ? 'RTO' : 'RACK',
    })),
    legend: [
      {
        key: 'flight',
        label: 'bytes in flight',
        swatch: { type: 'line', color: 'data', dash: '' },
      },
      {
        key: 'bound',
        label: 'cwnd bound (largest flight between losses)',
        swatch: { type: 'line', color: 'fg', dash: '6 3' },
      },
    ],
    title: `Bytes in flight · ${connectionName(a)}`,
    ariaLabel:
      `Bytes in flight of ${connectionName(a)}: at most ${m.maxBytes} bytes ` +
      `(${(m.maxBytes / mss).toFixed(1)} segments of ${mss} B); ${m.bounds.length} cwnd bound` +
      `${m.bounds.length === 1 ? '' : 's'} between ${m.recoveries.length} recover${m.recoveries.length === 1 ? 'y' : 'ies'}.`,
    describe: () => [],
    describeTime: (t) => {
      const k = upperBound(m.flight.t, t) - 1;
      if (k < 0) return null;
      const v = m.flight.v[k]!;
      const lines = [`in flight: ${v} B (${(v / mss).toFixed(1)} × MSS ${mss} B)`];
      const b = m.bounds.find((x) => x.start <= t && t <= x.end);
      if (b) lines.push(`cwnd bound here: ${b.bytes} B (${b.segments.toFixed(1)} segments)`);
      const r = m.recoveries.find((x) => x.start <= t && t <= x.end);
      if (r) lines.push(`in ${r.trigger === 'fast' ? 'fast' : r.trigger.toUpperCase()} recovery`);
      return { title: `t = ${fmtS(t)}`, lines };
    },
    seekTime: (t) => rowAtOrBefore(a, t),
  };
}

function buildRttSpec(a: ConnectionAnalysis): TimePlotSpec {
  const m = captureRtt(a);
  const end = a.packets.length ? a.packets.time[a.packets.length - 1]! : 0;
  const ms = (s: number) => `${(s * 1000).toFixed(2)} ms`;
  const s = MARK_STYLES[MarkKind.rttSample];
  return {
    xLabel: 'time (s)',
    yLabel: 'RTT (s)',
    yLabelShort: 'RTT (s)',
    yDomain: [0, Math.max(0.001, m.max) * 1.1],
    // A big capture's ~10⁵ samples, seen whole: per pixel bin one bar from the lowest to the
    // highest sample (no spike lost); zoomed in, one dot each.
    layer: {
      marks: m.samples,
      aggregate: { mode: 'range', distinct: () => false, note: 'zoom in for single samples' },
    },
    lines: [
      { key: 'minRtt', points: m.minRtt, color: 'ack', dash: '', widthScale: 1.25, endT: end },
    ],
    bands: [],
    legend: [
      {
        key: 'rtt',
        label: `RTT sample (${m.sources.ts ? 'timestamps' : 'Karn’s rule'})`,
        count: m.samples.n,
        swatch: { type: 'glyph', glyph: s.glyph, color: 'data' },
      },
      {
        key: 'min',
        label: 'running min of RTT samples',
        swatch: { type: 'line', color: 'ack', dash: '' },
      },
    ],
    title: `RTT · ${connectionName(a)}`,
    ariaLabel:
      `RTT of ${connectionName(a)}: ${m.samples.n} samples, largest ${ms(m.max)}` +
      (m.minRtt.v.length ? `, smallest ${ms(m.minRtt.v[m.minRtt.v.length - 1]!)}` : '') +
      '.',
    describe: (idx) =>
      idx.map((i) => ({
        title: `RTT ${ms(m.samples.y[i]!)}`,
        symbol: s.symbol,
        color: 'data',
        lines: [`ACK at t = ${fmtS(m.samples.t[i]!)}`],
      })),
    describeTime: (t) => {
      const k = upperBound(m.minRtt.t, t) - 1;
      return k < 0
        ? null
        : { title: `t = ${fmtS(t)}`, lines: [`min RTT so far ${ms(m.minRtt.v[k]!)}`] };
    },
    seekTime: (t) => rowAtOrBefore(a, t),
  };
}
