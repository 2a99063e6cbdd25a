import { describe, expect, it } from 'vitest';
import {
  APP_FLOW_DEFAULTS,
  APP_FLOW_KEYS,
  SCTP_FLOW_KEYS,
  DEFAULT_SCENARIO,
  PATH_RUN_DEFAULTS,
  keyMeta,
  parseScenarioQuery,
  scenarioFromPreset,
  scenarioToQuery,
  type FlowSpec,
  type ParseResult,
  type Scenario,
  type ScenarioError,
} from '../../src/scenarios';

function ok(qs: string): { scenario: Scenario; warnings: string[] } {
  const r = parseScenarioQuery(qs);
  if (!r.ok) throw new Error(`expected ok for ${qs}: ${JSON.stringify(r.errors)}`);
  return r;
}

function errors(qs: string): ScenarioError[] {
  const r: ParseResult = parseScenarioQuery(qs);
  if (r.ok) throw new Error(`expected errors for ${qs}`);
  return r.errors;
}

const messages = (qs: string) => errors(qs).map((e) => e.message);

const drop = (packet: number, transmission = 1) => ({ packet, transmission });

/** A flow with the Fall & Floyd defaults (what `preset=fall-floyd` gives every flow). */
const ffFlow = (over: Partial<FlowSpec> = {}): FlowSpec => ({
  sender: 'reno',
  drops: [],
  start: 1,
  window: 28,
  rwnd: null,
  mss: 1000,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: null,
  delack: false,
  profile: 'ff96',
  recovery: null,
  ...APP_FLOW_DEFAULTS,
  ...over,
});

describe('defaults', () => {
  it('the empty query gives DEFAULT_SCENARIO: Reno on ff-3-drops', () => {
    expect(ok('').scenario).toEqual(DEFAULT_SCENARIO);
    expect(ok('?').scenario).toEqual(DEFAULT_SCENARIO);
    expect(DEFAULT_SCENARIO).toEqual({
      v: 2,
      preset: 'ff-3-drops',
      n: null,
      loss: 0,
      seed: 1,
      bw: 800_000,
      delay: 0.1,
      queue: 8,
      stop: 6,
      ...PATH_RUN_DEFAULTS,
      flows: [
        {
          sender: 'reno',
          drops: [drop(15), drop(27), drop(29)],
          start: 1,
          window: 28,
          rwnd: null,
          mss: 1000,
          maxburst: null,
          bugfix: true,
          icwnd: null,
          frtx: null,
          handshake: null,
          delack: false,
          profile: 'ff96',
          recovery: null,
          ...APP_FLOW_DEFAULTS,
        },
      ],
    });
    // a flow's keys in FLOW_KEYS order, so equal flows print equal
    expect(Object.keys(DEFAULT_SCENARIO.flows[0]!)).toEqual([
      'sender',
      'drops',
      'start',
      'window',
      'rwnd',
      'mss',
      'maxburst',
      'bugfix',
      'icwnd',
      'frtx',
      'handshake',
      'delack',
      'profile',
      'pacing',
      'recovery',
      'ecn',
      ...APP_FLOW_KEYS,
      ...SCTP_FLOW_KEYS,
    ]);
  });

  it('DEFAULT_SCENARIO is frozen, and parsing returns fresh objects', () => {
    expect(Object.isFrozen(DEFAULT_SCENARIO)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SCENARIO.flows)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SCENARIO.flows[0]!.drops)).toBe(true);
    const a = ok('').scenario;
    a.flows[0]!.drops.push({ packet: 1, transmission: 1 });
    a.flows.push({ ...a.flows[0]! });
    expect(ok('').scenario.flows).toHaveLength(1);
    expect(ok('').scenario.flows[0]!.drops).toHaveLength(3);
    // every flow its own drop list
    const two = ok('preset=fall-floyd&flows=reno,reno').scenario;
    expect(two.flows[0]!.drops).not.toBe(two.flows[1]!.drops);
  });

  it('a preset sets the drops; explicit keys override it', () => {
    const drops1 = (q: string) => ok(q).scenario.flows[0]!.drops;
    expect(drops1('preset=ff-5-drops').map((d) => d.packet)).toEqual([15, 23, 25, 27, 29]);
    expect(drops1('preset=ff-5-drops&drops=15')).toEqual([drop(15)]);
    expect(drops1('preset=ff-3-drops&drops=')).toEqual([]);
    expect(drops1('preset=fall-floyd')).toEqual([]);
    // geo-segment-8: segment 8 of both flows; f2.drops changes flow 2's only
    const geo = ok('preset=geo-segment-8&f2.drops=9').scenario;
    expect(geo.flows.map((f) => f.drops)).toEqual([[drop(8)], [drop(9)]]);
  });

  it('preset=fall-floyd&sender=reno&drops=15,29 works', () => {
    const { scenario, warnings } = ok('preset=fall-floyd&sender=reno&drops=15,29');
    expect(scenario).toEqual(
      scenarioFromPreset('fall-floyd', {
        sender: 'reno',
        drops: [
          { packet: 15, transmission: 1 },
          { packet: 29, transmission: 1 },
        ],
      }),
    );
    expect(warnings).toEqual([]);
  });

  it('reads every key (v2: flows=, f<k>. keys, n, profile, start, rwnd)', () => {
    const s = ok(
      'v=2&preset=fall-floyd&flows=sack,sctp-4960&drops=3,3:2&f2.drops=8&loss=0.01&seed=7&bw=1.5e6' +
        '&delay=0.25&queue=20&window=45&rwnd=30000&mss=1448&stop=30&start=0.5&f2.start=2&maxburst=4' +
        '&bugfix=0&icwnd=2&frtx=4&handshake=1&delack=1&profile=ns2',
    ).scenario;
    const common = {
      window: 45,
      rwnd: 30000,
      mss: 1448,
      maxburst: 4,
      bugfix: false,
      icwnd: 2,
      frtx: 4,
      handshake: true,
      delack: true,
      profile: 'ns2' as const,
    };
    expect(s).toEqual({
      v: 2,
      preset: 'fall-floyd',
      n: null,
      loss: 0.01,
      seed: 7,
      bw: 1_500_000,
      delay: 0.25,
      queue: 20,
      stop: 30,
      ...PATH_RUN_DEFAULTS,
      flows: [
        ffFlow({ sender: 'sack', drops: [drop(3), drop(3, 2)], start: 0.5, ...common }),
        ffFlow({ sender: 'sctp-4960', drops: [drop(8)], start: 2, ...common }),
      ],
    });
  });

  it('reads a v1 link with every key as the same scenario (sender2 → flow 2, drops2 → f2.drops)', () => {
    const v1 = ok(
      'v=1&preset=fall-floyd&sender=sack&sender2=newreno&drops=3,3:2&drops2=8&loss=0.01&seed=7&bw=1.5e6' +
        '&delay=0.25&queue=20&window=45&mss=1448&stop=30&maxburst=4&bugfix=0&icwnd=2&frtx=4&handshake=1&delack=1',
    ).scenario;
    const v1Keys = {
      window: 45,
      mss: 1448,
      maxburst: 4,
      bugfix: false,
      icwnd: 2,
      frtx: 4,
      handshake: true,
      delack: true,
    };
    expect(v1).toEqual({
      v: 2,
      preset: 'fall-floyd',
      n: null,
      loss: 0.01,
      seed: 7,
      bw: 1_500_000,
      delay: 0.25,
      queue: 20,
      stop: 30,
      ...PATH_RUN_DEFAULTS,
      flows: [
        ffFlow({ sender: 'sack', drops: [drop(3), drop(3, 2)], ...v1Keys }),
        ffFlow({ sender: 'newreno', drops: [drop(8)], ...v1Keys }),
      ],
    });
    // … which the writer gives in v2 form
    expect(scenarioToQuery(v1)).toBe(
      'preset=fall-floyd&flows=sack,newreno&drops=3,3:2&f2.drops=8&loss=0.01&seed=7&bw=1500000' +
        '&delay=0.25&queue=20&window=45&mss=1448&stop=30&maxburst=4&bugfix=0&icwnd=2&frtx=4&handshake=1&delack=1',
    );
  });

  it('n picks a table preset’s row', () => {
    const s = ok('preset=geo-table2&n=6').scenario;
    expect([s.n, s.flows.length, s.bw, s.queue]).toEqual([6, 6, 7e6, 80]);
    expect(ok('preset=geo-table2').scenario.n).toBe(2);
    expect(ok('preset=ff-1-drops&n=none').scenario.n).toBeNull();
  });

  it('accepts a leading "?", %-encoded commas, "+" as space around values, and auto/none', () => {
    expect(
      ok('?preset=ff-1-drops&drops=15%2C29').scenario.flows[0]!.drops.map((d) => d.packet),
    ).toEqual([15, 29]);
    expect(ok('drops=15,+29').scenario.flows[0]!.drops.map((d) => d.packet)).toEqual([15, 29]);
    expect(ok('flows=reno,+sack').scenario.flows.map((f) => f.sender)).toEqual(['reno', 'sack']);
    expect(ok('flows=reno%2Csack').scenario.flows.map((f) => f.sender)).toEqual(['reno', 'sack']);
    const auto = ok('preset=geo-shared&frtx=auto&icwnd=auto&maxburst=&handshake=auto&rwnd=auto');
    for (const f of auto.scenario.flows) {
      expect([f.frtx, f.icwnd, f.maxburst, f.handshake, f.rwnd]).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
    }
    expect(ok('preset=geo-segment-8&sender2=none').scenario.flows).toHaveLength(1);
    expect(ok('preset=geo-segment-8&sender2=').scenario.flows).toHaveLength(1);
  });
});

describe('canonical query', () => {
  it('writes preset and sender always, then only keys that differ from the preset', () => {
    expect(scenarioToQuery(DEFAULT_SCENARIO)).toBe('preset=ff-3-drops&sender=reno');
    expect(scenarioToQuery(scenarioFromPreset('ff-1-drops', { sender: 'sack' }))).toBe(
      'preset=ff-1-drops&sender=sack',
    );
  });

  it('uses SCENARIO_KEY_ORDER, readable drops and numbers without "+"', () => {
    const s = scenarioFromPreset('ff-3-drops', {
      sender: 'newreno',
      delack: true,
      maxburst: 4,
      drops: [
        { packet: 15, transmission: 1 },
        { packet: 15, transmission: 2 },
      ],
      bw: 2e9,
      loss: 1e-7,
      frtx: 4,
      sender2: 'sack',
    });
    expect(scenarioToQuery(s)).toBe(
      'preset=ff-3-drops&flows=newreno,sack&drops=15,15:2&loss=1e-7&bw=2000000000&maxburst=4&frtx=4&delack=1',
    );
  });

  it('writes flows= only when the flow list differs beyond flow 1’s sender', () => {
    // geo-segment-8 has two flows: a new sender for flow 1 is still sender=
    expect(scenarioToQuery(scenarioFromPreset('geo-segment-8', { sender: 'reno' }))).toBe(
      'preset=geo-segment-8&sender=reno',
    );
    expect(scenarioToQuery(scenarioFromPreset('geo-segment-8', { sender2: 'sctp-4960' }))).toBe(
      'preset=geo-segment-8&flows=sack,sctp-4960',
    );
    // one flow fewer (v1's sender2=none)
    expect(scenarioToQuery(scenarioFromPreset('geo-segment-8', { sender2: null }))).toBe(
      'preset=geo-segment-8&flows=sack',
    );
  });

  it('writes a flow key unprefixed when every flow has it, else f<k>.key, whichever is shorter', () => {
    const q = (flows: Partial<FlowSpec>[], extra = '') => {
      const s = ok(`preset=fall-floyd&flows=${flows.map(() => 'reno').join(',')}${extra}`).scenario;
      flows.forEach((f, i) => Object.assign(s.flows[i]!, f));
      return scenarioToQuery(s);
    };
    expect(q([{}, { mss: 1448 }])).toBe('preset=fall-floyd&flows=reno,reno&f2.mss=1448');
    expect(q([{ mss: 500 }, { mss: 500 }, { mss: 1448 }])).toBe(
      'preset=fall-floyd&flows=reno,reno,reno&mss=500&f3.mss=1448',
    );
    expect(q([{ mss: 500 }, { mss: 500 }, { mss: 500 }])).toBe(
      'preset=fall-floyd&flows=reno,reno,reno&mss=500',
    );
    // drops: flow 1's unprefixed, the others f<k>.drops
    expect(q([{ drops: [drop(4)] }, {}, { drops: [drop(4)] }])).toBe(
      'preset=fall-floyd&flows=reno,reno,reno&drops=4&f3.drops=4',
    );
    // a key of flow 3 only, after the keys before it in SCENARIO_KEY_ORDER
    expect(q([{}, {}, { mss: 1448, drops: [drop(4)], start: 2 }])).toBe(
      'preset=fall-floyd&flows=reno,reno,reno&f3.drops=4&f3.mss=1448&f3.start=2',
    );
  });

  it('writes n only when it is not the preset’s default', () => {
    expect(scenarioToQuery(ok('preset=geo-table2&n=4').scenario)).toBe(
      'preset=geo-table2&n=4&sender=sack',
    );
    expect(scenarioToQuery(ok('preset=geo-table2&n=2').scenario)).toBe(
      'preset=geo-table2&sender=sack',
    );
    expect(scenarioToQuery(ok('preset=geo-table2&n=4&flows=sack,sctp-4960').scenario)).toBe(
      'preset=geo-table2&n=4&flows=sack,sctp-4960',
    );
  });

  it('writes an emptied drop list as "drops="', () => {
    expect(scenarioToQuery(scenarioFromPreset('ff-2-drops', { drops: [] }))).toBe(
      'preset=ff-2-drops&sender=reno&drops=',
    );
  });

  it('sorts and de-duplicates drops it is given out of order', () => {
    const s = scenarioFromPreset('fall-floyd', {
      drops: [
        { packet: 29, transmission: 1 },
        { packet: 15, transmission: 1 },
        { packet: 29, transmission: 1 },
      ],
    });
    expect(scenarioToQuery(s)).toBe('preset=fall-floyd&sender=reno&drops=15,29');
  });

  it('refuses a scenario whose preset is not registered', () => {
    expect(() => scenarioToQuery({ ...DEFAULT_SCENARIO, preset: 'nope' })).toThrow(
      /unknown preset 'nope'/,
    );
  });
});

describe('warnings', () => {
  it('duplicate drops are kept once, with a warning', () => {
    const r = ok('drops=29,15,15,29:2,29');
    expect(r.scenario.flows[0]!.drops).toEqual([drop(15), drop(29), drop(29, 2)]);
    expect(r.warnings).toEqual(['drops: 15, 29 listed more than once; kept once']);
    // a flow's own drops: the warning names the key as typed
    const two = ok('flows=reno,reno&f2.drops=15,15');
    expect(two.scenario.flows[1]!.drops).toEqual([drop(15)]);
    expect(two.warnings).toEqual(['f2.drops: 15 listed more than once; kept once']);
  });

  it('keys that cannot matter give warnings, not errors', () => {
    expect(ok('sender=sctp-2960&bugfix=0').warnings).toEqual([
      'bugfix: has no effect on SCTP senders',
    ]);
    expect(ok('seed=5').warnings).toEqual([
      'seed: has no effect without random loss, delay variation or a random application (loss and jitter are 0)',
    ]);
    // … but feeds the applications' draws
    expect(ok('seed=5&app=onoff').warnings).toEqual([]);
    expect(ok('seed=5&loss=0.01').warnings).toEqual([]);
    expect(ok('sender=reno&bugfix=0').warnings).toEqual([]);
    // bugfix matters as soon as one flow is TCP; rwnd as soon as one is SCTP
    expect(ok('flows=sctp-2960,reno&bugfix=0').warnings).toEqual([]);
    expect(ok('rwnd=30000').warnings).toEqual(['rwnd: has no effect on TCP senders (use window)']);
    expect(ok('flows=reno,sctp-4960&rwnd=30000').warnings).toEqual([]);
  });
});

// "Never a hang": a parse that backtracks or loops fails by the test's own timeout (10 s; a
// parse takes milliseconds), not by a wall-clock bar, which a loaded machine can miss.
describe('hostile input: errors, never a throw, never a hang', () => {
  const hostile = [
    'x'.repeat(5000),
    `drops=${'1,'.repeat(2000)}1`,
    `drops=${'9'.repeat(4000)}`,
    `loss=${'1'.repeat(4000)}`,
    '__proto__=1',
    'constructor=1&prototype=2&toString=3',
    'preset=__proto__',
    'sender=constructor',
    'drops=<script>alert(1)</script>',
    'preset=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    '%E0%A4%A=1',
    'drops=%',
    '&&&&=&=&==',
    '=',
    'drops=15:2:3',
    'drops=1e3',
    'drops=15.5',
    'stop=NaN',
    'bw=1e309',
    `${'a=1&'.repeat(1000)}`,
    'v=1&v=1',
    'sender2=sctp-2960&drops2=0',
    `flows=${'sack,'.repeat(1000)}sack`,
    `flows=${'x'.repeat(4000)}`,
    'f99999.mss=1',
    'f1.__proto__=1',
    'f2.sender=reno',
    'flows=reno&f1.sender=sack&sender=tahoe',
    'n=__proto__',
    'profile=constructor',
  ];
  it.each(hostile.map((h) => [h.length > 60 ? `${h.slice(0, 57)}…` : h, h]))(
    '%s',
    (_label, qs) => {
      const r = parseScenarioQuery(qs);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.errors.length).toBeGreaterThan(0);
        expect(r.errors.length).toBeLessThanOrEqual(21);
        // The preset error lists every preset id; the rest of any message is bounded.
        const presetList = keyMeta('preset')!.options!.join(', ');
        for (const e of r.errors) {
          expect(e.message.replace(presetList, '').length).toBeLessThan(400);
          expect(typeof e.key).toBe('string');
        }
      }
    },
    10_000,
  );

  it('quotes input safely and cuts it short', () => {
    const m = messages(`sender=${'<b>'.repeat(100)}`)[0]!;
    expect(m).toContain('"<b><b>');
    expect(m).toContain('…"');
    expect(m.length).toBeLessThan(250);
    expect(messages('sender=a%22b')[0]).toContain('"a\\"b"');
  });

  it('caps the number of errors', () => {
    const r = errors(Array.from({ length: 60 }, (_, i) => `k${i}=1`).join('&'));
    expect(r).toHaveLength(21);
    expect(r[20]).toEqual({ key: 'query', message: 'query: 40 more errors not shown' });
  });

  it('the too-long query error says the limit', () => {
    expect(errors('a'.repeat(4097))).toEqual([
      { key: 'query', message: 'query: 4,097 characters; the limit is 4,096' },
    ]);
    // 4096 characters is still read (and fails only on its content).
    expect(errors(`drops=${'1'.repeat(4090)}`)[0]!.key).toBe('drops');
  });

  it('a list longer than 1000 entries is refused before parsing', () => {
    expect(messages(`drops=${'1,'.repeat(1500)}1`)).toEqual([
      'drops: 1,501 entries; the limit is 1,000',
    ]);
  });

  it('non-string input gives an error', () => {
    expect(parseScenarioQuery(undefined as unknown as string).ok).toBe(false);
    expect(parseScenarioQuery(42 as unknown as string).ok).toBe(false);
  });

  it('does not touch Object.prototype', () => {
    parseScenarioQuery('__proto__=1&constructor=x');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
