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
import { AppBoundary, PanelBoundary } from '../../src/ui/components/ErrorBoundary';
import { resetApp, useApp, mainTrace } from '../../src/ui/store';
import { installInProcessEngine } from './inProcessEngine';
import { header } from './regions';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

// The router plot throws while `failure.router` is set (in the panels and in compare mode),
// for every sender or only for `failure.only`.
const failure = vi.hoisted(() => ({ router: false, only: null as string | null }));
// The panel grid draws the router panel's descriptor component, compare mode RouterPlot.
vi.mock('../../src/ui/deps/panels', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/ui/deps/panels')>();
  const failing = <P extends { trace: import('../../src/engine').Trace }>(
    Real: React.ComponentType<P>,
  ) =>
    function Failing(props: P) {
      const sender = props.trace.flows[0]?.sender;
      if (failure.router && (failure.only === null || sender === failure.only))
        throw new Error('router exploded at <b>event 3</b>');
      return <Real {...props} />;
    };
  const router = real.panelOf('router');
  const routerPanel = { ...router, Component: failing(router.Component!) };
  return {
    ...real,
    RouterPlot: failing(real.RouterPlot),
    panelOf: (id: Parameters<typeof real.panelOf>[0]) =>
      id === 'router' ? routerPanel : real.panelOf(id),
  };
});

let stop: (() => void) | null = null;
let consoleError: ReturnType<typeof vi.spyOn> | null = null;

async function open(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  installInProcessEngine();
  render(
    <AppBoundary>
      <App />
    </AppBoundary>,
  );
  await act(async () => {
    stop = startController();
  });
  await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
}

beforeEach(() => {
  resetApp();
  failure.router = false;
  failure.only = null;
  // React reports each caught error on the console; the page shows it instead.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
  consoleError?.mockRestore();
});

describe('error boundaries', () => {
  it('a panel that throws shows what failed in its place; the other panels, the log and the keys keep working', async () => {
    failure.router = true;
    await open('?preset=ff-1-drops&sender=reno');
    const failed = await screen.findByTestId('panel-error');
    expect(failed.getAttribute('data-panel')).toBe('Router plot');
    expect(failed.textContent).toContain('This panel failed: router exploded at <b>event 3</b>');
    expect(failed.querySelector('b')).toBeNull(); // the message is text, never HTML
    // The rest renders.
    expect(screen.getByTestId('panel-cwnd')).toBeTruthy();
    // The slot under the router plot shows one panel at a time; its tabs choose another.
    fireEvent.click(screen.getByTestId('panel-tab-timeseq'));
    expect(await screen.findByTestId('panel-timeseq')).toBeTruthy();
    expect(
      within(screen.getByTestId('explanation-log')).getAllByRole('option').length,
    ).toBeGreaterThan(10);
    expect(header().getByLabelText('Preset')).toBeTruthy();
    const at = useApp.getState().cursor;
    fireEvent.keyDown(screen.getByTestId('visualizer'), { key: 'ArrowRight' });
    expect(useApp.getState().cursor).toBe(at + 1);
    expect(screen.queryByTestId('app-error')).toBeNull();
    // Retry renders the panel again: once the cause is gone, the plot is back.
    failure.router = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('panel-router')).toBeTruthy());
    expect(screen.queryByTestId('panel-error')).toBeNull();
  });

  it('in compare mode, one failed row leaves the others and the log', async () => {
    await open('?preset=ff-3-drops&sender=reno&compare=reno,newreno');
    await waitFor(() => expect(screen.getByTestId('compare-newreno')).toBeTruthy());
    failure.router = true;
    failure.only = 'newreno';
    // The next render of the rows (here: another modulus) calls the plots again, and they fail.
    act(() => useApp.setState({ modulus: 49 }));
    const failed = await screen.findAllByTestId('panel-error');
    expect(failed.map((f) => f.getAttribute('data-panel'))).toEqual(['NewReno run']);
    expect(screen.queryByTestId('compare-newreno')).toBeNull();
    expect(
      within(screen.getByTestId('compare-reno')).getByRole('img', { name: /cwnd/ }),
    ).toBeTruthy();
    expect(screen.getByTestId('divergence')).toBeTruthy();
    expect(screen.getByTestId('explanation-log')).toBeTruthy();
  });

  it('a new run clears a failed panel', async () => {
    failure.router = true;
    await open('?preset=ff-1-drops&sender=reno');
    await screen.findByTestId('panel-error');
    failure.router = false;
    fireEvent.change(header().getByLabelText('Sender'), { target: { value: 'newreno' } });
    await waitFor(() => expect(mainTrace(useApp.getState())?.flows[0]?.sender).toBe('newreno'));
    await waitFor(() => expect(screen.queryByTestId('panel-error')).toBeNull());
  });

  it("the app's boundary shows a readable message and a link to the default scenario", () => {
    function Broken(): never {
      throw new Error('state the app cannot show');
    }
    render(
      <AppBoundary>
        <Broken />
      </AppBoundary>,
    );
    const page = screen.getByTestId('app-error');
    expect(page.textContent).toContain('The app failed: state the app cannot show');
    const link = within(page).getByRole('link', { name: 'Open the default scenario' });
    expect(link.getAttribute('href')).toBe(window.location.pathname);
  });

  it('a panel boundary keeps its siblings', () => {
    function Broken(): never {
      throw 'plain string thrown';
    }
    render(
      <div>
        <PanelBoundary name="Broken panel">
          <Broken />
        </PanelBoundary>
        <p>sibling</p>
      </div>,
    );
    expect(screen.getByTestId('panel-error').textContent).toContain(
      'This panel failed: plain string thrown',
    );
    expect(screen.getByText('sibling')).toBeTruthy();
  });
});
