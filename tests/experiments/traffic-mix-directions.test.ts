/**
 * The papers' qualitative directions, in short runs of the traffic-mix presets and keys (issue
 * 12): UDP keeps its rate under congestion while TCP backs off (002_…, 003_… §4.1), and a
 * bigger bottleneck buffer means a longer queueing delay (003_… scenario F, Fig. 5c).
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { computeMetrics } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery, type Scenario } from '../../src/scenarios';

function scenario(q: string): Scenario {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

function metrics(q: string) {
  const cfg = buildSimConfig(scenario(q));
  return computeMetrics(run(cfg, { record: 'metrics' }), cfg);
}

describe('traffic mixes: the papers’ directions', () => {
  it('a 640 kb/s CBR over UDP keeps its rate on an 800 kb/s bottleneck; Reno beside it gets what is left', () => {
    const q = 'preset=fall-floyd&stop=30&queue=20';
    const alone = metrics(`${q}&sender=reno`);
    const mixed = metrics(`${q}&flows=reno,udp&f2.app=cbr&f2.size=1000&f2.pps=80`);
    const [reno, udp] = mixed.flows;
    // UDP offered 80 × 1000 bytes a second from 1 s: 29 s × 80 000 bytes
    expect(udp!.deliveredBytes / (29 * 80_000)).toBeGreaterThan(0.9);
    // Reno backs off to less than half of what it had alone
    expect(reno!.deliveredBytes).toBeLessThan(0.5 * alone.flows[0]!.deliveredBytes);
  });

  it('003_… scenario F: queueing delay grows with the buffer (queue 5 vs 50, 2 seeds, 60 s)', () => {
    const delay = (queue: number) => {
      let sum = 0;
      for (const seed of [1, 2]) {
        const m = metrics(`preset=vicuna-f-tcp-udp&stop=60&bw=500000&queue=${queue}&seed=${seed}`);
        sum += m.bottleneck.meanQueueDelayS ?? 0;
      }
      return sum / 2;
    };
    const small = delay(5);
    const big = delay(50);
    expect(small).toBeGreaterThan(0);
    expect(big).toBeGreaterThan(2 * small);
  });
});
