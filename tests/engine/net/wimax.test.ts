/**
 * The 802.16-like cell (src/engine/net/wimax/): saturation against the closed form of its frame
 * structure, round-robin shares, a small flow beside a bulk one, fragmentation across frames,
 * overflow and link failure. Saturation: UDP + CBR offering more than the cell carries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind as K, PacketType, run, type Trace } from '../../../src/engine';
import { planSubframe, type Backlog } from '../../../src/engine/net/wimax/scheduler';
import { wimaxLayout, wimaxSaturationBps } from '../../../src/engine/net/wimax/params';
import { cellConfig } from '../../helpers/wimax-cell';

const L = wimaxLayout();
const STOP = 2.1;
const SPAN = STOP - 0.1;

/** IP bit/s of every flow together (1500-byte IP packets, 1472-byte payloads). */
const ipBps = (t: Trace) =>
  (t.flowStats.reduce((a, f) => a + f.deliveredBytes, 0) * 8 * (1500 / 1472)) / SPAN;

function saturated(stations: number, up: boolean): Trace {
  return run(
    cellConfig({
      stations,
      stopS: STOP,
      flows: Array.from({ length: stations }, (_, i) => ({
        ss: i + 1,
        up,
        app: { kind: 'cbr' as const, pps: 1200 / stations },
      })),
    }),
    { record: 'metrics' },
  );
}

describe('the frame layout', () => {
  it('is 003’s OFDM 64QAM 3/4 at 21.6 Mb/s in 5 ms frames, split as ns-3 splits it', () => {
    expect(L.frameSymbols).toBe(125);
    expect((8 * L.bytesPerSymbol) / L.symbolS).toBeCloseTo(21.6e6, 0);
    expect([L.dlSymbols, L.ulStart, L.ulSymbols]).toEqual([60, 62, 61]);
    expect(L.ulStart + L.ulSymbols + 2).toBe(L.frameSymbols);
  });
  it('rejects a frame with no room for data', () => {
    expect(() => wimaxLayout({ frameS: 0.0025, dlShare: 0.1 })).toThrow(RangeError);
    expect(() => wimaxLayout({ frameS: 0.0001 })).toThrow(RangeError);
  });
});

describe('saturation against the closed form', () => {
  const cases = [1, 2, 5, 10].flatMap((n) => [
    [n, false],
    [n, true],
  ]) as [number, boolean][];
  const got = new Map<string, number>();
  beforeAll(() => {
    for (const [n, up] of cases) got.set(`${n}${up}`, ipBps(saturated(n, up)));
  });
  it.each(cases)('%i station(s), uplink %s: within 1 %', (n, up) => {
    const model = wimaxSaturationBps(L, up ? 'ul' : 'dl', n, 1500);
    expect(Math.abs(got.get(`${n}${up}`)! / model - 1)).toBeLessThan(0.01);
  });
  it('carries well under half the 21.6 Mb/s PHY rate each way: frame overhead', () => {
    expect(got.get('1false')!).toBeGreaterThan(9e6);
    expect(got.get('10false')!).toBeLessThan(got.get('1false')!);
  });
});

describe('the round-robin scheduler', () => {
  const q = (sizes: number[], started = 0): Backlog => ({
    count: sizes.length,
    headStarted: started > 0,
    left: (k) => (k === 0 && started > 0 ? started : sizes[k]!),
  });

  it('gives backlogged stations one packet each in turn, the last one a fragment', () => {
    const plan = planSubframe(L, 'dl', [q(Array(20).fill(1500)), q(Array(20).fill(1500))], 1);
    expect(plan.bursts.map((b) => b.station)).toEqual([1, 0]);
    const pdus = plan.bursts.map((b) => b.pdus.map((p) => p.completes));
    expect(pdus.flat().filter((c) => !c)).toHaveLength(1);
    const whole = pdus.map((p) => p.filter(Boolean).length);
    expect(Math.abs(whole[0]! - whole[1]!)).toBeLessThanOrEqual(1);
    const last = plan.bursts[1]!;
    expect(last.startSymbol + last.symbols).toBe(L.dlSymbols);
  });

  it('lets a small packet through beside a full queue', () => {
    const plan = planSubframe(L, 'dl', [q(Array(50).fill(1500)), q([60])], 0);
    expect(plan.bursts[1]!.pdus).toEqual([expect.objectContaining({ bytes: 60, completes: true })]);
  });

  it('puts each UL burst after the contention slots, with its preamble', () => {
    const plan = planSubframe(L, 'ul', [q([100]), q([100])], 0);
    expect(plan.bursts.map((b) => [b.startSymbol, b.symbols])).toEqual([
      [2, 3],
      [5, 3],
    ]);
  });
});

describe('the cell in a run', () => {
  it('shares the downlink equally among saturated stations', () => {
    const t = saturated(3, false);
    const d = t.flowStats.map((f) => f.deliveredBytes);
    expect(Math.max(...d) / Math.min(...d)).toBeLessThan(1.02);
    expect(t.linkStats.slice(2).some((l) => l.drops.overflow > 0)).toBe(true);
    expect(t.links.filter((l) => l.medium === 0)).toHaveLength(6);
    expect(t.media![0]!.label).toBe('802.16 OFDM 21.6 Mb/s, 5.0 ms frames');
  });

  it('keeps a VoIP flow within two frames beside a saturated download, and counts airtime', () => {
    const t = run(
      cellConfig({
        stations: 2,
        stopS: STOP,
        flows: [
          { ss: 1, app: { kind: 'cbr', pps: 1500 } },
          { ss: 2, app: { kind: 'cbr', pps: 50 }, payload: 20 },
        ],
      }),
    );
    const p = t.packets;
    const X = t.transmissions;
    const sent = new Map<number, number>();
    let worst = 0;
    for (let i = 0; i < p.length; i++) {
      const u = p.uid[i]!;
      if (X.flow[u] !== 1 || X.type[u] !== PacketType.data) continue;
      if (p.kind[i] === K.send) sent.set(u, p.time[i]!);
      if (p.kind[i] === K.deliver) worst = Math.max(worst, p.time[i]! - sent.get(u)!);
    }
    expect(t.flowStats[1]!.deliveredPackets).toBe(100);
    expect(worst).toBeLessThan(2 * L.frameS);
    // The BS sends (its airtime ≈ the DL's data symbols); the stations send nothing.
    const stats = t.media![0]!.stats;
    expect(stats.map((m) => m.node)).toEqual(['BS', 'SS1', 'SS2']);
    expect(stats[0]!.airtimeS / SPAN).toBeGreaterThan(0.35);
    expect(stats[1]!.airtimeS).toBe(0);
    // Packets delivered whole: those that departed, less one frame's worth still on the air.
    const departed = t.linkStats[3]!.departures + t.linkStats[5]!.departures;
    expect(stats[0]!.successes).toBeLessThanOrEqual(departed);
    expect(stats[0]!.successes).toBeGreaterThan(departed - 6);
    // one MAC row per burst: SS2's bursts carry only its 100 small packets.
    const mac = t.mac!;
    const ss2 = mac.uid.filter((u) => u >= 0 && t.transmissions.flow[u] === 1).length;
    expect(ss2).toBe(100);
  });

  it('fragments a packet across frames when a frame cannot hold it', () => {
    // 2.5 ms frames: 62 symbols, a DL subframe of 19 data symbols (2052 bytes) for 1510-byte PDUs.
    const t = run(
      cellConfig({
        stations: 1,
        stopS: 0.5,
        wimax: { frameS: 0.0025 },
        flows: [{ ss: 1, app: { kind: 'cbr', pps: 1000 } }],
      }),
      { record: 'metrics' },
    );
    // 1.6 PDUs a frame: every other packet is split over two frames, and the cell still
    // carries its closed-form capacity.
    const bps = (t.flowStats[0]!.deliveredBytes * 8 * (1500 / 1472)) / 0.4;
    const model = wimaxSaturationBps(wimaxLayout({ frameS: 0.0025 }), 'dl', 1, 1500);
    expect(Math.abs(bps / model - 1)).toBeLessThan(0.02);
    expect(t.flowStats[0]!.deliveredPackets / (0.4 / 0.0025)).toBeCloseTo(1.6, 1);
  });

  it('drops what it holds when the link goes down', () => {
    const cfg = cellConfig({
      stations: 1,
      stopS: 1,
      flows: [{ ss: 1, app: { kind: 'cbr', pps: 1200 } }],
    });
    const t = run({ ...cfg, linkEvents: [{ link: { a: 'BS', b: 'SS1' }, at: 0.5, up: false }] });
    const drops = t.packets.cause.filter(
      (c, i) => t.packets.kind[i] === K.drop && c === DropCause.linkDown,
    );
    expect(drops.length).toBeGreaterThan(50);
    expect(t.linkStats[3]!.drops.linkDown).toBe(drops.length);
  });
});
