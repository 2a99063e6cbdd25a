/**
 * The flow list ↔ the address: `hide=` hides flows when a link opens and on back/forward, and
 * the app writes the flows hidden in the flow list back to the address.
 */
// @plot-stub (vitest.config.ts): these tests do not look at the plots’ marks
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { flowsSignature } from '../../../src/ui/model/flowVisibility';
import { buildQuery, parseLocation } from '../../../src/ui/model/urlState';
import { resetApp, useApp, mainTrace } from '../../../src/ui/store';
import { closeApp, openApp } from '../openApp';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const FOUR = 'preset=ff-3-drops&flows=reno,sack,newreno,sctp-2960&stop=3';

const hideParam = () => new URLSearchParams(window.location.search).get('hide');
const summary = () => screen.getByTestId('flow-picker-summary').textContent;

beforeEach(() => resetApp());
afterEach(() => {
  closeApp();
});

describe('hide in the address', () => {
  it('parses to 0-based ids and writes them back; a bad value is named, the rest of the link kept', () => {
    const p = parseLocation(`?${FOUR}&hide=2-4&theme=dark`);
    expect(p.errors).toEqual([]);
    expect(p.view).toEqual({ hide: [1, 2, 3], theme: 'dark' });
    expect(new URLSearchParams(buildQuery(p.scenario, p.view)).get('hide')).toBe('2-4');
    // Hidden flows the scenario does not have are not written.
    expect(buildQuery(p.scenario, { hide: [1, 7] })).toMatch(/&hide=2$/);

    const bad = parseLocation(`?${FOUR}&hide=2,0,7&theme=dark`);
    expect(bad.errors).toEqual([
      { key: 'hide', message: 'hide: “0” flows are numbered from 1' },
      { key: 'hide', message: 'hide: “7” names no flow of this scenario (it has 4 flows)' },
    ]);
    expect(bad.badKeys).toEqual(['hide']);
    expect(bad.raw).toEqual({ hide: '2,0,7' });
    expect(bad.view).toEqual({ theme: 'dark' });
    expect(bad.scenario.flows.map((f) => f.sender)).toEqual([
      'reno',
      'sack',
      'newreno',
      'sctp-2960',
    ]);
  });

  it('a link with hide= opens with those flows hidden; the flow list writes its changes to the address', async () => {
    await openApp(`?${FOUR}&hide=2,4`);
    const trace = mainTrace(useApp.getState())!;
    expect(useApp.getState().hiddenFlows).toEqual([1, 3]);
    expect(useApp.getState().hiddenFor).toBe(flowsSignature(trace));
    expect(summary()).toBe('2 of 4 flows shown (hidden: bulk/sctp)');
    expect(hideParam()).toBe('2,4');

    // Showing flow 4 again and hiding flow 3: the address follows.
    fireEvent.click(screen.getByTestId('flow-toggle-3'));
    fireEvent.click(screen.getByTestId('flow-toggle-2'));
    expect(useApp.getState().hiddenFlows).toEqual([1, 2]);
    await waitFor(() => expect(hideParam()).toBe('2,3'));
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(hideParam()).toBeNull());
    expect(summary()).toBe('4 of 4 flows shown');
  });

  it('back/forward restores the hidden flows of each address', async () => {
    await openApp(`?${FOUR}&hide=1`);
    expect(summary()).toBe('3 of 4 flows shown');
    window.history.pushState(null, '', `/?${FOUR}&hide=1-3`);
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(summary()).toBe('1 of 4 flows shown (hidden: bulk/tcp)'));
    expect(useApp.getState().hiddenFlows).toEqual([0, 1, 2]);
    window.history.pushState(null, '', `/?${FOUR}`);
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(summary()).toBe('4 of 4 flows shown'));
    expect(useApp.getState().hiddenFlows).toEqual([]);
  });

  it('a bad hide= is reported by key and hides nothing; the rest of the link applies', async () => {
    await openApp(`?${FOUR}&hide=3-1&theme=dark`);
    expect(useApp.getState().urlErrors).toEqual([
      { key: 'hide', message: 'hide: “3-1” is not a range from low to high (e.g. 10-20)' },
    ]);
    expect(useApp.getState().theme).toBe('dark');
    expect(summary()).toBe('4 of 4 flows shown');
    // The link stays as typed until the user changes something.
    expect(hideParam()).toBe('3-1');
    fireEvent.click(screen.getByTestId('flow-toggle-0'));
    await waitFor(() => expect(hideParam()).toBe('1'));
  });
});
