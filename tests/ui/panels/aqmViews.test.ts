/**
 * The AQM in the views: the router plot's ▼ (AQM drop) and △ (CE mark) glyphs, distinct from
 * the other drop causes, and the queue view's readout of the discipline at the cursor
 * (aqmReadout.ts), on ecn-vs-drop (CoDel marking one CUBIC flow) and its ecn=0 twin.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, run, type Trace } from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/scenarios';
import { aqmReadout } from '../../../src/ui/panels/aqmReadout';
import { queueViewState } from '../../../src/ui/panels/draw/queueState';
import { MARK_STYLES, MarkKind } from '../../../src/ui/panels/palette';
import { routerMarks } from '../../../src/ui/panels/router';

function traceOf(q: string): Trace {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return run(buildSimConfig(p.scenario));
}

/** ecn-vs-drop's first second (CoDel's first marks come at 0.36 s), run once. */
let ecnRun: Trace | null = null;
const ecnTrace = () => (ecnRun ??= traceOf('preset=ecn-vs-drop&stop=1'));

const count = (t: Trace, kind: number) => {
  const m = routerMarks(t).marks;
  let n = 0;
  for (let i = 0; i < m.n; i++) if (m.kind[i] === kind) n++;
  return n;
};

describe('AQM drops and CE marks in the router plot', () => {
  it('ECN: every CE mark of the bottleneck is a △, and no drop; without ECN the CoDel drops are ▼', () => {
    const ecn = ecnTrace();
    const marks = ecn.linkStats[ecn.bottleneck]!.marks!;
    expect(marks).toBeGreaterThan(0);
    expect(routerMarks(ecn).ceMarks).toHaveLength(marks);
    expect(count(ecn, MarkKind.ceMark)).toBe(marks);
    expect(count(ecn, MarkKind.dropAqm)).toBe(0);
    const drop = traceOf('preset=ecn-vs-drop&stop=1&ecn=0');
    expect(count(drop, MarkKind.dropAqm)).toBe(drop.linkStats[drop.bottleneck]!.drops.aqm);
    expect(count(drop, MarkKind.ceMark)).toBe(0);
    expect(MARK_STYLES[MarkKind.dropAqm].glyph).not.toBe(MARK_STYLES[MarkKind.dropOverflow].glyph);
    expect(MARK_STYLES[MarkKind.ceMark].glyph).not.toBe(MARK_STYLES[MarkKind.dropAqm].glyph);
  });
});

describe('the queue view’s AQM readout', () => {
  it('reads packets, bytes, the head’s wait and CoDel’s state at the cursor; null on drop-tail', () => {
    const t = ecnTrace();
    // the first CE mark: CoDel is in its dropping state from there
    const P = t.packets;
    let ev = 0;
    while (P.kind[ev] !== PacketEventKind.mark) ev++;
    const { queue, state } = aqmReadout(t, queueViewState(t, ev + 1, P.time[ev + 1]!))!;
    expect(queue).toMatch(/^\d+ packets \(\d+ bytes\) waiting, the head waiting \d+\.\d ms$/);
    expect(state).toMatch(/^CoDel dropping: count 1, next drop at \d\.\d{3} s$/);
    const n = Number(/^(\d+) packets/.exec(queue)![1]);
    expect(Number(/\((\d+) bytes\)/.exec(queue)![1])).toBe(n * 1040);
    const dt = traceOf('preset=bufferbloat-path&stop=0.5');
    expect(aqmReadout(dt, queueViewState(dt, 100, dt.packets.time[100]!))).toBeNull();
  });
});
