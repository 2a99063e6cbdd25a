// The embed view (embed=1) and "Copy embed code", in a test DOM with the in-process engine. The
// frame's layout (640×360, no document scroll) and the keyboard inside an iframe are
// tests/e2e/embed.spec.ts. The time plots are stubbed (../plotStub.tsx): these tests look at
// which panels are there, the address, the keys and the embed code, not at the plots' marks.
// @plot-stub (vitest.config.ts): the time plots are their test double
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
import { AppRoot } from '../../../src/ui/AppRoot';
import { startController } from '../../../src/ui/app/controller';
import { mainTrace, resetApp, useApp } from '../../../src/ui/store';
import { installInProcessEngine } from '../inProcessEngine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let stop: (() => void) | null = null;

async function open(path: string) {
  window.history.replaceState(null, '', path);
  installInProcessEngine();
  render(<AppRoot />);
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
  document.documentElement.className = '';
});

describe('embed view', () => {
  it('shows the transport bar, the panels and the log: no header, no sidebar', async () => {
    await open('/some/sub/path/?preset=ff-1-drops&sender=reno&embed=1');
    expect(screen.getByTestId('embed')).toBeTruthy();
    expect(document.querySelector('button[aria-label="Play (Space)"]')).not.toBeNull();
    // At the preset's opening: the start of its story window (1.6 s).
    expect(screen.getByTestId('readout').textContent).toMatch(/^event 59 \/ \d+ · t = 1\.635 s$/);
    expect(screen.getByTestId('panel-router')).toBeTruthy();
    expect(screen.getByTestId('panel-cwnd')).toBeTruthy();
    expect(screen.getByText('Explanation log')).toBeTruthy();
    expect(screen.queryByText('Copy link')).toBeNull();
    expect(screen.queryByText('Copy embed code')).toBeNull();
    expect(document.querySelector('.sidebar, .app-header')).toBeNull();
    expect(document.documentElement.classList.contains('ackclock-embed')).toBe(true);
    // A page with embeds keeps its focus: the embed takes none by itself.
    expect(document.activeElement).toBe(document.body);
  });

  it('shows the panels the link chose: panels=router,timeseq has no log and no cwnd plot', async () => {
    await open('/?preset=ff-1-drops&sender=reno&panels=router,timeseq&embed=1');
    expect(screen.getByTestId('panel-router')).toBeTruthy();
    expect(screen.getByTestId('panel-timeseq')).toBeTruthy();
    expect(screen.queryByTestId('panel-cwnd')).toBeNull();
    expect(screen.queryByText('Explanation log')).toBeNull();
  });

  it('"open in ackclock" is the same view in the full app, at the page’s path, in a new tab', async () => {
    await open('/some/sub/path/?preset=ff-1-drops&sender=newreno&e=5&theme=dark&embed=1');
    act(() => useApp.getState().step(1));
    const link = screen.getByTestId('embed-open') as HTMLAnchorElement;
    fireEvent.pointerDown(link);
    expect(link.href).toBe(
      `${window.location.origin}/some/sub/path/?preset=ff-1-drops&sender=newreno&e=6&theme=dark`,
    );
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener');
  });

  it('never adds history entries (they would be the host page’s), the address kept in place', async () => {
    // A link with a problem stays as typed until the first change, which the app would push.
    await open('/?preset=ff-1-drops&sender=reno&mod=1&embed=1');
    const entries = window.history.length;
    act(() => useApp.getState().step(1));
    await waitFor(() => expect(window.location.search).not.toContain('mod=1'));
    // One step on from the preset's opening (event 58, the start of its story window).
    expect(window.location.search).toBe('?preset=ff-1-drops&sender=reno&e=59&embed=1');
    // A new run (here another sender) would be pushed as well.
    const { applyField } = await import('../../../src/ui/model/scenarioQuery');
    const r = applyField(useApp.getState().scenario, 'sender', 'newreno');
    if (!r.ok) throw new Error(r.error);
    act(() => useApp.getState().setScenario(r.scenario));
    await waitFor(() => expect(window.location.search).toContain('sender=newreno'));
    expect(window.location.search).toMatch(/embed=1$/);
    expect(window.history.length).toBe(entries);
  });

  it('the keys work once the view has focus (Space plays, → steps)', async () => {
    await open('/?preset=ff-1-drops&sender=reno&embed=1');
    const vis = screen.getByTestId('visualizer');
    vis.focus();
    const at = useApp.getState().cursor;
    fireEvent.keyDown(vis, { key: 'ArrowRight' });
    expect(useApp.getState().cursor).toBe(at + 1);
    fireEvent.keyDown(vis, { key: ' ' });
    expect(useApp.getState().playing).toBe(true);
  });

  it('a bad value in an embed link is said in the frame, the rest applied', async () => {
    await open('/?preset=ff-1-drops&sender=reno&mod=1&embed=1');
    expect(screen.getByTestId('url-error').textContent).toContain('mod: “1”');
    expect(screen.getByTestId('embed')).toBeTruthy();
  });
});

describe('Copy embed code', () => {
  it('copies an <iframe> of this view with embed=1 and shows it, selected, to copy by hand', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open('/some/sub/path/?preset=ff-3-drops&sender=sack&e=12');
    const button = screen.getByTestId('embed-code-button');
    expect(button.textContent).toBe('Copy embed code');
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('embed-code-status').textContent).toBe('Embed code copied.'),
    );
    const box = within(screen.getByTestId('embed-code'));
    const want = `<iframe src="${window.location.origin}/some/sub/path/?preset=ff-3-drops&amp;sender=sack&amp;e=12&amp;embed=1" width="800" height="450" title="ackclock: Three drops: packets 15, 27 and 29 (SACK TCP)" loading="lazy"></iframe>`;
    expect(writeText).toHaveBeenCalledWith(want);
    const text = screen.getByTestId('embed-code-text') as HTMLTextAreaElement;
    expect(text.value).toBe(want);
    expect(document.activeElement).toBe(text);
    // Another size: the code follows; Copy copies it.
    fireEvent.change(box.getByLabelText('Size'), { target: { value: '640x360' } });
    expect(text.value).toContain('width="640" height="360"');
    fireEvent.click(box.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(text.value));
    // Esc closes it and gives the focus back to the button.
    fireEvent.keyDown(text, { key: 'Escape' });
    expect(screen.queryByTestId('embed-code')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a refused clipboard says so, and the code is there to copy by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('NotAllowedError')) },
      configurable: true,
    });
    await open('/?preset=ff-1-drops&sender=reno');
    fireEvent.click(screen.getByTestId('embed-code-button'));
    await waitFor(() =>
      expect(screen.getByTestId('embed-code-status').textContent).toMatch(
        /did not allow copying: select the code below/,
      ),
    );
    expect((screen.getByTestId('embed-code-text') as HTMLTextAreaElement).value).toMatch(
      /^<iframe src="[^"]*embed=1" /,
    );
  });
});
