/**
 * The rate and RTT panels in the app: a BBR link opens with the rate panel under the router
 * plot (its default), both panels draw a plot per flow with the run's values in their
 * summaries, the address leaves `panels` out while it is that default and keeps a choice; the
 * default scenario keeps the cwnd panel; an SCTP run shows the empty state. The time plots are
 * stubbed (plotStub.tsx): the plots' own tests (tests/ui/panels/rates.test.ts) and the browser
 * spec (tests/e2e/rate-panels.spec.ts) draw the marks.
 */
// @plot-stub (vitest.config.ts): the time plots are their test double
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_SCENARIO, parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { defaultPanelsFor, pacedScenario } from '../../src/ui/model/defaultPanels';
import { buildQuery } from '../../src/ui/model/urlState';
import { mainTrace, resetApp, useApp } from '../../src/ui/store';
import { closeApp, openApp } from './openApp';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
configure({ asyncUtilTimeout: 30_000 });

const BBR = 'preset=fall-floyd&sender=bbr&bw=10e6&delay=0.02&queue=100&drops=&stop=2';

const scenarioOf = (q: string) => {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.scenario;
};
const panelsKey = () => new URLSearchParams(window.location.search).get('panels');

beforeEach(() => resetApp());
afterEach(() => closeApp());

describe('default panels', () => {
  it('a BBR or paced TCP flow puts the rate panel in the lower slot; others keep cwnd', () => {
    expect(pacedScenario(DEFAULT_SCENARIO)).toBe(false);
    expect(defaultPanelsFor(DEFAULT_SCENARIO)).toEqual([
      'router',
      'cwnd',
      'timeseq',
      'queue',
      'qlen',
      'tput',
      'rate',
      'rtt',
      'delay',
      'streams',
      'metrics',
      'mac',
      'log',
    ]);
    expect(defaultPanelsFor(scenarioOf(BBR))).toEqual(['router', 'rate', 'log']);
    expect(defaultPanelsFor(scenarioOf(BBR), 'projector')).toEqual(['router', 'rate', 'log']);
    expect(pacedScenario(scenarioOf('preset=fall-floyd&sender=reno&pacing=1'))).toBe(true);
    expect(pacedScenario(scenarioOf('preset=fall-floyd&sender=bbr&pacing=0'))).toBe(false);
    // The default scenario's address is unchanged; a BBR one leaves its default out too.
    expect(
      buildQuery(DEFAULT_SCENARIO, { panels: defaultPanelsFor(DEFAULT_SCENARIO) }),
    ).not.toContain('panels=');
    const bbr = scenarioOf(BBR);
    expect(buildQuery(bbr, { panels: ['router', 'rate', 'log'] })).not.toContain('panels=');
    expect(buildQuery(bbr, { panels: ['router', 'rtt', 'log'] })).toContain(
      'panels=router,rtt,log',
    );
  });
});

describe('rate and RTT panels in the app', () => {
  it('a BBR link opens on the rate panel, with the run’s numbers; the RTT tab shows its plot', async () => {
    await openApp(`?${BBR}`);
    await waitFor(() => screen.getByTestId('panel-rate'));
    expect(screen.getByTestId('panel-tab-rate').getAttribute('aria-selected')).toBe('true');
    const trace = mainTrace(useApp.getState())!;
    const R = trace.rates!;
    // One plot for the one flow, its summary reading the trace's last row.
    const plot = await waitFor(() => {
      const el = document.querySelector('[data-panel="rate"]');
      expect(el).not.toBeNull();
      return el!;
    });
    const label = plot.getAttribute('aria-label')!;
    expect(label).toContain('Rates of flow 1 (BBR)');
    const lastBw = R.bwEstimate[R.length - 1]!;
    expect(label).toContain(`${(lastBw / 1e6).toFixed(2)} Mb/s`);
    expect(label).toContain('bottleneck 10.0 Mb/s');
    expect(screen.getByTestId('summary-rate').textContent).toContain(`${R.length} ACKs`);
    expect(panelsKey()).toBeNull();

    act(() => {
      fireEvent.click(screen.getByTestId('panel-tab-rtt'));
    });
    await waitFor(() => screen.getByTestId('panel-rtt'));
    const rtt = document.querySelector('[data-panel="rtt"]')!;
    expect(rtt.getAttribute('aria-label')).toMatch(/base RTT is 41\.9 ms/);
    expect(rtt.getAttribute('aria-label')).toMatch(/BBR min RTT \(RTprop\) 41\.\d ms/);
    // A choice other than the default stays in the address.
    await waitFor(() => expect(panelsKey()).toBe('router,rtt,log'));
  });

  it('an SCTP run offers the panels and says why they are empty', async () => {
    await openApp('?preset=fall-floyd&sender=sctp-4960&drops=&stop=2&panels=router,rate,log');
    await waitFor(() => screen.getByTestId('rate-empty'));
    expect(screen.getByTestId('rate-empty').textContent).toMatch(
      /No rate samples: this run has no TCP flow shown \(SCTP here\)/,
    );
    expect(document.querySelector('[data-panel="rate"]')).toBeNull();
    expect(screen.getByTestId('summary-rate').textContent).toBe(
      'no rate samples (TCP senders only)',
    );
  });

  it('the default scenario still opens on the cwnd panel', async () => {
    await openApp('?');
    await waitFor(() => screen.getByTestId('panel-cwnd'));
    expect(screen.queryByTestId('panel-rate')).toBeNull();
    expect(screen.getByTestId('panel-tab-rate')).toBeTruthy();
    // Choosing BBR moves the default to the rate panel; back to Reno, back to cwnd.
    act(() => useApp.getState().setScenario(scenarioOf(BBR)));
    expect(useApp.getState().panels).toEqual(['router', 'rate', 'log']);
    await waitFor(() => screen.getByTestId('panel-rate'));
    act(() => useApp.getState().setScenario(DEFAULT_SCENARIO));
    expect(useApp.getState().panels).toEqual(defaultPanelsFor(DEFAULT_SCENARIO));
    // A panel the user chose stays when the sender changes.
    act(() => useApp.getState().setPanels(['router', 'tput', 'log']));
    act(() => useApp.getState().setScenario(scenarioOf(BBR)));
    expect(useApp.getState().panels).toEqual(['router', 'tput', 'log']);
  });
});
