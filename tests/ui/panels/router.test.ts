import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind as K, PacketType as T } from '../../../src/engine';
import { MarkKind } from '../../../src/ui/panels/palette';
import { marksOfKind, marksOfPacket } from '../../../src/ui/panels/marks';
import { routerMarks } from '../../../src/ui/panels/router';
import { countEvents, renoNoDrops, renoThreeDrops } from './fixtures';

describe('routerMarks on Reno with 3 scripted drops (15, 27, 29)', () => {
  const trace = renoThreeDrops();
  const P = trace.packets;
  const X = trace.transmissions;
  const r = routerMarks(trace);
  const atR = (i: number) => P.node[i] === trace.router;

  it('has one filled square per data arrival at the router', () => {
    const n = countEvents(
      trace,
      (i) => P.kind[i] === K.arrive && atR(i) && X.type[P.uid[i]!] === T.data,
    );
    expect(r.arrivals.length).toBe(n);
    expect(marksOfKind(r.marks, MarkKind.arrival).length).toBe(n);
    expect(n).toBe(113);
  });

  it('has one open square per data departure on the bottleneck', () => {
    const n = countEvents(
      trace,
      (i) =>
        P.kind[i] === K.depart && P.link[i] === trace.bottleneck && X.type[P.uid[i]!] === T.data,
    );
    expect(r.departures.length).toBe(n);
    expect(n).toBe(trace.linkStats[trace.bottleneck]!.departures);
  });

  it('marks exactly the three scripted drops, with the scripted glyph', () => {
    expect(r.drops.map((i) => X.packet[P.uid[i]!])).toEqual([15, 27, 29]);
    expect(r.drops.every((i) => P.cause[i] === DropCause.scripted)).toBe(true);
    expect(marksOfKind(r.marks, MarkKind.dropScripted).length).toBe(3);
    expect(marksOfKind(r.marks, MarkKind.dropOverflow, MarkKind.dropRandom).length).toBe(0);
  });

  it('has one circle per ACK arriving at the router, at y = cumulative ACK mod 50', () => {
    const n = countEvents(
      trace,
      (i) => P.kind[i] === K.arrive && atR(i) && X.type[P.uid[i]!] === T.ack,
    );
    expect(r.acks.length).toBe(n);
    for (const m of marksOfKind(r.marks, MarkKind.ackAtRouter)) {
      expect(r.marks.y[m]).toBe(X.cumAck[P.uid[r.marks.event[m]!]!]! % 50);
    }
  });

  it('marks as retransmissions exactly the retransmitted departures', () => {
    const retx = [];
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (
        P.kind[i] === K.depart &&
        P.link[i] === trace.bottleneck &&
        X.type[u] === T.data &&
        X.retx[u]
      )
        retx.push(i);
    }
    expect(r.retransmissions).toEqual(retx);
    expect(retx.length).toBe(trace.flowStats[0]!.retransmissions);
    const labelled = [...r.marks.labels.entries()]
      .filter(([, l]) => l === 'R')
      .map(([m]) => r.marks.event[m]);
    expect(labelled).toEqual(retx);
  });

  it('keeps the absolute packet number for hover, y modulo M for drawing', () => {
    const r90 = routerMarks(trace, { modulus: 90 });
    const m = r.marks;
    const i60 = marksOfPacket(m, { flow: 0, packet: 60 });
    expect(i60.length).toBeGreaterThan(0);
    for (const i of i60) if (m.kind[i] !== MarkKind.ackAtRouter) expect(m.y[i]).toBe(10);
    expect(r90.modulus).toBe(90);
    expect(Math.max(...r90.marks.y)).toBeLessThan(90);
  });

  it('is sorted by time, ties by event order', () => {
    const m = r.marks;
    for (let i = 1; i < m.n; i++) {
      expect(
        m.t[i]! > m.t[i - 1]! || (m.t[i] === m.t[i - 1] && m.event[i]! > m.event[i - 1]!),
      ).toBe(true);
    }
    expect(m.n).toBe(r.arrivals.length + r.departures.length + r.drops.length + r.acks.length);
  });

  it('shows overflow drops with the overflow glyph when the queue overflows', () => {
    const t0 = renoNoDrops();
    const r0 = routerMarks(t0);
    expect(r0.drops.length).toBe(t0.linkStats[t0.bottleneck]!.drops.overflow);
    expect(marksOfKind(r0.marks, MarkKind.dropOverflow).length).toBe(r0.drops.length);
  });

  it('filters by flow', () => {
    expect(routerMarks(trace, { flows: [] }).marks.n).toBe(0);
  });
});
