/**
 * The step lines every time plot draws (draw/lines.ts), held to the drawing they made before
 * the lines became columns: the simulator's cwnd, ssthresh, cumulative-ACK and receive-window
 * lines of a fixed run, drawn whole, zoomed (the canvas's visible span) and in a plot narrow
 * enough that they take the per-pixel-column path, give the same SVG `d` strings and canvas
 * calls, to the last digit (hashes of them, recorded from the point-object drawing).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cwndModel } from '../../../src/ui/panels/cwnd';
import { makeFrame } from '../../../src/ui/panels/draw/frame';
import { drawLinesCanvas, drawLinesSvg, type LineSpec } from '../../../src/ui/panels/draw/lines';
import { toColumns } from '../../../src/ui/panels/series';
import { tseqLines } from '../../../src/ui/panels/tseqLayers';
import { timeSeqModel } from '../../../src/ui/panels/timeseq';
import { fallFloydTrace } from './fixtures';

/** A 2D context that records the calls a line drawing makes. */
function recordingContext(): { ctx: CanvasRenderingContext2D; calls: string[] } {
  const calls: string[] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(',')})`);
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (t, k) => t[k] ?? rec(String(k)),
    set: (t, k, v) => {
      calls.push(`${String(k)}=${JSON.stringify(v)}`);
      t[k] = v;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

/** A stand-in for a D3 selection of an SVG group that records what is appended to it. */
function recordingGroup(out: string[]): Parameters<typeof drawLinesSvg>[0] {
  const node = (name: string): unknown => {
    const me = {
      append: (child: string) => {
        out.push(`<${child}>`);
        return node(child);
      },
      attr: (k: string, v: unknown) => {
        out.push(`${name}.${k}=${String(v)}`);
        return me;
      },
      text: (t: string) => {
        out.push(`${name}:${t}`);
        return me;
      },
    };
    return me;
  };
  return node('g') as Parameters<typeof drawLinesSvg>[0];
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

describe('step lines drawn from columns: the same drawing as from point objects', () => {
  // Reno, no scripted drops, 60 s: a few thousand cwnd and ACK steps.
  const trace = fallFloydTrace('reno', [], 60);
  const cw = cwndModel(trace, 0);
  const ts = timeSeqModel(trace, 0);
  const lines: LineSpec[] = [
    ...cw.series.map((s) => ({
      key: s.key,
      points: s.points,
      color: 'data' as const,
      dash: s.key === 'ssthresh' ? '6 3' : '',
      widthScale: 1,
      endT: trace.stopS,
    })),
  ];
  const tsLines = tseqLines(ts.windowLine, ts.ackLine, trace.stopS);
  const cases = [
    { name: 'whole', w: 640, x: [0, 60] as [number, number] },
    { name: 'zoomed', w: 640, x: [20.5, 23.25] as [number, number] },
    { name: 'dense', w: 120, x: [0, 60] as [number, number] },
  ];
  const draw = (ls: LineSpec[], yMax: number) =>
    cases.map(({ name, w, x }) => {
      const f = makeFrame(w, 300, 'light', x, [0, yMax]);
      const svg: string[] = [];
      drawLinesSvg(recordingGroup(svg), [], ls, f);
      const d = svg.join('\n');
      const { ctx, calls } = recordingContext();
      drawLinesCanvas(ctx, [], ls, f);
      return `${name} svg ${sha(d)} (${d.length}) canvas ${sha(calls.join('\n'))} (${calls.length})`;
    });
  /** The same lines given as typed columns. */
  const asColumns = (ls: LineSpec[]): LineSpec[] =>
    ls.map((l) => ({ ...l, points: toColumns(l.points as { t: number; v: number }[]) }));

  it('cwnd and ssthresh', () => {
    expect(cw.series.map((s) => s.points.length)).toEqual([21, 2737]);
    expect(draw(asColumns(lines), cw.yMax)).toEqual(draw(lines, cw.yMax));
    expect(draw(lines, cw.yMax)).toEqual([
      'whole svg adbb799d8d52ce00 (62442) canvas f7f871b847381872 (1707)',
      'zoomed svg c30dcd73e35f0d7d (407183) canvas ecacb6c56aa13ae7 (284)',
      'dense svg 1b38f1f5b454489d (7691) canvas 64a00d5ab6fd44eb (221)',
    ]);
  });

  it('the cumulative ACK and the receive window', () => {
    expect([ts.ackLine.length, ts.windowLine.length]).toEqual([2716, 2716]);
    expect(draw(asColumns(tsLines), ts.maxPacket * 1.05)).toEqual(
      draw(tsLines, ts.maxPacket * 1.05),
    );
    expect(draw(tsLines, ts.maxPacket * 1.05)).toEqual([
      'whole svg 074ce37eb50900c2 (116522) canvas 43144a49b554a314 (3176)',
      'zoomed svg d7e03186d96000ad (805818) canvas 41dac28e3d10da97 (534)',
      'dense svg 0d9f42dab2157d28 (12044) canvas 2c871c503b137b29 (340)',
    ]);
  });
});
