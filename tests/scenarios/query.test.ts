import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIO,
  parseScenarioQuery,
  scenarioFromPreset,
  scenarioToQuery,
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

describe('defaults', () => {
  it('the empty query gives DEFAULT_SCENARIO: Reno on ff-3-drops', () => {
    expect(ok('').scenario).toEqual(DEFAULT_SCENARIO);
    expect(ok('?').scenario).toEqual(DEFAULT_SCENARIO);
    expect(DEFAULT_SCENARIO).toEqual({
      v: 1,
      preset: 'ff-3-drops',
      sender: 'reno',
      sender2: null,
      drops: [
        { packet: 15, transmission: 1 },
        { packet: 27, transmission: 1 },
        { packet: 29, transmission: 1 },
      ],
      drops2: [],
      loss: 0,
      seed: 1,
      bw: 800_000,
      delay: 0.1,
      queue: 8,
      window: 28,
      mss: 1000,
      stop: 6,
      maxburst: 0,
      bugfix: true,
      icwnd: 1,
      frtx: null,
      handshake: false,
      delack: false,
    });
  });

  it('DEFAULT_SCENARIO is frozen, and parsing returns fresh objects', () => {
    expect(Object.isFrozen(DEFAULT_SCENARIO)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SCENARIO.drops)).toBe(true);
    const a = ok('').scenario;
    a.drops.push({ packet: 1, transmission: 1 });
    expect(ok('').scenario.drops).toHaveLength(3);
  });

  it('a preset sets the drops; explicit keys override it', () => {
    expect(ok('preset=ff-5-drops').scenario.drops.map((d) => d.packet)).toEqual([
      15, 23, 25, 27, 29,
    ]);
    expect(ok('preset=ff-5-drops&drops=15').scenario.drops).toEqual([
      { packet: 15, transmission: 1 },
    ]);
    expect(ok('preset=ff-3-drops&drops=').scenario.drops).toEqual([]);
    expect(ok('preset=fall-floyd').scenario.drops).toEqual([]);
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

  it('reads every key', () => {
    const s = ok(
      'v=1&preset=fall-floyd&sender=sack&sender2=newreno&drops=3,3:2&drops2=8&loss=0.01&seed=7&bw=1.5e6' +
        '&delay=0.25&queue=20&window=45&mss=1448&stop=30&maxburst=4&bugfix=0&icwnd=2&frtx=4&handshake=1&delack=1',
    ).scenario;
    expect(s).toEqual({
      v: 1,
      preset: 'fall-floyd',
      sender: 'sack',
      sender2: 'newreno',
      drops: [
        { packet: 3, transmission: 1 },
        { packet: 3, transmission: 2 },
      ],
      drops2: [{ packet: 8, transmission: 1 }],
      loss: 0.01,
      seed: 7,
      bw: 1_500_000,
      delay: 0.25,
      queue: 20,
      window: 45,
      mss: 1448,
      stop: 30,
      maxburst: 4,
      bugfix: false,
      icwnd: 2,
      frtx: 4,
      handshake: true,
      delack: true,
    });
  });

  it('accepts a leading "?", %-encoded commas, "+" as space around values, and auto/none', () => {
    expect(ok('?preset=ff-1-drops&drops=15%2C29').scenario.drops.map((d) => d.packet)).toEqual([
      15, 29,
    ]);
    expect(ok('drops=15,+29').scenario.drops.map((d) => d.packet)).toEqual([15, 29]);
    expect(ok('frtx=auto').scenario.frtx).toBeNull();
    expect(ok('sender2=none').scenario.sender2).toBeNull();
    expect(ok('sender2=').scenario.sender2).toBeNull();
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
      'preset=ff-3-drops&sender=newreno&sender2=sack&drops=15,15:2&loss=1e-7&bw=2000000000&maxburst=4&frtx=4&delack=1',
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
    ['stop=0.5', 'stop: must be later than the flow start at 1 s, got 0.5'],
    ['maxburst=-1', 'maxburst: must be a whole number between 0 and 1000 (packets), got "-1"'],
    ['bugfix=yes', 'bugfix: must be 0 or 1, got "yes"'],
    ['bugfix=2', 'bugfix: must be 0 or 1, got "2"'],
    ['icwnd=0', 'icwnd: must be a whole number between 1 and 100 (packets), got "0"'],
    ['frtx=0', 'frtx: must be a whole number between 1 and 20 (dupacks) or auto, got "0"'],
    ['handshake=true', 'handshake: must be 0 or 1, got "true"'],
    ['delack=', 'delack: must be 0 or 1, got ""'],
    ['v=2', 'v: unsupported version "2"; this app reads version 1'],
    ['foo=1', 'unknown key "foo"'],
    ['Drops=15', 'unknown key "Drops"'],
    ['drops2=8', 'drops2: needs a second flow (set sender2)'],
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
    expect(two!.message).toMatch(/bw or window; raise mss; or set sender2=none$/);
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
    expect(r.scenario.drops).toEqual([
      { packet: 15, transmission: 1 },
      { packet: 29, transmission: 1 },
      { packet: 29, transmission: 2 },
    ]);
    expect(r.warnings).toEqual(['drops: 15, 29 listed more than once; kept once']);
  });

  it('keys that cannot matter give warnings, not errors', () => {
    expect(ok('sender=sctp-2960&bugfix=0').warnings).toEqual([
      'bugfix: has no effect on SCTP senders',
    ]);
    expect(ok('seed=5').warnings).toEqual(['seed: has no effect without random loss (loss is 0)']);
    expect(ok('seed=5&loss=0.01').warnings).toEqual([]);
    expect(ok('sender=reno&bugfix=0').warnings).toEqual([]);
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
  ];
  it.each(hostile.map((h) => [h.length > 60 ? `${h.slice(0, 57)}…` : h, h]))('%s', (_label, qs) => {
    const started = performance.now();
    const r = parseScenarioQuery(qs);
    expect(performance.now() - started).toBeLessThan(200);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.length).toBeGreaterThan(0);
      expect(r.errors.length).toBeLessThanOrEqual(21);
      for (const e of r.errors) {
        expect(e.message.length).toBeLessThan(400);
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
