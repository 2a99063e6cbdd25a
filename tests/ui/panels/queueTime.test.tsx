/**
 * The queue-over-time panel (issue 26): its model read against `--out queue`'s rows (the same
 * trace reader) and the discipline's state samples, and the panel mounted on CoDel, RED and PIE
 * runs — which plots it offers, the lines it draws (RED's average and thresholds, CoDel's target),
 * the dropping state's bands and the 0–1 axis of PIE's drop probability. Three short runs, once.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DropCause, run, type Trace } from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/scenarios';
import { queueRows } from '../../../src/trace/queue-rows';
import { aqmScenario, defaultPanelsFor } from '../../../src/ui/model/defaultPanels';
import { DelayPlot } from '../../../src/ui/panels/DelayPlot';
import { baseOneWay, rttLoadSpec } from '../../../src/ui/panels/delayBase';
import { QueueTimePlot } from '../../../src/ui/panels/QueueTimePlot';
import { baseRtt, rttModel } from '../../../src/ui/panels/rtt';
import { QueueMarkCode, queueSeries } from '../../../src/ui/panels/queueSeries';
import {
  lengthSpec,
  maxOver,
  probSpec,
  queuePlots,
  sojournSpec,
  stateWords,
} from '../../../src/ui/panels/queueTimeSpecs';
import { columnsOf, type LinePoints } from '../../../src/ui/panels/series';

/** A line's k-th point, whether it was given as points or as columns. */
const pt = (p: LinePoints, k: number) => ({ t: columnsOf(p).t[k], v: columnsOf(p).v[k] });

/** The plots a mounted panel lays out (a test DOM has no layout: they are not drawn, only placed). */
const panels = (root: ParentNode) =>
  [...root.querySelectorAll('[data-panel]')].map((e) => (e as HTMLElement).dataset.panel);

function traceOf(q: string): Trace {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return run(buildSimConfig(p.scenario));
}

let codel: Trace;
let red: Trace;
let pie: Trace;
beforeAll(() => {
  // CoDel dropping (not marking) one CUBIC flow; RED's Floyd & Jacobson settings; PIE bufferbloat.
  codel = traceOf('preset=ecn-vs-drop&ecn=0&stop=1');
  red = traceOf('preset=red-floyd-jacobson&stop=1.6');
  pie = traceOf('preset=bufferbloat&aqm=pie&stop=0.5&mss=1000&delack=0');
});
afterEach(cleanup);

function mount(trace: Trace) {
  return render(
    <QueueTimePlot
      trace={trace}
      cursor={trace.packets.length - 1}
      cursorTime={trace.stopS}
      highlight={null}
      onHover={vi.fn()}
      onSeek={vi.fn()}
      xDomain={null}
      theme="light"
    />,
  );
}

describe('queueSeries', () => {
  it('is --out queue’s length and sojourn, row for row, on the bottleneck', () => {
    const s = queueSeries(codel, codel.bottleneck);
    const rows = queueRows(codel, [codel.bottleneck]);
    expect(s.t.length).toBe(rows.length);
    expect(s.t.length).toBe(1920);
    for (const r of [0, 100, 1000, 1919]) {
      expect(s.t[r]).toBe(rows[r]!.time);
      expect(s.pkts[r]).toBe(rows[r]!.qlen_pkts);
      expect(s.bytes[r]).toBe(rows[r]!.qlen_bytes);
    }
    const deps = rows.filter((r) => r.event === 'dequeue' && r.sojourn_s !== null);
    expect(s.depT.length).toBe(deps.length);
    expect(s.sojourn[500]).toBe(deps[500]!.sojourn_s);
    expect(s.maxPkts).toBe(148);
    expect(s.maxSojourn).toBeCloseTo(0.1212064, 7);
    expect(maxOver(s.t, s.pkts, 0, 1)).toBe(148);
  });

  it('CoDel: its drops as AQM drops, one dropping interval from the first drop, next drops inside it', () => {
    const s = queueSeries(codel, codel.bottleneck);
    expect(s.aqm).toBe('codel');
    expect(s.markT.length).toBe(codel.linkStats[codel.bottleneck]!.drops.aqm);
    expect(s.markT.length).toBe(14);
    expect([...s.markCode].every((c) => c === QueueMarkCode.aqmDrop)).toBe(true);
    expect(codel.packets.cause[s.markEvent[0]!]).toBe(DropCause.aqm);
    expect(s.dropping).toHaveLength(1);
    expect(s.dropping[0]!.t0).toBeCloseTo(0.3582736, 7);
    expect(s.dropping[0]!.t0).toBe(s.markT[0]);
    expect(s.dropping[0]!.t1).toBeCloseTo(0.9481616, 7);
    // drop_next of each sample while dropping: 0.4583 s, then interval/√count apart
    expect(s.nextDrop[0]).toBeCloseTo(0.45827072, 8);
    expect(s.nextDrop[1]).toBeCloseTo(0.508271616, 8);
    for (const t of s.nextDrop) expect(t >= s.dropping[0]!.t0 && t <= s.dropping[0]!.t1).toBe(true);
    expect(stateWords(s, 0.46)).toBe('CoDel dropping: count 2, next drop at 0.508 s');
    expect(stateWords(s, 0.2)).toBe('CoDel: no state yet');
  });
});

describe('queue-over-time plots', () => {
  it('CoDel: length and sojourn (no probability), the 5 ms target, the dropping band', () => {
    const s = queueSeries(codel, codel.bottleneck);
    expect(queuePlots(s)).toEqual(['length', 'sojourn']);
    const soj = sojournSpec(codel, s, 'light');
    expect(soj.lines.find((l) => l.key === 'target')!.points).toEqual([{ t: 0, v: 0.005 }]);
    expect(soj.bands.map((b) => [b.t0, b.t1])).toEqual([[s.dropping[0]!.t0, s.dropping[0]!.t1]]);
    expect(soj.layer.marks.n).toBe(s.nextDrop.length);
    // the zoomed y range follows the window: 0.6–0.9 s never waited as long as the start-up
    expect(soj.yDomainFor!([0.6, 0.9])[1]).toBeLessThan(soj.yDomain[1]);
    const { container } = mount(codel);
    const pressed = [...container.querySelectorAll('[data-testid^="qlen-plot-"]')].map((b) => [
      (b as HTMLElement).dataset.testid,
      b.getAttribute('aria-pressed'),
    ]);
    expect(pressed).toEqual([
      ['qlen-plot-length', 'true'],
      ['qlen-plot-sojourn', 'true'],
    ]);
    expect(panels(container)).toEqual(['qlen-length', 'qlen-sojourn']);
    expect(soj.lines.map((l) => l.key)).toEqual(['sojourn', 'target']);
    expect(lengthSpec(codel, s, 'packets', 'light').lines.map((l) => l.key)).toEqual(['qlen']);
    fireEvent.click(screen.getByTestId('qlen-plot-length'));
    expect(panels(container)).toEqual(['qlen-sojourn']);
    // the last plot shown cannot be hidden
    fireEvent.click(screen.getByTestId('qlen-plot-sojourn'));
    expect(panels(container)).toEqual(['qlen-sojourn']);
  });

  it('RED: the average queue from its samples beside the instantaneous one, min_th 5 / max_th 15', () => {
    const s = queueSeries(red, red.bottleneck);
    const spec = lengthSpec(red, s, 'packets', 'light');
    const avg = spec.lines.find((l) => l.key === 'redAvg')!;
    const A = red.aqm!;
    const rows = [...Array(A.length).keys()].filter((i) => A.link[i] === red.bottleneck);
    expect(avg.points).toHaveLength(rows.length);
    expect(pt(avg.points, 10)).toEqual({ t: A.time[rows[10]!], v: A.a[rows[10]!] });
    expect(pt(spec.lines.find((l) => l.key === 'minth')!.points, 0).v).toBe(5);
    expect(pt(spec.lines.find((l) => l.key === 'maxth')!.points, 0).v).toBe(15);
    const early = s.markCode.filter((c) => c === QueueMarkCode.aqmDrop).length;
    expect(early).toBe(red.linkStats[red.bottleneck]!.drops.aqm);
    expect(spec.legend.map((l) => l.key)).toContain('redAvg');
    // bytes: no average (RED counts packets here)
    expect(lengthSpec(red, s, 'bytes', 'light').lines.map((l) => l.key)).toEqual(['qlen']);
    expect(queuePlots(s)).toEqual(['length', 'sojourn', 'prob']);
    const { container } = mount(red);
    expect(spec.lines.map((l) => l.key)).toEqual(['qlen', 'redAvg', 'minth', 'maxth']);
    expect(panels(container)).toEqual(['qlen-length', 'qlen-sojourn']);
    expect(screen.getByTestId('qlen-plot-prob').getAttribute('aria-pressed')).toBe('false');
  });

  it('PIE: the drop probability on a 0–1 axis, read from its samples', () => {
    const s = queueSeries(pie, pie.bottleneck);
    const spec = probSpec(pie, s, 'light');
    expect(spec.yDomain).toEqual([0, 1]);
    const line = spec.lines[0]!;
    expect(Array.from(columnsOf(line.points).v)).toEqual([...s.stateA]);
    expect(pt(line.points, 0).v).toBeCloseTo(2.0166015625e-7, 15);
    expect(
      pt(sojournSpec(pie, s, 'light').lines.find((l) => l.key === 'target')!.points, 0).v,
    ).toBe(0.015);
    const { container } = mount(pie);
    expect(panels(container)).toEqual(['qlen-sojourn', 'qlen-prob']);
  });
});

describe('where the panel opens', () => {
  it('in the lower slot for an AQM bottleneck or a comparison of disciplines; drop-tail keeps cwnd', () => {
    const of = (q: string) => {
      const p = parseScenarioQuery(q);
      if (!p.ok) throw new Error(JSON.stringify(p.errors));
      return p.scenario;
    };
    const red = of('preset=red-floyd-jacobson');
    expect(aqmScenario(red)).toBe(true);
    expect(defaultPanelsFor(red, 'projector')).toEqual(['router', 'qlen', 'log']);
    expect(defaultPanelsFor(red)).toContain('qlen');
    expect(defaultPanelsFor(red)).not.toContain('cwnd');
    const bloat = of('preset=bufferbloat');
    expect(aqmScenario(bloat)).toBe(false);
    expect(defaultPanelsFor(bloat)).toContain('cwnd');
    expect(defaultPanelsFor(bloat, 'light', ['aqm:droptail', 'aqm:codel'])).not.toContain('cwnd');
    expect(aqmScenario(bloat, ['queue:10', 'queue:1000'])).toBe(false);
  });
});

describe('RTT under load on the delay panel', () => {
  it('each TCP flow’s RTT samples as a line over the dashed base RTT; the base one-way delay beside', () => {
    const spec = rttLoadSpec(codel, '*')!;
    const m = rttModel(codel, 0);
    const line = spec.lines.find((l) => l.key === 'rtt0')!;
    expect(line.points).toHaveLength(m.samples.n);
    expect(pt(line.points, 5)).toEqual({ t: m.samples.t[5], v: m.samples.y[5] });
    const base = spec.lines.find((l) => l.key === 'base0')!;
    // 10 Mb/s, 2 × 20 ms of links both ways: about 41.9 ms with empty queues
    expect(pt(base.points, 0).v).toBe(baseRtt(codel, 0));
    expect(pt(base.points, 0).v).toBeGreaterThan(0.04);
    expect(pt(base.points, 0).v).toBeLessThan(0.043);
    expect(base.dash).not.toBe('');
    expect(baseOneWay(codel, 0)).toBeGreaterThan(0.02);
    expect(baseOneWay(codel, 0)).toBeLessThan(baseRtt(codel, 0));
    render(
      <DelayPlot
        trace={codel}
        cursor={codel.packets.length - 1}
        cursorTime={codel.stopS}
        highlight={null}
        onHover={vi.fn()}
        onSeek={vi.fn()}
        xDomain={null}
        theme="light"
      />,
    );
    expect(panels(document)).toEqual(['delay', 'jitter']);
    fireEvent.click(screen.getByRole('button', { name: 'RTT' }));
    expect(panels(document)).toEqual(['delay', 'rtt-load']);
    expect(spec.lines.map((l) => l.key)).toEqual(['rtt0', 'base0']);
  });
});
