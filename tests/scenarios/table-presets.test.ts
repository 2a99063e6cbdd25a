/**
 * The papers' table presets (src/scenarios/presets/tables.ts): alamgir-table2 (Alamgir et al.
 * Table 2) and geo-table2 / geo-table3 (the GEO fairness paper's Tables II and III, sized by
 * `n`), with ns-2.35's defaults (profile ns2) and the loss point at the far end of the satellite
 * link; their notices state the published values.
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind, run } from '../../src/engine';
import {
  GEO_TABLE_I,
  buildSimConfig,
  getPreset,
  parseScenarioQuery,
  presetDefaults,
  scenarioToQuery,
  type Scenario,
} from '../../src/scenarios';

function parsed(q: string): Scenario {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

describe('alamgir-table2: TCP-SACK vs SCTP over a lossy GEO link', () => {
  const s = presetDefaults('alamgir-table2');
  const cfg = buildSimConfig(s);

  it('N0/N1 → N2 → N3 → N4/N5: the 3 Mb/s, 250 ms satellite link with 10-packet buffers', () => {
    expect(cfg.nodes).toEqual(['N0', 'N1', 'N2', 'N3', 'N4', 'N5']);
    expect(cfg.links).toEqual([
      { a: 'N0', b: 'N2', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 50 },
      { a: 'N2', b: 'N3', bandwidthBps: 3e6, delayS: 0.25, queueLimit: 10 },
      { a: 'N3', b: 'N4', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 10 },
      { a: 'N1', b: 'N2', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 50 },
      { a: 'N3', b: 'N5', bandwidthBps: 10e6, delayS: 0.002, queueLimit: 10 },
    ]);
    expect(cfg).toMatchObject({ router: 'N2', bottleneck: { from: 'N2', to: 'N3' }, stopS: 1000 });
  });

  it('loss 0.01 at the far end of N2 → N3 (a lost packet has used the link)', () => {
    expect(cfg.losses).toEqual([
      { from: 'N2', to: 'N3', drops: [], lossRate: 0.01, seed: 1, position: 'wire' },
    ]);
    expect(getPreset('alamgir-table2')!.lossPosition).toBe('wire');
  });

  it('two flows, sack and sctp-4960, profile ns2, window 45, mss 1448, from 0 s', () => {
    expect(s).toMatchObject({ preset: 'alamgir-table2', n: null, loss: 0.01, stop: 1000 });
    expect(s.flows.map((f) => [f.sender, f.profile, f.window, f.mss, f.start, f.delack])).toEqual([
      ['sack', 'ns2', 45, 1448, 0, false],
      ['sctp-4960', 'ns2', 45, 1448, 0, false],
    ]);
    const [tcp, sctp] = cfg.flows;
    expect(tcp).toMatchObject({
      src: 'N0',
      dst: 'N4',
      mssBytes: 1448,
      headerBytes: 40,
      windowPkts: 45,
      initialCwndPkts: 2,
      synSegment: true,
      limitedTransmit: true,
      minRtoS: 0.2,
    });
    expect(sctp).toMatchObject({
      src: 'N1',
      dst: 'N5',
      mssBytes: 1448,
      headerBytes: 48,
      pathMtuBytes: 1500,
      initialCwndBytes: 4380,
      initialRwndBytes: 65536,
      maxburst: 4,
      handshake: true,
      dataChunkHeaderBytes: 16,
    });
    expect(scenarioToQuery(s)).toBe('preset=alamgir-table2&sender=sack');
  });

  it('a random loss happens on arrival at N3: the packet left N2 a serialisation and 250 ms earlier', () => {
    const t = run(buildSimConfig(parsed('preset=alamgir-table2&stop=30&loss=0.03')));
    const P = t.packets;
    const X = t.transmissions;
    const departN2 = new Map<number, number>(); // uid → time it started on N2 → N3
    let random = 0;
    const bottleneck = t.links.findIndex((l) => l.from === 'N2' && l.to === 'N3');
    for (let i = 0; i < P.length; i++) {
      if (P.kind[i] === PacketEventKind.depart && P.link[i] === bottleneck)
        departN2.set(P.uid[i]!, P.time[i]!);
      if (P.cause[i] !== DropCause.random) continue;
      random++;
      const left = departN2.get(P.uid[i]!);
      expect(left, `uid ${P.uid[i]}`).toBeDefined();
      expect(P.time[i]! - left!).toBeCloseTo((8 * X.size[P.uid[i]!]!) / 3e6 + 0.25, 9);
    }
    expect(random).toBeGreaterThan(5);
    expect(random).toBe(t.linkStats[t.bottleneck]!.drops.random);
  });

  it('the notice states the paper’s Table 2 row at loss 0.01', () => {
    const p = getPreset('alamgir-table2')!;
    expect(p.published!.rowKey).toBe('loss');
    const row = p.published!.rows.find((r) => r.key === 0.01)!;
    expect(row.values).toEqual([43.7, 56.3, 27.6, 17.8]);
    for (const text of [
      'TCP 43.7 %',
      'SCTP 56.3 %',
      '27.6 % ahead',
      'link utilisation 17.8 %',
      '3 Mb/s, 250 ms',
      '10-packet',
      '1448 bytes',
    ])
      expect(p.notice).toContain(text);
    expect(p.published!.rows.map((r) => r.key)).toEqual([
      0.008, 0.009, 0.01, 0.015, 0.02, 0.025, 0.03,
    ]);
  });
});

describe('geo-table2 / geo-table3: n sources sharing a GEO link', () => {
  const alternating = (n: number) =>
    Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 'sack' : 'sctp-4960'));

  it('geo-table2 with n = 2, 4, 6, 8: n flows alternating sack / sctp-4960, bw and queue from Table I', () => {
    const rows: [number, number, number][] = [];
    for (const n of [2, 4, 6, 8]) {
      const s = parsed(`preset=geo-table2&n=${n}`);
      expect(s.n).toBe(n);
      expect(s.flows.map((f) => f.sender)).toEqual(alternating(n));
      expect(s.flows.every((f) => f.profile === 'ns2' && f.handshake === null)).toBe(true);
      rows.push([n, s.bw, s.queue]);
      const cfg = buildSimConfig(s);
      expect(cfg.nodes).toHaveLength(n + 2);
      expect(cfg.links[0]).toEqual({
        a: 'R1',
        b: 'K1',
        bandwidthBps: s.bw,
        delayS: 0.25,
        queueLimit: s.queue,
      });
      expect(cfg.losses).toEqual([
        { from: 'R1', to: 'K1', drops: [], lossRate: 0.015, seed: 1, position: 'wire' },
      ]);
      expect(cfg.stopS).toBe(500);
      // auto handshake: SCTP sets up its association, TCP sends ns-2's SYN segment
      expect(cfg.flows.slice(0, 2).map((f) => [f.handshake, f.synSegment])).toEqual([
        [false, true],
        [true, undefined],
      ]);
    }
    expect(rows).toEqual([
      [2, 2e6, 10],
      [4, 4e6, 40],
      [6, 7e6, 80],
      [8, 11e6, 160],
    ]);
    expect(rows.map(([n, bw, q]) => ({ sources: n, queue: q, bwBps: bw }))).toEqual(GEO_TABLE_I);
  });

  it('geo-table3: the same rows at 0.2 Mb/s', () => {
    for (const n of [2, 4, 6, 8]) {
      const s = parsed(`preset=geo-table3&n=${n}`);
      const row = GEO_TABLE_I.find((r) => r.sources === n)!;
      expect([s.flows.map((f) => f.sender), s.bw, s.queue]).toEqual([
        alternating(n),
        0.2e6,
        row.queue,
      ]);
    }
  });

  it('n defaults to 2 and is written only when it differs', () => {
    expect(parsed('preset=geo-table2').n).toBe(2);
    expect(scenarioToQuery(parsed('preset=geo-table3&n=8'))).toBe(
      'preset=geo-table3&n=8&sender=sack',
    );
    expect(scenarioToQuery(parsed('preset=geo-table3&n=2'))).toBe('preset=geo-table3&sender=sack');
  });

  it('n = 3 is an error naming n; so is n on a preset without sizes', () => {
    expect(parseScenarioQuery('preset=geo-table2&n=3')).toEqual({
      ok: false,
      errors: [{ key: 'n', message: 'n: preset geo-table2 has rows for n = 2, 4, 6, 8, got 3' }],
    });
    expect(parseScenarioQuery('preset=geo-table3&n=none')).toEqual({
      ok: false,
      errors: [{ key: 'n', message: 'n: preset geo-table3 has rows for n = 2, 4, 6, 8, got none' }],
    });
    for (const id of ['alamgir-table2', 'geo-shared', 'ff-1-drops']) {
      expect(parseScenarioQuery(`preset=${id}&n=4`), id).toEqual({
        ok: false,
        errors: [{ key: 'n', message: `n: preset ${id} has no sizes; leave n out` }],
      });
    }
  });

  it('the notices state Table I and the published Tables II and III', () => {
    const t2 = getPreset('geo-table2')!;
    const t3 = getPreset('geo-table3')!;
    for (const p of [t2, t3]) {
      expect(p.notice).toContain('10 / 40 / 80 / 160 packets');
      expect(p.notice).toContain('1.5 %');
      expect(p.published!.rowKey).toBe('n');
      expect(p.published!.columns).toEqual(['pct_increase', 'link_util', 'jain']);
      // each published row is in the notice: "n = 2: 23.9, 21.5, 0.988; 4: 26.1, …"
      for (const [i, r] of p.published!.rows.entries()) {
        expect(p.notice).toContain(`${i === 0 ? 'n = ' : ''}${r.key}: ${r.values.join(', ')}`);
      }
    }
    expect(t2.notice).toContain('2 / 4 / 7 / 11 Mb/s');
    expect(t2.published!.rows[0]!.values).toEqual([23.9, 21.5, 0.988]);
    expect(t2.notice).toContain('n = 2: 23.9, 21.5, 0.988; 4: 26.1, 21.6, 0.986');
    expect(t3.notice).toContain('0.2 Mb/s');
    expect(t3.published!.rows[2]!.values).toEqual([30.6, 99.7, 0.983]);
    expect(t3.notice).toContain('6: 30.6, 99.7, 0.983');
  });

  it('a short run of every size: each source delivers', () => {
    for (const id of ['geo-table2', 'geo-table3']) {
      for (const n of [2, 8]) {
        const t = run(buildSimConfig(parsed(`preset=${id}&n=${n}&stop=60`)));
        expect(
          t.flowStats.map((f) => f.deliveredPackets > 20),
          `${id} n=${n}`,
        ).toEqual(Array.from({ length: n }, () => true));
      }
    }
  });
});
