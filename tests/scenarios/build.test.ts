import { decisionsOf } from '../../src/engine';
import { describe, expect, it } from 'vitest';
import { NS2_TICK_PHASE_S, run, type SenderId, type SimConfig } from '../../src/engine';
import {
  DEFAULT_SCENARIO,
  buildSimConfig,
  parseScenarioQuery,
  scenarioFromPreset,
  type Scenario,
} from '../../src/scenarios';

function parsed(qs: string): Scenario {
  const r = parseScenarioQuery(qs);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe('buildSimConfig: the Fall & Floyd topology of REFERENCE.md', () => {
  it('builds exactly the ns-2 setup for the default scenario', () => {
    const expected: SimConfig = {
      nodes: ['S1', 'R1', 'K1'],
      links: [
        { a: 'S1', b: 'R1', bandwidthBps: 8e6, delayS: 0, queueLimit: 50 },
        { a: 'R1', b: 'K1', bandwidthBps: 800e3, delayS: 0.1, queueLimit: 8 },
      ],
      flows: [
        {
          id: 0,
          sender: 'reno',
          src: 'S1',
          dst: 'K1',
          startS: 1.0,
          mssBytes: 1000,
          headerBytes: 40,
          windowPkts: 28,
          initialCwndPkts: 1,
          maxburst: 0,
          bugfix: true,
          dupackThreshold: 3,
          delayedAck: false,
          handshake: false,
          firstPacketWithoutHeader: true,
          minRtoS: 1,
          tickS: 0.01,
          initialRtoS: 3,
          tickPhaseS: NS2_TICK_PHASE_S,
        },
      ],
      losses: [
        {
          from: 'R1',
          to: 'K1',
          drops: [
            { flow: 0, packet: 15, transmission: 1 },
            { flow: 0, packet: 27, transmission: 1 },
            { flow: 0, packet: 29, transmission: 1 },
          ],
          lossRate: 0,
          seed: 1,
        },
      ],
      stopS: 6.0,
      router: 'R1',
      bottleneck: { from: 'R1', to: 'K1' },
      seed: 1,
    };
    expect(buildSimConfig(DEFAULT_SCENARIO)).toEqual(expected);
  });

  it('bw, delay and queue act on R1–K1; loss and seed on the R1→K1 loss point', () => {
    const cfg = buildSimConfig(parsed('bw=1.5e6&delay=0.05&queue=20&loss=0.02&seed=9&stop=10'));
    expect(cfg.links[1]).toEqual({
      a: 'R1',
      b: 'K1',
      bandwidthBps: 1.5e6,
      delayS: 0.05,
      queueLimit: 20,
    });
    expect(cfg.links[0]).toEqual({
      a: 'S1',
      b: 'R1',
      bandwidthBps: 8e6,
      delayS: 0,
      queueLimit: 50,
    });
    expect(cfg.losses).toHaveLength(1);
    expect(cfg.losses[0]).toMatchObject({ from: 'R1', to: 'K1', lossRate: 0.02, seed: 9 });
    expect(cfg.stopS).toBe(10);
  });

  it('per-flow keys reach the flow config', () => {
    const f = buildSimConfig(
      parsed(
        'sender=sack&window=45&mss=1448&maxburst=4&bugfix=0&icwnd=2&frtx=4&delack=1&handshake=1',
      ),
    ).flows[0]!;
    expect(f).toMatchObject({
      sender: 'sack',
      windowPkts: 45,
      mssBytes: 1448,
      maxburst: 4,
      bugfix: false,
      initialCwndPkts: 2,
      dupackThreshold: 4,
      delayedAck: true,
      handshake: true,
      // The ns-2 header artefact applies only without a SYN.
      firstPacketWithoutHeader: false,
    });
  });

  it('frtx=auto gives each sender its own threshold: 3 TCP, 4 RFC 2960 / New-Reno SCTP, 3 RFC 4960', () => {
    const thr = (sender: SenderId) =>
      buildSimConfig(scenarioFromPreset('fall-floyd', { sender })).flows[0]!.dupackThreshold;
    expect((['tahoe', 'reno', 'newreno', 'sack', 'fack'] as const).map(thr)).toEqual([
      3, 3, 3, 3, 3,
    ]);
    expect(thr('sctp-2960')).toBe(4);
    expect(thr('sctp-newreno')).toBe(4);
    expect(thr('sctp-newreno-ca')).toBe(4);
    expect(thr('sctp-4960')).toBe(3);
    const two = buildSimConfig(
      scenarioFromPreset('fall-floyd', { sender: 'reno', sender2: 'sctp-2960' }),
    );
    expect(two.flows.map((f) => f.dupackThreshold)).toEqual([3, 4]);
  });

  it('SCTP packets are 1040 bytes on this topology too (ns-2.35: 1008-byte chunk + 32)', () => {
    const f = buildSimConfig(scenarioFromPreset('ff-1-drops', { sender: 'sctp-newreno' }))
      .flows[0]!;
    expect(f.mssBytes + f.headerBytes).toBe(1040);
  });

  it('a second flow runs S2 → K1 over its own 8 Mb/s link, sharing R1–K1; f2.drops go to flow 2 (id 1)', () => {
    const cfg = buildSimConfig(
      parsed('preset=fall-floyd&flows=reno,newreno&drops=15&f2.drops=8,8:2'),
    );
    // the v1 link of the same scenario builds the same config
    expect(
      buildSimConfig(parsed('preset=fall-floyd&sender=reno&sender2=newreno&drops=15&drops2=8,8:2')),
    ).toEqual(cfg);
    expect(cfg.nodes).toEqual(['S1', 'S2', 'R1', 'K1']);
    expect(cfg.links[2]).toEqual({
      a: 'S2',
      b: 'R1',
      bandwidthBps: 8e6,
      delayS: 0,
      queueLimit: 50,
    });
    expect(cfg.flows.map((f) => [f.id, f.sender, f.src, f.dst, f.startS])).toEqual([
      [0, 'reno', 'S1', 'K1', 1],
      [1, 'newreno', 'S2', 'K1', 1],
    ]);
    expect(cfg.losses[0]!.drops).toEqual([
      { flow: 0, packet: 15, transmission: 1 },
      { flow: 1, packet: 8, transmission: 1 },
      { flow: 1, packet: 8, transmission: 2 },
    ]);
    const t = run(cfg);
    expect(t.flowStats).toHaveLength(2);
    expect(t.flowStats[1]!.deliveredPackets).toBeGreaterThan(50);
    expect(t.linkStats[t.bottleneck]!.drops.scripted).toBeGreaterThanOrEqual(3);
  });

  it('per-flow keys reach their own flow: f<k>.key over the unprefixed key', () => {
    const cfg = buildSimConfig(
      parsed(
        'preset=fall-floyd&flows=reno,sack,sctp-4960&mss=500&f2.mss=1448&f3.start=2&f2.window=10&delack=1&f1.delack=0&f3.frtx=2&stop=10',
      ),
    );
    expect(
      cfg.flows.map((f) => [
        f.sender,
        f.src,
        f.mssBytes,
        f.startS,
        f.windowPkts,
        f.delayedAck,
        f.dupackThreshold,
      ]),
    ).toEqual([
      ['reno', 'S1', 500, 1, 28, false, 3],
      ['sack', 'S2', 1448, 1, 10, true, 3],
      ['sctp-4960', 'S3', 500, 2, 28, true, 2],
    ]);
    expect(cfg.nodes).toEqual(['S1', 'S2', 'S3', 'R1', 'K1']);
    const t = run(cfg);
    expect(t.flowStats.map((f) => f.deliveredPackets > 50)).toEqual([true, true, true]);
  });

  it('refuses an invalid scenario with the validation messages', () => {
    expect(() => buildSimConfig({ ...DEFAULT_SCENARIO, queue: 1 })).toThrow(
      'invalid scenario: queue: must be a whole number between 2 and 10000 (packets), got 1',
    );
    expect(() => buildSimConfig({ ...DEFAULT_SCENARIO, preset: 'zzz' })).toThrow(
      /preset: unknown preset "zzz"/,
    );
    // a flow's bad key is named f<k>.key
    const bad = {
      ...DEFAULT_SCENARIO,
      flows: [DEFAULT_SCENARIO.flows[0]!, { ...DEFAULT_SCENARIO.flows[0]!, mss: 10 }],
    };
    expect(() => buildSimConfig(bad)).toThrow(
      'invalid scenario: f2.mss: must be a whole number between 64 and 9000 (bytes), got 10',
    );
    expect(() => buildSimConfig({ ...DEFAULT_SCENARIO, flows: [] })).toThrow(
      'invalid scenario: flows: must have at least one flow',
    );
  });
});

describe('drops p:k → ScriptedDrop {packet p, transmission k}', () => {
  it('maps p to transmission 1 and p:k to transmission k', () => {
    const cfg = buildSimConfig(parsed('preset=fall-floyd&drops=15,15:2,29:3'));
    expect(cfg.losses[0]!.drops).toEqual([
      { flow: 0, packet: 15, transmission: 1 },
      { flow: 0, packet: 15, transmission: 2 },
      { flow: 0, packet: 29, transmission: 3 },
    ]);
  });

  it('dropping the retransmission of 15 too forces Reno into a timeout', () => {
    const once = run(buildSimConfig(parsed('preset=fall-floyd&sender=reno&drops=15')))
      .flowStats[0]!;
    const twice = run(buildSimConfig(parsed('preset=fall-floyd&sender=reno&drops=15,15:2')));
    expect(once.timeouts).toBe(0);
    expect(twice.flowStats[0]!.timeouts).toBe(1);
    expect(twice.linkStats[twice.bottleneck]!.drops.scripted).toBe(2);
    const rto = decisionsOf(twice).find((d) => d.code === 'tcp.rto')!;
    expect(rto.packets[0]).toBe(15);
  });
});
