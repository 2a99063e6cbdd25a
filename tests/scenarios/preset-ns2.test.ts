/**
 * Every "matches ns-2.35" claim of a preset (Preset.ns2) is backed by its fixture:
 *
 * - 'events': the preset as the app opens it (`preset=<id>&sender=<sender>`, through the
 *   scenario module's parser and buildSimConfig, not the engine tests' inline config) is run and
 *   compared with the named ns-2.35 run of tests/fixtures/ns2: every router event at R1 at its
 *   exact time, every cwnd/ssthresh change, the per-ACK state, and the run must stop at the
 *   fixture's 6.0 s;
 * - 'table': the fixture exists in tests/fixtures/ns2-tables with rows of the number of seeds the
 *   claim names (at least 60, twice our 30), and the preset's experiment test (the long tier's
 *   tests/tables/<id>.test.ts, which runs the comparison over 30 seeds — too slow to repeat
 *   here) and the unit tier's 5-seed smoke test (tests/experiments/tables-smoke.test.ts) name
 *   the preset.
 *
 * And the converse for the Fall & Floyd family: a sender without a claim (CUBIC, SCTP) has no
 * published fixture, so the mark is never missing where it is earned.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { buildSimConfig, parseScenarioQuery, PRESETS } from '../../src/scenarios';
import {
  engineVarsChanges,
  firstAckStateDivergence,
  firstVarsDivergence,
  ns2VarsChanges,
} from '../helpers/ns2-compare';
import { loadEvents, loadManifest, loadVars } from '../helpers/ns2-fixtures';
import { firstDivergence, r1Events } from '../helpers/r1-events';

const manifest = loadManifest();
const runs = new Map(manifest.runs.map((r) => [r.name, r]));
const STOP = manifest.stopS;

const claims = PRESETS.flatMap((p) => (p.ns2 ?? []).map((c) => ({ preset: p, claim: c })));

describe('preset ns-2.35 claims', () => {
  it('some presets make claims of both kinds, each with a sentence saying what was compared', () => {
    expect(claims.filter((c) => c.claim.kind === 'events').length).toBeGreaterThanOrEqual(30);
    expect(claims.filter((c) => c.claim.kind === 'table').length).toBe(3);
    for (const { claim } of claims) expect(claim.what.length).toBeGreaterThan(40);
  });

  it('no preset claims two fixtures for the same sender', () => {
    for (const p of PRESETS) {
      const senders = (p.ns2 ?? []).map((c) => c.sender ?? '*');
      expect(new Set(senders).size, p.id).toBe(senders.length);
    }
  });
});

describe.each(
  claims
    .filter((c) => c.claim.kind === 'events')
    .map((c) => [`${c.preset.id} ${c.claim.sender ?? ''}`, c] as const),
)('events claim %s', (_name, { preset, claim }) => {
  it(`equals ns-2.35 run ${claim.fixture} event for event`, () => {
    const r = runs.get(claim.fixture);
    expect(r, `no run ${claim.fixture} in tests/fixtures/ns2/manifest.json`).toBeDefined();
    // ns-2.35's published Fall & Floyd traces, or its Agent/TCP/Vegas runs of the same script.
    expect(['published', 'vegas']).toContain(r!.set);
    const q = `preset=${preset.id}${claim.sender ? `&sender=${claim.sender}` : ''}`;
    const parsed = parseScenarioQuery(q);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
    const cfg = buildSimConfig(parsed.scenario);
    expect(cfg.stopS).toBe(STOP);
    const trace = run(cfg);
    const ours = r1Events(trace, { before: STOP });
    const theirs = loadEvents(claim.fixture).filter((e) => e.time < STOP);
    expect(theirs.length).toBeGreaterThan(100);
    const ev = firstDivergence(ours, theirs)?.report ?? null;
    expect(ev, ev ?? '').toBeNull();
    const vars = loadVars(claim.fixture);
    const vd = firstVarsDivergence(engineVarsChanges(trace, STOP), ns2VarsChanges(vars, STOP));
    expect(vd, vd ?? '').toBeNull();
    const ad = firstAckStateDivergence(trace, vars, STOP);
    expect(ad, ad ?? '').toBeNull();
  });
});

describe.each(claims.filter((c) => c.claim.kind === 'table').map((c) => [c.preset.id, c] as const))(
  'table claim %s',
  (id, { claim }) => {
    it(`fixture ${claim.fixture} exists and the experiment test compares the preset with it`, () => {
      const path = join(import.meta.dirname, '..', 'fixtures', 'ns2-tables', claim.fixture);
      expect(existsSync(path), path).toBe(true);
      const d = JSON.parse(readFileSync(path, 'utf8')) as { rows: { runs: unknown[] }[] };
      expect(d.rows.length).toBeGreaterThan(0);
      const seeds = d.rows[0]!.runs.length;
      expect(seeds).toBeGreaterThanOrEqual(60);
      for (const row of d.rows) expect(row.runs).toHaveLength(seeds);
      expect(claim.what).toContain(`over ${seeds} seeds`);
      expect(claim.fixture).toBe(`${id}.json`); // loadTable(preset) reads <preset>.json
      const test = readFileSync(join(import.meta.dirname, '..', 'tables', `${id}.test.ts`), 'utf8');
      expect(test).toMatch(new RegExp(`describeTableAgreement\\('${id}'`));
      const smoke = join(import.meta.dirname, '..', 'experiments', 'tables-smoke.test.ts');
      expect(readFileSync(smoke, 'utf8')).toMatch(new RegExp(`describeTableAgreement\\('${id}'`));
    });
  },
);

describe('Fall & Floyd presets: the claims cover exactly the senders with an ns-2.35 run', () => {
  const FIXTURE: Record<string, string> = {
    tahoe: 'tcp-ff96-tahoe',
    reno: 'tcp-ff96-reno',
    newreno: 'tcp-ff96-newreno',
    sack: 'tcp-ff96-sack1',
    fack: 'tcp-ff96-fack',
    vegas: 'vegas',
  };
  for (const p of PRESETS.filter((x) => x.topology === 'fall-floyd' && x.ns2)) {
    it(p.id, () => {
      const senders = (p.ns2 ?? []).map((c) => c.sender).sort();
      expect(senders).toEqual(Object.keys(FIXTURE).sort());
      for (const c of p.ns2 ?? [])
        expect(c.fixture).toMatch(new RegExp(`^${FIXTURE[c.sender!]}-d\\d$`));
    });
  }
});
