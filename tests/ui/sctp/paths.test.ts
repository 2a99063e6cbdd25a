import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType } from '../../../src/engine';
import { markColor, markGlyph } from '../../../src/ui/panels/draw/layers';
import { Glyph, MarkKind } from '../../../src/ui/panels/palette';
import { pathCwndSpec, pathMarks } from '../../../src/ui/panels/pathCwnd';
import { pathLegend } from '../../../src/ui/panels/pathLegend';
import {
  eventPaths,
  isMultiHomed,
  pathLabel,
  pathModel,
  pathRowsAt,
} from '../../../src/ui/panels/paths';
import { stepValueAt } from '../../../src/ui/panels/bisect';
import { routerMarks } from '../../../src/ui/panels/router';
import { timeSeqModel } from '../../../src/ui/panels/timeseq';
import { describeEvent } from '../../../src/ui/panels/describe';
import { columnsOf } from '../../../src/ui/panels/series';
import { renoThreeDrops } from '../panels/fixtures';
import { multiHomedTrace, PATH1_UIDS } from './sctpTrace';

describe('paths of a multi-homed association (Trace.pathEvents)', () => {
  const trace = multiHomedTrace();

  it('names the paths, the first as the primary', () => {
    expect(isMultiHomed(trace, 0)).toBe(true);
    expect(isMultiHomed(renoThreeDrops(), 0)).toBe(false);
    expect(pathLabel(trace, 0, 0)).toBe('S1→K1 (primary)');
    expect(pathLabel(trace, 0, 1)).toBe('S1→K1b');
  });

  it('reads each path’s cwnd, ssthresh and RTO as step series and its inactive interval', () => {
    const m = pathModel(trace, 0);
    expect(m.paths).toHaveLength(2);
    const p0 = m.paths[0]!;
    expect(p0.cwnd.map((p) => [p.t, p.v])).toEqual([
      [0, 3000],
      [1, 6000],
      [1.5, 1000],
    ]);
    expect(p0.rto.map((p) => p.v)).toEqual([3, 1, 2, 4, 8, 16, 32, 60, 1]);
    expect(p0.inactive).toEqual([{ t0: 2.5, t1: 4.2 }]);
    expect(m.paths[1]!.inactive).toEqual([]);
    expect(stepValueAt(m.paths[1]!.cwnd, 3)).toBe(4000);
    expect(m.maxCwnd).toBe(6000);
    expect(m.maxRto).toBe(60);
    // Marks: every row but `change`, in order.
    expect(m.marks.map((x) => x.event)).toEqual([
      'heartbeat',
      'heartbeat-ack',
      't3-expiry',
      't3-expiry',
      't3-expiry',
      't3-expiry',
      't3-expiry',
      't3-expiry',
      'inactive',
      'failover',
      'heartbeat',
      'heartbeat-ack',
      'recovered',
      'primary',
    ]);
  });

  it('gives each path’s last row at a time', () => {
    const E = trace.pathEvents!;
    const [r0, r1] = pathRowsAt(trace, 0, 3);
    expect(E.state[r0!]).toBe(1);
    expect(E.cwnd[r1!]).toBe(4000);
    expect(pathRowsAt(trace, 0, -1)).toEqual([-1, -1]);
  });

  it('marks the path of each packet event from Trace.packetPaths', () => {
    const ep = eventPaths(trace)!;
    const P = trace.packets;
    let ones = 0;
    for (let i = 0; i < P.length; i++) {
      expect(ep[i]).toBe(PATH1_UIDS.has(P.uid[i]!) ? 1 : 0);
      if (ep[i] === 1) ones++;
    }
    expect(ones).toBeGreaterThan(20);
    expect(eventPaths(renoThreeDrops())).toBeNull();
  });

  it('draws path-1 packets in the router plot with the path’s glyphs, path 0 as before', () => {
    const r = routerMarks(trace);
    const m = r.marks;
    expect(m.path).toBeDefined();
    const single = routerMarks(renoThreeDrops()).marks;
    expect(single.path).toBeUndefined();
    let checked = 0;
    for (let i = 0; i < m.n; i++) {
      const onPath1 = m.path![i] === 1;
      const k = m.kind[i];
      if (k === MarkKind.arrival)
        expect(markGlyph(m, i)).toBe(onPath1 ? Glyph.triangleUp : Glyph.squareFilled);
      if (k === MarkKind.departure)
        expect(markGlyph(m, i)).toBe(onPath1 ? Glyph.triangleUpOpen : Glyph.squareOpen);
      if (k === MarkKind.ackAtRouter)
        expect(markGlyph(m, i)).toBe(onPath1 ? Glyph.circleDot : Glyph.circleOpen);
      if (onPath1) checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('draws path-1 segments in the time–sequence plot in the path’s colour with a dot', () => {
    const m = timeSeqModel(trace, 0).marks;
    const i = Array.from({ length: m.n }, (_, k) => k).find(
      (k) => m.kind[k] === MarkKind.segment && m.path![k] === 1,
    )!;
    expect(i).toBeDefined();
    expect(markGlyph(m, i)).toBe(Glyph.segmentDot);
    expect(markColor(m, i)).toBe('flow2');
    const j = Array.from({ length: m.n }, (_, k) => k).find(
      (k) => m.kind[k] === MarkKind.segment && m.path![k] === 0,
    )!;
    expect(markGlyph(m, j)).toBe(Glyph.segment);
    expect(markColor(m, j)).toBe('data');
  });

  it('says the path in a packet’s tooltip', () => {
    const P = trace.packets;
    const ev = Array.from({ length: P.length }, (_, k) => k).find(
      (k) =>
        PATH1_UIDS.has(P.uid[k]!) &&
        trace.transmissions.type[P.uid[k]!] === PacketType.data &&
        P.kind[k] === PacketEventKind.send,
    )!;
    expect(describeEvent(trace, ev).lines).toContain('path S1→K1b');
    expect(describeEvent(renoThreeDrops(), ev).lines.some((l) => l.startsWith('path '))).toBe(
      false,
    );
  });

  it('names each path in the legends', () => {
    expect(pathLegend(trace, [0], 'router', 'data').map((x) => x.label)).toEqual([
      'path S1→K1 (primary): ■ arrival □ departure ○ ACK',
      'path S1→K1b: ▲ arrival △ departure ⊙ ACK',
    ]);
    expect(pathLegend(renoThreeDrops(), [0], 'router')).toEqual([]);
  });
});

describe('per-path cwnd plot spec', () => {
  const trace = multiHomedTrace();

  it('has a cwnd and an ssthresh line per path, the inactive interval shaded', () => {
    const spec = pathCwndSpec(trace, 0, 'bytes', 'light');
    expect(spec.lines.map((l) => l.key)).toEqual([
      'ssthresh-path0',
      'cwnd-path0',
      'ssthresh-path1',
      'cwnd-path1',
    ]);
    expect(spec.lines[1]!.color).toBe('flow1');
    expect(spec.lines[3]!.color).toBe('flow2');
    expect(spec.lines[3]!.dash).not.toBe(spec.lines[1]!.dash);
    expect(spec.bands).toHaveLength(1);
    expect(spec.bands[0]).toMatchObject({ t0: 2.5, t1: 4.2, label: 'K1 down' });
    expect(spec.legend.map((l) => l.label)).toContain('cwnd S1→K1 (primary)');
    expect(spec.legend.map((l) => l.label)).toContain('cwnd S1→K1b');
    expect(spec.legend.map((l) => l.label)).toContain('path inactive');
    // A compact panel folds the marks' entries behind the legend's key; the lines stay.
    const folded = spec.legend.filter((l) => l.fold).map((l) => l.key);
    expect(folded.length).toBeGreaterThan(0);
    expect(folded.every((k) => k === 'association' || k === 'per-path' || k.startsWith('k'))).toBe(
      true,
    );
    expect(spec.legend.filter((l) => !l.fold).map((l) => l.key)).toEqual([
      'path0',
      'path1',
      'ssthresh',
      'inactive',
    ]);
    // ssthresh 64000 is far above any cwnd: clipped to 1.5 × the top cwnd.
    expect(columnsOf(spec.lines[0]!.points).v[0]).toBe(9000);
    expect(spec.yDomain[1]).toBeCloseTo(6000 * 1.12);
  });

  it('converts to packets of the flow’s MSS', () => {
    const mss = trace.flows[0]!.mssBytes;
    const spec = pathCwndSpec(trace, 0, 'packets', 'light');
    expect(columnsOf(spec.lines[1]!.points).v[1]).toBeCloseTo(6000 / mss);
  });

  it('marks failover, recovery, return to the primary, HEARTBEATs and T3-rtx expiries', () => {
    const m = pathMarks(trace, pathModel(trace, 0));
    const kinds = Array.from(m.kind);
    expect(kinds.filter((k) => k === MarkKind.pathFailover)).toHaveLength(1);
    expect(kinds.filter((k) => k === MarkKind.pathRecovered)).toHaveLength(1);
    expect(kinds.filter((k) => k === MarkKind.pathPrimary)).toHaveLength(1);
    expect(kinds.filter((k) => k === MarkKind.pathT3)).toHaveLength(6);
    expect(kinds.filter((k) => k === MarkKind.pathHeartbeat)).toHaveLength(2);
    const f = kinds.indexOf(MarkKind.pathFailover);
    expect(m.t[f]).toBe(2.5);
    expect(trace.packets.time[m.event[f]!]).toBeLessThanOrEqual(2.5);
    // A T3 mark on path 0 takes path 0's colour; the heartbeat on path 1 path 1's.
    const t3 = kinds.indexOf(MarkKind.pathT3);
    expect(markColor(m, t3)).toBe('flow1');
    expect(markColor(m, kinds.indexOf(MarkKind.pathHeartbeat))).toBe('flow2');
  });

  it('tells every path’s state at a time', () => {
    const spec = pathCwndSpec(trace, 0, 'bytes', 'light');
    expect(spec.describeTime!(3)!.lines).toEqual([
      '■ S1→K1 (primary): INACTIVE · cwnd 1000 · ssthresh 1500 · RTO 60 s · errors 6',
      '▲ S1→K1b: active · cwnd 4000 · ssthresh 64000 · RTO 1 s · errors 0',
    ]);
  });
});
