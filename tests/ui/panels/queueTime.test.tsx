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
import { QueueTimePlot } from '../../../src/ui/panels/QueueTimePlot';
import { QueueMarkCode, queueSeries } from '../../../src/ui/panels/queueSeries';
import {
  lengthSpec,
  maxOver,
  probSpec,
  queuePlots,
  sojournSpec,
  stateWords,
} from '../../../src/ui/panels/queueTimeSpecs';

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
  pie = traceOf('preset=bufferbloat&aqm=pie&stop=0.5');
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
      width={600}
      height={300}
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
    expect(container.querySelectorAll('[data-panel^="qlen-"]')).toHaveLength(2);
    expect(container.querySelector('.ackp-line-target')).not.toBeNull();
    expect(container.querySelectorAll('[data-phase="dropping"]').length).toBe(2);
    fireEvent.click(screen.getByTestId('qlen-plot-length'));
    expect(container.querySelectorAll('[data-panel^="qlen-"]')).toHaveLength(1);
    // the last plot shown cannot be hidden
    fireEvent.click(screen.getByTestId('qlen-plot-sojourn'));
    expect(container.querySelectorAll('[data-panel="qlen-sojourn"]')).toHaveLength(1);
  });

  it('RED: the average queue from its samples beside the instantaneous one, min_th 5 / max_th 15', () => {
    const s = queueSeries(red, red.bottleneck);
    const spec = lengthSpec(red, s, 'packets', 'light');
    const avg = spec.lines.find((l) => l.key === 'redAvg')!;
    const A = red.aqm!;
    const rows = [...Array(A.length).keys()].filter((i) => A.link[i] === red.bottleneck);
    expect(avg.points).toHaveLength(rows.length);
    expect(avg.points[10]).toEqual({ t: A.time[rows[10]!], v: A.a[rows[10]!] });
    expect(spec.lines.find((l) => l.key === 'minth')!.points[0]!.v).toBe(5);
    expect(spec.lines.find((l) => l.key === 'maxth')!.points[0]!.v).toBe(15);
    const early = s.markCode.filter((c) => c === QueueMarkCode.aqmDrop).length;
    expect(early).toBe(red.linkStats[red.bottleneck]!.drops.aqm);
    expect(spec.legend.map((l) => l.key)).toContain('redAvg');
    // bytes: no average (RED counts packets here)
    expect(lengthSpec(red, s, 'bytes', 'light').lines.map((l) => l.key)).toEqual(['qlen']);
    expect(queuePlots(s)).toEqual(['length', 'sojourn', 'prob']);
    const { container } = mount(red);
    expect(container.querySelector('.ackp-line-redAvg')).not.toBeNull();
    expect(container.querySelectorAll('.ackp-line-minth, .ackp-line-maxth')).toHaveLength(2);
  });

  it('PIE: the drop probability on a 0–1 axis, read from its samples', () => {
    const s = queueSeries(pie, pie.bottleneck);
    const spec = probSpec(pie, s, 'light');
    expect(spec.yDomain).toEqual([0, 1]);
    const line = spec.lines[0]!;
    expect(line.points.map((p) => p.v)).toEqual([...s.stateA]);
    expect(line.points[0]!.v).toBeCloseTo(2.0166015625e-7, 15);
    expect(sojournSpec(pie, s, 'light').lines.find((l) => l.key === 'target')!.points[0]!.v).toBe(
      0.015,
    );
    const { container } = mount(pie);
    expect(container.querySelectorAll('[data-panel^="qlen-"]')).toHaveLength(2);
    expect(container.querySelector('[data-panel="qlen-prob"]')).not.toBeNull();
  });
});
