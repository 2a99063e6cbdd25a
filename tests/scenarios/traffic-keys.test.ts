/**
 * The traffic-mix keys (issue 12): app and its parameters, reverse, jitter, burst, sender=udp,
 * `k*id` in flows=, and the 002_… / 003_… presets' SimConfigs (built, not run).
 */
import { describe, expect, it } from 'vitest';
import {
  buildSimConfig,
  boundScenarioCost,
  getPreset,
  parseScenarioQuery,
  presetDefaults,
  scenarioToQuery,
  validateField,
  withinLimits,
  type Scenario,
  type ScenarioError,
} from '../../src/scenarios';

function ok(q: string): { scenario: Scenario; warnings: string[] } {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.errors)}`);
  return r;
}

function errors(q: string): ScenarioError[] {
  const r = parseScenarioQuery(q);
  if (r.ok) throw new Error(`expected errors for ${q}`);
  return r.errors;
}

const FF = 'preset=fall-floyd';

describe('application keys', () => {
  it('each key parses, reaches FlowConfig.app and round-trips through the URL', () => {
    const cases: [string, unknown][] = [
      ['app=file&bytes=50000', { kind: 'file', bytes: 50000 }],
      ['app=cbr&size=512&pps=250', { kind: 'cbr', pps: 250 }],
      [
        'app=onoff&on=0.5&off=1.5&rate=64000',
        { kind: 'onoff', onS: 0.5, offS: 1.5, rateBps: 64000 },
      ],
      [
        'app=voip&hold=300&gap=45&talk=2&silence=3&frame=0.03',
        { kind: 'voip', holdS: 300, gapS: 45, talkS: 2, silenceS: 3, frameS: 0.03 },
      ],
      [
        'app=ftp-clients&bytes=800000&shape=1.5&think=10',
        { kind: 'ftp-clients', meanBytes: 800000, shape: 1.5, thinkS: 10 },
      ],
    ];
    for (const [keys, app] of cases) {
      const q = `${FF}&sender=reno&${keys}`;
      const { scenario, warnings } = ok(q);
      expect(warnings, q).toEqual([]);
      expect(buildSimConfig(scenario).flows[0]!.app, q).toEqual(app);
      expect(scenarioToQuery(scenario), q).toBe(q);
    }
    // bulk (the default) leaves FlowConfig.app unset, so older runs build as before
    expect(buildSimConfig(ok(FF).scenario).flows[0]!.app).toBeUndefined();
  });

  it('size is the payload of cbr/onoff/voip packets (the flow’s mssBytes); mss otherwise', () => {
    const mss = (q: string) => buildSimConfig(ok(`${FF}&${q}`).scenario).flows[0]!.mssBytes;
    expect(mss('app=cbr&size=512')).toBe(512);
    expect(mss('app=voip&size=20')).toBe(20);
    expect(mss('app=cbr')).toBe(1000); // size auto = mss
    expect(mss('app=file&mss=1448')).toBe(1448);
  });

  it('bad values are errors naming the key as typed; the valid keys are kept', () => {
    expect(errors(`${FF}&app=video`)).toEqual([
      {
        key: 'app',
        message:
          'app: unknown application "video"; must be one of bulk, file, cbr, onoff, voip, ftp-clients',
      },
    ]);
    expect(errors(`${FF}&app=cbr&pps=0`).map((e) => e.message)).toEqual([
      'pps: must be a number between 0.01 and 100000 (packets/s), got "0"',
    ]);
    expect(errors(`${FF}&flows=reno,reno&f2.app=onoff&f2.on=-1`).map((e) => e.message)).toEqual([
      'f2.on: must be a number between 0.001 and 1000 (s), got "-1"',
    ]);
    expect(validateField('f3.reverse', '2')).toBe('f3.reverse: must be 0 or 1, got "2"');
    expect(validateField('shape', '1')).toBe(
      'shape: must be a number between 1.01 and 10, got "1"',
    );
    expect(validateField('size', 'auto')).toBeNull();
    expect(validateField('burst', 'none')).toBeNull();
    expect(validateField('jitter', '2')).toBe(
      'jitter: must be a number between 0 and 1 (s), got "2"',
    );
  });

  it('a key the flow’s app does not read is a warning, as bugfix on SCTP is', () => {
    expect(ok(`${FF}&app=file&pps=50`).warnings).toEqual([
      'pps: has no effect with app=file (it is read by app=cbr)',
    ]);
    expect(ok(`${FF}&flows=reno,reno&f2.app=cbr&f1.rate=1000`).warnings).toEqual([
      'f1.rate: has no effect with app=bulk (it is read by app=onoff)',
    ]);
    // read by one of the flows it sets: no warning
    expect(ok(`${FF}&flows=reno,reno&f2.app=cbr&pps=50`).warnings).toEqual([]);
  });
});

describe('sender=udp', () => {
  it('28-byte headers, no handshake; its app sets the pace', () => {
    const s = ok(`${FF}&sender=udp&app=cbr&pps=100&size=172`).scenario;
    const f = buildSimConfig(s).flows[0]!;
    expect([f.sender, f.headerBytes, f.handshake, f.mssBytes]).toEqual(['udp', 28, false, 172]);
  });

  it('with a bulk source it is an error naming app (UDP has no congestion control)', () => {
    const e = errors(`${FF}&sender=udp`);
    expect(e.map((x) => x.key)).toEqual(['app']);
    expect(e[0]!.message).toMatch(/^app: a UDP flow needs an application that sets its pace/);
    const two = errors(`${FF}&flows=reno,udp`);
    expect(two.map((x) => x.key)).toEqual(['f2.app']);
    expect(errors(`${FF}&flows=reno,9*udp`)[0]!.message).toMatch(
      /^f2\.app: flows 2, 3, 4, 5, 6 and 4 more \(UDP\) need an application/,
    );
  });

  it('TCP/SCTP-only keys on UDP flows are warnings', () => {
    expect(ok(`${FF}&sender=udp&app=cbr&icwnd=4`).warnings).toEqual([
      'icwnd: has no effect on UDP flows (no congestion control, acknowledgements or retransmissions)',
    ]);
    expect(ok(`${FF}&flows=reno,udp&f2.app=cbr&f2.frtx=5`).warnings).toEqual([
      'f2.frtx: has no effect on UDP flows (no congestion control, acknowledgements or retransmissions)',
    ]);
    // icwnd still sets the TCP flow's
    expect(ok(`${FF}&flows=reno,udp&f2.app=cbr&icwnd=4`).warnings).toEqual([]);
  });
});

describe('reverse: a flow from the sink side back to the source side', () => {
  it('swaps the flow’s ends, on a topology with one sink per flow and on a shared sink', () => {
    const r = ok('preset=vicuna-wired&f2.reverse=1').scenario;
    const cfg = buildSimConfig(r);
    expect(cfg.flows.slice(0, 2).map((f) => [f.src, f.dst])).toEqual([
      ['S1', 'C1'],
      ['C2', 'S2'],
    ]);
    const ff = buildSimConfig(ok(`${FF}&flows=reno,udp&f2.app=cbr&f2.reverse=1`).scenario);
    expect(ff.flows.map((f) => [f.src, f.dst])).toEqual([
      ['S1', 'K1'],
      ['K1', 'S2'],
    ]);
    expect(scenarioToQuery(r)).toBe('preset=vicuna-wired&sender=newreno&f2.reverse=1');
  });
});

describe('run keys jitter, burst and seed', () => {
  it('jitter reaches the bottleneck link; burst makes a Gilbert–Elliott chain of mean rate loss; seed feeds SimConfig.seed', () => {
    const cfg = buildSimConfig(ok(`${FF}&jitter=0.004&loss=0.02&burst=4&seed=9`).scenario);
    const bottleneck = cfg.links.find((l) => l.a === 'R1' && l.b === 'K1')!;
    expect(bottleneck.jitterS).toBe(0.004);
    const g = cfg.losses[0]!.gilbert!;
    expect(g.pBadGood).toBe(0.25);
    expect(g.lossGood).toBe(0);
    expect(g.lossBad).toBe(1);
    // stationary loss rate pGB / (pGB + pBG) = loss
    expect(g.pGoodBad / (g.pGoodBad + g.pBadGood)).toBeCloseTo(0.02, 12);
    expect(cfg.losses[0]!.seed).toBe(9);
    expect(cfg.seed).toBe(9);
    // none: Bernoulli
    expect(buildSimConfig(ok(`${FF}&loss=0.02`).scenario).losses[0]!.gilbert).toBeUndefined();
  });
});

describe('flows=k*id', () => {
  it('expands repeats, writes runs of 4+ back compactly, and keeps a 120-flow URL short', () => {
    const s = ok('preset=fall-floyd&flows=50*reno,2*sack,50*udp&app=cbr&f1.app=bulk').scenario;
    expect(s.flows.map((f) => f.sender).join(',')).toBe(
      [...Array(50).fill('reno'), 'sack', 'sack', ...Array(50).fill('udp')].join(','),
    );
    const q = scenarioToQuery(s);
    expect(q).toContain('flows=50*reno,sack,sack,50*udp');
    expect(ok(q).scenario).toEqual(s);
    const c = ok('preset=vicuna-c-tcp-udp&n=100').scenario;
    expect(c.flows).toHaveLength(120);
    const cq = scenarioToQuery(c);
    expect(cq).toBe('preset=vicuna-c-tcp-udp&n=100&sender=newreno');
    expect(ok(cq).scenario).toEqual(c);
    // a hand-written 120-flow list with its keys round-trips and fits the URL limit
    const hand = ok(
      'preset=vicuna-wired&flows=10*newreno,10*udp,100*udp&app=onoff&f1.app=ftp-clients&f120.reverse=1',
    ).scenario;
    expect(hand.flows).toHaveLength(120);
    const hq = scenarioToQuery(hand);
    expect(hq.length).toBeLessThan(4096);
    expect(ok(hq).scenario).toEqual(hand);
  });

  it('bad counts and lists over 128 flows are errors naming flows', () => {
    expect(errors('flows=0*reno').map((e) => e.message)).toEqual([
      'flows: a repeat count must be a whole number from 1, got "0*reno"',
    ]);
    expect(errors('flows=100*reno,29*udp').map((e) => e.message)).toEqual([
      'flows: must be 1 to 128 senders separated by commas, got more than 128',
    ]);
    expect(errors('flows=3*westwood').map((e) => e.key)).toEqual(['flows']);
  });
});

describe('002_… presets: a cable and 802.11b cells', () => {
  const cfgOf = (id: string) => buildSimConfig(presetDefaults(id));
  it('eth2eth: 100 Mb/s cable, no loss or jitter; one CBR flow of 512 bytes at 19 531 pps', () => {
    const c = cfgOf('dainotti-eth2eth');
    const medium = c.links.find((l) => l.a === 'R1' && l.b === 'K1')!;
    expect([medium.bandwidthBps, medium.delayS, medium.jitterS]).toEqual([
      100e6,
      0.0001,
      undefined,
    ]);
    expect(c.flows).toHaveLength(1);
    expect(c.flows[0]!.app).toEqual({ kind: 'cbr', pps: 19531 });
    expect(c.flows[0]!.mssBytes).toBe(512);
    expect(getPreset('dainotti-eth2eth')!.compare).toEqual(['udp', 'sack', 'sctp-4960']);
    expect(getPreset('dainotti-eth2eth')!.sweep!.key).toBe('pps');
  });

  it('the 802.11b paths: one DCF cell each (ad hoc, or through AP); e2w and w2e differ in which member sends', () => {
    const cell = (id: string) => {
      const c = cfgOf(id);
      const m = c.media![0]!;
      if (m.kind !== 'wifi') throw new Error(`${id}: not an 802.11 cell`);
      return [m.phy, m.nodes, m.ap, m.queueLimit, c.bottleneck.from, c.bottleneck.to];
    };
    expect(cell('dainotti-w2w-ah')).toEqual(['b', ['R1', 'K1'], undefined, 100, 'R1', 'K1']);
    expect(cell('dainotti-w2w-ap')).toEqual(['b', ['R1', 'AP', 'K1'], 'AP', 100, 'R1', 'AP']);
    expect(cell('dainotti-e2w')).toEqual(['b', ['AP', 'K1'], 'AP', 100, 'AP', 'K1']);
    expect(cell('dainotti-w2e')).toEqual(['b', ['R1', 'AP'], 'AP', 100, 'R1', 'AP']);
    const e2w = cfgOf('dainotti-e2w');
    const w2e = cfgOf('dainotti-w2e');
    expect(e2w.links.map((l) => [l.a, l.b, l.bandwidthBps])).toEqual([['S1', 'AP', 100e6]]);
    expect(w2e.links.map((l) => [l.a, l.b, l.bandwidthBps])).toEqual([
      ['S1', 'R1', 1e9],
      ['AP', 'K1', 100e6],
    ]);
    // in a cell, loss is the frame error rate; no loss point
    expect(e2w.losses).toEqual([]);
    // link=wired gives the point-to-point model back
    const wired = buildSimConfig({ ...presetDefaults('dainotti-w2w-ap'), link: 'wired' });
    expect(wired.media).toBeUndefined();
    expect(wired.links.map((l) => [l.a, l.b])).toEqual([
      ['S1', 'R1'],
      ['R1', 'K1'],
    ]);
    for (const id of ['dainotti-w2w-ah', 'dainotti-e2w']) {
      expect(getPreset(id)!.notice).toMatch(/802\.11b DCF cell/);
      expect(getPreset(id)!.notice).not.toMatch(/No MAC layer/);
      expect(getPreset(id)!.sweep).toEqual({
        key: 'size',
        values: [32, 64, 128, 256, 512, 1024, 1460],
        seeds: 20,
      });
    }
  });
});

describe('003_… presets: the wired dumbbell and Table 2', () => {
  it('2 Mb/s, 10 ms bottleneck n1 → n0, queue 25; 100 Mb/s access links; RTTs within 42–624 ms', () => {
    const s = presetDefaults('vicuna-a-tcp-udp');
    const c = buildSimConfig(s);
    const b = c.links.find((l) => l.a === 'n1' && l.b === 'n0')!;
    expect([b.bandwidthBps, b.delayS, b.queueLimit]).toEqual([2e6, 0.01, 25]);
    expect(c.bottleneck).toEqual({ from: 'n1', to: 'n0' });
    const access = c.links.filter((l) => l !== b);
    expect(access.every((l) => l.bandwidthBps === 100e6)).toBe(true);
    for (let i = 0; i < s.flows.length; i++) {
      const up = c.links.find((l) => l.a === `S${i + 1}`)!;
      const down = c.links.find((l) => l.b === `C${i + 1}`)!;
      const rtt = 2 * (up.delayS + 0.01 + down.delayS);
      expect(rtt).toBeGreaterThanOrEqual(0.042 - 1e-12);
      expect(rtt).toBeLessThanOrEqual(0.624 + 1e-12);
    }
  });

  it('the classes: FTP clients (Pareto 80 / 800 KB, shape 1.18, think 90 s), VoIP (20-byte frames, 30 / 300 s calls, 60 s gaps), noise (40 kb/s, 100 ms on/off, reverse, UDP)', () => {
    const c = buildSimConfig(presetDefaults('vicuna-c-tcp-sctp', 10));
    expect(c.flows).toHaveLength(30);
    const ftp = c.flows.slice(0, 10);
    const voip = c.flows.slice(10, 20);
    const noise = c.flows.slice(20);
    expect(ftp.every((f) => f.sender === 'newreno' && f.mssBytes === 1460)).toBe(true);
    expect(ftp.map((f) => (f.app as { meanBytes: number }).meanBytes).sort()).toEqual([
      ...Array(5).fill(80000),
      ...Array(5).fill(800000),
    ]);
    expect(ftp[0]!.app).toMatchObject({ kind: 'ftp-clients', shape: 1.18, thinkS: 90 });
    expect(voip.every((f) => f.sender === 'sctp-2960' && f.mssBytes === 20)).toBe(true);
    expect(
      voip.map((f) => (f.app as { holdS: number }).holdS).filter((h) => h === 300),
    ).toHaveLength(5);
    expect(voip[0]!.app).toMatchObject({ kind: 'voip', gapS: 60, frameS: 0.02 });
    expect(noise.every((f) => f.sender === 'udp' && f.src.startsWith('C'))).toBe(true);
    expect(noise[0]!.app).toEqual({ kind: 'onoff', onS: 0.1, offS: 0.1, rateBps: 40000 });
    expect(noise[0]!.mssBytes).toBe(500);
  });

  it('A–G × four combinations; each preset’s sweep is Table 2’s column over 10 seeds', () => {
    const combos = ['tcp-udp', 'tcp-sctp', 'sctp-udp', 'sctp-sctp'];
    for (const letter of 'abcdefg') {
      for (const combo of combos) {
        const p = getPreset(`vicuna-${letter}-${combo}`)!;
        expect(p.sweep!.seeds, p.id).toBe(10);
        expect(p.notice).toMatch(/Wi-Fi and WiMAX cells of Figure 3: link=wifi-g or link=wimax/);
      }
    }
    expect(getPreset('vicuna-f-tcp-udp')!.sweep).toMatchObject({
      key: 'queue',
      values: [5, 10, 15, 20, 25, 30, 35, 40, 45, 50],
    });
    expect(getPreset('vicuna-g-sctp-sctp')!.sweep).toMatchObject({
      key: 'bw',
      values: [250e3, 500e3, 1000e3, 2000e3],
    });
    const senders = (id: string) => [...new Set(presetDefaults(id).flows.map((f) => f.sender))];
    expect(senders('vicuna-b-tcp-udp')).toEqual(['newreno', 'udp']);
    expect(senders('vicuna-b-sctp-sctp')).toEqual(['sctp-2960']);
    // D: n % of the FTP clients fetch 800 KB files
    const big = (n: number) =>
      presetDefaults('vicuna-d-tcp-udp', n).flows.filter((f) => f.bytes === 800000).length;
    expect([0, 30, 100].map(big)).toEqual([0, 3, 10]);
  });

  it('every point of every sweep passes the run budget, 120 flows included', () => {
    for (const letter of 'abcdefg') {
      for (const combo of ['tcp-udp', 'tcp-sctp', 'sctp-udp', 'sctp-sctp']) {
        const p = getPreset(`vicuna-${letter}-${combo}`)!;
        const sw = p.sweep!;
        for (const v of sw.values) {
          const base = presetDefaults(p.id, sw.key === 'n' ? v : null);
          const s = sw.key === 'n' ? base : { ...base, [sw.key]: v };
          // (the bound: what the budget checks)
          const cost = boundScenarioCost(s)!;
          expect(withinLimits(cost), `${p.id} ${sw.key}=${v}`).toBe(true);
        }
      }
    }
    // (6 s alone: the bound replays every paced source of up to 120 flows, 4–60 ms a point)
  }, 30_000);
});
