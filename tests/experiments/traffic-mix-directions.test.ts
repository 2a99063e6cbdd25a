/**
 * The papers' qualitative directions, in short runs of the traffic-mix presets and keys (issue
 * 12): UDP keeps its rate under congestion while TCP backs off (002_…, 003_… §4.1), VoIP over
 * UDP lowers the FTP throughput as VoIP clients grow while VoIP over SCTP does so less (003_…
 * scenario B, §4.1), and a bigger bottleneck buffer means a longer queueing delay (003_…
 * scenario F, Fig. 5c).
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

  it('003_… scenario B: 50 VoIP clients over UDP cut the FTP throughput; over SCTP they cut it less (250 kb/s, 100 s, 2 seeds)', () => {
    // On the paper's 2 Mb/s wired bottleneck 10 FTP clients and 50 one-way VoIP clients do not
    // fill the link in this model (the paper's drop comes from the Wi-Fi channel), so the
    // direction is checked where the link saturates: scenario G's smallest bandwidth.
    const ftpBytes = (combo: string, n: number) => {
      let sum = 0;
      for (const seed of [1, 2]) {
        const m = metrics(`preset=vicuna-b-${combo}&n=${n}&bw=250000&stop=100&seed=${seed}`);
        for (const f of m.flows) if (f.sender === 'newreno') sum += f.deliveredBytes;
      }
      return sum / 2;
    };
    const none = ftpBytes('tcp-udp', 0);
    const overUdp = ftpBytes('tcp-udp', 50);
    const overSctp = ftpBytes('tcp-sctp', 50);
    expect(overUdp).toBeLessThan(0.5 * none);
    expect(overSctp).toBeGreaterThan(1.1 * overUdp);
    // six 100 s runs of 60 flows: 5–9 s on a shared two-core machine
  }, 60_000);
});
