import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, type Trace } from '../../../src/engine';
import { DeliveryTable } from '../../../src/engine/trace/deliveries';
import { deliveryModel, hasDeliveries } from '../../../src/ui/panels/deliveries';
import { noDeliveriesText } from '../../../src/ui/panels/DeliveryPlot';
import { markGlyph } from '../../../src/ui/panels/draw/layers';
import { Glyph, MarkKind } from '../../../src/ui/panels/palette';
import { renoThreeDrops } from '../panels/fixtures';

/** First arrival of data packet `p` of flow 0 at its receiver in the Fall & Floyd trace. */
function arrivalOf(trace: Trace, p: number): number {
  const P = trace.packets;
  const X = trace.transmissions;
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (
      P.kind[i] === PacketEventKind.deliver &&
      X.type[u] === PacketType.data &&
      X.flow[u] === 0 &&
      X.packet[u] === p
    )
      return P.time[i]!;
  }
  throw new Error(`packet ${p} never arrives`);
}

/**
 * Hand-made deliveries over the real run, laid out as two SCTP streams of flow 0: packets 1–4
 * on stream 0 delivered on arrival, packet 5 on stream 1 held 0.25 s, packet 6 unordered.
 */
function withDeliveries(): Trace {
  const base = renoThreeDrops();
  const t = new DeliveryTable();
  for (const p of [1, 2, 3, 4])
    t.add({
      time: arrivalOf(base, p),
      flow: 0,
      stream: 0,
      ssn: p - 1,
      packet: p,
      unordered: false,
    });
  t.add({
    time: arrivalOf(base, 5) + 0.25,
    flow: 0,
    stream: 1,
    ssn: 0,
    packet: 5,
    unordered: false,
  });
  t.add({ time: arrivalOf(base, 6), flow: 0, stream: 1, ssn: 1, packet: 6, unordered: true });
  // Stream 0 goes on at SSN 6: SSNs 4 and 5 are never delivered (as PR-SCTP skips them).
  t.add({ time: arrivalOf(base, 9), flow: 0, stream: 0, ssn: 6, packet: 9, unordered: false });
  return {
    ...base,
    flows: base.flows.map((f) => ({ ...f, protocol: 'sctp' as const, streams: 2 })),
    deliveries: t.columns(),
  };
}

describe('per-stream delivery timeline model (Trace.deliveries)', () => {
  it('says why it is empty when the run recorded no deliveries', () => {
    const trace = renoThreeDrops();
    expect(hasDeliveries(trace)).toBe(false);
    expect(deliveryModel(trace, [0]).lanes).toEqual([]);
    expect(noDeliveriesText(trace)).toMatch(/^No deliveries recorded: /);
  });

  it('has a lane per stream, a mark per message and each message’s wait at the receiver', () => {
    const trace = withDeliveries();
    const m = deliveryModel(trace, [0]);
    expect(m.lanes.map((l) => l.label)).toEqual([
      'flow 1 (Reno): stream 0',
      'flow 1 (Reno): stream 1',
    ]);
    expect(m.lanes.map((l) => l.short)).toEqual(['1 s0', '1 s1']);
    // Seven deliveries and one skip mark.
    expect(m.marks.n).toBe(8);
    expect(m.total).toBe(7);
    expect(Array.from(m.marks.y)).toEqual(Array.from(m.lane));
    expect(Array.from(m.lane).sort()).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    const skip = Array.from(m.marks.kind).indexOf(MarkKind.deliverySkip);
    expect(m.ssn[skip]).toBe(4);
    expect(m.ssn[skip + 1]).toBe(6);
    expect(m.marks.t[skip]).toBe(arrivalOf(trace, 9));
    expect(m.lanes[0]!.skipped).toBe(2);
    expect(m.lanes[1]!.skipped).toBe(0);
    const five = Array.from(m.marks.packet).indexOf(5);
    expect(m.marks.t[five]! - m.arrive[five]!).toBeCloseTo(0.25, 9);
    expect(m.ssn[five]).toBe(0);
    const s1 = m.lanes[1]!;
    expect(s1.held).toBe(1);
    expect(s1.maxWaitS).toBeCloseTo(0.25, 9);
    expect(s1.waiting).toHaveLength(1);
    expect(s1.waiting[0]!.t1 - s1.waiting[0]!.t0).toBeCloseTo(0.25, 9);
    expect(s1.unordered).toBe(1);
    expect(m.lanes[0]!.held).toBe(0);
    const six = Array.from(m.marks.packet).indexOf(6);
    expect(m.marks.kind[six]).toBe(MarkKind.deliveryUnordered);
    expect(markGlyph(m.marks, six)).toBe(Glyph.circleOpen);
    expect(markGlyph(m.marks, 0)).toBe(Glyph.vbar);
    // Stream 0's longest gap between two of its deliveries.
    const t = (p: number) => arrivalOf(trace, p);
    const gaps = [t(2) - t(1), t(3) - t(2), t(4) - t(3), t(9) - t(4)];
    expect(m.lanes[0]!.gapS).toBeCloseTo(
      gaps.reduce((a, b) => Math.max(a, b), 0),
      9,
    );
  });

  it('leaves out hidden flows', () => {
    expect(deliveryModel(withDeliveries(), [1]).lanes).toEqual([]);
  });
});
