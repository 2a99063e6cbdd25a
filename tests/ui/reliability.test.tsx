// @plot-stub (vitest.config.ts): these tests do not look at the plots’ marks
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { App } from '../../src/ui/App.tsx';
import { startController } from '../../src/ui/app/controller';
import { parseLocation } from '../../src/ui/model/urlState';
import { resetApp, useApp, mainTrace } from '../../src/ui/store';
import { setEngineFactory } from '../../src/ui/worker/bridge';
import { installInProcessEngine } from './inProcessEngine';
import { header, runInfo, sidebar } from './regions';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let stop: (() => void) | null = null;

async function open(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  const engine = installInProcessEngine();
  render(<App />);
  await act(async () => {
    stop = startController();
  });
  await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
  return engine;
}

/** The form field of a scenario key (its wrapper carries data-key). */
function field(key: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-key="${key}"]`);
  if (!el) throw new Error(`no field for ${key}`);
  return el;
}

beforeEach(() => resetApp());
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

describe('a link with one bad key', () => {
  const typed = '?preset=ff-1-drops&sender=reno&queue=1';

  it('keeps every valid key, marks the bad one in the form, and leaves the address as typed', async () => {
    await open(typed);
    const st = useApp.getState();
    expect(st.scenario.preset).toBe('ff-1-drops');
    expect(st.scenario.flows[0]!.sender).toBe('reno');
    expect(mainTrace(st)?.flows[0]?.sender).toBe('reno');
    // The field shows what the link gave, flagged, with the error beside it.
    const queue = within(field('queue')).getByRole('textbox', { name: /Bottleneck queue/ });
    expect(queue.getAttribute('aria-invalid')).toBe('true');
    expect((queue as HTMLInputElement).value).toBe('1');
    const err = document.getElementById(queue.getAttribute('aria-describedby')!.split(' ').pop()!);
    expect(err?.textContent).toMatch(/^queue: must be a whole number between 2 and 10000/);
    // Other fields are not flagged.
    const win = within(field('window')).getByRole('textbox');
    expect(win.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('url-error').textContent).toMatch(/queue/);
    // The address stays exactly as typed, also after the run and its fingerprint.
    await waitFor(() => expect(screen.getByTestId('fingerprint').textContent).toMatch(/^ac3-/));
    await new Promise((r) => setTimeout(r, 200));
    expect(window.location.search).toBe(typed);
  });

  it('fixing the field writes the normal address and clears the mark', async () => {
    await open(typed);
    const queue = within(field('queue')).getByRole('textbox', { name: /Bottleneck queue/ });
    fireEvent.change(queue, { target: { value: '12' } });
    await waitFor(() => expect(useApp.getState().scenario.queue).toBe(12));
    expect(queue.getAttribute('aria-invalid')).toBeNull();
    const q = new URLSearchParams(window.location.search);
    expect(q.get('preset')).toBe('ff-1-drops');
    expect(q.get('sender')).toBe('reno');
    expect(q.get('queue')).toBe('12');
    expect(screen.queryByTestId('url-error')).toBeNull();
  });

  it('any other change releases the address too; the bad field keeps its mark', async () => {
    await open(typed);
    // The preset opens at its story window's start (event 58); one step on.
    fireEvent.keyDown(screen.getByTestId('visualizer'), { key: 'ArrowRight' });
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('e')).toBe('59'));
    expect(window.location.search).not.toContain('queue=1');
    const queue = within(field('queue')).getByRole('textbox', { name: /Bottleneck queue/ });
    expect(queue.getAttribute('aria-invalid')).toBe('true');
  });

  it('a bad sender or preset is flagged beside its picker; the rest of the link is kept', async () => {
    await open('?preset=ff-2-drops&sender=r%C3%A9no&window=20&bogus=1');
    const st = useApp.getState();
    expect(st.scenario.preset).toBe('ff-2-drops');
    expect(st.scenario.flows[0]!.window).toBe(20);
    const sender = header().getByLabelText('Sender');
    expect(sender.getAttribute('aria-invalid')).toBe('true');
    expect(within(field('sender')).getByRole('alert').textContent).toMatch(/sender/);
    expect(screen.getByTestId('url-error').textContent).toMatch(/unknown key "bogus"/);
    expect(window.location.search).toBe('?preset=ff-2-drops&sender=r%C3%A9no&window=20&bogus=1');
  });

  it('one badly %-encoded key: the rest of the link is applied, and the banner says so', async () => {
    await open('?preset=ff-2-drops&sender=sack&%zz=1&window=20');
    const st = useApp.getState();
    expect(st.scenario.preset).toBe('ff-2-drops');
    expect(st.scenario.flows[0]!.sender).toBe('sack');
    expect(st.scenario.flows[0]!.window).toBe(20);
    const banner = screen.getByTestId('url-error').textContent;
    expect(banner).toMatch(/%zz: malformed %-encoding in "%zz=1"/);
    expect(banner).toMatch(/Every other key was applied/);
    expect(banner).not.toMatch(/Showing the default scenario/);
  });

  it('more than 20 problems: the list is cut, and the banner still says the rest was applied', async () => {
    const bogus = Array.from({ length: 25 }, (_, i) => `x${i}=1`).join('&');
    await open(`?preset=ff-2-drops&window=20&${bogus}`);
    expect(useApp.getState().scenario.flows[0]!.window).toBe(20);
    const banner = screen.getByTestId('url-error').textContent;
    expect(banner).toMatch(/5 more errors not shown/);
    expect(banner).toMatch(/Every other key was applied/);
  });
});

describe('run budget', () => {
  it('an edit over the budget is refused beside the field it names, with what to lower; nothing runs', async () => {
    const engine = await open('?preset=alamgir-fig8&stop=10');
    const runs = engine.calls.length;
    const before = window.location.search;
    fireEvent.click(sidebar().getByRole('checkbox', { name: /run on every valid change/ }));
    const set = (key: string, value: string) =>
      fireEvent.change(within(field(key)).getByRole('textbox'), { target: { value } });
    set('bw', '1e10');
    set('window', '10000');
    set('stop', '2000');
    fireEvent.click(sidebar().getByRole('button', { name: /Apply & run/ }));
    const stopField = within(field('stop')).getByRole('textbox');
    expect(stopField.getAttribute('aria-invalid')).toBe('true');
    expect(within(field('stop')).getByRole('alert').textContent).toMatch(
      /^stop: this run would simulate about [\d,]+ packet events.*the limit is .*lower stop \(to at most [\d.]+ s\)/,
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(engine.calls.length).toBe(runs);
    // The scenario in the address is unchanged (the cursor key e= may have been written
    // meanwhile by the first run's result, on a loaded machine).
    const scenarioPart = (q: string) => q.replace(/&e=\d+/, '');
    expect(scenarioPart(window.location.search)).toBe(scenarioPart(before));
  });

  it('compared runs share the budget: a link over it keeps one sender and says why', () => {
    // (5.9 M packet events a run: one fits, two do not; at 300 s, 2.9 M, both fit)
    const q = '?preset=fall-floyd&sender=reno&bw=1e10&window=10000&stop=600&compare=reno,newreno';
    const p = parseLocation(q);
    expect(p.ok).toBe(false);
    expect(p.view.compare).toBeUndefined();
    expect(p.badKeys).toEqual(['compare']);
    expect(p.errors[0]!.message).toMatch(
      /^compare: these 2 runs together would simulate about [\d,]+ packet events.*compare fewer senders, or lower stop \(to at most [\d.]+ s\)/,
    );
    expect(p.scenario.stop).toBe(600);
    expect(
      parseLocation(
        '?preset=fall-floyd&sender=reno&bw=1e10&window=10000&stop=300&compare=reno,newreno',
      ).ok,
    ).toBe(true);
  });
});

describe('cancel', () => {
  it('puts the scenario, the form and the address back to the run on screen', async () => {
    await open('?preset=ff-1-drops&sender=reno');
    await waitFor(() => expect(screen.getByTestId('fingerprint').textContent).toMatch(/^ac3-/));
    const shownTrace = mainTrace(useApp.getState());
    const shownScenario = useApp.getState().scenario;
    await waitFor(() =>
      expect(window.location.search, window.location.search).toMatch(
        /^\?preset=ff-1-drops&sender=reno&e=58$/,
      ),
    );
    const address = window.location.search;
    // The next run never finishes.
    setEngineFactory(() => ({
      api: { run: () => new Promise(() => {}), fingerprint: async () => 'ac3-x' },
      terminate: () => {},
    }));
    const stopField = within(field('stop')).getByRole('textbox');
    fireEvent.change(stopField, { target: { value: '900' } });
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get('stop')).toBe('900'),
    );
    const cancel = await waitFor(() => runInfo().getByRole('button', { name: 'Cancel' }));
    fireEvent.click(cancel);
    const st = useApp.getState();
    expect(st.run.status).toBe('idle');
    expect(st.run.error).toMatch(/cancelled/);
    expect(mainTrace(st)).toBe(shownTrace);
    expect(st.scenario).toBe(shownScenario);
    expect(window.location.search).toBe(address);
    expect((within(field('stop')).getByRole('textbox') as HTMLInputElement).value).toBe('6');
    // A reload of this address runs the scenario on screen, not the cancelled one.
    expect(parseLocation(window.location.search).scenario.stop).toBe(6);
  });
});
