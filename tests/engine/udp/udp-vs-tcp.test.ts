/**
 * The papers' qualitative findings where this model reaches them: UDP keeps its rate under
 * congestion while TCP backs off (002_… §5, 003_…), and one-way delay grows with the buffer.
 */
import { describe, expect, it } from 'vitest';
import { run, type SimConfig } from '../../../src/engine';
import { computeMetrics } from '../../../src/metrics';
import { fallFloydConfig } from '../../helpers/fall-floyd';
import { flowOf, pathWith } from './config';

/** UDP CBR at `pps` 1000-byte datagrams and one Reno bulk flow over the 800 kb/s bottleneck. */
function mix(pps: number, queueLimit = 8): SimConfig {
  const base = pathWith([flowOf(0, { kind: 'cbr', pps }, 972)], 60);
  return {
    ...base,
    links: base.links.map((l, i) => (i === 1 ? { ...l, queueLimit } : l)),
    flows: [...base.flows, { ...fallFloydConfig('reno').flows[0]!, id: 1 }],
  };
}

describe('UDP against TCP on one bottleneck', () => {
  const rows = [25, 50, 75, 100].map((pps) => {
    const cfg = mix(pps);
    const [udp, tcp] = computeMetrics(run(cfg, { record: 'metrics' }), cfg).flows;
    return { pps, udp: udp!, tcp: tcp! };
  });

  it('UDP is served what it asks for (≥ 99 % of 200–800 kb/s) while TCP gives way', () => {
    for (const { udp } of rows) expect(udp.deliveredBps! / udp.requestedBps!).toBeGreaterThan(0.99);
    const tcp = rows.map((r) => r.tcp.deliveredBps!);
    for (let k = 1; k < tcp.length; k++) expect(tcp[k]).toBeLessThan(tcp[k - 1]!);
    expect(tcp[0]).toBeGreaterThan(400_000); // UDP at 200 kb/s leaves TCP most of the rest
    expect(tcp[3]).toBeLessThan(20_000); // UDP at the link's rate starves TCP
    // TCP's losses grow with the UDP load; UDP's stay small.
    expect(rows[3]!.tcp.lossRate!).toBeGreaterThan(rows[0]!.tcp.lossRate!);
    for (const { udp } of rows) expect(udp.lossRate!).toBeLessThan(0.01);
  });

  it('a larger buffer, a longer one-way delay for an overloading CBR', () => {
    const delay = (queue: number): number => {
      const cfg = pathWith([flowOf(0, { kind: 'cbr', pps: 120 }, 972)], 30);
      const c = {
        ...cfg,
        links: cfg.links.map((l, i) => (i === 1 ? { ...l, queueLimit: queue } : l)),
      };
      return computeMetrics(run(c, { record: 'metrics' }), c).flows[0]!.delayMeanS!;
    };
    // A full queue of q − 1 packets ahead, 10 ms each, on top of 111 ms.
    const d = [5, 10, 20, 40].map(delay);
    for (let k = 1; k < d.length; k++) expect(d[k]).toBeGreaterThan(d[k - 1]!);
    expect(d[3]).toBeCloseTo(0.111 + 0.39, 1);
  });
});
