/**
 * The preset picker's notice against the run on screen (issue 10 §1), and the story window a
 * preset opens on (§3), through the controller as a page load does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startController } from '../../src/ui/app/controller';
import { PresetPicker } from '../../src/ui/components/PresetPicker';
import { handleVisualizerKey, SHORTCUTS } from '../../src/ui/hooks/keyboard';
import { parseQuery } from '../../src/ui/model/scenarioQuery';
import { mainTrace, resetApp, useApp } from '../../src/ui/store';
import { installInProcessEngine } from './inProcessEngine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let stop: (() => void) | null = null;

async function open(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  installInProcessEngine();
  render(<PresetPicker />);
  await act(async () => {
    stop = startController();
  });
  await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
  await waitFor(() => expect(useApp.getState().run.status).not.toBe('running'));
}

beforeEach(() => resetApp());
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

const selected = () =>
  (screen.getByLabelText('Preset') as HTMLSelectElement).selectedOptions[0]!.textContent;

describe('the notice', () => {
  it('the preset as written: title and both texts as written, unmarked; the paper’s text folded', async () => {
    await open('?preset=ff-1-drops&sender=reno');
    const notice = screen.getByTestId('preset-notice');
    expect(notice.dataset.edited).toBeUndefined();
    // Two levels: what to watch, for the class, first; what the paper says folded under it.
    expect(screen.getByTestId('notice-student').textContent).toMatch(
      /^What to watch: One packet, 15, is lost at the router\./,
    );
    const paper = screen.getByTestId('notice-paper') as HTMLDetailsElement;
    expect(paper.tagName).toBe('DETAILS');
    expect(paper.open).toBe(false);
    expect(paper.querySelector('summary')!.textContent).toBe('For instructors: what the paper says');
    expect(paper.textContent).toContain('Packet 15 is dropped at R1 during slow start.');
    // The chosen sender's note follows the paper's text.
    expect(paper.textContent).toContain('Reno sets cwnd to 7');
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    expect(selected()).toBe('One drop: packet 15');
  });

  it('drops and queue edited: the title says so, the run’s counts come first, the notice is marked', async () => {
    await open('?preset=ff-1-drops&sender=reno&drops=14&queue=4');
    const notice = screen.getByTestId('preset-notice');
    expect(notice.dataset.edited).toBe('true');
    expect(notice.textContent).toMatch(
      /^Preset ff-1-drops, edited: drops 15 → 14, queue 8 → 4\. This run: flow 1 \(Reno TCP\): /,
    );
    const st = mainTrace(useApp.getState())!.flowStats[0]!;
    expect(st.timeouts).toBeGreaterThan(0);
    expect(screen.getByTestId('notice-run').textContent).toContain(
      `${st.timeouts} timeout${st.timeouts === 1 ? '' : 's'}`,
    );
    const banner = screen.getByTestId('notice-banner');
    expect(banner.textContent).toBe('These texts describe the unedited preset, not this run.');
    expect(banner.title).toBe(
      'This text describes the unedited preset; your run differs: drops 15 → 14, queue 8 → 4.',
    );
    // The claim the run contradicts is still there, but inside the marked part.
    expect(screen.getByTestId('notice-stale').textContent).toContain('What to watch:');
    const paper = screen.getByTestId('notice-paper');
    expect(paper.className).toContain('notice-stale');
    expect(paper.textContent).toContain('no sender times out');
    expect(selected()).toBe('One drop: packet 15 (edited)');
  });

  it('another sender the notes cover is not an edit; going back to the preset clears the mark', async () => {
    await open('?preset=ff-3-drops&sender=sack&queue=5');
    expect(screen.getByTestId('preset-notice').dataset.edited).toBe('true');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Preset'), { target: { value: 'ff-2-drops' } });
    });
    await waitFor(() => expect(screen.getByTestId('preset-notice').dataset.edited).toBeUndefined());
    expect(screen.getByTestId('preset-notice').textContent).toContain('SACK TCP sees from the SACK blocks');
  });
});

describe('the story window', () => {
  it('a preset opens on its story without zoom in the address, on the full run with zoom=full', async () => {
    await open('?preset=ff-3-drops&sender=reno');
    expect(useApp.getState().xDomain).toEqual([1.6, 3.6]);
    // The story window is the default: the address leaves it out.
    await waitFor(() => expect(window.location.search).toContain('preset=ff-3-drops'));
    expect(window.location.search).not.toContain('zoom');
    stop?.();
    cleanup();
    resetApp();
    await open('?preset=ff-3-drops&sender=reno&zoom=full');
    expect(useApp.getState().xDomain).toBeNull();
  });

  it('choosing a preset in the picker opens its story; a preset without one opens on the full run', async () => {
    await open('?preset=ff-1-drops&sender=reno&zoom=full');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Preset'), { target: { value: 'alamgir-fig9' } });
    });
    expect(useApp.getState().xDomain).toEqual([1.5, 2.3]);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Preset'), { target: { value: 'caro-fig5-2-drops' } });
    });
    expect(useApp.getState().xDomain).toBeNull();
  });
});

describe('keys', () => {
  const press = (key: string) => handleVisualizerKey(new KeyboardEvent('keydown', { key }));

  it('0 shows the full run, v the preset’s story; both are in the help', () => {
    const r = parseQuery('preset=ff-3-drops');
    if (!r.ok) throw new Error(r.error);
    useApp.setState({ scenario: r.scenario, xDomain: [1.6, 3.6] });
    expect(press('0')).toBe(true);
    expect(useApp.getState().xDomain).toBeNull();
    expect(press('v')).toBe(true);
    expect(useApp.getState().xDomain).toEqual([1.6, 3.6]);
    const t = parseQuery('preset=geo-table2');
    if (!t.ok) throw new Error(t.error);
    useApp.setState({ scenario: t.scenario, xDomain: null });
    expect(press('v')).toBe(false);
    const help = SHORTCUTS.map((s) => `${s.keys.join(' ')}: ${s.what}`);
    expect(help).toContain('0: full run (reset zoom)');
    expect(help.some((h) => h.startsWith('v: the preset’s story'))).toBe(true);
  });
});
