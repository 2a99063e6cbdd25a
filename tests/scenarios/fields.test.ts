import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DEFAULT_SCENARIO,
  SCENARIO_KEYS,
  SCENARIO_KEY_ORDER,
  SENDER_IDS,
  keyMeta,
  validateField,
  type Scenario,
  type ScenarioKey,
} from '../../src/scenarios';
import { formatNumber, readableNumber } from '../../src/scenarios/format';

describe('SCENARIO_KEYS', () => {
  it('covers every Scenario key exactly once, in canonical order', () => {
    expect(SCENARIO_KEYS.map((m) => m.key)).toEqual([...SCENARIO_KEY_ORDER]);
    expect([...SCENARIO_KEY_ORDER].sort()).toEqual(Object.keys(DEFAULT_SCENARIO).sort());
    expectTypeOf<ScenarioKey>().toEqualTypeOf<keyof Scenario>();
  });

  it('gives every non-enum key a range and step, every enum key its options, and every key help', () => {
    for (const m of SCENARIO_KEYS) {
      expect(m.label.length, m.key).toBeGreaterThan(1);
      expect(m.help.length, m.key).toBeGreaterThan(20);
      if (m.kind === 'enum') {
        expect(m.options!.length, m.key).toBeGreaterThan(0);
      } else {
        expect(m.min, m.key).toBeTypeOf('number');
        expect(m.max!, m.key).toBeGreaterThanOrEqual(m.min!);
        expect(m.step, m.key).toBeGreaterThan(0);
      }
    }
    expect(keyMeta('sender')!.options).toEqual(SENDER_IDS);
    expect(keyMeta('preset')!.options).toContain('ff-3-drops');
    expect(keyMeta('bw')).toMatchObject({ unit: 'bit/s', min: 1e3, max: 1e10, kind: 'number' });
    expect(keyMeta('queue')).toMatchObject({ unit: 'packets', min: 2, kind: 'int' });
    expect(keyMeta('stop')).toMatchObject({ unit: 's', max: 2000 });
    expect(keyMeta('loss')).toMatchObject({ min: 0, max: 0.5 });
    expect(keyMeta('seed')).toMatchObject({ min: 0, max: 4294967295, kind: 'int' });
    expect(keyMeta('frtx')).toMatchObject({ nullText: 'auto' });
    expect(keyMeta('sender2')).toMatchObject({ nullText: 'none' });
    expect(keyMeta('nope')).toBeUndefined();
  });

  it('every default value is inside its own range', () => {
    for (const m of SCENARIO_KEYS) {
      const v = DEFAULT_SCENARIO[m.key];
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
    ['sender', 'vegas', /^sender: unknown sender "vegas"; must be one of tahoe, /],
    ['sender2', '', null],
    ['sender2', 'none', null],
    ['frtx', 'auto', null],
    ['frtx', '3', null],
    ['frtx', '30', 'frtx: must be a whole number between 1 and 20 (dupacks) or auto, got "30"'],
    ['preset', 'ff-0-drops', null],
    ['v', '1', null],
    ['v', '2', 'v: must be 1, got "2"'],
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

describe('README "Scenario URL keys" table', () => {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const section = readme.split('## Scenario URL keys')[1]!.split('\n## ')[0]!;
  const rows = section
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
      const v = DEFAULT_SCENARIO[key];
      if (typeof v === 'number' && key !== 'v') expect(def, key).toBe(formatNumber(v));
      if (typeof v === 'boolean') expect(def, key).toBe(v ? '1' : '0');
      if ((m.kind === 'number' || m.kind === 'int') && m.min !== m.max) {
        expect(range, key).toContain(`${readableNumber(m.min!)}–${readableNumber(m.max!)}`);
      }
      if (m.unit && m.kind !== 'drops') expect(unit, key).toBe(m.unit);
    }
  });
});
