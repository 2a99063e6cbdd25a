import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, scenarioToQuery } from '../../src/ui/deps/scenarios';
import { buildQuery, parseLocation } from '../../src/ui/model/urlState';

describe('URL state', () => {
  it('round-trips the scenario and the view keys', () => {
    const q = '?preset=ff-2-drops&sender=newreno&compare=reno,newreno,sack&e=120&mod=90&theme=dark&panels=router,log&zoom=1.5-3.25&predict=rto';
    const p = parseLocation(q);
    expect(p.errors).toEqual([]);
    expect(p.view).toEqual({
      compare: ['reno', 'newreno', 'sack'],
      e: 120,
      mod: 90,
      theme: 'dark',
      panels: ['router', 'log'],
      zoom: [1.5, 3.25],
      predict: 'rto',
    });
    const again = parseLocation(`?${buildQuery(p.scenario, p.view)}`);
    expect(again.view).toEqual(p.view);
    expect(scenarioToQuery(again.scenario)).toBe(scenarioToQuery(p.scenario));
  });

  it('rejects out-of-range view values with a message instead of guessing', () => {
    const p = parseLocation('?e=-3&mod=1&theme=neon&compare=reno&zoom=5-2&panels=router,bogus');
    expect(p.errors.map((e) => e.key).sort()).toEqual(['compare', 'e', 'mod', 'panels', 'theme', 'zoom']);
    expect(p.view).toEqual({});
  });

  it('keeps cwnd units and a comparison preset\'s six senders; more, or unknown units, are refused', () => {
    const six = 'newreno,sack,fack,sctp-2960,sctp-newreno,sctp-newreno-ca';
    const p = parseLocation(`?preset=caro-fig5-3-drops&sender=sctp-newreno&compare=${six}&units=bytes`);
    expect(p.errors).toEqual([]);
    expect(p.view.compare).toHaveLength(6);
    expect(p.view.units).toBe('bytes');
    const q = buildQuery(p.scenario, p.view);
    expect(q).toContain(`compare=${six}`);
    expect(q).toContain('units=bytes');
    expect(buildQuery(p.scenario, { units: 'packets' })).not.toContain('units');
    const bad = parseLocation(`?compare=${six},reno&units=kb`);
    expect(bad.errors.map((e) => e.key).sort()).toEqual(['compare', 'units']);
  });

  it('falls back to the default scenario on a hostile query and keeps the raw text as text', () => {
    const p = parseLocation('?drops=abc&sender=<script>alert(1)</script>');
    expect(p.scenario).toEqual(DEFAULT_SCENARIO);
    expect(p.errors.length).toBeGreaterThanOrEqual(2);
    expect(p.errors.some((e) => e.message.includes('<script>'))).toBe(true);
  });

  it('bounds the length of quoted values', () => {
    const p = parseLocation(`?theme=${'x'.repeat(5000)}`);
    expect(p.errors[0]!.message.length).toBeLessThan(200);
  });
});
