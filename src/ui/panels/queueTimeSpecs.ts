/**
 * The queue-over-time panel's plots as TimePlot specs, from its model (queueSeries.ts): the
 * queue's length (packets or bytes) with the discipline's drops ▼, CE marks △ and overflows ✱
 * on a strip along its top, RED's average queue and its min_th / max_th; each departing packet's
 * sojourn with the discipline's target, CoDel's next drop times ▽; the drop probability (PIE on
 * a 0–1 axis, RED on its own scale). CoDel's and FQ-CoDel's dropping state shades every plot.
 * Pure: no DOM.
 */
import type { Trace } from '../../engine';
import { aqmStateText } from './aqmReadout';
import { fmtNum } from '../../trace/format';
import { lastAtOrBelow } from './bisect';
import type { TooltipEntry } from './describe';
import { describeEvent } from './describe';
import type { BandSpec, LineSpec } from './draw/layers';
import type { LegendItem } from './Legend';
import { MarkBuilder } from './marks';
import { Glyph, MARK_STYLES, MarkKind, PALETTE } from './palette';
import { QueueMarkCode, stepPoints, type QueueSeries } from './queueSeries';
import type { TimePlotSpec } from './TimePlot';
import { eventAtOrBefore, fmtTime, linkLabel } from './traceCache';
import type { Theme } from './types';

/** The plots the panel can show. */
export type QueuePlot = 'length' | 'sojourn' | 'prob';
export type QueueUnits = 'packets' | 'bytes';

/** Dashes of the panel's reference lines. */
export const QUEUE_DASH = { threshold: '5 4', target: '2 4', average: '' } as const;

const MARK_KIND: Record<number, MarkKind> = {
  [QueueMarkCode.aqmDrop]: MarkKind.dropAqm,
  [QueueMarkCode.ceMark]: MarkKind.ceMark,
  [QueueMarkCode.overflow]: MarkKind.dropOverflow,
  [QueueMarkCode.otherDrop]: MarkKind.dropScripted,
};

const ms = (s: number) => `${fmtNum(s * 1000, 1)} ms`;
const pct = (p: number) => `${fmtNum(p * 100, 2)} %`;

/** The discipline's name in text. */
export function aqmName(aqm: string): string {
  return (
    { droptail: 'drop-tail', red: 'RED', codel: 'CoDel', 'fq-codel': 'FQ-CoDel', pie: 'PIE' }[
      aqm
    ] ?? aqm
  );
}

/** The plots a discipline has: a drop probability for RED and PIE only. */
export function queuePlots(s: QueueSeries): QueuePlot[] {
  return s.aqm === 'red' || s.aqm === 'pie' ? ['length', 'sojourn', 'prob'] : ['length', 'sojourn'];
}

/** The plots shown until the user chooses: the discipline's picture (one on the projector). */
export function defaultQueuePlots(s: QueueSeries, theme: Theme): QueuePlot[] {
  if (theme === 'projector')
    return [
      s.aqm === 'pie' ? 'prob' : s.aqm === 'red' || s.aqm === 'droptail' ? 'length' : 'sojourn',
    ];
  return s.aqm === 'pie' ? ['sojourn', 'prob'] : ['length', 'sojourn'];
}

/** The drop probability column: RED's b (the last arrival's), PIE's a. */
function probColumn(s: QueueSeries): Float64Array {
  return s.aqm === 'pie' ? s.stateA : s.stateB;
}

/** The discipline's state at time t in words (its last sample at or before t), or null. */
export function stateWords(s: QueueSeries, t: number): string | null {
  const i = lastAtOrBelow(s.stateT, t);
  if (i < 0) return s.aqm === 'droptail' ? null : `${aqmName(s.aqm)}: no state yet`;
  return aqmStateText(s.aqm, s.stateA[i]!, s.stateB[i]!);
}

/** The queue at time t, for a tooltip. */
function describeAt(trace: Trace, s: QueueSeries, t: number): TooltipEntry | null {
  if (t < 0 || t > trace.stopS) return null;
  const i = lastAtOrBelow(s.t, t);
  const lines = [
    i < 0
      ? 'queue empty'
      : `${s.pkts[i]} packet${s.pkts[i] === 1 ? '' : 's'} (${s.bytes[i]} bytes) waiting`,
  ];
  const d = lastAtOrBelow(s.depT, t);
  if (d >= 0) lines.push(`last departure waited ${ms(s.sojourn[d]!)} (at ${fmtTime(s.depT[d]!)})`);
  const words = stateWords(s, t);
  if (words) lines.push(words);
  return { title: `${linkLabel(trace, s.link)} at ${fmtTime(t)}`, lines };
}

/** Dropping intervals as bands (CoDel, FQ-CoDel). */
function droppingBands(s: QueueSeries, theme: Theme): BandSpec[] {
  const fill = PALETTE[theme].phaseFastRecovery;
  return s.dropping.map((d) => ({ t0: d.t0, t1: d.t1, fill, label: 'dropping' }));
}

function droppingLegend(s: QueueSeries, theme: Theme): LegendItem[] {
  if (s.dropping.length === 0) return [];
  return [
    {
      key: 'dropping',
      label: `${aqmName(s.aqm)} in its dropping state`,
      swatch: { type: 'band', fill: PALETTE[theme].phaseFastRecovery, label: '' },
    },
  ];
}

/**
 * The largest value of a step series over [t0, t1] (the value held at t0 included), or 0: the
 * y range of a zoomed plot (a run's start-up overshoot would flatten its steady state).
 */
export function maxOver(t: Float64Array, v: Float64Array, t0: number, t1: number): number {
  let i = Math.max(0, lastAtOrBelow(t, t0));
  let m = 0;
  for (; i < t.length && t[i]! <= t1; i++) if (v[i]! > m) m = v[i]!;
  return m;
}

/** A flat reference line over the run. */
function level(
  key: string,
  v: number,
  stopS: number,
  dash: string,
  color: 'fg' | 'muted',
): LineSpec {
  return { key, points: [{ t: 0, v }], color, dash, widthScale: 1, endT: stopS };
}

type Common = Pick<TimePlotSpec, 'xLabel' | 'seekTime' | 'describeTime'>;

function common(trace: Trace, s: QueueSeries): Common {
  return {
    xLabel: 'time (s)',
    seekTime: (t) => Math.max(0, eventAtOrBefore(trace, t)),
    describeTime: (t) => describeAt(trace, s, t),
  };
}

/** The queue length plot (packets or bytes). */
export function lengthSpec(
  trace: Trace,
  s: QueueSeries,
  units: QueueUnits,
  theme: Theme,
): TimePlotSpec {
  const bytes = units === 'bytes';
  const X = trace.transmissions;
  const P = trace.packets;
  const b = new MarkBuilder();
  const kinds = new Map<MarkKind, number>();
  for (let i = 0; i < s.markT.length; i++) {
    const kind = MARK_KIND[s.markCode[i]!]!;
    const ev = s.markEvent[i]!;
    const u = P.uid[ev]!;
    b.push(
      kind,
      ev,
      s.markT[i]!,
      bytes ? s.markBytes[i]! : s.markPkts[i]!,
      X.flow[u]!,
      X.packet[u]!,
    );
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const marks = b.build();
  const red = s.aqm === 'red' && !bytes;
  const minth = s.params.minth;
  const maxth = s.params.maxth;
  const lines: LineSpec[] = [
    {
      key: 'qlen',
      points: stepPoints(s.t, bytes ? s.bytes : s.pkts),
      color: 'data',
      dash: '',
      widthScale: 1,
      endT: trace.stopS,
    },
  ];
  const legend: LegendItem[] = [
    {
      key: 'qlen',
      label: `queue (${units === 'bytes' ? 'bytes' : 'instantaneous'})`,
      swatch: { type: 'line', color: 'data', dash: '' },
    },
  ];
  let top = bytes ? s.maxBytes : s.maxPkts;
  if (red) {
    lines.push({
      key: 'redAvg',
      points: stepPoints(s.stateT, s.stateA),
      color: 'window',
      dash: QUEUE_DASH.average,
      widthScale: 1.6,
      endT: trace.stopS,
    });
    legend.push({
      key: 'redAvg',
      label: 'RED average (EWMA)',
      swatch: { type: 'line', color: 'window', dash: '', widthScale: 1.6 },
    });
    if (minth !== undefined && maxth !== undefined) {
      lines.push(level('minth', minth, trace.stopS, QUEUE_DASH.threshold, 'fg'));
      lines.push(level('maxth', maxth, trace.stopS, QUEUE_DASH.threshold, 'fg'));
      legend.push({
        key: 'th',
        label: `min_th ${fmtNum(minth, 1)} / max_th ${fmtNum(maxth, 1)}`,
        swatch: { type: 'line', color: 'fg', dash: QUEUE_DASH.threshold },
      });
      top = Math.max(top, maxth);
    }
  }
  for (const it of droppingLegend(s, theme)) legend.push(it);
  for (const [k, n] of kinds) {
    const st = MARK_STYLES[k];
    legend.push({
      key: `k${k}`,
      label: st.label,
      count: n,
      fold: true,
      swatch: { type: 'glyph', glyph: st.glyph, color: st.color, scale: 1.6 },
    });
  }
  const last = s.pkts.length ? s.pkts[s.pkts.length - 1]! : 0;
  const col = bytes ? s.bytes : s.pkts;
  const floor = red && maxth !== undefined ? maxth : 1;
  // RED: the y range is the average's (twice max_th, or the largest average), as in Floyd
  // & Jacobson's figures; the instantaneous queue's start-up peaks above it are cut off, and the
  // legend says to what.
  const redTop =
    red && maxth !== undefined
      ? (t0: number, t1: number) => Math.max(2 * maxth, 1.1 * maxOver(s.stateT, s.stateA, t0, t1))
      : null;
  const fullTop = redTop ? redTop(0, trace.stopS) : 0;
  if (redTop && s.maxPkts > fullTop)
    legend.push({
      key: 'cut',
      label: `queue peaks above ${fmtNum(fullTop, 0)} cut off (up to ${s.maxPkts}; zoom in or use bytes)`,
      fold: true,
      swatch: { type: 'glyph', glyph: Glyph.triangleUp, color: 'muted', scale: 1 },
    });
  return {
    ...common(trace, s),
    yLabel: bytes ? 'queue (bytes)' : 'queue (packets)',
    yLabelShort: bytes ? 'bytes' : 'pkts',
    yDomain: [0, (redTop ? fullTop : Math.max(1, top)) * 1.08],
    yDomainFor: ([t0, t1]) => [
      0,
      (redTop ? redTop(t0, t1) : Math.max(floor, maxOver(s.t, col, t0, t1))) * 1.08,
    ],
    // Drops and marks on a strip along the top (their tooltips give the length they met), so
    // a RED run's hundreds of early drops leave the lines readable.
    layer: { marks, yPx: (_i, f) => f.plot.top + 6 },
    lines,
    bands: droppingBands(s, theme),
    legend,
    title: `Queue of ${linkLabel(trace, s.link)} · ${aqmName(s.aqm)}, limit ${s.limit} packets`,
    ariaLabel:
      `Queue length of ${linkLabel(trace, s.link)} under ${aqmName(s.aqm)}: at most ${s.maxPkts} packets (${s.maxBytes} bytes), ${last} at the end` +
      (red ? `; RED's average queue against min_th ${minth} and max_th ${maxth}` : '') +
      `; ${marks.n} drop${marks.n === 1 ? '' : 's'} and marks.`,
    describe: (idx) => idx.map((i) => describeEvent(trace, marks.event[i]!)),
  };
}

/** The sojourn-time plot: each departing packet's wait, the target, CoDel's next drop times. */
export function sojournSpec(trace: Trace, s: QueueSeries, theme: Theme): TimePlotSpec {
  const target = s.params.targetS;
  const b = new MarkBuilder();
  for (let i = 0; i < s.nextDrop.length; i++) {
    const t = s.nextDrop[i]!;
    b.push(MarkKind.aqmNextDrop, Math.max(0, eventAtOrBefore(trace, t)), t, 0, 0, -1 - i);
  }
  const marks = b.build();
  const lines: LineSpec[] = [
    {
      key: 'sojourn',
      points: stepPoints(s.depT, s.sojourn),
      color: 'data',
      dash: '',
      widthScale: 1,
      endT: trace.stopS,
    },
  ];
  const legend: LegendItem[] = [
    {
      key: 'sojourn',
      label: 'sojourn of each departing packet',
      swatch: { type: 'line', color: 'data', dash: '' },
    },
  ];
  if (target !== undefined) {
    lines.push(level('target', target, trace.stopS, QUEUE_DASH.target, 'fg'));
    legend.push({
      key: 'target',
      label: `${aqmName(s.aqm)} target ${ms(target)}`,
      swatch: { type: 'line', color: 'fg', dash: QUEUE_DASH.target },
    });
  }
  for (const it of droppingLegend(s, theme)) legend.push(it);
  if (marks.n > 0) {
    const st = MARK_STYLES[MarkKind.aqmNextDrop];
    legend.push({
      key: 'next',
      label: st.label,
      fold: true,
      swatch: { type: 'glyph', glyph: st.glyph, color: st.color, scale: 1.4 },
    });
  }
  const top = Math.max(s.maxSojourn, target ?? 0) * 1.08 || 0.001;
  return {
    ...common(trace, s),
    yLabel: 'sojourn (ms)',
    yLabelShort: 'ms',
    yDomain: [0, top],
    yDomainFor: ([t0, t1]) => [
      0,
      Math.max(target ?? 0, maxOver(s.depT, s.sojourn, t0, t1)) * 1.08 || 0.001,
    ],
    yTickFormat: (v) => String(Number((v * 1000).toPrecision(3))),
    layer: { marks, yPx: (_i, f) => f.plot.top + 6 },
    lines,
    bands: droppingBands(s, theme),
    legend,
    title: `Sojourn time at ${linkLabel(trace, s.link)}`,
    ariaLabel:
      `Sojourn time of the packets leaving ${linkLabel(trace, s.link)}: ${s.depT.length} departures, the longest ${ms(s.maxSojourn)}` +
      (target !== undefined ? `; ${aqmName(s.aqm)}'s target ${ms(target)}` : '') +
      (s.dropping.length ? `; ${s.dropping.length} dropping intervals` : '') +
      '.',
    describe: (idx) =>
      idx.map((i) => ({
        title: `next drop due at ${fmtTime(marks.t[i]!)}`,
        symbol: MARK_STYLES[MarkKind.aqmNextDrop].symbol,
        color: 'muted',
        lines: ['CoDel schedules its next drop interval/√count after the last (RFC 8289 §5.5)'],
      })),
    hoverRef: () => null,
  };
}

/** The drop probability plot: PIE's p on 0–1, RED's last arrival's p on its own scale. */
export function probSpec(trace: Trace, s: QueueSeries, theme: Theme): TimePlotSpec {
  const col = probColumn(s);
  let max = 0;
  for (let i = 0; i < col.length; i++) if (col[i]! > max) max = col[i]!;
  const top = s.aqm === 'pie' ? 1 : Math.max(max, s.params.maxp ?? 0) * 1.1 || 0.01;
  const label = s.aqm === 'pie' ? 'PIE drop probability p' : 'RED drop probability of an arrival';
  return {
    ...common(trace, s),
    yLabel: 'drop probability',
    yLabelShort: 'p',
    yDomain: [0, top],
    layer: { marks: new MarkBuilder().build() },
    lines: [
      {
        key: 'prob',
        points: stepPoints(s.stateT, col),
        color: 'retx',
        dash: '',
        widthScale: 1.2,
        endT: trace.stopS,
      },
    ],
    bands: droppingBands(s, theme),
    legend: [{ key: 'prob', label, swatch: { type: 'line', color: 'retx', dash: '' } }],
    title: label,
    ariaLabel: `${label} at ${linkLabel(trace, s.link)}: at most ${pct(max)}.`,
    describe: () => [],
    hoverRef: () => null,
  };
}
