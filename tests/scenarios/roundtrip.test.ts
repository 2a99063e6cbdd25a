/**
 * Property tests of the URL codec (fast-check): for every valid scenario,
 * parse(toQuery(s)) deep-equals s, the query is canonical and readable, and the parser never
 * throws on arbitrary text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  SENDER_IDS,
  limits,
  longestStop,
  parseScenarioQuery,
  scenarioToQuery,
  validateScenario,
  type DropSpec,
  type Scenario,
} from '../../src/scenarios';

const dropList = fc
  .uniqueArray(
    fc.record({
      packet: fc.integer({ min: 1, max: 100_000 }),
      transmission: fc.integer({ min: 1, max: 100 }),
    }),
    { maxLength: 30, selector: (d) => `${d.packet}:${d.transmission}` },
  )
  .map((ds: DropSpec[]) =>
    [...ds].sort((a, b) => a.packet - b.packet || a.transmission - b.transmission),
  );

const real = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x));

/** A valid scenario: each key in range; stop kept inside the run budget and after the start. */
const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    preset: fc.constantFrom(...PRESETS.map((p) => p.id)),
    sender: fc.constantFrom(...SENDER_IDS),
    sender2: fc.option(fc.constantFrom(...SENDER_IDS), { nil: null }),
    drops: dropList,
    drops2: dropList,
    loss: real(0, 0.5),
    seed: fc.nat({ max: 4294967295 }),
    bw: fc.oneof(real(1e3, 1e10), fc.constantFrom(1e3, 800e3, 1e10)),
    delay: real(0, 10),
    queue: fc.integer({ min: 2, max: 10000 }),
    window: fc.integer({ min: 1, max: 10000 }),
    mss: fc.integer({ min: 64, max: 9000 }),
    stop: real(1.001, 2000),
    maxburst: fc.integer({ min: 0, max: 1000 }),
    bugfix: fc.boolean(),
    icwnd: fc.integer({ min: 1, max: 100 }),
    frtx: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
    handshake: fc.boolean(),
    delack: fc.boolean(),
  })
  .map((r) => {
    const s: Scenario = { v: 1 as const, ...r, drops2: r.sender2 === null ? [] : r.drops2 };
    return { ...s, stop: longestStop(s) ?? s.stop };
  })
  .filter((s) => validateScenario(s).length === 0);

describe('URL round trip', () => {
  it('parse(toQuery(s)) deep-equals s, with no warnings', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const qs = scenarioToQuery(s);
        const r = parseScenarioQuery(qs);
        if (!r.ok) throw new Error(`${qs}: ${JSON.stringify(r.errors)}`);
        expect(r.scenario).toEqual(s);
        expect(r.warnings.filter((w) => !w.startsWith('seed') && !w.startsWith('bugfix'))).toEqual(
          [],
        );
      }),
      { numRuns: 500 },
    );
  });

  it('the query is canonical: toQuery(parse(q)) === q, and uses only readable characters', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const qs = scenarioToQuery(s);
        expect(qs).toMatch(/^preset=[a-z0-9-]+&sender=[a-z0-9-]+(&[a-z0-9]+=[A-Za-z0-9.,:-]*)*$/);
        const r = parseScenarioQuery(qs);
        expect(r.ok && scenarioToQuery(r.scenario)).toBe(qs);
        expect(qs.length).toBeLessThan(limits.MAX_QUERY_CHARS);
      }),
      { numRuns: 300 },
    );
  });

  it('the generator is not vacuous: it produces scenarios that differ from their preset', () => {
    const samples = fc.sample(scenarioArb, 50);
    expect(samples.length).toBe(50);
    expect(samples.filter((s) => scenarioToQuery(s).split('&').length > 10).length).toBeGreaterThan(
      25,
    );
  });

  it('never throws on arbitrary text, and every error names a key', () => {
    const keyish = fc.constantFrom(
      'v',
      'preset',
      'sender',
      'drops',
      'loss',
      'bw',
      'frtx',
      'sender2',
      'x',
      '__proto__',
    );
    const piece = fc.tuple(keyish, fc.string({ maxLength: 20 })).map(([k, v]) => `${k}=${v}`);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.array(piece, { maxLength: 8 }).map((p) => p.join('&')),
        ),
        (qs) => {
          const r = parseScenarioQuery(qs);
          if (!r.ok) for (const e of r.errors) expect(e.message.length).toBeGreaterThan(0);
          else expect(validateScenario(r.scenario)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
