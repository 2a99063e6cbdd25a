/**
 * Invariants of a multi-homed association across failover, recovery and losses on both paths
 * (RFC 4960 §6.4, §6.5, §8): every TSN is delivered to the application exactly once and in
 * order whichever path carried it, the Cumulative TSN Ack never goes back, each TSN's first
 * transmission happens once, and the per-path outstanding bytes add up.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type SimConfig } from '../../../../src/engine';
import { multihomeConfig } from './ns2';

function withLoss(cfg: SimConfig, rate: number, seed: number): SimConfig {
  for (const l of cfg.losses) {
    l.lossRate = rate;
    l.seed = seed;
  }
  cfg.stopS = 20;
  return cfg;
}

const CASES: [string, SimConfig][] = [
  ['primary fails, Path.Max.Retrans 2 (ns2 rules)', multihomeConfig({ down: 3, pmr: 2, stop: 16 })],
  [
    'primary fails, Path.Max.Retrans 2 (rfc rules)',
    multihomeConfig({ down: 3, pmr: 2, stop: 16 }, { rules: 'rfc' }),
  ],
  ['primary fails and recovers', multihomeConfig({ down: 3, up: 8, pmr: 1, stop: 14 })],
  ['a loss on both paths of one TSN', multihomeConfig({ drops0: '20', drops1: '20', stop: 6 })],
  [
    '1 % random loss on both paths, seed 3',
    withLoss(multihomeConfig({ stop: 20, hb: 1 }), 0.01, 3),
  ],
  [
    '3 % random loss on both paths, seed 5, rfc rules',
    withLoss(multihomeConfig({ stop: 20, hb: 1 }, { rules: 'rfc' }), 0.03, 5),
  ],
];

describe('exactly-once in-order delivery across paths', () => {
  for (const [name, cfg] of CASES) {
    it(name, () => {
      const t = run(cfg);
      const p = t.packets;
      const X = t.transmissions;
      const K = [t.nodes.indexOf('K0'), t.nodes.indexOf('K1')];
      const S = [t.nodes.indexOf('S0'), t.nodes.indexOf('S1')];
      const arrived = new Set<number>();
      const firstSent = new Map<number, number>();
      let lastCum = 0;
      let sacks = 0;
      let retxOnOtherPath = 0;
      const pathOf = new Map<number, number>();
      for (let i = 0; i < t.packetPaths!.length; i++)
        pathOf.set(t.packetPaths!.uid[i]!, t.packetPaths!.path[i]!);
      const firstPath = new Map<number, number>();
      for (let i = 0; i < p.length; i++) {
        const u = p.uid[i]!;
        const type = X.type[u]!;
        if (
          p.kind[i] === PacketEventKind.deliver &&
          K.includes(p.node[i]!) &&
          type === PacketType.data
        ) {
          arrived.add(X.packet[u]!);
        }
        if (
          p.kind[i] === PacketEventKind.send &&
          S.includes(p.node[i]!) &&
          type === PacketType.data
        ) {
          const tsn = X.packet[u]!;
          if (X.retx[u] === 0) {
            expect(firstSent.has(tsn), `TSN ${tsn} sent new twice`).toBe(false);
            firstSent.set(tsn, p.time[i]!);
            firstPath.set(tsn, pathOf.get(u)!);
          } else if (pathOf.get(u) !== firstPath.get(tsn)) retxOnOtherPath++;
        }
        if (
          p.kind[i] === PacketEventKind.send &&
          K.includes(p.node[i]!) &&
          type === PacketType.ack
        ) {
          expect(X.cumAck[u]!).toBeGreaterThanOrEqual(lastCum);
          lastCum = X.cumAck[u]!;
          sacks++;
        }
      }
      const st = t.flowStats[0]!;
      // Delivered in order and once: the count is the run of TSNs 1, 2, … that arrived (on
      // either path), its bytes counted once; the last SACK acknowledged at most that (a delayed
      // SACK may still be due at the end).
      let prefix = 0;
      while (arrived.has(prefix + 1)) prefix++;
      expect(st.deliveredPackets).toBe(prefix);
      expect(st.deliveredBytes).toBe(prefix * 1452);
      expect(lastCum).toBeLessThanOrEqual(prefix);
      expect(prefix - lastCum).toBeLessThanOrEqual(1);
      // New TSNs are 1, 2, 3, … without gaps.
      expect([...firstSent.keys()].sort((a, b) => a - b)).toEqual(
        [...Array(firstSent.size).keys()].map((k) => k + 1),
      );
      expect(st.packetsSent - st.retransmissions).toBe(firstSent.size);
      expect(lastCum).toBeGreaterThan(100);
      expect(sacks).toBeGreaterThan(50);
      // ns2 rules resend on the alternate path (RFC 4960 §6.4): some retransmission did.
      if (st.retransmissions > 0 && cfg.flows[0]!.rules !== 'rfc')
        expect(retxOnOtherPath).toBeGreaterThan(0);
    });
  }
});

describe('record modes', () => {
  it('a metrics-only run keeps the same path events as a full run (they are kept in both), and no packet paths', () => {
    const cfg = multihomeConfig({ down: 3, up: 8, pmr: 1, stop: 14 });
    const full = run(cfg);
    const metrics = run(cfg, { record: 'metrics' });
    const a = full.pathEvents!;
    const b = metrics.pathEvents!;
    expect(a.length).toBeGreaterThan(100);
    expect(b.length).toBe(a.length);
    for (const k of [
      'time',
      'flow',
      'path',
      'event',
      'state',
      'cwnd',
      'ssthresh',
      'rto',
      'errorCount',
    ] as const) {
      expect(Array.from(b[k]), k).toEqual(Array.from(a[k]));
    }
    expect(full.packetPaths!.length).toBeGreaterThan(1000);
    expect(metrics.packetPaths).toBeUndefined();
    expect(metrics.flowStats).toEqual(full.flowStats);
  });
});
