/**
 * The "matches ns-2.35" mark (model/ns2Mark.ts, components/Ns2Mark.tsx): shown for a preset as
 * written whose sender on screen a fixture pins, with what was compared and the fixture in its
 * tooltip; gone for an unpinned sender, an edited scenario, compare mode, a preset without a
 * claim.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Ns2Mark } from '../../src/ui/components/Ns2Mark';
import { ns2Mark } from '../../src/ui/model/ns2Mark';
import { parseQuery } from '../../src/ui/model/scenarioQuery';
import { resetApp, useApp } from '../../src/ui/store';

function scenario(q: string) {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scenario;
}

describe('ns2Mark', () => {
  it('a Fall & Floyd preset with a pinned TCP sender: every event, the run named', () => {
    const m = ns2Mark(scenario('preset=ff-1-drops&sender=reno'))!;
    expect(m.kind).toBe('events');
    expect(m.fixture).toBe('tcp-ff96-reno-d1');
    expect(m.tooltip).toMatch(/^Matches ns-2\.35: every event at router R1 .* every cwnd\/ssthresh change up to 6\.0 s equal ns-2\.35’s run \(run tcp-ff96-reno-d1 of tests\/fixtures\/ns2\)\./);
    expect(ns2Mark(scenario('preset=ff-3-drops&sender=sack'))!.fixture).toBe('tcp-ff96-sack1-d3');
  });

  it('the same preset with an unpinned sender (CUBIC, SCTP): no mark', () => {
    expect(ns2Mark(scenario('preset=ff-1-drops&sender=cubic'))).toBeNull();
    expect(ns2Mark(scenario('preset=ff-1-drops&sender=sctp-4960'))).toBeNull();
  });

  it('an edited scenario loses it: drops, maxburst, profile', () => {
    expect(ns2Mark(scenario('preset=ff-1-drops&sender=reno&drops=14'))).toBeNull();
    expect(ns2Mark(scenario('preset=ff-1-drops&sender=reno&maxburst=4'))).toBeNull();
    expect(ns2Mark(scenario('preset=ff-1-drops&sender=reno&profile=rfc'))).toBeNull();
  });

  it('a table preset: the means over seeds and the table fixture', () => {
    const m = ns2Mark(scenario('preset=geo-table2'))!;
    expect(m.kind).toBe('table');
    expect(m.tooltip).toContain('means over seeds 1–30');
    expect(m.tooltip).toContain('tests/fixtures/ns2-tables/geo-table2.json');
    // The row `n` is not an edit: the claim covers every row.
    expect(ns2Mark(scenario('preset=geo-table2&n=4'))).not.toBeNull();
    expect(ns2Mark(scenario('preset=geo-table2&loss=0.02'))).toBeNull();
  });

  it('no claim: Caro et al.’s SCTP preset, CUBIC’s; compare mode', () => {
    expect(ns2Mark(scenario('preset=caro-fig2-1-drop'))).toBeNull();
    expect(ns2Mark(scenario('preset=cubic-vs-reno'))).toBeNull();
    expect(ns2Mark(scenario('preset=ff-1-drops&sender=reno'), ['reno', 'newreno'])).toBeNull();
  });
});

describe('<Ns2Mark />', () => {
  beforeEach(() => resetApp());
  afterEach(() => cleanup());

  it('shows the mark with its tooltip, and drops it once the scenario is edited', () => {
    act(() => useApp.setState({ scenario: scenario('preset=ff-2-drops&sender=newreno') }));
    render(<Ns2Mark />);
    const mark = screen.getByTestId('ns2-mark');
    expect(mark.textContent).toBe('✓ matches ns-2.35 · every event');
    expect(mark.dataset.fixture).toBe('tcp-ff96-newreno-d2');
    expect(mark.getAttribute('title')).toContain('tcp-ff96-newreno-d2');
    expect(screen.getByRole('note', { name: /^Matches ns-2\.35: every event/ })).toBe(mark);
    act(() => useApp.setState({ scenario: scenario('preset=ff-2-drops&sender=newreno&queue=4') }));
    expect(screen.queryByTestId('ns2-mark')).toBeNull();
  });
});
