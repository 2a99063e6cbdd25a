import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind as K } from '../../../src/engine';
import {
  dropCountsAt,
  linkTimelines,
  packetsInFlightAt,
  queueCapacity,
  queueContentsAt,
  queueOccupancyAt,
  recentDropsAt,
} from '../../../src/ui/panels/queue';
import { queueViewState } from '../../../src/ui/panels/draw/queueState';
import { renoNoDrops, renoThreeDrops } from './fixtures';

describe('queue occupancy from packet events', () => {
  it('reaches the drop-tail maximum (limit − 1 = 7) at the first overflow (Reno, no scripted drops)', () => {
    const trace = renoNoDrops();
    const P = trace.packets;
    let first = -1;
    for (let i = 0; i < P.length && first < 0; i++)
      if (P.kind[i] === K.drop && P.cause[i] === DropCause.overflow) first = i;
    expect(first).toBeGreaterThan(0);
    expect(queueOccupancyAt(trace, first, trace.bottleneck)).toBe(7);
    expect(queueCapacity(trace, trace.bottleneck)).toBe(7);
    expect(queueContentsAt(trace, first, trace.bottleneck)).toHaveLength(7);
    expect(recentDropsAt(trace, first, trace.bottleneck, 0.01)).toEqual([first]);
    expect(dropCountsAt(trace, first, trace.bottleneck)).toEqual({
      scripted: 0,
      overflow: 1,
      random: 0,
    });
  });

  for (const [name, make] of [
    ['no drops', renoNoDrops],
    ['3 drops', renoThreeDrops],
  ] as const) {
    it(`agrees with the engine's qlen after every departure and drop (${name})`, () => {
      const trace = make();
      const P = trace.packets;
      let checked = 0;
      for (let i = 0; i < P.length; i++) {
        if (P.kind[i] === K.depart || P.kind[i] === K.drop) {
          expect(queueOccupancyAt(trace, i, P.link[i]!)).toBe(P.qlen[i]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(300);
    });

    it(`pairs the k-th departure with the k-th join and the k-th arrival (${name})`, () => {
      const trace = make();
      const P = trace.packets;
      for (const tl of linkTimelines(trace)) {
        for (let k = 0; k < tl.departs.length; k++) {
          expect(P.uid[tl.joins[k]!]).toBe(P.uid[tl.departs[k]!]);
          const a = tl.arrivals[k]!;
          if (a >= 0) {
            expect(P.uid[a]).toBe(P.uid[tl.departs[k]!]);
            expect(P.link[a]).toBe(tl.link);
          }
        }
      }
    });

    it(`lists as in flight exactly the departed, not yet arrived packets (${name})`, () => {
      const trace = make();
      const P = trace.packets;
      for (const cursor of [0, 5, 40, 200, 333, 600, P.length - 1]) {
        const brute: number[] = [];
        for (const tl of linkTimelines(trace)) {
          tl.departs.forEach((d, k) => {
            const a = tl.arrivals[k]!;
            if (d <= cursor && (a < 0 || a > cursor)) brute.push(d);
          });
        }
        const got = packetsInFlightAt(trace, cursor);
        expect(got.map((f) => f.depart).sort((a, b) => a - b)).toEqual(brute.sort((a, b) => a - b));
        for (const f of got) {
          expect(f.progress).toBeGreaterThanOrEqual(0);
          expect(f.progress).toBeLessThanOrEqual(1);
        }
      }
    });
  }

  it('the view does not show a packet passing straight through an idle link as waiting', () => {
    const trace = renoThreeDrops();
    const P = trace.packets;
    // Event 2: packet 1 arrives at R1 and departs at once (event 3, same instant).
    expect(P.kind[2]).toBe(K.arrive);
    expect(queueOccupancyAt(trace, 2, trace.bottleneck)).toBe(1);
    expect(queueViewState(trace, 2, P.time[2]!).slots).toEqual([]);
  });

  it('is empty before the first event', () => {
    const trace = renoThreeDrops();
    expect(queueOccupancyAt(trace, -1, trace.bottleneck)).toBe(0);
    expect(packetsInFlightAt(trace, -1)).toEqual([]);
  });
});
