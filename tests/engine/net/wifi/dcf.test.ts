/**
 * The 802.11 DCF cell (src/engine/net/wifi/): frame airtimes, one saturated station against
 * the closed form, five against Bianchi's model, determinism and per-member streams, retry-limit
 * drops, RTS/CTS and TCP over a cell. Short runs; the long comparisons with Bianchi's model and
 * ns-3.37 are in tests/tables/wifi-bianchi.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bianchiCell,
  DropCause,
  MacEvent,
  PacketEventKind,
  PHY_80211B,
  PHY_80211G,
  run,
  type Trace,
} from '../../../../src/engine';
import { cellThroughputBps, saturatedCell, udpFlow } from './cell-config';

describe('802.11 PHY airtimes', () => {
  it('802.11b: long preamble 192 µs + ⌈8·bytes/11⌉ µs; ACK at 11 Mb/s, CTS and RTS at 1 Mb/s', () => {
    // 1000-byte UDP payload: IP 1028 + LLC/SNAP 8 + MAC header 24 + FCS 4 = 1064 bytes.
    expect(PHY_80211B.dataNs(1064)).toBe(966_000);
    expect(PHY_80211B.ackNs).toBe(203_000);
    expect(PHY_80211B.ctsNs).toBe(304_000);
    expect(PHY_80211B.rtsNs).toBe(352_000);
    expect(PHY_80211B.difsNs).toBe(50_000);
  });

  it('802.11g: 20 µs + 4 µs symbols of NDBPS bits + 6 µs signal extension', () => {
    expect(PHY_80211G.dataNs(1064)).toBe(186_000); // 40 symbols at 54 Mb/s
    expect(PHY_80211G.ackNs).toBe(34_000); // 2 symbols at 24 Mb/s
    expect(PHY_80211G.rtsNs).toBe(58_000); // 8 symbols at 6 Mb/s
    expect(PHY_80211G.cwMin).toBe(15);
  });
});

describe('a saturated 802.11b cell', () => {
  let one: Trace;
  let five: Trace;
  beforeAll(() => {
    one = run(saturatedCell({ n: 1, stopS: 2 }));
    five = run(saturatedCell({ n: 5, stopS: 3 }), { record: 'metrics' });
  });

  it('one station: 8000 bits every DATA + SIFS + ACK + DIFS + 15.5 slots on average (5.20 Mb/s)', () => {
    const cycleS = (966 + 10 + 203 + 50 + 15.5 * 20) * 1e-6;
    expect(cellThroughputBps(one) / (8000 / cycleS)).toBeCloseTo(1, 1);
    expect(Math.abs(cellThroughputBps(one) - 5.2e6)).toBeLessThan(0.1e6);
    const st = one.media![0]!.stats.find((s) => s.node === 'S1')!;
    expect(st.collisions).toBe(0);
    expect(st.successes).toBeGreaterThan(1200);
  });

  it('five stations: within 3 % of Bianchi’s saturation throughput', () => {
    const model = bianchiCell(PHY_80211B, 5, 1028, 1000, false).throughputBps;
    expect(model).toBeCloseTo(5.65e6, -4);
    expect(Math.abs(cellThroughputBps(five) / model - 1)).toBeLessThan(0.03);
    const stats = five.media![0]!.stats.filter((s) => s.node !== 'AP');
    const p =
      stats.reduce((a, s) => a + s.collisions, 0) / stats.reduce((a, s) => a + s.attempts, 0);
    // Bianchi's conditional collision probability for n = 5, W = 32, m = 5: 0.178
    expect(p).toBeGreaterThan(0.15);
    expect(p).toBeLessThan(0.2);
  });

  it('records MAC rows: every attempt, backoff draws in [0, CW], collisions with their partners', () => {
    const mac = one.mac!;
    expect(mac.length).toBeGreaterThan(0);
    let tx = 0;
    for (let i = 0; i < mac.length; i++) {
      if (mac.event[i] === MacEvent.backoff) expect(mac.slots[i]!).toBeLessThanOrEqual(mac.cw[i]!);
      if (mac.event[i] === MacEvent.tx) tx++;
    }
    expect(tx).toBe(one.media![0]!.stats.find((s) => s.node === 'S1')!.attempts);
    // the port S1 → AP is a link of the trace, marked as the medium's
    const port = one.links.findIndex((l) => l.from === 'S1' && l.to === 'AP');
    expect(one.links[port]!.medium).toBe(0);
    expect(one.links[port]!.bandwidthBps).toBe(11e6);
  });
});

describe('determinism and streams', () => {
  /** A member's first 50 backoff draws as [slots, CW]. */
  const backoffs = (t: Trace, node: number): [number, number][] => {
    const m = t.mac!;
    const out: [number, number][] = [];
    for (let i = 0; i < m.length && out.length < 50; i++) {
      if (m.node[i] === node && m.event[i] === MacEvent.backoff) out.push([m.slots[i]!, m.cw[i]!]);
    }
    return out;
  };

  it('the same cell gives the same MAC rows; a third station leaves S1’s draws unchanged', () => {
    const a = run(saturatedCell({ n: 2, stopS: 0.3 }));
    const b = run(saturatedCell({ n: 2, stopS: 0.3 }));
    expect(Array.from(b.mac!.time)).toEqual(Array.from(a.mac!.time));
    expect(Array.from(b.mac!.slots)).toEqual(Array.from(a.mac!.slots));
    const c = run(saturatedCell({ n: 3, stopS: 0.3 }));
    // S1's k-th backoff uses the k-th draw of its own stream whoever else is there: drawn with
    // the same CW, it is the same number of slots
    const two = backoffs(a, a.nodes.indexOf('S1'));
    const three = backoffs(c, c.nodes.indexOf('S1'));
    expect(two.length).toBe(50);
    let same = 0;
    two.forEach(([slots, cw], k) => {
      if (three[k]![1] !== cw) return;
      expect(three[k]![0]).toBe(slots);
      same++;
    });
    expect(same).toBeGreaterThan(25);
  });
});

describe('retries, RTS/CTS and TCP', () => {
  it('a frame lost 7 times is dropped with DropCause.macRetry', () => {
    const t = run(saturatedCell({ n: 1, stopS: 0.5, frameErrorRate: 0.6 }));
    const st = t.media![0]!.stats.find((s) => s.node === 'S1')!;
    let drops = 0;
    for (let i = 0; i < t.packets.length; i++) {
      if (t.packets.kind[i] === PacketEventKind.drop && t.packets.cause[i] === DropCause.macRetry)
        drops++;
    }
    expect(st.retryDrops).toBeGreaterThan(0);
    expect(drops).toBe(st.retryDrops);
    expect(st.frameErrors).toBeGreaterThan(st.successes);
    // P(7 losses in a row) = 0.6^7 ≈ 2.8 % of the frames
    expect(st.retryDrops / (st.retryDrops + st.successes)).toBeLessThan(0.08);
  });

  it('RTS/CTS: every attempt is an RTS; one station delivers 8000 bits per 2.215 ms on average', () => {
    const t = run(saturatedCell({ n: 1, stopS: 1, rtsThresholdBytes: 0 }));
    const m = t.mac!;
    for (let i = 0; i < m.length; i++) if (m.event[i] === MacEvent.tx) expect(m.rts[i]).toBe(1);
    const cycleS = (352 + 10 + 304 + 10 + 966 + 10 + 203 + 50 + 310) * 1e-6;
    expect(cellThroughputBps(t) / (8000 / cycleS)).toBeCloseTo(1, 1);
  });

  it('TCP over a cell: data and ACKs contend; the transfer goes on at a few Mb/s', () => {
    const cfg = saturatedCell({ n: 1, stopS: 2 });
    cfg.flows = [
      {
        ...udpFlow(0, 'S1', 'AP', 1000, 1),
        sender: 'newreno',
        app: undefined,
        windowPkts: 30,
        headerBytes: 40,
      },
    ];
    const t = run(cfg, { record: 'metrics' });
    const ap = t.media![0]!.stats.find((s) => s.node === 'AP')!;
    expect(ap.successes).toBeGreaterThan(500); // the ACKs
    expect(cellThroughputBps(t)).toBeGreaterThan(3e6);
    expect(cellThroughputBps(t)).toBeLessThan(5e6);
  });
});
