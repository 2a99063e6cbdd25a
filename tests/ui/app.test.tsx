// @plot-stub (vitest.config.ts): these tests do not look at the plots’ marks
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../src/ui/App.tsx';
import { startController } from '../../src/ui/app/controller';
import { resetApp, useApp, mainTrace } from '../../src/ui/store';
import { installInProcessEngine } from './inProcessEngine';
import { header, log, playback, sidebar } from './regions';

// These tests run the real engine in-process; give them room when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let stop: (() => void) | null = null;

async function open(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  installInProcessEngine();
  render(<App />);
  await act(async () => {
    stop = startController();
  });
  await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
}

beforeEach(() => resetApp());
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

describe('App', () => {
  it('choosing a comparison preset (Caro et al. Figure 5) opens compare mode with its senders', async () => {
    await open('?preset=ff-3-drops&sender=newreno');
    expect(useApp.getState().compare).toEqual([]);
    const picker = header().getByLabelText('Preset');
    fireEvent.change(picker, { target: { value: 'caro-fig5-3-drops' } });
    await waitFor(() =>
      expect(useApp.getState().compare).toEqual(['newreno', 'sack', 'fack', 'sctp-2960', 'sctp-newreno', 'sctp-newreno-ca']),
    );
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('compare')).toContain('sctp-2960'));
  });

  it("a preset written about one sender opens with that sender, at the start of its story window; leaving a comparison preset leaves compare mode", async () => {
    await open('?preset=ff-3-drops&sender=newreno&e=600');
    const picker = header().getByLabelText('Preset');
    fireEvent.change(picker, { target: { value: 'alamgir-fig9' } });
    await waitFor(() => expect(mainTrace(useApp.getState())?.flows[0]?.sender).toBe('sctp-2960'));
    // alamgir-fig9's story window is 1.5–2.3 s (Preset.open 'story'): its first event from 1.5 s.
    const t = mainTrace(useApp.getState())!;
    const c = useApp.getState().cursor;
    expect(t.packets.time[c]).toBeGreaterThanOrEqual(1.5);
    expect(t.packets.time[c - 1]).toBeLessThan(1.5);
    expect(screen.getByTestId('readout').textContent).toMatch(/ · t = 1\.5\d\d s$/);
    // The Fall & Floyd presets are written for every sender: the chosen one stays.
    fireEvent.change(header().getByLabelText('Sender'), { target: { value: 'fack' } });
    await waitFor(() => expect(mainTrace(useApp.getState())?.flows[0]?.sender).toBe('fack'));
    fireEvent.change(picker, { target: { value: 'ff-2-drops' } });
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('preset')).toBe('ff-2-drops'));
    expect(new URLSearchParams(window.location.search).get('sender')).toBe('fack');
    fireEvent.change(picker, { target: { value: 'caro-fig2-1-drop' } });
    await waitFor(() => expect(useApp.getState().compare).toEqual(['sctp-2960', 'sctp-newreno']));
    fireEvent.change(picker, { target: { value: 'ff-1-drops' } });
    await waitFor(() => expect(useApp.getState().compare).toEqual([]));
  });

  it('shows cwnd in bytes on request, and the choice is in the address', async () => {
    await open('?preset=caro-fig2-1-drop&sender=sctp-2960');
    const panel = screen.getByTestId('panel-cwnd');
    expect(screen.getByTestId('summary-cwnd').textContent).toMatch(/packets$/);
    fireEvent.click(within(panel).getByRole('button', { name: 'bytes' }));
    expect(useApp.getState().cwndUnits).toBe('bytes');
    expect(screen.getByTestId('summary-cwnd').textContent).toMatch(/peak \d+ bytes$/);
    expect(within(panel).getByRole('button', { name: 'bytes' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('units')).toBe('bytes'));
  });

  it('opens on the default scenario, paused at the start of its story window (1.6 s), with the log filled', async () => {
    await open('');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('ackclock');
    // ff-3-drops' story window starts at 1.6 s: its first event from then (packet 8 sent).
    expect(screen.getByTestId('readout').textContent).toMatch(/^event 59 \/ \d+ · t = 1\.635 s$/);
    expect(useApp.getState().playing).toBe(false);
    const log = screen.getByTestId('explanation-log');
    expect(within(log).getAllByRole('option').length).toBe(mainTrace(useApp.getState())!.decisions.length);
    await waitFor(() => expect(screen.getByTestId('fingerprint').textContent).toMatch(/^ac3-/));
    // The address is rewritten once the view rests (app/addressWriter.ts).
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('e')).toBe('58'));
  });

  it('keyboard: arrows step, PgDn jumps to the next episode, Shift+PgDn to the next decision, ? opens help; keys in a text field are ignored', async () => {
    await open('?preset=ff-1-drops&sender=reno');
    const vis = screen.getByTestId('visualizer');
    vis.focus();
    const open0 = useApp.getState().cursor;
    fireEvent.keyDown(vis, { key: 'ArrowRight' });
    expect(useApp.getState().cursor).toBe(open0 + 1);
    fireEvent.keyDown(vis, { key: 'ArrowLeft' });
    expect(useApp.getState().cursor).toBe(open0);
    // The episode: the drop of 15 that starts it; then, one modifier away, the next decision.
    fireEvent.keyDown(vis, { key: 'PageDown' });
    expect(screen.getByTestId('event-desc').textContent).toBe('packet 15 dropped at R1');
    fireEvent.keyDown(vis, { key: 'PageDown', shiftKey: true });
    expect(screen.getByTestId('event-desc').textContent).toBe('3rd duplicate ACK, fast retransmit');
    const slider = playback().getByRole('slider', { name: 'Event scrubber' });
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^event \d+ of \d+, 2\.\d{3} s, 3rd duplicate ACK, fast retransmit$/);
    const current = screen.getByTestId('explanation-log').querySelector('.log-row.current');
    expect(current?.textContent).toMatch(/3rd duplicate ACK/);
    expect(current?.textContent).toMatch(/\b15\b/);
    fireEvent.keyDown(vis, { key: 'End' });
    expect(playback().getByRole('button', { name: /Forward one event/ })).toHaveProperty('disabled', true);
    fireEvent.keyDown(vis, { key: 'Home' });
    expect(playback().getByRole('button', { name: /Back one event/ })).toHaveProperty('disabled', true);
    const search = log().getByRole('searchbox', { name: /Search the explanation log/ });
    fireEvent.keyDown(search, { key: 'ArrowRight' });
    expect(useApp.getState().cursor).toBe(0);
    fireEvent.keyDown(vis, { key: '?' });
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('clicking a log row moves the cursor to its event', async () => {
    await open('?preset=ff-1-drops&sender=reno');
    const rows = within(screen.getByTestId('explanation-log')).getAllByRole('option');
    const row = rows.find((r) => /fast retransmit/.test(r.textContent ?? ''))!;
    fireEvent.click(row);
    expect(useApp.getState().cursor).toBe(Number(row.getAttribute('data-event')));
    expect(row.className).toContain('current');
  });

  it('a hostile address shows the messages as text and falls back to the default scenario', async () => {
    await open('?drops=abc&sender=%3Cscript%3Ealert(1)%3C/script%3E&theme=%3Cimg%20src=x%20onerror=alert(2)%3E');
    const banner = screen.getByTestId('url-error');
    expect(banner.textContent).toMatch(/drops/i);
    expect(banner.textContent).toContain('<script>');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    // The default scenario at the start of its story window.
    expect(screen.getByTestId('readout').textContent).toMatch(/ · t = 1\.635 s$/);
    const vis = screen.getByTestId('visualizer');
    const open0 = useApp.getState().cursor;
    fireEvent.keyDown(vis, { key: 'ArrowRight' });
    expect(useApp.getState().cursor).toBe(open0 + 1);
  });

  it('an invalid parameter is shown inline and never reaches the engine', async () => {
    await open('?preset=ff-1-drops&sender=reno');
    const before = mainTrace(useApp.getState());
    const field = sidebar().getByRole('textbox', { name: /Bottleneck queue/ });
    fireEvent.change(field, { target: { value: '-4' } });
    expect(screen.getByRole('alert').textContent).toMatch(/queue/i);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(mainTrace(useApp.getState())).toBe(before);
  });

  it('restores the event index from the address', async () => {
    await open('?preset=ff-2-drops&sender=newreno&e=321');
    expect(useApp.getState().cursor).toBe(321);
    expect(screen.getByTestId('readout').textContent).toMatch(/^event 322 \//);
  });
});

describe('App address checks', () => {
  it('reports an event index past the end instead of guessing', async () => {
    await open('?preset=ff-1-drops&sender=reno&e=999999');
    await waitFor(() => expect(screen.getByTestId('url-error').textContent).toMatch(/past the last event/));
    expect(useApp.getState().cursor).toBe(0);
  });
});
