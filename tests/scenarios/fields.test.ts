import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  APP_KEY_USERS,
  TRANSPORT_ONLY_KEYS,
  DEFAULT_SCENARIO,
  FLOW_KEYS,
  MAX_FLOWS,
  PRESETS,
  PROFILE_IDS,
  RUN_KEYS,
  SCENARIO_KEYS,
  SCENARIO_KEY_ORDER,
  SENDER_IDS,
  keyMeta,
  validateField,
  type FlowSpec,
  type Scenario,
  type ScenarioKey,
} from '../../src/scenarios';

/** The opening scenario's value of a key: a run or meta key's, or flow 1's. */
const defaultOf = (key: ScenarioKey): unknown =>
  key in DEFAULT_SCENARIO
    ? (DEFAULT_SCENARIO as unknown as Record<string, unknown>)[key]
    : DEFAULT_SCENARIO.flows[0]![key as keyof FlowSpec];
import { formatNumber, readableNumber } from '../../src/scenarios/format';
import { keyTable } from '../../src/scenarios/key-tables';

describe('SCENARIO_KEYS', () => {
  it('covers every Scenario and FlowSpec key exactly once, in canonical order', () => {
    expect(SCENARIO_KEYS.map((m) => m.key)).toEqual([...SCENARIO_KEY_ORDER]);
    const keys = new Set([
      ...Object.keys(DEFAULT_SCENARIO),
      ...Object.keys(DEFAULT_SCENARIO.flows[0]!),
    ]);
    expect([...SCENARIO_KEY_ORDER].sort()).toEqual([...keys].sort());
    expectTypeOf<ScenarioKey>().toEqualTypeOf<keyof Scenario | keyof FlowSpec>();
  });

  it('scopes: v, preset, n and flows are meta keys; RUN_KEYS run keys; FLOW_KEYS per flow', () => {
    const scoped = (scope: string) =>
      SCENARIO_KEYS.filter((m) => m.scope === scope).map((m) => m.key);
    expect(scoped('meta')).toEqual(['v', 'preset', 'n', 'flows']);
    expect(scoped('run')).toEqual([...RUN_KEYS]);
    expect([...scoped('flow')].sort()).toEqual([...FLOW_KEYS].sort());
    // v1's sender2 and drops2 are read from URLs (migrated to flow 2) but are no form fields.
    expect(keyMeta('sender2')).toBeUndefined();
    expect(keyMeta('drops2')).toBeUndefined();
  });

  it('the form shows a field for every key but v, preset, flows, sender and drops (own controls)', () => {
    const own = SCENARIO_KEYS.filter((m) => m.formField === false).map((m) => m.key);
    expect(own).toEqual(['v', 'preset', 'flows', 'sender', 'drops']);
  });

  it('an application key names the applications that read it; the transport keys are marked', () => {
    expect(APP_KEY_USERS).toEqual({
      bytes: ['file', 'ftp-clients'],
      size: ['cbr', 'onoff', 'voip'],
      pps: ['cbr'],
      on: ['onoff'],
      off: ['onoff'],
      rate: ['onoff'],
      hold: ['voip'],
      gap: ['voip'],
      talk: ['voip'],
      silence: ['voip'],
      frame: ['voip'],
      shape: ['ftp-clients'],
      think: ['ftp-clients'],
    });
    expect(TRANSPORT_ONLY_KEYS).toEqual([
      'window',
      'rwnd',
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
    ]);
  });

  it('gives every non-enum key a range and step, every enum key its options, and every key help', () => {
    for (const m of SCENARIO_KEYS) {
      expect(m.label.length, m.key).toBeGreaterThan(1);
      expect(m.help.length, m.key).toBeGreaterThan(20);
      if (m.kind === 'enum' || m.kind === 'list') {
        expect(m.options!.length, m.key).toBeGreaterThan(0);
      } else if (m.kind === 'name') {
        expect(m.nullText, m.key).toBe('auto');
      } else if (m.kind === 'links') {
        expect([m.min, m.max], m.key).toEqual([0, 2000]);
      } else if (m.kind === 'senders') {
        expect(m.options, m.key).toEqual(SENDER_IDS);
        expect([m.min, m.max], m.key).toEqual([1, MAX_FLOWS]);
      } else {
        expect(m.min, m.key).toBeTypeOf('number');
        expect(m.max!, m.key).toBeGreaterThanOrEqual(m.min!);
        expect(m.step, m.key).toBeGreaterThan(0);
      }
    }
    expect(keyMeta('sender')!.options).toEqual(SENDER_IDS);
    expect(keyMeta('preset')!.options).toEqual(PRESETS.map((p) => p.id));
    expect(keyMeta('profile')!.options).toEqual(PROFILE_IDS);
    expect(PROFILE_IDS).toEqual(['ff96', 'ns2', 'rfc']);
    expect(keyMeta('flows')).toMatchObject({ kind: 'senders', max: 128, scope: 'meta' });
    expect(keyMeta('n')).toMatchObject({ kind: 'int', min: 0, max: 128, nullText: 'none' });
    expect(keyMeta('v')).toMatchObject({ kind: 'int', min: 1, max: 2 });
    expect(keyMeta('start')).toMatchObject({ unit: 's', min: 0, max: 2000, scope: 'flow' });
    expect(keyMeta('rwnd')).toMatchObject({ unit: 'bytes', min: 1500, nullText: 'auto' });
    // The keys a profile may decide read "auto" (null in the Scenario).
    for (const k of ['rwnd', 'maxburst', 'icwnd', 'frtx', 'handshake'])
      expect(keyMeta(k)!.nullText, k).toBe('auto');
    expect(keyMeta('bw')).toMatchObject({ unit: 'bit/s', min: 1e3, max: 1e10, kind: 'number' });
    expect(keyMeta('queue')).toMatchObject({ unit: 'packets', min: 2, kind: 'int' });
    expect(keyMeta('stop')).toMatchObject({ unit: 's', max: 2000 });
    expect(keyMeta('loss')).toMatchObject({ min: 0, max: 0.5 });
    expect(keyMeta('seed')).toMatchObject({ min: 0, max: 4294967295, kind: 'int' });
    expect(keyMeta('frtx')).toMatchObject({ nullText: 'auto' });
    expect(keyMeta('nope')).toBeUndefined();
  });

  it('every default value is inside its own range', () => {
    for (const m of SCENARIO_KEYS) {
      const v = defaultOf(m.key);
      if (typeof v === 'number') {
        expect(v, m.key).toBeGreaterThanOrEqual(m.min!);
        expect(v, m.key).toBeLessThanOrEqual(m.max!);
      }
    }
  });
});

describe('validateField (inline form checks)', () => {
  it.each([
    ['loss', '0.02', null],
    ['loss', '0.5', null],
    ['loss', 'abc', 'loss: must be a number between 0 and 0.5 (probability), got "abc"'],
    ['bw', '1e3', null],
    ['bw', '8e5', null],
    ['bw', '10', 'bw: must be a number between 1000 and 1e10 (bit/s), got "10"'],
    ['queue', '8', null],
    ['queue', '8.5', 'queue: must be a whole number between 2 and 10000 (packets), got "8.5"'],
    ['drops', '15,27:2', null],
    ['drops', '', null],
    ['drops', '0', 'drops: packet 0 is out of range 1–100000'],
    ['bugfix', '1', null],
    ['bugfix', 'on', 'bugfix: must be 0 or 1, got "on"'],
    ['sender', 'fack', null],
    ['sender', 'westwood', /^sender: unknown sender "westwood"; must be one of tahoe, /],
    ['frtx', 'auto', null],
    ['frtx', '3', null],
    ['frtx', '30', 'frtx: must be a whole number between 1 and 20 (dupacks) or auto, got "30"'],
    ['preset', 'ff-0-drops', null],
    ['preset', 'geo-table2', null],
    ['v', '1', null],
    ['v', '2', null],
    ['v', '3', 'v: must be a whole number between 1 and 2, got "3"'],
    ['n', '4', null],
    ['n', 'none', null],
    ['n', '0', null],
    ['n', '-1', 'n: must be a whole number between 0 and 128 or none, got "-1"'],
    ['flows', 'sack,sctp-4960', null],
    ['flows', 'reno', null],
    [
      'flows',
      'sack,westwood',
      /^flows: unknown sender "westwood"; each must be one of tahoe, reno, /,
    ],
    ['start', '1.5', null],
    ['start', '-1', 'start: must be a number between 0 and 2000 (s), got "-1"'],
    ['rwnd', 'auto', null],
    ['rwnd', '65536', null],
    [
      'rwnd',
      '1000',
      'rwnd: must be a whole number between 1500 and 1e8 (bytes) or auto, got "1000"',
    ],
    ['icwnd', 'auto', null],
    ['maxburst', 'auto', null],
    ['handshake', 'auto', null],
    ['handshake', '1', null],
    ['profile', 'ns2', null],
    ['profile', 'ns3', 'profile: unknown profile "ns3"; must be one of ff96, ns2, rfc'],
    // a flow's key is checked as its key and named as typed
    ['f2.mss', '1448', null],
    ['f2.mss', '10', 'f2.mss: must be a whole number between 64 and 9000 (bytes), got "10"'],
    ['f3.sender', 'sctp-4960', null],
    ['f2.drops', '0', 'f2.drops: packet 0 is out of range 1–100000'],
    ['f0.mss', '1448', 'unknown key "f0.mss"'],
    ['f129.mss', '1448', 'unknown key "f129.mss"'],
    ['f2.preset', 'ff-0-drops', 'unknown key "f2.preset"'],
    // v1's keys, read as flow 2's
    ['sender2', '', null],
    ['sender2', 'none', null],
    ['sender2', 'sctp-2960', null],
    ['sender2', 'westwood', /^sender2: unknown sender "westwood"; must be one of tahoe, /],
    ['drops2', '8,8:2', null],
    ['drops2', '0', 'drops2: packet 0 is out of range 1–100000'],
    ['foo', '1', 'unknown key "foo"'],
    ['__proto__', '1', 'unknown key "__proto__"'],
  ] as const)('%s = %j', (key, raw, expected) => {
    const got = validateField(key, raw);
    if (expected === null || typeof expected === 'string') expect(got).toBe(expected);
    else expect(got).toMatch(expected);
  });

  it('accepts surrounding spaces as a form would send them', () => {
    expect(validateField('loss', ' 0.1 ')).toBeNull();
  });
});

describe('number text', () => {
  it('formatNumber drops the exponent "+" and writes -0 as 0', () => {
    expect(formatNumber(1e21)).toBe('1e21');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(0.1)).toBe('0.1');
    expect(formatNumber(1e-7)).toBe('1e-7');
  });
  it('readableNumber writes round large powers with an exponent', () => {
    expect(readableNumber(1e10)).toBe('1e10');
    expect(readableNumber(4294967295)).toBe('4294967295');
    expect(readableNumber(1000)).toBe('1000');
  });
});

/**
 * The generated key tables (key-tables.ts; the READMEs hold them, key-tables.test.ts): one row
 * per key, in canonical order, with the opening scenario's default.
 */
for (const audience of ['user', 'dev'] as const) {
  describe(`the ${audience} key table`, () => {
    const rows = keyTable(audience)
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| /, '').replace(/ \|$/, '').trim()));

    it('has one row per key, in canonical order', () => {
      expect(rows.map((r) => r[0])).toEqual(SCENARIO_KEY_ORDER.map((k) => `\`${k}\``));
      for (const r of rows) expect(r).toHaveLength(5);
    });

    it('states the default of the opening scenario and the range of each numeric key', () => {
      for (const r of rows) {
        const key = r[0]!.replace(/`/g, '') as ScenarioKey;
        const m = keyMeta(key)!;
        const [, , unit, def, range] = r;
        const v = defaultOf(key);
        if (typeof v === 'number' && key !== 'v') expect(def, key).toBe(formatNumber(v));
        if (typeof v === 'boolean') expect(def, key).toBe(v ? '1' : '0');
        // auto / none keys say so
        if (v === null && m.nullText) expect(def, key).toContain(m.nullText);
        if ((m.kind === 'number' || m.kind === 'int') && m.min !== m.max) {
          expect(range, key).toContain(`${readableNumber(m.min!)}–${readableNumber(m.max!)}`);
        }
        if (m.unit && m.kind !== 'drops') expect(unit, key).toBe(m.unit);
      }
    });
  });
}
