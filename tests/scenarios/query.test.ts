import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIO,
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

describe('error messages name the key and the allowed range', () => {
  it.each([
    ['drops=0', 'drops: packet 0 is out of range 1–100000'],
    ['drops=100001', 'drops: packet 100001 is out of range 1–100000'],
    ['drops=1000000000', 'drops: packet 1000000000 is out of range 1–100000'],
    ['drops=15:0', 'drops: transmission 0 of packet 15 is out of range 1–100'],
    ['drops=15:101', 'drops: transmission 101 of packet 15 is out of range 1–100'],
    [
      'drops=abc',
      'drops: "abc" is not a packet number (write p or p:k, e.g. 15 or 15:2 for its 2nd transmission)',
    ],
    [
      'drops=-3',
      'drops: "-3" is not a packet number (write p or p:k, e.g. 15 or 15:2 for its 2nd transmission)',
    ],
    [
      'drops=15,,29',
      'drops: entry 2 is empty (write packet numbers separated by commas, e.g. 15,27,29)',
    ],
    ['loss=abc', 'loss: must be a number between 0 and 0.5 (probability), got "abc"'],
    ['loss=0.7', 'loss: must be a number between 0 and 0.5 (probability), got "0.7"'],
    ['loss=-0.1', 'loss: must be a number between 0 and 0.5 (probability), got "-0.1"'],
    ['loss=', 'loss: must be a number between 0 and 0.5 (probability), got ""'],
    ['loss=Infinity', 'loss: must be a number between 0 and 0.5 (probability), got "Infinity"'],
    ['loss=0x1', 'loss: must be a number between 0 and 0.5 (probability), got "0x1"'],
    ['seed=-1', 'seed: must be a whole number between 0 and 4294967295, got "-1"'],
    ['seed=1.5', 'seed: must be a whole number between 0 and 4294967295, got "1.5"'],
    ['bw=999', 'bw: must be a number between 1000 and 1e10 (bit/s), got "999"'],
    ['bw=2e10', 'bw: must be a number between 1000 and 1e10 (bit/s), got "2e10"'],
    ['delay=11', 'delay: must be a number between 0 and 10 (s), got "11"'],
    ['queue=1', 'queue: must be a whole number between 2 and 10000 (packets), got "1"'],
    ['queue=1.5', 'queue: must be a whole number between 2 and 10000 (packets), got "1.5"'],
    ['window=0', 'window: must be a whole number between 1 and 10000 (packets), got "0"'],
    ['mss=10', 'mss: must be a whole number between 64 and 9000 (bytes), got "10"'],
    ['stop=2001', 'stop: must be a number between 0.1 and 2000 (s), got "2001"'],
    ['stop=0.5', 'stop: must be later than the start at 1 s, got 0.5'],
    [
      'maxburst=-1',
      'maxburst: must be a whole number between 0 and 1000 (packets) or auto, got "-1"',
    ],
    ['bugfix=yes', 'bugfix: must be 0 or 1, got "yes"'],
    ['bugfix=2', 'bugfix: must be 0 or 1, got "2"'],
    ['icwnd=0', 'icwnd: must be a whole number between 1 and 100 (packets) or auto, got "0"'],
    ['frtx=0', 'frtx: must be a whole number between 1 and 20 (dupacks) or auto, got "0"'],
    ['handshake=true', 'handshake: must be 0 or 1, got "true"'],
    ['delack=', 'delack: must be 0 or 1, got ""'],
    ['v=3', 'v: unsupported version "3"; this app reads versions 1 and 2'],
    ['v=0', 'v: unsupported version "0"; this app reads versions 1 and 2'],
    ['foo=1', 'unknown key "foo"'],
    ['Drops=15', 'unknown key "Drops"'],
    ['drops2=8', 'drops2: needs a second flow (set sender2 or flows)'],
    ['n=4', 'n: preset ff-3-drops has no sizes; leave n out'],
    [
      'flows=reno,cubic',
      'flows: unknown sender "cubic"; each must be one of tahoe, reno, newreno, sack, fack, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960',
    ],
    ['start=-1', 'start: must be a number between 0 and 2000 (s), got "-1"'],
    ['rwnd=1000', 'rwnd: must be a whole number between 1500 and 1e8 (bytes) or auto, got "1000"'],
    ['profile=ns3', 'profile: unknown profile "ns3"; must be one of ff96, ns2'],
    ['f2.mss=1448', 'f2.mss: there is no flow 2; the scenario has 1 flow (list them with flows=)'],
    ['f1.mss=10', 'f1.mss: must be a whole number between 64 and 9000 (bytes), got "10"'],
    [
      'f0.mss=1448',
      'unknown key "f0.mss": a flow key is f<k>.<key> with k from 1 and key one of sender, drops, start, window, rwnd, mss, maxburst, bugfix, icwnd, frtx, handshake, delack, profile',
    ],
    [
      'f1.seed=3',
      'unknown key "f1.seed": a flow key is f<k>.<key> with k from 1 and key one of sender, drops, start, window, rwnd, mss, maxburst, bugfix, icwnd, frtx, handshake, delack, profile',
    ],
    [
      'sender2=cubic',
      'sender2: unknown sender "cubic"; must be one of tahoe, reno, newreno, sack, fack, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960',
    ],
    [
      'sender=cubic',
      'sender: unknown sender "cubic"; must be one of tahoe, reno, newreno, sack, fack, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960',
    ],
    [
      'preset=nope',
      /^preset: unknown preset "nope"; must be one of fall-floyd, ff-0-drops, ff-1-drops, /,
    ],
  ] as const)('%s', (qs, expected) => {
    const errs = errors(qs);
    expect(errs).toHaveLength(1);
    if (typeof expected === 'string') expect(errs[0]!.message).toBe(expected);
    else expect(errs[0]!.message).toMatch(expected);
    const key = qs.split('=')[0]!;
    expect(errs[0]!.key).toBe(key);
  });

  it('the run budget: an estimate over 8,000,000 packet events is refused, naming what to lower', () => {
    expect(errors('bw=1e10&window=10000&stop=2000')).toEqual([
      {
        key: 'stop',
        message:
          'stop: this run would simulate about 29,052,041 packet events (2,905,199 data packets; about 30 s of CPU, 3,267 MB in the page); the limit is 8,000,000 packet events (about 8 s of CPU, 900 MB in the page): lower stop (to at most 540 s), bw or window',
      },
    ]);
    // The longest stop it suggests is accepted.
    expect(ok('bw=1e10&window=10000&stop=540').scenario.stop).toBe(540);
    // A fast bottleneck alone is not refused: the 8 Mb/s access link and the 28-packet window
    // bound the run (the old stop · bw estimate refused this one).
    expect(ok('bw=1e10&stop=2000').scenario.bw).toBe(1e10);
  });

  it('the budget error names the key that made the run too long, and the other ways out', () => {
    // window=28 (the preset's) would fit: the error sits on window.
    const [e] = errors('preset=ff-1-drops&window=10000&bw=1e10&stop=100&mss=64');
    expect(e!.key).toBe('window');
    expect(e!.message).toMatch(/^window: this run would simulate about [\d,]+ packet events/);
    expect(e!.message).toMatch(/: lower stop \(to at most 55 s\), bw or window; or raise mss$/);
    const [two] = errors('preset=ff-1-drops&sender2=sack&window=10000&bw=1e10&stop=2000&mss=500');
    expect(two!.key).toBe('stop');
    expect(two!.message).toMatch(/bw or window; raise mss; or run fewer flows$/);
  });

  it('the budget error names a flow’s key (f2.window) or flows when the added flows made the run too long', () => {
    // Flow 2 alone is heavy: without it the run fits best, so the error sits on flows; its own
    // keys are offered as f2.window and f2.mss.
    expect(
      errors('preset=ff-1-drops&flows=reno,reno&f2.window=10000&bw=1e10&stop=100&f2.mss=64'),
    ).toEqual([
      {
        key: 'flows',
        message:
          'flows: this run would simulate about 14,696,187 packet events (1,469,607 data packets; about 15 s of CPU, 1,652 MB in the page); the limit is 8,000,000 packet events (about 8 s of CPU, 900 MB in the page): lower stop (to at most 54 s), bw or f2.window; raise f2.mss; or run fewer flows',
      },
    ]);
    // The preset's two flows (no flow added): flow 2's window, named f2.window
    const [w] = errors('preset=geo-segment-8&f2.window=10000&bw=1e10&f2.mss=64&stop=100');
    expect(w!.key).toBe('f2.window');
    expect(w!.message).toMatch(/^f2\.window: this run would simulate about [\d,]+ packet events/);
    // 128 flows of the preset's defaults at 10 Gb/s
    const many = errors(
      `preset=fall-floyd&flows=${Array(128).fill('sack').join(',')}&bw=1e10&stop=200`,
    );
    expect(many.map((e) => e.key)).toEqual(['flows']);
    expect(many[0]!.message).toMatch(/: lower stop \(to at most 29 s\) or bw; or run fewer flows$/);
  });

  it('a clash between two names of one key is an error naming the key typed second', () => {
    expect(errors('preset=fall-floyd&sender=reno&f1.sender=sack')).toEqual([
      { key: 'f1.sender', message: "f1.sender: sender is flow 1's already; give one of them" },
    ]);
    expect(errors('preset=fall-floyd&drops=3&f1.drops=4')).toEqual([
      { key: 'f1.drops', message: "f1.drops: drops is flow 1's already; give one of them" },
    ]);
    expect(errors('preset=fall-floyd&flows=reno,sack&sender2=tahoe')).toEqual([
      { key: 'sender2', message: 'sender2: a version 1 key; with flows= give flow 2 as f2.sender' },
    ]);
    expect(errors('preset=fall-floyd&sender2=sack&f2.sender=tahoe')).toEqual([
      {
        key: 'f2.sender',
        message: "f2.sender: flow 2's sender is given by sender2 already; give one of them",
      },
    ]);
    expect(errors('preset=geo-segment-8&drops2=3&f2.drops=4')).toEqual([
      { key: 'drops2', message: 'drops2: a version 1 key; give f2.drops only' },
    ]);
  });

  it('stop must follow every flow’s start, naming the latest flow', () => {
    expect(errors('preset=fall-floyd&flows=reno,reno&f2.start=3&stop=2')).toEqual([
      { key: 'stop', message: 'stop: must be later than the start of flow 2 at 3 s, got 2' },
    ]);
    expect(ok('preset=fall-floyd&flows=reno,reno&f2.start=3&stop=4').scenario.stop).toBe(4);
  });

  it('reports every bad key at once, in query order, plus the unknown ones', () => {
    expect(errors('loss=2&foo=1&queue=0&preset=zzz').map((e) => e.key)).toEqual([
      'foo',
      'preset',
      'loss',
      'queue',
    ]);
  });

  it('a repeated key is an error, even with the same value', () => {
    expect(errors('drops=15&drops=15')).toEqual([
      { key: 'drops', message: 'drops: given more than once; give each key once' },
    ]);
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
    expect(ok('seed=5').warnings).toEqual(['seed: has no effect without random loss (loss is 0)']);
    expect(ok('seed=5&loss=0.01').warnings).toEqual([]);
    expect(ok('sender=reno&bugfix=0').warnings).toEqual([]);
    // bugfix matters as soon as one flow is TCP; rwnd as soon as one is SCTP
    expect(ok('flows=sctp-2960,reno&bugfix=0').warnings).toEqual([]);
    expect(ok('rwnd=30000').warnings).toEqual(['rwnd: has no effect on TCP senders (use window)']);
    expect(ok('flows=reno,sctp-4960&rwnd=30000').warnings).toEqual([]);
  });
});

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
  it.each(hostile.map((h) => [h.length > 60 ? `${h.slice(0, 57)}…` : h, h]))('%s', (_label, qs) => {
    const started = performance.now();
    const r = parseScenarioQuery(qs);
    expect(performance.now() - started).toBeLessThan(200);
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
  });

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
