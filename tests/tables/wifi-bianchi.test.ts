/**
 * The 802.11 cell's saturation throughput against Bianchi's model (IEEE JSAC 2000, and with
 * the standard's backoff freeze) for n = 1, 5, 10, 20, 50 and against the ns-3.37 runs of
 * tests/fixtures/ns3-wifi/ (n = 1, 5, 10, 20, 50;
 * 802.11b and 802.11g, basic access and RTS/CTS; one TCP flow): throughput, the per-packet MAC
 * service time distribution, failed attempts and retry-limit drops, each within the tolerance
 * stated at its assertion. Long runs (11 s of up to 50 stations): the long tier.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bianchiCell,
  MacEvent,
  PacketEventKind,
  PHY_80211B,
  PHY_80211G,
  run,
  type Trace,
} from '../../src/engine';
import {
  cellThroughputBps,
  quantile,
  saturatedCell,
  serviceTimes,
  udpFlow,
} from '../engine/net/wifi/cell-config';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'ns3-wifi');

interface Fixture {
  name: string;
  args: {
    standard: 'b' | 'g';
    transport: 'udp' | 'tcp';
    n: number;
    payload: number;
    rts: boolean;
    warmup: number;
    stop: number;
  };
  throughputBps: number;
  mac: { rtsFailed: number; dataFailed: number; finalRtsFailed: number; finalDataFailed: number };
  serviceTimeS: { count: number; mean: number; p10: number; p50: number; p90: number; p99: number };
}

const fixtures: Fixture[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Fixture);

/** Delivered payload in [fromS, stop], bit/s. */
function throughputAfter(t: Trace, fromS: number): number {
  const p = t.packets;
  const x = t.transmissions;
  let bytes = 0;
  for (let i = 0; i < p.length; i++) {
    if (p.kind[i] !== PacketEventKind.deliver || p.time[i]! < fromS) continue;
    const u = p.uid[i]!;
    if (x.type[u] === 0) bytes += x.size[u]! - 28;
  }
  return (8 * bytes) / (t.stopS - fromS);
}

/** MAC rows of `event` after fromS. */
function macCount(t: Trace, event: number, fromS: number): number {
  const m = t.mac!;
  let c = 0;
  for (let i = 0; i < m.length; i++) if (m.event[i] === event && m.time[i]! >= fromS) c++;
  return c;
}

describe('saturation throughput: Bianchi’s model', () => {
  for (const phy of ['b', 'g'] as const)
    for (const rts of [false, true])
      it(`802.11${phy}, ${rts ? 'RTS/CTS' : 'basic access'}, n = 1, 5, 10, 20, 50`, () => {
        for (const n of [1, 5, 10, 20, 50]) {
          const t = run(
            saturatedCell({ n, phy, stopS: 10, ...(rts ? { rtsThresholdBytes: 0 } : {}) }),
            { record: 'metrics' },
          );
          const ours = cellThroughputBps(t);
          const cell = (opts: Parameters<typeof bianchiCell>[5]): number =>
            bianchiCell(phy === 'g' ? PHY_80211G : PHY_80211B, n, 1028, 1000, rts, opts)
              .throughputBps;
          // The model with the standard's backoff freeze (Tinnirello, Bianchi & Xiao 2010) and
          // this cell's retry limit and response timeout: within 3 % (measured: ≤ 1.8 %).
          const refined = cell({ freezeRule: true, limits: true });
          const err = Math.abs(ours / refined - 1);
          expect(err, `n = ${n}: ${ours} vs ${refined}`).toBeLessThan(0.03);
          // The paper's own model (JSAC 2000, no extension): its chain decrements counters in
          // busy slots too, which 802.11, ns-3.37 and the engine do not. 802.11b (CWmin 31):
          // within 3 %. 802.11g (CWmin 15, a frame ≈ 14 slots): the engine is below it by
          // 3.4–7 % for n ≥ 5 — the freeze — and the refined model is the closer of the two.
          const plain = cell({});
          const plainErr = Math.abs(ours / plain - 1);
          if (phy === 'b' || n === 1) {
            expect(plainErr, `n = ${n}: ${ours} vs ${plain}`).toBeLessThan(0.03);
          } else {
            expect(ours, `n = ${n}`).toBeLessThan(plain);
            expect(plainErr, `n = ${n}: ${ours} vs ${plain}`).toBeLessThan(0.08);
            expect(err).toBeLessThan(plainErr);
          }
        }
      });
});

describe('ns-3.37 fixtures', () => {
  it('has the 20 UDP runs and the TCP run', () => {
    expect(fixtures.filter((f) => f.args.transport === 'udp')).toHaveLength(20);
    expect(fixtures.filter((f) => f.args.transport === 'tcp')).toHaveLength(1);
  });

  for (const f of fixtures.filter((x) => x.args.transport === 'udp'))
    it(`${f.name}: throughput, service times, failed attempts`, () => {
      const { n, standard, rts, warmup, stop } = f.args;
      const t = run(
        saturatedCell({ n, phy: standard, stopS: stop, ...(rts ? { rtsThresholdBytes: 0 } : {}) }),
      );
      // throughput over the same window: within 3 %
      const tp = throughputAfter(t, warmup);
      expect(Math.abs(tp / f.throughputBps - 1), `${tp} vs ${f.throughputBps}`).toBeLessThan(0.03);
      // per-packet MAC service time: mean within 5 %, median within 10 %, 90th percentile
      // within 12 % (the tail follows the retry policy, which differs under RTS/CTS — see the
      // drops below: udp-b-rts-n20 11.5 %)
      const st = serviceTimes(t, PacketEventKind.deliver, warmup);
      const mean = st.reduce((a, b) => a + b, 0) / st.length;
      expect(Math.abs(mean / f.serviceTimeS.mean - 1), 'mean').toBeLessThan(0.05);
      // (not with RTS/CTS at n = 50: ns-3.37 retries an RTS past dot11ShortRetryLimit — below —
      // and there, with p ≈ 0.6, 3 % of frames reach a 7th RTS attempt, which the engine drops
      // and ns-3 keeps serving with CW 1023: its median and tail differ by 15–18 %, while the
      // throughput, the mean and the failed attempts still agree)
      if (!(rts && n === 50)) {
        const p50 = quantile(st, 0.5);
        expect(Math.abs(p50 / f.serviceTimeS.p50 - 1), 'p50').toBeLessThan(0.1);
        const p90 = quantile(st, 0.9);
        expect(Math.abs(p90 / f.serviceTimeS.p90 - 1), 'p90').toBeLessThan(0.12);
      }
      // failed attempts (collisions: data frames, or RTSs): within 15 % (and ±30 when few);
      // 20 % with RTS/CTS at n = 50, where ns-3.37's frames past the 7th RTS attempt stay in
      // contention at CW 1023 and collide less than the fresh frames the engine starts instead
      // (measured: 29 810 failed RTSs against ns-3's 25 804, 15.5 %)
      const failed = rts ? f.mac.rtsFailed : f.mac.dataFailed;
      const ours = macCount(t, MacEvent.collision, warmup);
      expect(Math.abs(ours - failed), `${ours} vs ${failed}`).toBeLessThanOrEqual(
        Math.max(30, (rts && n === 50 ? 0.2 : 0.15) * failed),
      );
      // retry-limit drops: rare (0.3 % of frames at most for n ≤ 20); the same order. With
      // RTS/CTS ns-3.37 reports no final RTS failure in any run (MacTxFinalRtsFailed 0 even
      // after 16 726 failed RTSs at n = 20): it keeps retrying an RTS past dot11ShortRetryLimit,
      // where the engine drops the frame at 7 attempts (§10.3.4.4), so those are not compared.
      if (!rts) {
        const drops = f.mac.finalDataFailed;
        const ourDrops = macCount(t, MacEvent.drop, warmup);
        expect(Math.abs(ourDrops - drops), `${ourDrops} vs ${drops}`).toBeLessThanOrEqual(
          Math.max(10, drops),
        );
      }
    });

  it('tcp-b-basic-n1: one NewReno flow with delayed ACKs, its data and ACKs contending: throughput within 3 %', () => {
    const f = fixtures.find((x) => x.name === 'tcp-b-basic-n1')!;
    const cfg = saturatedCell({ n: 1, stopS: f.args.stop });
    // ns-3's TCP: 1000-byte segments with the timestamp option (52 bytes of headers), delayed
    // ACKs (every 2nd segment), buffers far above the cell's bandwidth-delay product
    cfg.flows = [
      {
        ...udpFlow(0, 'S1', 'AP', 1000, 1),
        sender: 'newreno',
        app: undefined,
        windowPkts: 64,
        headerBytes: 52,
        delayedAck: true,
      },
    ];
    const t = run(cfg);
    const tp = throughputAfter(t, f.args.warmup) * (1000 / (1052 - 28));
    expect(Math.abs(tp / f.throughputBps - 1), `${tp} vs ${f.throughputBps}`).toBeLessThan(0.03);
  });
});
