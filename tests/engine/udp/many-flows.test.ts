/**
 * Many timed UDP sources in one run (003_…'s mixes reach 100+ flows): each flow's sends come
 * from its own named streams, so adding flows changes no other flow's send times, and every
 * datagram is accounted for.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, run, type AppConfig, type FlowConfig } from '../../../src/engine';
import { computeMetrics, classMetrics } from '../../../src/metrics';
import { flowOf, pathWith } from './config';

const VOIP: AppConfig = {
  kind: 'voip',
  holdS: 30,
  gapS: 60,
  talkS: 1,
  silenceS: 1.5,
  frameS: 0.02,
};
const NOISE: AppConfig = { kind: 'onoff', onS: 0.1, offS: 0.1, rateBps: 40_000 };

function flows(n: number): FlowConfig[] {
  return Array.from({ length: n }, (_, i) =>
    i % 5 === 4 ? flowOf(i, NOISE, 100, 1 + i / 100) : flowOf(i, VOIP, 20, 1 + i / 100),
  );
}

/** Send times of each flow, from the trace. */
function sendTimes(n: number, extra = 0): number[][] {
  const cfg = pathWith(flows(n + extra), 40, {
    seed: 9,
    links: pathWith([]).links.map((l) => ({ ...l, bandwidthBps: 10e6 })),
  });
  const t = run(cfg);
  const out: number[][] = Array.from({ length: n + extra }, () => []);
  const p = t.packets;
  const X = t.transmissions;
  for (let i = 0; i < p.length; i++)
    if (p.kind[i] === PacketEventKind.send) out[X.flow[p.uid[i]!]!]!.push(p.time[i]!);
  return out;
}

describe('100 VoIP and noise sources over UDP', () => {
  it('adding 20 flows changes none of the first 100 flows’ send times', () => {
    const a = sendTimes(100);
    const b = sendTimes(100, 20);
    expect(b.slice(0, 100)).toEqual(a);
    expect(a.every((s) => s.length > 0)).toBe(true);
  });

  it('every datagram is delivered, dropped or still in flight; classes add up', () => {
    const cfg = pathWith(flows(100), 40, { seed: 3 });
    const t = run(cfg, { record: 'metrics' });
    const m = computeMetrics(t, cfg);
    let inFlight = 0;
    for (const f of m.flows) {
      const rest = f.dataSent - f.arrivals - f.dataDropped;
      expect(rest).toBeGreaterThanOrEqual(0);
      inFlight += rest;
      expect(f.deliveredBytes).toBe(f.arrivals * cfg.flows[f.flow - 1]!.mssBytes);
    }
    expect(inFlight).toBeLessThan(100 * 10); // at most a queue and a wire's worth at 40 s
    const cls = classMetrics(m);
    expect(cls.map((c) => [c.flowClass, c.flows])).toEqual([
      ['voip/udp', 80],
      ['onoff/udp', 20],
    ]);
    expect(cls[0]!.dataSent + cls[1]!.dataSent).toBe(m.flows.reduce((a, f) => a + f.dataSent, 0));
  });
});
