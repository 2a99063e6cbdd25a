/**
 * The `router` view key: the router the router plot and the queue view show in a multi-homed
 * run (sctp-failover: A0 on the primary path, A1 on the alternate). One choice for both panels,
 * written to the address only when it is not the run's own router, checked when the run arrives.
 * The time plots are stubbed (plotStub.tsx): these tests look at the choice buttons, titles,
 * summaries and counts around them, not at their marks.
 */
// @plot-stub (vitest.config.ts): the time plots are their test double
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { scenarioFromPreset } from '../../src/ui/deps/scenarios';
import { currentSlide, goToSlide, loadLecture } from '../../src/ui/model/lecture';
import { useLecture } from '../../src/ui/model/lectureState';
import { routerNames, routerParam, routerProblem } from '../../src/ui/model/routerView';
import { readSlides, writeSlides } from '../../src/ui/model/slides';
import { buildQuery, parseLocation } from '../../src/ui/model/urlState';
import { resetApp, useApp, mainTrace } from '../../src/ui/store';
import { closeApp, openApp } from './openApp';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
configure({ asyncUtilTimeout: 30_000 });

const FAILOVER = 'preset=sctp-failover';
/** The router plot above, the queue view in the lower slot, the log. */
const PANELS = 'panels=router,queue,log';

async function open(search: string) {
  loadLecture(search);
  await openApp(search);
}

/** Open a multi-homed run and wait for its panels' choice buttons. */
async function openMulti(search: string, queue = true) {
  await open(search);
  await waitFor(() => screen.getByTestId('router-choice-0'));
  if (queue) await waitFor(() => screen.getByTestId('queue-choice-0'));
}

const routerKey = () => new URLSearchParams(window.location.search).get('router');
const pressed = (prefix: string) =>
  screen
    .getAllByTestId(new RegExp(`^${prefix}-\\d$`))
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

beforeEach(() => resetApp());
afterEach(() => {
  useLecture.setState({ slides: [], index: null, message: null });
  closeApp();
});

describe('router in the address', () => {
  it('parses and writes back; a value that is no node name is named, the rest of the link kept', () => {
    const p = parseLocation(`?${FAILOVER}&router=A1&theme=dark`);
    expect(p.errors).toEqual([]);
    expect(p.view).toEqual({ router: 'A1', theme: 'dark' });
    const q = buildQuery(p.scenario, p.view);
    expect(new URLSearchParams(q).get('router')).toBe('A1');
    expect(parseLocation(`?${q}`).view).toEqual({ router: 'A1', theme: 'dark' });
    // Written right after `mod`, before `units`.
    expect(buildQuery(p.scenario, { mod: 90, router: 'A1', units: 'bytes' })).toMatch(
      /&mod=90&router=A1&units=bytes$/,
    );
    // No router: no key.
    expect(buildQuery(p.scenario, { theme: 'dark' })).not.toContain('router');

    const bad = parseLocation(`?${FAILOVER}&router=A%201&theme=dark`);
    expect(bad.errors).toEqual([
      { key: 'router', message: 'router: “A 1” is not a node name (letters and digits, e.g. A1)' },
    ]);
    expect(bad.badKeys).toEqual(['router']);
    expect(bad.view).toEqual({ theme: 'dark' });
    expect(bad.scenario).toEqual(scenarioFromPreset('sctp-failover'));
  });
});

describe('router shown in the router plot and the queue view', () => {
  it('a press in the router plot shows A1 in both panels and writes router=A1; A0 leaves the key out', async () => {
    await openMulti(`?${FAILOVER}&${PANELS}`);
    const trace = mainTrace(useApp.getState())!;
    expect(routerNames(trace)).toEqual(['A0', 'A1']);
    // The run's own router is the default: never written.
    expect(routerParam(trace, 'A0')).toBeUndefined();
    expect(routerParam(trace, 'A1')).toBe('A1');
    expect(routerParam(trace, null)).toBeUndefined();
    expect(pressed('router-choice')).toEqual(['A0 (path S0→K0 (primary))']);
    expect(pressed('queue-choice')).toEqual(['A0 (path S0→K0 (primary))']);
    expect(routerKey()).toBeNull();

    fireEvent.click(screen.getByTestId('router-choice-1'));
    expect(useApp.getState().routerNode).toBe('A1');
    expect(pressed('router-choice')).toEqual(['A1 (path S1→K1)']);
    expect(pressed('queue-choice')).toEqual(['A1 (path S1→K1)']);
    expect(screen.getByTestId('panel-queue').querySelector('.ackp-title')?.textContent).toBe(
      'Topology and queue · A1→B1',
    );
    // The slot's summary and counts are A1's too.
    expect(screen.getByTestId('summary-router').textContent).toMatch(
      /^A1: \d+ arrivals, \d+ departures, \d+ drops?, \d+ ACKs$/,
    );
    const a1 = Number(screen.getByTestId('panel-router').dataset.arrivals);
    await waitFor(() => expect(routerKey()).toBe('A1'));
    // A slide made now keeps A1.
    expect(currentSlide('At A1.').r).toBe('A1');

    // Back to A0 from the queue view: both panels follow, the key goes.
    fireEvent.click(screen.getByTestId('queue-choice-0'));
    expect(pressed('router-choice')).toEqual(['A0 (path S0→K0 (primary))']);
    expect(screen.getByTestId('panel-queue').querySelector('.ackp-title')?.textContent).toBe(
      'Topology and queue · A0→B0',
    );
    expect(screen.getByTestId('summary-router').textContent).toMatch(/^A0: /);
    expect(Number(screen.getByTestId('panel-router').dataset.arrivals)).not.toBe(a1);
    await waitFor(() => expect(routerKey()).toBeNull());
    expect(currentSlide('At A0.').r).toBeUndefined();
  });

  it('a link with router=A1 opens on A1 in both panels and keeps the key', async () => {
    await openMulti(`?${FAILOVER}&router=A1&${PANELS}`);
    expect(useApp.getState().urlErrors).toEqual([]);
    expect(useApp.getState().routerNode).toBe('A1');
    expect(pressed('router-choice')).toEqual(['A1 (path S1→K1)']);
    expect(pressed('queue-choice')).toEqual(['A1 (path S1→K1)']);
    expect(routerKey()).toBe('A1');
  });

  it('router=Z9: the warning names the choices, A0 is shown, the rest of the link kept', async () => {
    await openMulti(`?${FAILOVER}&router=Z9&theme=dark&${PANELS}`);
    await waitFor(() =>
      expect(useApp.getState().urlErrors).toEqual([
        {
          key: 'router',
          message: 'router: “Z9” is not a router this run can show (A0, A1); showing A0',
        },
      ]),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'router: “Z9” is not a router this run can show (A0, A1); showing A0',
    );
    expect(useApp.getState().routerNode).toBeNull();
    expect(useApp.getState().theme).toBe('dark');
    expect(pressed('router-choice')).toEqual(['A0 (path S0→K0 (primary))']);
    await waitFor(() => expect(routerKey()).toBeNull());
    const params = new URLSearchParams(window.location.search);
    expect(params.get('preset')).toBe('sctp-failover');
    expect(params.get('theme')).toBe('dark');
  });

  it('a run with one router: a router it does not have is reported, its own accepted silently', async () => {
    await open('?preset=ff-1-drops&router=A1');
    const trace = mainTrace(useApp.getState())!;
    const own = routerNames(trace);
    expect(own).toHaveLength(1);
    await waitFor(() =>
      expect(useApp.getState().urlErrors).toEqual([
        {
          key: 'router',
          message: `router: “A1” is not a router this run can show (${own[0]}); showing ${own[0]}`,
        },
      ]),
    );
    expect(routerProblem(trace, own[0]!)).toBeNull();
    expect(screen.queryByTestId('router-choice-0')).toBeNull();
    await waitFor(() => expect(routerKey()).toBeNull());
  });

  it('another preset shows its own router again', async () => {
    await open(`?${FAILOVER}&router=A1`);
    expect(useApp.getState().routerNode).toBe('A1');
    act(() => useApp.getState().setScenario(scenarioFromPreset('mobile-multihomed')));
    expect(useApp.getState().routerNode).toBeNull();
    await waitFor(() => expect(mainTrace(useApp.getState())?.nodes).toContain('AP'));
    expect(useApp.getState().urlErrors).toEqual([]);
    expect(routerKey()).toBeNull();
  });

  it('a slide keeps the router shown when it was added, and going to it shows it', async () => {
    const slides = readSlides(
      writeSlides([
        { q: FAILOVER, e: 10, r: 'A1', s: 'The alternate path’s router.' },
        { q: FAILOVER, e: 10, s: 'The primary’s.' },
      ]),
    );
    expect(slides.errors).toEqual([]);
    expect(slides.slides[0]!.r).toBe('A1');
    expect(slides.slides[1]!.r).toBeUndefined();
    expect(readSlides(writeSlides([{ q: FAILOVER, r: 'A 1', s: 'x' }])).errors).toEqual([
      'slides: slide 1: r: not a node name (e.g. A1)',
    ]);

    await openMulti(`?${FAILOVER}&slides=${writeSlides(slides.slides)}&slide=2`, false);
    expect(useApp.getState().routerNode).toBeNull();
    await act(async () => goToSlide(0));
    expect(routerKey()).toBe('A1');
    await waitFor(() => expect(pressed('router-choice')).toEqual(['A1 (path S1→K1)']));
    await act(async () => goToSlide(1));
    expect(routerKey()).toBeNull();
    await waitFor(() => expect(pressed('router-choice')).toEqual(['A0 (path S0→K0 (primary))']));
  });
});
