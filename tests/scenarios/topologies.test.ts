import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import {
  GEO_TABLE_I,
  TOPOLOGY_LIST,
  buildGeoShared,
  geoSharedTopology,
  getTopology,
  satelliteDumbbellTopology,
  validateScenario,
  type Scenario,
} from '../../src/scenarios';

/** A scenario on a topology's own defaults. */
function onTopology(id: string, over: Partial<Scenario> = {}): Scenario {
  return { v: 1, preset: 'fall-floyd', ...getTopology(id)!.defaults, ...over };
}

describe('topology registry', () => {
  it('registers fall-floyd, satellite-dumbbell and geo-shared, each citing its source', () => {
    expect(TOPOLOGY_LIST.map((t) => t.id)).toEqual([
      'fall-floyd',
      'satellite-dumbbell',
      'geo-shared',
    ]);
    for (const t of TOPOLOGY_LIST) {
      expect(t.source.length).toBeGreaterThan(10);
      expect(validateScenario({ v: 1, preset: 'fall-floyd', ...t.defaults, stop: 6 })).toEqual([]);
    }
  });
});

describe('satellite dumbbell (Alamgir et al. §4.1–4.2)', () => {
  const topo = getTopology('satellite-dumbbell')!;

  it('defaults: TCP SACK + Original SCTP, 3 Mb/s, 250 ms, 10-packet buffers, loss 0.01, 1448-byte payload, 64 KB windows, 1000 s', () => {
    expect(topo.defaults).toMatchObject({
      sender: 'sack',
      sender2: 'sctp-2960',
      bw: 3e6,
      delay: 0.25,
      queue: 10,
      loss: 0.01,
      mss: 1448,
      window: 45,
      stop: 1000,
      delack: false,
    });
    expect(Math.floor(65536 / 1448)).toBe(45);
  });

  it('builds N0/N1 → N2 → N3 → N4/N5 with Table 1 links and the loss point on N2 → N3', () => {
    const cfg = topo.build(onTopology('satellite-dumbbell'));
    expect(cfg.nodes).toEqual(['N0', 'N1', 'N2', 'N3', 'N4', 'N5']);
    const link = (a: string, b: string) => cfg.links.find((l) => l.a === a && l.b === b);
    expect(link('N2', 'N3')).toEqual({
      a: 'N2',
      b: 'N3',
      bandwidthBps: 3e6,
      delayS: 0.25,
      queueLimit: 10,
    });
    for (const [a, b] of [
      ['N0', 'N2'],
      ['N1', 'N2'],
      ['N3', 'N4'],
      ['N3', 'N5'],
    ]) {
      expect(link(a!, b!), `${a}-${b}`).toMatchObject({ bandwidthBps: 10e6, delayS: 0.002 });
    }
    expect(link('N3', 'N4')!.queueLimit).toBe(10);
    expect(
      cfg.flows.map((f) => [f.sender, f.src, f.dst, f.mssBytes + f.headerBytes, f.dupackThreshold]),
    ).toEqual([
      ['sack', 'N0', 'N4', 1488, 3],
      ['sctp-2960', 'N1', 'N5', 1496, 4],
    ]);
    expect(cfg.losses).toEqual([{ from: 'N2', to: 'N3', drops: [], lossRate: 0.01, seed: 1 }]);
    expect(cfg).toMatchObject({ router: 'N2', bottleneck: { from: 'N2', to: 'N3' }, stopS: 1000 });
  });

  it('with one flow, N1 and N5 are left out; the network runs in the engine (two TCP flows)', () => {
    expect(topo.build(onTopology('satellite-dumbbell', { sender2: null })).nodes).toEqual([
      'N0',
      'N2',
      'N3',
      'N4',
    ]);
    const t = run(topo.build(onTopology('satellite-dumbbell', { sender2: 'newreno', stop: 60 })));
    expect(t.flowStats).toHaveLength(2);
    for (const f of t.flowStats) expect(f.deliveredPackets).toBeGreaterThan(100);
    expect(t.linkStats[t.bottleneck]!.drops.random).toBeGreaterThan(0);
  });

  it('SCTP flows get path MTU 1500 (ns-2 mtu_; cwnd counts 1468-byte MTUs), raised if the packets need more; TCP flows none', () => {
    const mtus = (over: Partial<Scenario>) =>
      topo.build(onTopology('satellite-dumbbell', over)).flows.map((f) => f.pathMtuBytes);
    expect(mtus({})).toEqual([undefined, 1500]);
    expect(mtus({ sender: 'sctp-newreno', sender2: null })).toEqual([1500]);
    expect(mtus({ mss: 1460 })).toEqual([undefined, 1508]);
    expect(
      getTopology('geo-shared')!.build(onTopology('geo-shared')).flows[1]!.pathMtuBytes,
    ).toBeUndefined();
  });

  it('start times can be set for a preset family', () => {
    const cfg = satelliteDumbbellTopology({ id: 'sat-x', startS: 0.5, start2S: 0.7 }).build(
      onTopology('satellite-dumbbell'),
    );
    expect(cfg.flows.map((f) => f.startS)).toEqual([0.5, 0.7]);
  });
});

describe('GEO link shared by TCP and SCTP (§III)', () => {
  it('Table I: buffer and satellite bandwidth per number of sources', () => {
    expect(GEO_TABLE_I.map((r) => [r.sources, r.queue, r.bwBps])).toEqual([
      [2, 10, 2e6],
      [4, 40, 4e6],
      [6, 80, 7e6],
      [8, 160, 11e6],
    ]);
  });

  it('defaults are the n = 2 row with 1.5 % loss, handshakes, 500 s', () => {
    expect(getTopology('geo-shared')!.defaults).toMatchObject({
      sender: 'sack',
      sender2: 'sctp-2960',
      bw: 2e6,
      queue: 10,
      delay: 0.25,
      loss: 0.015,
      handshake: true,
      stop: 500,
      mss: 1448,
      window: 45,
    });
  });

  it('builds S1, S2 → R1 → K1 with drops on flow 1 and drops2 on flow 2 (§V-C: segment 8 in both)', () => {
    const s = onTopology('geo-shared', {
      drops: [{ packet: 8, transmission: 1 }],
      drops2: [{ packet: 8, transmission: 1 }],
    });
    const cfg = getTopology('geo-shared')!.build(s);
    expect(cfg.nodes).toEqual(['S1', 'S2', 'R1', 'K1']);
    expect(cfg.links[0]).toEqual({
      a: 'R1',
      b: 'K1',
      bandwidthBps: 2e6,
      delayS: 0.25,
      queueLimit: 10,
    });
    expect(cfg.flows.map((f) => [f.src, f.dst, f.handshake])).toEqual([
      ['S1', 'K1', true],
      ['S2', 'K1', true],
    ]);
    expect(cfg.losses[0]!.drops).toEqual([
      { flow: 0, packet: 8, transmission: 1 },
      { flow: 1, packet: 8, transmission: 1 },
    ]);
  });

  it('buildGeoShared takes any number of sources (Table I rows)', () => {
    const row = GEO_TABLE_I[3]!;
    const s = onTopology('geo-shared', { bw: row.bwBps, queue: row.queue });
    const cfg = buildGeoShared(s, [
      'sack',
      'sack',
      'sack',
      'sack',
      'sctp-2960',
      'sctp-2960',
      'sctp-2960',
      'sctp-2960',
    ]);
    expect(cfg.nodes).toHaveLength(10);
    expect(cfg.flows.map((f) => f.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(cfg.links[0]).toMatchObject({ bandwidthBps: 11e6, queueLimit: 160 });
  });

  it('runs in the engine with TCP senders', () => {
    const cfg = geoSharedTopology().build(onTopology('geo-shared', { sender2: 'sack', stop: 30 }));
    const t = run(cfg);
    for (const f of t.flowStats) expect(f.deliveredPackets).toBeGreaterThan(20);
  });
});
