/**
 * The scenario keys of issue 13: `fail` / `repair` (named links → SimConfig.linkEvents),
 * `losson` (LossConfig.types), the SCTP flow keys (pmr, amr, rtomin, rtomax, rtoinit, hb,
 * primary, cmt, streams, unordered, pr → FlowConfig) and the multi-homed topologies' addresses.
 */
import { describe, expect, it } from 'vitest';
import {
  buildSimConfig,
  parseScenarioQuery,
  readScenarioQuery,
  scenarioToQuery,
  type Scenario,
} from '../../src/scenarios';

const ok = (q: string): Scenario => {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
};
const errors = (q: string) => {
  const r = parseScenarioQuery(q);
  if (r.ok) throw new Error(`${q} parsed`);
  return r.errors;
};

describe('fail= / repair=: named links → SimConfig.linkEvents', () => {
  it('a node pair in either order or an alias, fail entries (down) then repair entries (up)', () => {
    const s = ok('preset=ff-3-drops&fail=bottleneck@3,K1-R1@3.5&repair=R1-K1@4,S1-R1@5');
    expect(s.fail).toEqual([
      { link: 'bottleneck', at: 3 },
      { link: 'K1-R1', at: 3.5 },
    ]);
    expect(buildSimConfig(s).linkEvents).toEqual([
      { link: { a: 'R1', b: 'K1' }, at: 3, up: false },
      { link: { a: 'R1', b: 'K1' }, at: 3.5, up: false },
      { link: { a: 'R1', b: 'K1' }, at: 4, up: true },
      { link: { a: 'S1', b: 'R1' }, at: 5, up: true },
    ]);
  });

  it('the writer keeps them as typed, with @ readable: parse(toQuery(s)) = s', () => {
    const s = ok('preset=sctp-failover&fail=primary@5,backup@9&repair=primary@12');
    const q = scenarioToQuery(s);
    expect(q).toBe(
      'preset=sctp-failover&sender=sctp-4960&fail=primary@5,backup@9&repair=primary@12',
    );
    expect(ok(q)).toEqual(s);
  });

  it('the multi-homed topologies name their paths: primary, backup; wifi, wimax, wired', () => {
    expect(buildSimConfig(ok('preset=sctp-failover&fail=backup@2')).linkEvents).toEqual([
      { link: { a: 'A1', b: 'B1' }, at: 2, up: false },
      { link: { a: 'A0', b: 'B0' }, at: 14, up: true },
    ]);
    const m = buildSimConfig(ok('preset=mobile-multihomed&fail=wifi@20,wired@30&repair=wimax@1'));
    expect(m.linkEvents!.map((e) => [e.link.a, e.link.b, e.at, e.up])).toEqual([
      ['AP', 'M0', 20, false],
      ['n1', 'n0', 30, false],
      ['BS', 'M1', 1, true],
    ]);
  });

  it('an unknown link is an error naming the valid links; the rest of the link is kept', () => {
    expect(errors('preset=ff-3-drops&fail=primary@5')).toEqual([
      {
        key: 'fail',
        message:
          'fail: unknown link "primary"; the links of ff-3-drops are bottleneck, S1-R1, R1-K1',
      },
    ]);
    const r = readScenarioQuery('preset=sctp-failover&fail=wifi@5,primary@6&queue=30&pmr=3');
    expect(r.errors.map((e) => e.message)).toEqual([
      'fail: unknown link "wifi"; the links of sctp-failover are primary, backup, bottleneck, S0-A0, A0-B0, B0-K0, S1-A1, A1-B1, B1-K1',
    ]);
    expect(r.badKeys).toEqual(['fail']);
    expect(r.scenario.queue).toBe(30);
    expect(r.scenario.flows[0]!.pmr).toBe(3);
    // the preset's own failure is what stays
    expect(r.scenario.fail).toEqual([{ link: 'primary', at: 5 }]);
  });

  it('a bad time or entry is an error naming the key and the range', () => {
    expect(errors('preset=ff-3-drops&fail=bottleneck@-1')).toEqual([
      {
        key: 'fail',
        message:
          'fail: the time of "bottleneck" must be a number of seconds between 0 and 2000, got "-1"',
      },
    ]);
    expect(errors('preset=ff-3-drops&repair=bottleneck').map((e) => e.message)).toEqual([
      'repair: each entry must be link@time (e.g. primary@5), got "bottleneck"',
    ]);
    expect(errors('preset=ff-3-drops&fail=bottleneck@2001')[0]!.message).toContain('got "2001"');
  });

  it('empty = no events; a static scenario has no linkEvents field', () => {
    expect(buildSimConfig(ok('preset=ff-3-drops&fail=')).linkEvents).toBeUndefined();
  });
});

describe('losson= → LossConfig.types', () => {
  it('default data only: the loss point as before (no types field)', () => {
    expect(buildSimConfig(ok('preset=ff-3-drops&loss=0.01')).losses).toHaveLength(1);
    expect(buildSimConfig(ok('preset=ff-3-drops&loss=0.01')).losses[0]!.types).toBeUndefined();
  });

  it('canonical order; ACKs or control add the mirror point (the other direction, own seed)', () => {
    const s = ok('preset=ff-3-drops&loss=0.01&losson=control,data,ack');
    expect(s.losson).toEqual(['data', 'ack', 'control']);
    expect(scenarioToQuery(s)).toBe(
      'preset=ff-3-drops&sender=reno&loss=0.01&losson=data,ack,control',
    );
    const l = buildSimConfig(s).losses;
    expect(l.map((x) => [x.from, x.to, x.types, x.drops.length, x.seed])).toEqual([
      ['R1', 'K1', ['data', 'ack', 'control'], 3, 1],
      ['K1', 'R1', ['data', 'ack', 'control'], 0, (1 ^ 0x9e3779b9) >>> 0],
    ]);
  });

  it('bad values are named', () => {
    expect(errors('preset=ff-3-drops&losson=data,acks')[0]!.message).toBe(
      'losson: unknown value "acks"; must be one or more of data, ack, control separated by commas',
    );
    expect(errors('preset=ff-3-drops&losson=')[0]!.key).toBe('losson');
  });
});

describe('SCTP keys → FlowConfig', () => {
  it('each key sets its engine field; the defaults set none', () => {
    const base = buildSimConfig(
      ok('preset=sctp-failover&fail=&repair=&pmr=5&rtomin=auto&rtomax=60&rtoinit=auto&hb=30'),
    ).flows[0]!;
    for (const k of [
      'pathMaxRetrans',
      'assocMaxRetrans',
      'maxRtoS',
      'hbIntervalS',
      'cmt',
      'streams',
      'unordered',
      'prLifetimeS',
    ]) {
      expect(base, k).not.toHaveProperty(k);
    }
    expect(base.minRtoS).toBe(1);
    expect(base.initialRtoS).toBe(3);
    const f = buildSimConfig(
      ok(
        'preset=sctp-failover&pmr=1&amr=4&rtomin=0.2&rtomax=3&rtoinit=0.7&hb=2&cmt=1&streams=4&unordered=1&pr=0.25&app=cbr',
      ),
    ).flows[0]!;
    expect(f).toMatchObject({
      pathMaxRetrans: 1,
      assocMaxRetrans: 4,
      minRtoS: 0.2,
      maxRtoS: 3,
      initialRtoS: 0.7,
      hbIntervalS: 2,
      cmt: true,
      streams: 4,
      unordered: true,
      prLifetimeS: 0.25,
      recordDeliveries: true,
    });
  });

  it('streams, unordered or pr on one flow record every flow’s deliveries (TCP beside SCTP)', () => {
    const c = buildSimConfig(ok('preset=hol-streams'));
    expect(c.flows.map((f) => [f.sender, f.streams, f.recordDeliveries])).toEqual([
      ['sack', undefined, true],
      ['sctp-4960', 4, true],
    ]);
    expect(
      buildSimConfig(ok('preset=hol-streams&f2.streams=1')).flows[0]!.recordDeliveries,
    ).toBeUndefined();
  });

  it('refused on TCP and UDP flows, naming the key and the flow', () => {
    expect(errors('preset=ff-3-drops&sender=reno&streams=4')).toEqual([
      {
        key: 'streams',
        message:
          'streams: streams is an SCTP key, but the flow runs reno: give it to SCTP flows only (f<k>.streams) or choose an SCTP sender',
      },
    ]);
    // unprefixed, a key sets every flow: named as typed, with the TCP flow
    expect(errors('preset=hol-streams&hb=1')).toEqual([
      {
        key: 'hb',
        message:
          'hb: HB.interval is an SCTP key, but flow 1 runs sack: give it to SCTP flows only (f<k>.hb) or choose an SCTP sender',
      },
    ]);
    // typed for a TCP flow, even the preset's own value is refused
    expect(errors('preset=sctp-failover&sender=reno&hb=1').map((e) => e.key)).toEqual(['hb']);
    // the default value asks for nothing: accepted on any flow
    expect(ok('preset=hol-streams&f1.pmr=5').flows[0]!.pmr).toBe(5);
    expect(ok('preset=ff-3-drops&sender=reno&pmr=5&streams=1').flows[0]!.pmr).toBe(5);
    // with mixed senders the writer gives SCTP keys per flow, and reads them back
    const mixed = ok('preset=hol-streams&f2.hb=2&f2.pmr=3');
    expect(scenarioToQuery(mixed)).toBe('preset=hol-streams&sender=sack&f2.pmr=3&f2.hb=2');
    expect(ok(scenarioToQuery(mixed))).toEqual(mixed);
    // the app keeps the rest of the link
    const r = readScenarioQuery('preset=hol-streams&hb=1&queue=30&f2.pmr=3');
    expect(r.badKeys).toEqual(['hb']);
    expect([r.scenario.queue, r.scenario.flows[1]!.pmr, r.scenario.flows[1]!.hb]).toEqual([
      30, 3, 30,
    ]);
  });

  it('a preset’s own SCTP values on a flow switched to TCP are left unused, not refused', () => {
    const s = ok('preset=hol-streams&flows=sack,reno');
    expect(s.flows[1]!.streams).toBe(4);
    const c = buildSimConfig(s);
    expect(c.flows[1]).not.toHaveProperty('streams');
    expect(c.flows[1]).not.toHaveProperty('recordDeliveries');
    // …but a value given for that flow is refused, and only that key goes back
    const r = readScenarioQuery('preset=hol-streams&flows=sack,reno&f2.streams=2&queue=30');
    expect(r.errors.map((e) => e.key)).toEqual(['f2.streams']);
    expect(r.badKeys).toEqual(['f2.streams']);
    expect(r.scenario.flows.map((f) => f.sender)).toEqual(['sack', 'reno']);
    expect(r.scenario.queue).toBe(30);
  });

  it('a TCP flow added to a preset whose flows carry an SCTP value takes it unused', () => {
    const s = ok('preset=mobile-multihomed&flows=sctp-4960,sack');
    expect(s.flows.map((f) => f.hb)).toEqual([5, 5]);
    expect(buildSimConfig(s).flows.map((f) => f.hbIntervalS)).toEqual([5, undefined]);
  });

  it('RTO.Max below RTO.Min and PR-SCTP on a bulk source are refused', () => {
    expect(errors('preset=sctp-failover&rtomax=0.4')[0]!.message).toBe(
      'rtomax: RTO.Max must be at least RTO.Min (rtomin 0.5 s), got 0.4 s',
    );
    expect(errors('preset=sctp-failover&pr=0.2')[0]!.message).toMatch(
      /^pr: PR-SCTP needs an application that offers messages over time .* but the flow has app=bulk$/,
    );
  });
});

describe('multi-homed hosts → srcAddrs / dstAddrs', () => {
  it('dual-homed: S0,S1 → K0,K1, the primary first; primary= picks another', () => {
    const f = buildSimConfig(ok('preset=sctp-failover')).flows[0]!;
    expect([f.src, f.dst, f.srcAddrs, f.dstAddrs]).toEqual([
      'S0',
      'K0',
      ['S0', 'S1'],
      ['K0', 'K1'],
    ]);
    const g = buildSimConfig(ok('preset=sctp-failover&primary=K1')).flows[0]!;
    expect([g.dst, g.dstAddrs]).toEqual(['K1', ['K1', 'K0']]);
    expect(scenarioToQuery(ok('preset=sctp-failover&primary=K1'))).toBe(
      'preset=sctp-failover&sender=sctp-4960&primary=K1',
    );
  });

  it('the mobile: server S → M0 (Wi-Fi), M1 (WiMAX); reverse runs from the mobile', () => {
    const c = buildSimConfig(
      ok('preset=mobile-multihomed&flows=sctp-4960,sctp-4960,sack&f2.reverse=1'),
    );
    expect(c.flows.map((f) => [f.src, f.dst, f.srcAddrs, f.dstAddrs])).toEqual([
      ['S', 'M0', ['S'], ['M0', 'M1']],
      ['M0', 'S', ['M0', 'M1'], ['S']],
      ['S', 'M0', undefined, undefined],
    ]);
  });

  it('a primary that is not the peer’s, or on a single-homed network, is refused', () => {
    expect(errors('preset=sctp-failover&primary=S1')[0]!.message).toBe(
      'primary: "S1" is not an address of the flow’s peer; it must be one of K0, K1',
    );
    expect(errors('preset=ff-3-drops&sender=sctp-4960&primary=K1')[0]!.message).toMatch(
      /^primary: topology fall-floyd has single-homed hosts/,
    );
  });
});

describe('warnings about keys that cannot matter', () => {
  it('cmt and hb on a single-homed network, a link event at or after the stop (in query order)', () => {
    const r = parseScenarioQuery(
      'preset=ff-3-drops&sender=sctp-4960&f1.cmt=1&hb=2&fail=bottleneck@9',
    );
    expect(r.ok && r.warnings).toEqual([
      'f1.cmt: has no effect on fall-floyd: its hosts have one address each, so an association has one path (multi-homed presets: sctp-failover, mobile-multihomed)',
      'hb: has no effect on fall-floyd: its hosts have one address each, so an association has one path (multi-homed presets: sctp-failover, mobile-multihomed)',
      'fail: bottleneck@9 is at or after the stop time (6 s): no effect',
    ]);
    const m = parseScenarioQuery('preset=sctp-failover&cmt=1&hb=2');
    expect(m.ok && m.warnings).toEqual([]);
  });
});
