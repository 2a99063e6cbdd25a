/**
 * computeMetrics on small runs, against numbers worked out by hand from the runs' counters (and,
 * for the bottleneck, recomputed independently from a full trace's packet events).
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type SimConfig, type Trace } from '../../src/engine';
import { computeMetrics, metricsRows, METRIC_COLUMNS } from '../../src/metrics';
import { resolveQuery } from '../../src/cli/scenario';

function config(query: string): SimConfig {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.config;
}

/** The bottleneck's data loss rate and mean queueing delay, straight from the packet events. */
function bottleneckByHand(t: Trace): { lossRate: number; meanDelayS: number } {
  const p = t.packets;
  const type = t.transmissions.type;
  const from = t.nodes.indexOf(t.links[t.bottleneck]!.from);
  const reached = new Map<number, number>(); // uid → time it reached the router
  let departed = 0;
  let delay = 0;
  let drops = 0;
  let dropsAtHead = 0;
  for (let i = 0; i < p.length; i++) {
    if (type[p.uid[i]!] !== PacketType.data) continue;
    const k = p.kind[i];
    if ((k === PacketEventKind.arrive || k === PacketEventKind.send) && p.node[i] === from) {
      reached.set(p.uid[i]!, p.time[i]!);
    } else if (p.link[i] === t.bottleneck && k === PacketEventKind.depart) {
      departed++;
      delay += p.time[i]! - reached.get(p.uid[i]!)!;
      reached.delete(p.uid[i]!);
    } else if (p.link[i] === t.bottleneck && k === PacketEventKind.drop) {
      drops++;
      if (reached.delete(p.uid[i]!)) dropsAtHead++;
    }
  }
  return { lossRate: drops / (departed + dropsAtHead), meanDelayS: delay / departed };
}

describe('computeMetrics', () => {
  it('ff-1-drops, Reno: one flow, one drop, one retransmission', () => {
    const cfg = config('preset=ff-1-drops&sender=reno');
    const t = run(cfg);
    const m = computeMetrics(t, cfg);
    const s = t.flowStats[0]!;
    expect([s.packetsSent, s.retransmissions, s.deliveredBytes]).toEqual([296, 1, 282_000]);
    const [f] = m.flows;
    // 296 packets sent, one of them the retransmission of 15: 295 distinct × 1000 bytes
    expect(f).toMatchObject({
      flow: 1,
      sender: 'reno',
      protocol: 'tcp',
      uniquePackets: 295,
      uniqueBytes: 295_000,
    });
    expect(f!.tputBps).toBe((295_000 * 8) / 6);
    expect(f!.pctTput).toBe(100);
    expect([f!.frEpisodes, f!.timeouts]).toEqual([1, 0]);
    expect(f!.goodputBps).toBe(376_000); // 282,000 · 8 / 6
    expect(m.durationS).toBe(6);
    expect(m.totalUniqueBytes).toBe(295_000);
    expect(m.linkUtilPct).toBe((295_000 * 8 * 100) / (800_000 * 6)); // 49.17 % of 0.8 Mb/s
    expect(m.jain).toBe(1);
    expect(m.pctIncrease).toBeNull(); // no SCTP flow
    // the one scripted drop among 293 departures + 1 drop at the router
    expect(m.bottleneck).toMatchObject({
      capacityBps: 800_000,
      dataArrivals: 294,
      dataDrops: { scripted: 1, overflow: 0, random: 0, total: 1 },
      lossRate: 1 / 294,
    });
    expect(t.linkStats[t.bottleneck]!.departures).toBe(293);
    const hand = bottleneckByHand(t);
    expect(m.bottleneck.lossRate).toBe(hand.lossRate);
    expect(m.bottleneck.meanQueueDelayS).toBeCloseTo(hand.meanDelayS, 12);
    // at most 7 packets of 1040 bytes wait ahead at 0.8 Mb/s
    expect(m.bottleneck.meanQueueDelayS).toBeGreaterThan(0);
    expect(m.bottleneck.meanQueueDelayS).toBeLessThan((7 * 1040 * 8) / 800_000);
    // the flow starts at 1.0 s: nothing in the bins before, 295,000 bytes in all
    const bins = m.throughput;
    expect(bins.binS).toBe(0.1);
    expect(bins.total).toHaveLength(60);
    expect(bins.lastBinS).toBe(0.1);
    expect(Array.from(bins.total.subarray(0, 10))).toEqual(new Array(10).fill(0));
    expect(bins.total[10]).toBe(1000); // packet 1 at 1.0 s
    expect(bins.total.reduce((a, b) => a + b, 0)).toBe(295_000);
    expect(bins.flows[0]).toEqual(bins.total);
  });

  it('geo-segment-8: SACK TCP and RFC 2960 SCTP share the link — percentages, Jain, increase', () => {
    const cfg = config('preset=geo-segment-8');
    const t = run(cfg);
    const m = computeMetrics(t, cfg);
    const [a, b] = t.flowStats;
    // distinct packets = sent − retransmissions: 171 − 1 and 176 − 1, × 1448 bytes
    expect([a!.packetsSent, a!.retransmissions, b!.packetsSent, b!.retransmissions]).toEqual([
      171, 1, 176, 1,
    ]);
    expect(m.flows.map((f) => [f.flow, f.sender, f.uniqueBytes])).toEqual([
      [1, 'sack', 170 * 1448],
      [2, 'sctp-2960', 175 * 1448],
    ]);
    expect(m.flows[0]!.pctTput).toBeCloseTo((170 / 345) * 100, 12);
    expect(m.flows[1]!.pctTput).toBeCloseTo((175 / 345) * 100, 12);
    expect(m.jain).toBeCloseTo(345 ** 2 / (2 * (170 ** 2 + 175 ** 2)), 15); // 119025 / 119050
    expect(m.pctIncrease).toBeCloseTo(((175 - 170) / 170) * 100, 12); // SCTP over TCP: 2.94 %
    expect(m.linkUtilPct).toBeCloseTo((345 * 1448 * 8 * 100) / (2e6 * 10), 12); // 19.9824 %
    expect(m.flows.map((f) => f.frEpisodes)).toEqual([1, 1]);
    const hand = bottleneckByHand(t);
    expect(m.bottleneck.lossRate).toBe(hand.lossRate);
    expect(m.bottleneck.meanQueueDelayS).toBeCloseTo(hand.meanDelayS, 12);
    // the SCTP flow's handshake comes first: its first data packet is later than TCP's
    expect(m.flows[1]!.meanCwndPkts).not.toBeNull();
  });

  it("excludes ns-2's SYN segment from the distinct packets", () => {
    const base = config('preset=ff-1-drops&sender=reno');
    const cfg: SimConfig = { ...base, flows: [{ ...base.flows[0]!, synSegment: true }] };
    const t = run(cfg, { record: 'metrics' });
    const s = t.flowStats[0]!;
    const f = computeMetrics(t, cfg).flows[0]!;
    expect(f.uniquePackets).toBe(s.packetsSent - s.retransmissions - 1);
    expect(f.uniqueBytes).toBe(f.uniquePackets * 1000);
    expect(s.deliveredBytes).toBe((s.deliveredPackets - 1) * 1000); // the SYN carries no payload
  });

  it('a flow that never sends: zeros, and null where a value is undefined', () => {
    const base = config('preset=ff-1-drops&sender=reno');
    const cfg: SimConfig = { ...base, flows: [{ ...base.flows[0]!, startS: 100 }] };
    const m = computeMetrics(run(cfg), cfg);
    expect(m.flows[0]).toMatchObject({
      uniqueBytes: 0,
      tputBps: 0,
      pctTput: null,
      meanCwndPkts: null,
      goodputBps: 0,
    });
    expect([m.linkUtilPct, m.jain, m.pctIncrease]).toEqual([0, 1, null]);
    expect([m.bottleneck.lossRate, m.bottleneck.meanQueueDelayS]).toEqual([null, null]);
  });

  it('rows: one per flow, run values repeated, columns in METRIC_COLUMNS order', () => {
    const cfg = config('preset=geo-segment-8');
    const m = computeMetrics(run(cfg, { record: 'metrics' }), cfg);
    const rows = metricsRows(m);
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual(['flow', 'sender', ...METRIC_COLUMNS]);
    expect(rows[1]!.jain).toBe(rows[0]!.jain);
    expect(rows[1]!.unique_bytes).toBe(175 * 1448);
    expect(rows[0]!.link_loss_rate).toBe(m.bottleneck.lossRate);
  });

  it('refuses a config that is not the trace’s, and a bin width a metrics-only run was not binned at', () => {
    const cfg = config('preset=ff-1-drops&sender=reno');
    const t = run(cfg, { record: 'metrics', binS: 0.5 });
    expect(computeMetrics(t, cfg).throughput.total).toHaveLength(12);
    expect(() => computeMetrics(t, cfg, { binS: 0.1 })).toThrow(/binned at 0.5 s/);
    expect(() => computeMetrics(t, { ...cfg, stopS: 7 })).toThrow(/not the one/);
    expect(() => run(cfg, { record: 'metrics', binS: 0 })).toThrow(RangeError);
  });
});
