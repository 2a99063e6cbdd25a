/**
 * Version 1 links (one flow plus an optional `sender2`/`drops2`, `v=1`) open the scenario they
 * always did: the same SimConfig — nodes, link order (the trace's link indices), flows, scripted
 * drops, loss point — and so the same run and fingerprint. The expected values below were read
 * off the pre-v2 builder for these links. The writer then gives each link in v2 form (`flows=`,
 * `f2.drops`), which reads back to the same scenario. Giving one key under two names is an
 * error naming the key.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run, type SimConfig } from '../../src/engine';
import { fingerprint } from '../../src/trace/fingerprint';
import {
  SENDER_IDS,
  buildSimConfig,
  formatDrops,
  parseScenarioQuery,
  scenarioFromPreset,
  scenarioToQuery,
  validateScenario,
  type DropSpec,
  type FlatDefaults,
  type Scenario,
} from '../../src/scenarios';

function parsed(q: string): Scenario {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

/** The pieces of a SimConfig the migration must keep, as short text. */
function pieces(c: SimConfig) {
  return {
    nodes: c.nodes.join(' '),
    links: c.links.map((l) => `${l.a}-${l.b}`).join(' '),
    flows: c.flows.map((f) => `${f.sender} ${f.src}→${f.dst}`),
    drops: c.losses[0]!.drops.map(
      (d) => `${d.flow + 1}:${d.packet}${d.transmission > 1 ? `:${d.transmission}` : ''}`,
    ).join(' '),
  };
}

/** v1 link → its v2 form and the pieces of the config the pre-v2 builder made of it. */
const V1_LINKS: readonly {
  v1: string;
  v2: string;
  nodes: string;
  links: string;
  flows: string[];
  drops: string;
}[] = [
  {
    v1: 'preset=ff-3-drops&sender=reno',
    v2: 'preset=ff-3-drops&sender=reno',
    nodes: 'S1 R1 K1',
    links: 'S1-R1 R1-K1',
    flows: ['reno S1→K1'],
    drops: '1:15 1:27 1:29',
  },
  {
    v1: 'v=1&preset=ff-3-drops&sender=reno&sender2=sack',
    v2: 'preset=ff-3-drops&flows=reno,sack',
    nodes: 'S1 S2 R1 K1',
    links: 'S1-R1 R1-K1 S2-R1',
    flows: ['reno S1→K1', 'sack S2→K1'],
    drops: '1:15 1:27 1:29',
  },
  {
    v1: 'preset=fall-floyd&sender=reno&sender2=newreno&drops=15&drops2=8,8:2',
    v2: 'preset=fall-floyd&flows=reno,newreno&drops=15&f2.drops=8,8:2',
    nodes: 'S1 S2 R1 K1',
    links: 'S1-R1 R1-K1 S2-R1',
    flows: ['reno S1→K1', 'newreno S2→K1'],
    drops: '1:15 2:8 2:8:2',
  },
  {
    v1: 'preset=geo-segment-8',
    v2: 'preset=geo-segment-8&sender=sack',
    nodes: 'S1 S2 R1 K1',
    links: 'R1-K1 S1-R1 S2-R1',
    flows: ['sack S1→K1', 'sctp-2960 S2→K1'],
    drops: '1:8 2:8',
  },
  {
    v1: 'preset=geo-segment-8&sender2=none',
    v2: 'preset=geo-segment-8&flows=sack',
    nodes: 'S1 R1 K1',
    links: 'R1-K1 S1-R1',
    flows: ['sack S1→K1'],
    drops: '1:8',
  },
  {
    v1: 'preset=geo-segment-8&sender2=',
    v2: 'preset=geo-segment-8&flows=sack',
    nodes: 'S1 R1 K1',
    links: 'R1-K1 S1-R1',
    flows: ['sack S1→K1'],
    drops: '1:8',
  },
  {
    v1: 'preset=geo-segment-8&sender2=none&drops2=',
    v2: 'preset=geo-segment-8&flows=sack',
    nodes: 'S1 R1 K1',
    links: 'R1-K1 S1-R1',
    flows: ['sack S1→K1'],
    drops: '1:8',
  },
  {
    v1: 'preset=geo-segment-8&sender2=sctp-4960&drops2=5',
    v2: 'preset=geo-segment-8&flows=sack,sctp-4960&f2.drops=5',
    nodes: 'S1 S2 R1 K1',
    links: 'R1-K1 S1-R1 S2-R1',
    flows: ['sack S1→K1', 'sctp-4960 S2→K1'],
    drops: '1:8 2:5',
  },
  {
    v1: 'preset=geo-segment-8&drops2=',
    v2: 'preset=geo-segment-8&sender=sack&f2.drops=',
    nodes: 'S1 S2 R1 K1',
    links: 'R1-K1 S1-R1 S2-R1',
    flows: ['sack S1→K1', 'sctp-2960 S2→K1'],
    drops: '1:8',
  },
  {
    v1: 'preset=alamgir-fig9&sender2=sack',
    v2: 'preset=alamgir-fig9&flows=sctp-2960,sack',
    nodes: 'N0 N1 N2 N3 N4 N5',
    links: 'N0-N2 N2-N3 N3-N4 N1-N2 N3-N5',
    flows: ['sctp-2960 N0→N4', 'sack N1→N5'],
    drops: '1:24 1:63',
  },
  {
    v1: 'v=1&preset=alamgir-fig8&sender2=sctp-2960&drops2=4,9:2&loss=0.01&stop=30',
    v2: 'preset=alamgir-fig8&flows=sack,sctp-2960&f2.drops=4,9:2&loss=0.01&stop=30',
    nodes: 'N0 N1 N2 N3 N4 N5',
    links: 'N0-N2 N2-N3 N3-N4 N1-N2 N3-N5',
    flows: ['sack N0→N4', 'sctp-2960 N1→N5'],
    drops: '1:7 2:4 2:9:2',
  },
  {
    v1: 'v=1&preset=caro-fig5-2-drops&sender=sctp-2960&sender2=tahoe&bw=1e7&mss=64&stop=60&icwnd=100',
    v2: 'preset=caro-fig5-2-drops&flows=sctp-2960,tahoe&bw=10000000&mss=64&stop=60&icwnd=100',
    nodes: 'S1 S2 R1 K1',
    links: 'S1-R1 R1-K1 S2-R1',
    flows: ['sctp-2960 S1→K1', 'tahoe S2→K1'],
    drops: '1:15 1:29',
  },
];

describe('v1 links open the scenario they always did', () => {
  for (const c of V1_LINKS) {
    it(c.v1, () => {
      const s = parsed(c.v1);
      const cfg = buildSimConfig(s);
      expect(pieces(cfg)).toEqual({
        nodes: c.nodes,
        links: c.links,
        flows: c.flows,
        drops: c.drops,
      });
      // the writer gives the v2 form, which reads back the same scenario and config
      expect(scenarioToQuery(s)).toBe(c.v2);
      expect(parsed(c.v2)).toEqual(s);
      expect(buildSimConfig(parsed(c.v2))).toEqual(cfg);
      // v=1 and v=2 in front change nothing
      expect(parsed(`v=1&${c.v2}`)).toEqual(s);
      expect(parsed(`v=2&${c.v2}`)).toEqual(s);
    });
  }

  it('the v1 link and its v2 form run to the same trace (the same fingerprint)', () => {
    for (const c of [V1_LINKS[2]!, V1_LINKS[4]!, V1_LINKS[7]!]) {
      const stop = c.v1.includes('geo-segment-8') ? '&stop=5' : '';
      const a = fingerprint(run(buildSimConfig(parsed(c.v1 + stop))));
      const b = fingerprint(run(buildSimConfig(parsed(c.v2 + stop))));
      expect(b, c.v1).toBe(a);
    }
  });

  it('every v1 key keeps its meaning: a flat key sets every flow, sender/drops flow 1, sender2/drops2 flow 2', () => {
    const s = parsed(
      'v=1&preset=fall-floyd&sender=sack&sender2=sctp-2960&drops=3&drops2=4&window=20&mss=500&maxburst=2&bugfix=0&icwnd=3&frtx=2&handshake=1&delack=1',
    );
    expect(
      s.flows.map((f) => [
        f.sender,
        f.drops.map((d) => d.packet),
        f.window,
        f.mss,
        f.maxburst,
        f.bugfix,
        f.icwnd,
        f.frtx,
        f.handshake,
        f.delack,
      ]),
    ).toEqual([
      ['sack', [3], 20, 500, 2, false, 3, 2, true, true],
      ['sctp-2960', [4], 20, 500, 2, false, 3, 2, true, true],
    ]);
    // the keys v2 added keep the values v1 had built in
    for (const f of s.flows) expect([f.start, f.rwnd, f.profile]).toEqual([1, null, 'ff96']);
  });
});

describe('v1 key clashes are errors naming the key', () => {
  it.each([
    [
      'preset=fall-floyd&flows=reno,sack&sender2=tahoe',
      'sender2',
      'sender2: a version 1 key; with flows= give flow 2 as f2.sender',
    ],
    [
      'preset=fall-floyd&sender2=tahoe&flows=reno,sack',
      'sender2',
      'sender2: a version 1 key; with flows= give flow 2 as f2.sender',
    ],
    [
      'preset=fall-floyd&sender=reno&f1.sender=sack',
      'f1.sender',
      "f1.sender: sender is flow 1's already; give one of them",
    ],
    [
      'preset=geo-segment-8&drops2=3&f2.drops=4',
      'drops2',
      'drops2: a version 1 key; give f2.drops only',
    ],
    [
      'preset=geo-segment-8&sender2=sack&f2.sender=reno',
      'f2.sender',
      "f2.sender: flow 2's sender is given by sender2 already; give one of them",
    ],
    ['preset=fall-floyd&drops2=8', 'drops2', 'drops2: needs a second flow (set sender2 or flows)'],
    ['v=3&preset=fall-floyd', 'v', 'v: unsupported version "3"; this app reads versions 1 and 2'],
  ])('%s', (q, key, message) => {
    expect(parseScenarioQuery(q)).toEqual({ ok: false, errors: [{ key, message }] });
  });
});

// ------------------------------------------------------------------ property

/** The v1 presets (the ones v1 links can name). */
const V1_PRESETS = [
  'fall-floyd',
  'ff-2-drops',
  'caro-fig5-3-drops',
  'geo-segment-8',
  'alamgir-fig8',
  'alamgir-fig9',
];

const dropsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 4 })
  .map((ps): DropSpec[] =>
    [...ps].sort((a, b) => a - b).map((packet) => ({ packet, transmission: 1 })),
  );

/** A v1 link's keys in the flat form scenarioFromPreset takes. */
const v1Arb = fc.record(
  {
    sender: fc.constantFrom(...SENDER_IDS),
    sender2: fc.option(fc.constantFrom(...SENDER_IDS), { nil: null }),
    drops: dropsArb,
    drops2: dropsArb,
    window: fc.integer({ min: 2, max: 60 }),
    mss: fc.constantFrom(500, 1000, 1448),
    maxburst: fc.integer({ min: 0, max: 4 }),
    icwnd: fc.integer({ min: 1, max: 4 }),
    handshake: fc.boolean(),
    delack: fc.boolean(),
    loss: fc.constantFrom(0, 0.01),
    stop: fc.constantFrom(10, 20),
  },
  { requiredKeys: [] },
);

/** The v1 link text of flat overrides, keys in the given order. */
function v1Link(preset: string, o: Partial<FlatDefaults>, order: readonly string[]): string {
  const text = (k: string, v: unknown): string => {
    if (k === 'sender2') return v === null ? 'none' : String(v);
    if (k === 'drops' || k === 'drops2') return formatDrops(v as DropSpec[]);
    if (typeof v === 'boolean') return v ? '1' : '0';
    return String(v);
  };
  const keys = order.filter((k) => k in o);
  return [
    `preset=${preset}`,
    ...keys.map((k) => `${k}=${text(k, (o as Record<string, unknown>)[k])}`),
  ].join('&');
}

describe('any v1 link', () => {
  it('reads as scenarioFromPreset with the same flat keys, whatever the order typed; its v2 form reads back the same', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...V1_PRESETS),
        v1Arb,
        fc.shuffledSubarray(
          [
            'sender',
            'sender2',
            'drops',
            'drops2',
            'window',
            'mss',
            'maxburst',
            'icwnd',
            'handshake',
            'delack',
            'loss',
            'stop',
          ],
          { minLength: 12 },
        ),
        (preset, overrides, order) => {
          const o: Partial<FlatDefaults> = { ...overrides };
          // v1 refused drops2 without a second flow: keep to links it accepted
          const twoFlows =
            o.sender2 !== undefined
              ? o.sender2 !== null
              : scenarioFromPreset(preset).flows.length > 1;
          if (!twoFlows && o.drops2 && o.drops2.length > 0) delete o.drops2;
          const expected = scenarioFromPreset(preset, o);
          if (validateScenario(expected).length > 0) return;
          const link = v1Link(preset, o, order);
          const s = parsed(link);
          expect(s).toEqual(expected);
          expect(parsed(scenarioToQuery(s))).toEqual(s);
          // flow 2 exists exactly when v1 had one
          expect(s.flows.length).toBe(twoFlows ? 2 : 1);
        },
      ),
      { numRuns: 150, seed: 2026 },
    );
  });
});
