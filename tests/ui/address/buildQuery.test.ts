/**
 * buildQuery at 120 flows (Vicuña et al. scenario C, n=100): the scenario's part is written once
 * per scenario object and joined to the view keys; an edited scenario (a new object) is written
 * anew.
 */
import { describe, expect, it } from 'vitest';
import { buildQuery, parseLocation } from '../../../src/ui/model/urlState';

const C = 'preset=vicuna-c-tcp-udp&n=100';

describe('buildQuery, 120 flows', () => {
  it('the cursor key alone changes between steps; view keys follow the scenario keys', () => {
    const p = parseLocation(`?${C}&e=5`);
    expect(p.ok).toBe(true);
    expect(p.scenario.flows.length).toBe(120);
    expect(buildQuery(p.scenario, { e: 5 })).toBe(`${C}&sender=newreno&e=5`);
    expect(buildQuery(p.scenario, { e: 6, theme: 'dark', compare: ['reno', 'newreno@rfc'] })).toBe(
      `${C}&sender=newreno&compare=reno,newreno@rfc&e=6&theme=dark`,
    );
    expect(buildQuery(p.scenario, {})).toBe(`${C}&sender=newreno`);
  });

  it('an edited scenario (a new object) is written with its edit, the old one as before', () => {
    const p = parseLocation(`?${C}`);
    const before = buildQuery(p.scenario, { e: 1 });
    const edited = { ...p.scenario, stop: 50, queue: 40 };
    expect(buildQuery(edited, { e: 1 })).toBe(`${C}&sender=newreno&queue=40&stop=50&e=1`);
    expect(buildQuery(p.scenario, { e: 1 })).toBe(before);
    // What the address says reads back as the edited scenario.
    const back = parseLocation(`?${buildQuery(edited, { e: 1 })}`);
    expect(back.ok).toBe(true);
    expect(back.scenario.stop).toBe(50);
    expect(back.scenario.queue).toBe(40);
    expect(back.view.e).toBe(1);
  });
});
