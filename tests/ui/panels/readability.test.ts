/**
 * Issue 10 item 6: two flows differ in shape as well as colour in the router plot, a long run's
 * drop rows are separate glyphs, and the queue view's labels do not overlap on any topology.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { thinMarks } from '../../../src/ui/panels/draw/density';
import { markGlyph } from '../../../src/ui/panels/draw/layers';
import {
  boxesOverlap,
  labelRows,
  queueLayout,
  type Box,
} from '../../../src/ui/panels/draw/queue';
import { queueViewState } from '../../../src/ui/panels/draw/queueState';
import { flowStyle, Glyph, MarkKind } from '../../../src/ui/panels/palette';
import { routerMarks } from '../../../src/ui/panels/router';
import type { Theme } from '../../../src/ui/panels/types';

function traceOf(q: string) {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(q);
  return run(buildSimConfig(p.scenario));
}

describe('router plot: two flows differ in shape', () => {
  const t = traceOf('preset=fall-floyd&flows=reno,sack&stop=6');
  const m = routerMarks(t).marks;

  it('draws each flow’s arrivals with its own glyph (● flow 1, ■ flow 2)', () => {
    const glyphOf = new Map<number, Set<number>>();
    for (let i = 0; i < m.n; i++) {
      if (m.kind[i] !== MarkKind.arrival) continue;
      const f = m.flow[i]!;
      if (!glyphOf.has(f)) glyphOf.set(f, new Set());
      glyphOf.get(f)!.add(markGlyph(m, i));
    }
    expect([...glyphOf.keys()].sort()).toEqual([0, 1]);
    expect([...glyphOf.get(0)!]).toEqual([flowStyle(0).glyph]);
    expect([...glyphOf.get(1)!]).toEqual([flowStyle(1).glyph]);
    expect(flowStyle(0).glyph).not.toBe(flowStyle(1).glyph);
  });

  it('the first eight flows have eight different glyphs and colours', () => {
    const st = Array.from({ length: 8 }, (_, f) => flowStyle(f));
    expect(new Set(st.map((s) => s.glyph)).size).toBe(8);
    expect(new Set(st.map((s) => s.color)).size).toBe(8);
  });

  it('one flow keeps the kind’s glyph for arrivals', () => {
    const one = routerMarks(traceOf('preset=fall-floyd&stop=6')).marks;
    const i = one.kind.indexOf(MarkKind.arrival);
    expect(markGlyph(one, i)).toBe(Glyph.squareFilled);
  });
});

describe('thinMarks: a row of drops as separate glyphs', () => {
  it('keeps glyphs of one kind and row at least a cell apart, rarer kinds last', () => {
    const px = [0, 3, 9, 12, 30, 31, 5];
    const py = [10, 10, 10, 10, 10, 10, 10];
    const kind = [1, 1, 1, 1, 1, 1, 2];
    const out = thinMarks([0, 1, 2, 3, 4, 5, 6], px, py, (i) => kind[i]!, 10);
    expect(out).toEqual([0, 3, 4, 6]);
    // Another row is thinned on its own.
    expect(thinMarks([0, 1], [0, 1], [10, 40], () => 1, 10)).toEqual([0, 1]);
  });
});

describe('labelRows', () => {
  it('puts a label that would overlap its neighbour on the next row', () => {
    expect(
      labelRows([
        { cx: 100, w: 100 },
        { cx: 180, w: 100 },
        { cx: 400, w: 100 },
      ]),
    ).toEqual([0, 1, 0]);
  });
});

const TOPOLOGY_QUERIES = [
  'preset=fall-floyd&stop=3',
  'preset=fall-floyd&flows=reno,sack&stop=3',
  'preset=satellite-dumbbell&stop=20',
  'preset=alamgir-table2&stop=20',
  'preset=geo-shared&stop=20',
  'preset=geo-table2&stop=20',
  'preset=cubic-vs-reno&stop=5',
  'preset=long-fat&stop=3',
];

describe('queue view: no label overlaps another label or a node', () => {
  for (const q of TOPOLOGY_QUERIES) {
    const t = traceOf(q);
    const state = queueViewState(t, t.packets.length - 1, t.packets.time[t.packets.length - 1]!);
    for (const theme of ['light', 'projector'] as Theme[])
      for (const [w, h] of [
        [700, 300],
        [1000, 380],
      ] as const) {
        it(`${q}, ${theme}, ${w}×${h}`, () => {
          const L = queueLayout(t, state, w, h, theme);
          const labels: Box[] = [...L.linkLabels.map((l) => l.box), ...(L.stackLabel?.boxes ?? [])];
          const nodes: Box[] = L.nodes.map((n) => ({
            x: n.x - n.r,
            y: n.y - n.r,
            w: 2 * n.r,
            h: 2 * n.r,
          }));
          // A column of many small nodes (n sources) is labelled by its own names only.
          const fanned = L.nodes.some((_, i) => L.layerOf(i) > 2);
          for (let a = 0; a < labels.length; a++) {
            for (let b = a + 1; b < labels.length; b++)
              expect(boxesOverlap(labels[a]!, labels[b]!), `labels ${a} and ${b}`).toBe(false);
            if (!fanned)
              for (const [k, n] of nodes.entries())
                expect(boxesOverlap(labels[a]!, n), `label ${a} and node ${k}`).toBe(false);
          }
        });
      }
  }
});
