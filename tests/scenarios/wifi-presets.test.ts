/**
 * The wifi-saturation preset (Bianchi's saturated cell): the notice's saturation throughput
 * for its default n = 5, read off the `--out metrics` rows' delivered_bps summed over stations.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { computeMetrics } from '../../src/metrics';
import { buildSimConfig, getPreset, scenarioFromPreset } from '../../src/scenarios';

describe('wifi-saturation', () => {
  it('n = 5: the stations’ delivered_bps sum to the notice’s 5.59 Mb/s', () => {
    const s = scenarioFromPreset('wifi-saturation', {});
    expect(s.flows).toHaveLength(5);
    const cfg = buildSimConfig(s);
    expect(cfg.media![0]).toMatchObject({ kind: 'wifi', phy: 'b', ap: 'AP', queueLimit: 50 });
    const t = run(cfg, { record: 'metrics' });
    const m = computeMetrics(t, cfg);
    const sum = m.flows.reduce((a, f) => a + f.deliveredBps!, 0);
    expect(sum / 1e6).toBeCloseTo(5.59, 2);
    expect(getPreset('wifi-saturation')!.notice).toContain('5.59 Mb/s for 5');
    // every station gets a share: 1.0–1.3 Mb/s each
    for (const f of m.flows) expect(f.deliveredBps! / 1e6).toBeGreaterThan(1);
  });
});
