/**
 * link_util and cell_tput_bps when the bottleneck is a port of a shared medium: the cell's
 * airtime utilisation (busy time / run time) and the bytes it delivered per second; its MAC's
 * retry-limit drops as their own cause in both record modes; a wired bottleneck keeps
 * Alamgir's ψ and no cell throughput.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHY_80211B, run, type SimConfig, type Trace } from '../../src/engine';
import { computeMetrics, METRIC_COLUMN_DEFS } from '../../src/metrics';
import { saturatedCell } from '../engine/net/wifi/cell-config';

describe('metrics of a shared medium', () => {
  let one: SimConfig;
  let full: Trace;
  let two: Trace;
  beforeAll(() => {
    one = saturatedCell({ n: 1, stopS: 1 });
    full = run(one);
    two = run(saturatedCell({ n: 2, stopS: 1 }), { record: 'metrics' });
  });

  it('one station: busy = its exchanges (DATA + SIFS + ACK), the link_util column', () => {
    const cell = full.media![0]!;
    const st = cell.stats.find((s) => s.node === 'S1')!;
    // 1000-byte payloads: DATA 966 µs + SIFS 10 + ACK 203 = 1179 µs per exchange; the one under
    // way at the stop time counts up to it
    const exchange = (PHY_80211B.dataNs(1064) + PHY_80211B.sifsNs + PHY_80211B.ackNs) * 1e-9;
    expect(cell.busyS).toBeGreaterThan(st.successes * exchange - 1e-9);
    expect(cell.busyS).toBeLessThan((st.successes + 1) * exchange);
    // the rest is DIFS and backoff: 50 µs + 15.5 slots of 20 µs on average per exchange
    expect(cell.busyS).toBeCloseTo(exchange / (exchange + 50e-6 + 15.5 * 20e-6), 1);
    const m = computeMetrics(full, one);
    expect(m.linkUtilPct).toBeCloseTo(cell.busyS * 100, 9);
    expect(m.cellTputBps).toBeCloseTo(cell.deliveredBytes * 8, 6);
    // every delivered packet is a 1028-byte IP packet
    expect(cell.deliveredBytes % 1028).toBe(0);
    expect(cell.deliveredBytes / 1028).toBe(full.flowStats[0]!.deliveredPackets);
    const util = METRIC_COLUMN_DEFS.find((c) => c.id === 'link_util')!;
    expect(util.value(m.flows[0]!, m)).toBe(m.linkUtilPct);
    expect(METRIC_COLUMN_DEFS.find((c) => c.id === 'cell_tput_bps')!.value(m.flows[0]!, m)).toBe(
      m.cellTputBps,
    );
  });

  it('two stations: collisions count once, both stations’ deliveries; not above 100 %', () => {
    const cell = two.media![0]!;
    const delivered = two.flowStats.reduce((s, f) => s + f.deliveredBytes, 0);
    // UDP payload 1000 of each 1028-byte packet
    expect(cell.deliveredBytes).toBe((delivered / 1000) * 1028);
    expect(cell.busyS).toBeGreaterThan(0.7);
    expect(cell.busyS).toBeLessThan(1);
    const airtime = cell.stats.reduce((s, x) => s + x.airtimeS, 0);
    // DATA frames only, each collided one once per sender: the busy time adds SIFS + ACK per success
    expect(cell.busyS).toBeGreaterThan(airtime - 0.05);
  });

  it('retry-limit drops count as their own cause, not as random loss', () => {
    const cfg = saturatedCell({ n: 1, stopS: 0.5, frameErrorRate: 0.6 });
    for (const record of ['metrics', 'full'] as const) {
      const t = run(cfg, { record });
      const d = computeMetrics(t, cfg).bottleneck.dataDrops;
      const port = t.linkStats[t.bottleneck]!.drops;
      // 0.6⁷ ≈ 2.8 % of the frames fail seven times
      expect(port.macRetry, record).toBeGreaterThan(0);
      expect(d.macRetry, record).toBe(port.macRetry);
      expect(d.random, record).toBe(0);
      expect(d.total, record).toBe(d.macRetry + d.overflow);
    }
  });

  it('a wired bottleneck: ψ of Alamgir eq. 3, no cell throughput', () => {
    const cfg: SimConfig = {
      ...one,
      media: [],
      links: [{ a: 'S1', b: 'AP', bandwidthBps: 1e6, delayS: 0.01, queueLimit: 20 }],
    };
    const m = computeMetrics(run(cfg, { record: 'metrics' }), cfg);
    expect(m.cellTputBps).toBeNull();
    expect(m.linkUtilPct).toBeCloseTo((m.totalUniqueBytes * 8 * 100) / 1e6, 9);
  });
});
