/**
 * The address bar while the view changes (app/controller.ts with app/addressWriter.ts): cursor
 * steps are written once they rest, as one replaceState; a hidden page writes its last step at
 * once; back/forward applies the entry come back to without the pending step landing on it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, waitFor } from '@testing-library/react';
import { ADDRESS_WAIT_MS } from '../../../src/ui/app/addressWriter';
import { resetApp, useApp } from '../../../src/ui/store';
import { closeApp, openApp } from '../openApp';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const LINK = 'preset=ff-1-drops&sender=reno';
const addressE = () => new URLSearchParams(window.location.search).get('e');
const rest = () => new Promise((r) => setTimeout(r, ADDRESS_WAIT_MS + 100));
const step = (n: number) =>
  act(() => {
    for (let i = 0; i < n; i++) useApp.getState().step(1);
  });

beforeEach(() => resetApp());
afterEach(() => {
  vi.restoreAllMocks();
  closeApp();
});

async function openAtRest(): Promise<number> {
  await openApp(`?${LINK}`);
  const c = useApp.getState().cursor;
  await waitFor(() => expect(addressE()).toBe(String(c)));
  await rest();
  return c;
}

describe('the address while stepping', () => {
  it('five steps: one write, after they rest, with the last cursor and the scenario unchanged', async () => {
    const c0 = await openAtRest();
    const before = window.location.search;
    const replace = vi.spyOn(window.history, 'replaceState');
    const push = vi.spyOn(window.history, 'pushState');
    await step(5);
    expect(addressE()).toBe(String(c0));
    await rest();
    expect(replace).toHaveBeenCalledTimes(1);
    expect(push).toHaveBeenCalledTimes(0);
    expect(addressE()).toBe(String(c0 + 5));
    // Only the cursor key changed: the scenario's keys are as they were, in their order.
    const strip = (s: string) => s.replace(/([?&])e=\d+/, '$1e=');
    expect(strip(window.location.search)).toBe(strip(before));
    expect(window.location.search).toMatch(new RegExp(`^\\?${LINK}&e=${c0 + 5}`));
    // A step there and back: the address says the same, and is not written again.
    await step(1);
    await act(() => useApp.getState().step(-1));
    await rest();
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('a page hidden or left writes the last step at once (pagehide, visibilitychange)', async () => {
    const c0 = await openAtRest();
    await step(3);
    expect(addressE()).toBe(String(c0));
    window.dispatchEvent(new Event('pagehide'));
    expect(addressE()).toBe(String(c0 + 3));

    await step(2);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(addressE()).toBe(String(c0 + 5));
    visibility.mockRestore();
    // Nothing left to write afterwards.
    const replace = vi.spyOn(window.history, 'replaceState');
    await rest();
    expect(replace).toHaveBeenCalledTimes(0);
  });

  it('an edit pushes a new entry at once; back restores the first entry, and a step pending then does not land on it', async () => {
    const c0 = await openAtRest();
    const first = window.location.search;
    const shown = useApp.getState().run.results;
    await act(() => {
      const s = useApp.getState().scenario;
      useApp.getState().setScenario({ ...s, flows: [{ ...s.flows[0]!, sender: 'newreno' }] });
    });
    expect(window.location.search).toMatch(/^\?preset=ff-1-drops&sender=newreno/);
    await waitFor(() => expect(useApp.getState().run.results).not.toBe(shown));
    await rest();
    const second = window.location.search;
    expect(second).not.toBe(first);
    await step(2);
    // Back: the browser shows the first entry and tells the page.
    window.history.replaceState(null, '', `/${first}`);
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await rest();
    expect(window.location.search).toBe(first);
    expect(useApp.getState().scenario.flows[0]!.sender).toBe('reno');
    await waitFor(() => expect(useApp.getState().cursor).toBe(c0));
  });
});
