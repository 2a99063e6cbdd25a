/**
 * The three topologies, each an instance of the generic dumbbell (topologies/dumbbell.ts):
 * their defaults (the flat form of flat.ts, with sender2 for flow 2), the nodes and links they
 * build for one, two or more flows, and where the loss point sits.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import {
  FALL_FLOYD_DROP_LISTS,
  GEO_SHARED,
  PRESETS,
  getPreset,
  GEO_TABLE_I,
  SATELLITE_DUMBBELL,
  TOPOLOGY_LIST,
  getTopology,
  presetDefaults,
  scenarioFromPreset,
  validateScenario,
  type FlatDefaults,
} from '../../src/scenarios';

const p8 = [{ packet: 8, transmission: 1 }];

describe('topology registry', () => {
  it('registers fall-floyd, satellite-dumbbell, geo-shared, long-fat, bufferbloat, the 002_… paths and the 003_… dumbbell, each citing its source', () => {
    expect(TOPOLOGY_LIST.map((t) => t.id)).toEqual([
      'fall-floyd',
      'satellite-dumbbell',
      'geo-shared',
      'long-fat',
      'bufferbloat',
      'host-pair',
      'wireless-pair-ap',
      'wired-wireless',
      'wireless-wired',
      'vicuna-wired',
      'dual-homed',
      'multihomed-mobile',
      'wifi-cell',
    ]);
    expect(getTopology('satellite-dumbbell')).toBe(SATELLITE_DUMBBELL);
    expect(getTopology('geo-shared')).toBe(GEO_SHARED);
    expect(getTopology('nope')).toBeUndefined();
    for (const t of TOPOLOGY_LIST) {
      expect(t.source.length).toBeGreaterThan(10);
      // Each topology has a preset of the same id with no overrides (its defaults, valid) —
      // or, for the 002_… paths, presets that use it.
      if (!getPreset(t.id)) {
        expect(
          PRESETS.some((p) => p.topology === t.id),
          t.id,
        ).toBe(true);
        continue;
      }
      const s = presetDefaults(t.id);
      if (t.id === 'vicuna-wired') {
        // its preset is Table 2's baseline: 10 FTP and 10 VoIP clients
        expect(validateScenario(s)).toEqual([]);
        expect(s.flows).toHaveLength(20);
        continue;
      }
      expect(validateScenario(s), t.id).toEqual([]);
      expect(
        s.flows.map((f) => f.sender),
        t.id,
      ).toEqual(
        t.defaults.sender2 === null ? [t.defaults.sender] : [t.defaults.sender, t.defaults.sender2],
      );
    }
  });

  it('the Fall & Floyd drop lists (Caro et al. add the 5-drop one)', () => {
    expect(FALL_FLOYD_DROP_LISTS.map((l) => l.join(','))).toEqual([
      '',
      '15',
      '15,29',
      '15,27,29',
      '15,25,27,29',
      '15,23,25,27,29',
    ]);
  });

  it('every key is in the flat defaults; the keys a profile decides are auto', () => {
    for (const t of TOPOLOGY_LIST) {
      const d: FlatDefaults = t.defaults;
      expect(d, t.id).toMatchObject({ rwnd: null, maxburst: null, icwnd: null, frtx: null });
      // the papers' own stacks: Linux (002_…, profile rfc), ns-2.29 (003_…, profile ns2)
      // the multi-homed networks (issue 13): RFC 4960 as written, profile rfc
      const profile =
        t.id === 'vicuna-wired'
          ? 'ns2'
          : t.source.includes('002_') || t.multihoming
            ? 'rfc'
            : 'ff96';
      expect(d.profile, t.id).toBe(profile);
    }
    // geo-shared sets up every connection (§V-C: 3-way and 4-way handshakes)
    expect(GEO_SHARED.defaults.handshake).toBe(true);
    expect(SATELLITE_DUMBBELL.defaults.handshake).toBeNull();
  });
});

describe('fall-floyd: flow k on its own Sk – R1 link', () => {
  it('three flows: S1, S2, S3 → R1 → K1; the bottleneck after S1 – R1 (the original link order)', () => {
    const cfg = getTopology('fall-floyd')!.build(
      scenarioFromPreset('fall-floyd', {
        flows: [{ sender: 'reno' }, { sender: 'sack' }, { sender: 'tahoe' }],
      }),
    );
    expect(cfg.nodes).toEqual(['S1', 'S2', 'S3', 'R1', 'K1']);
    expect(cfg.links.map((l) => `${l.a}-${l.b}`)).toEqual(['S1-R1', 'R1-K1', 'S2-R1', 'S3-R1']);
    expect(cfg.flows.map((f) => [f.id, f.sender, f.src, f.dst, f.startS])).toEqual([
      [0, 'reno', 'S1', 'K1', 1],
      [1, 'sack', 'S2', 'K1', 1],
      [2, 'tahoe', 'S3', 'K1', 1],
    ]);
  });
});

describe('satellite dumbbell (Alamgir et al. §4.1–4.2)', () => {
  const topo = SATELLITE_DUMBBELL;

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
      start: 0,
      delack: false,
    });
    expect(Math.floor(65536 / 1448)).toBe(45);
  });

  it('builds N0/N1 → N2 → N3 → N4/N5 with Table 1 links and the loss point in front of N2’s queue', () => {
    const cfg = topo.build(presetDefaults('satellite-dumbbell'));
    expect(cfg.nodes).toEqual(['N0', 'N1', 'N2', 'N3', 'N4', 'N5']);
    expect(cfg.links.map((l) => `${l.a}-${l.b}`)).toEqual([
      'N0-N2',
      'N2-N3',
      'N3-N4',
      'N1-N2',
      'N3-N5',
    ]);
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
    expect(link('N0', 'N2')!.queueLimit).toBe(50);
    expect(link('N3', 'N4')!.queueLimit).toBe(10);
    expect(
      cfg.flows.map((f) => [f.sender, f.src, f.dst, f.mssBytes + f.headerBytes, f.dupackThreshold]),
    ).toEqual([
      ['sack', 'N0', 'N4', 1488, 3],
      ['sctp-2960', 'N1', 'N5', 1496, 4],
    ]);
    // No position: in front of the queue (alamgir-table2 moves it to the far end of the wire).
    expect(cfg.losses).toEqual([{ from: 'N2', to: 'N3', drops: [], lossRate: 0.01, seed: 1 }]);
    expect(
      topo.build(presetDefaults('satellite-dumbbell'), { lossPosition: 'wire' }).losses,
    ).toEqual([{ from: 'N2', to: 'N3', drops: [], lossRate: 0.01, seed: 1, position: 'wire' }]);
    expect(cfg).toMatchObject({ router: 'N2', bottleneck: { from: 'N2', to: 'N3' }, stopS: 1000 });
  });

  it('with one flow, N1 and N5 are left out; the network runs in the engine (two TCP flows)', () => {
    expect(topo.build(scenarioFromPreset('satellite-dumbbell', { sender2: null })).nodes).toEqual([
      'N0',
      'N2',
      'N3',
      'N4',
    ]);
    const t = run(
      topo.build(scenarioFromPreset('satellite-dumbbell', { sender2: 'newreno', stop: 60 })),
    );
    expect(t.flowStats).toHaveLength(2);
    for (const f of t.flowStats) expect(f.deliveredPackets).toBeGreaterThan(100);
    expect(t.linkStats[t.bottleneck]!.drops.random).toBeGreaterThan(0);
  });

  it('flow k ≥ 3 runs Sk → Kk over links like L1 and L4', () => {
    const cfg = topo.build(
      scenarioFromPreset('satellite-dumbbell', {
        flows: [{ sender: 'sack' }, { sender: 'sctp-2960' }, { sender: 'reno' }],
      }),
    );
    expect(cfg.nodes).toEqual(['N0', 'N1', 'S3', 'N2', 'N3', 'N4', 'N5', 'K3']);
    expect(cfg.links.slice(5)).toEqual([
      { a: 'S3', b: 'N2', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 50 },
      { a: 'N3', b: 'K3', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 10 },
    ]);
    expect(cfg.flows.map((f) => [f.id, f.sender, f.src, f.dst])).toEqual([
      [0, 'sack', 'N0', 'N4'],
      [1, 'sctp-2960', 'N1', 'N5'],
      [2, 'reno', 'S3', 'K3'],
    ]);
  });

  it('SCTP flows get path MTU 1500 (ns-2 mtu_; cwnd counts 1468-byte MTUs), raised if the packets need more; TCP flows none', () => {
    const mtus = (over: Parameters<typeof scenarioFromPreset>[1]) =>
      topo.build(scenarioFromPreset('satellite-dumbbell', over)).flows.map((f) => f.pathMtuBytes);
    expect(mtus({})).toEqual([undefined, 1500]);
    expect(mtus({ sender: 'sctp-newreno', sender2: null })).toEqual([1500]);
    expect(mtus({ mss: 1460 })).toEqual([undefined, 1508]);
    expect(GEO_SHARED.build(presetDefaults('geo-shared')).flows[1]!.pathMtuBytes).toBeUndefined();
  });

  it('each flow has its own start time (key start, f<k>.start)', () => {
    const cfg = topo.build(
      scenarioFromPreset('satellite-dumbbell', {
        flows: [
          { sender: 'sack', start: 0.5 },
          { sender: 'sctp-2960', start: 0.7 },
        ],
      }),
    );
    expect(cfg.flows.map((f) => f.startS)).toEqual([0.5, 0.7]);
    expect(
      topo.build(scenarioFromPreset('satellite-dumbbell', { start: 2 })).flows.map((f) => f.startS),
    ).toEqual([2, 2]);
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
    expect(GEO_SHARED.defaults).toMatchObject({
      sender: 'sack',
      sender2: 'sctp-2960',
      bw: 2e6,
      queue: 10,
      delay: 0.25,
      loss: 0.015,
      handshake: true,
      stop: 500,
      start: 0,
      mss: 1448,
      window: 45,
    });
  });

  it('builds S1, S2 → R1 → K1, the bottleneck first, with drops on flow 1 and f2.drops on flow 2 (§V-C: segment 8 in both)', () => {
    const s = scenarioFromPreset('geo-shared', { drops: p8, drops2: p8 });
    const cfg = GEO_SHARED.build(s);
    expect(cfg.nodes).toEqual(['S1', 'S2', 'R1', 'K1']);
    // The GEO builder's link order (bottleneck, then the sources' links) keeps its traces' link
    // indices, and so its fingerprints, as they were.
    expect(cfg.links.map((l) => `${l.a}-${l.b}`)).toEqual(['R1-K1', 'S1-R1', 'S2-R1']);
    expect(cfg.links[0]).toEqual({
      a: 'R1',
      b: 'K1',
      bandwidthBps: 2e6,
      delayS: 0.25,
      queueLimit: 10,
    });
    expect(cfg.links[1]).toEqual({
      a: 'S1',
      b: 'R1',
      bandwidthBps: 10e6,
      delayS: 0.002,
      queueLimit: 50,
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

  it('takes any number of sources (Table I rows): 8 flows, 10 nodes, the n = 8 link', () => {
    const row = GEO_TABLE_I[3]!;
    const s = scenarioFromPreset('geo-shared', {
      bw: row.bwBps,
      queue: row.queue,
      flows: [
        ...Array.from({ length: 4 }, () => ({ sender: 'sack' as const })),
        ...Array.from({ length: 4 }, () => ({ sender: 'sctp-2960' as const })),
      ],
    });
    const cfg = GEO_SHARED.build(s);
    expect(cfg.nodes).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'R1', 'K1']);
    expect(cfg.flows.map((f) => f.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(cfg.flows.map((f) => f.src)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8']);
    expect(cfg.flows.every((f) => f.dst === 'K1')).toBe(true);
    expect(cfg.links[0]).toMatchObject({ a: 'R1', b: 'K1', bandwidthBps: 11e6, queueLimit: 160 });
    expect(cfg.links).toHaveLength(9);
  });

  it('runs in the engine with TCP senders', () => {
    const cfg = GEO_SHARED.build(scenarioFromPreset('geo-shared', { sender2: 'sack', stop: 30 }));
    const t = run(cfg);
    expect(t.flowStats).toHaveLength(2);
    for (const f of t.flowStats) expect(f.deliveredPackets).toBeGreaterThan(20);
  });
});
