// The update prompt with workbox-window replaced by a fake whose lifecycle events the test
// fires (the real flow — a new sw.js published, installed, waiting — is tests/e2e/offline.spec.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

type Listener = (e: { isUpdate?: boolean; isExternal?: boolean }) => void;

/** The fake Workbox of the last registration, and what the page asked of it. */
const fake = vi.hoisted(() => ({
  instances: [] as {
    url: string;
    listeners: Map<string, Listener[]>;
    skipWaiting: number;
    updates: number;
    fire: (type: string, e?: { isUpdate?: boolean; isExternal?: boolean }) => void;
  }[],
  failRegister: false,
  /** The registration register() resolves to. */
  registration: {} as Record<string, unknown>,
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    listeners = new Map<string, Listener[]>();
    skipWaiting = 0;
    updates = 0;
    constructor(public url: string) {
      fake.instances.push(this);
    }
    addEventListener(type: string, l: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
    }
    fire(type: string, e: { isUpdate?: boolean; isExternal?: boolean } = {}) {
      for (const l of this.listeners.get(type) ?? []) l(e);
    }
    async register() {
      if (fake.failRegister) throw new Error('SecurityError: refused');
      return fake.registration;
    }
    async update() {
      this.updates++;
    }
    messageSkipWaiting() {
      this.skipWaiting++;
    }
  },
}));

const { registerServiceWorker, resetServiceWorkerForTests, UPDATE_CHECK_MS } =
  await import('../../../src/ui/pwa/serviceWorker');
const { UpdatePrompt } = await import('../../../src/ui/components/UpdatePrompt');

// The test DOM has no service workers: the page's check for one must pass.
beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  fake.instances.length = 0;
  fake.failRegister = false;
  fake.registration = {};
  vi.useFakeTimers({ toFake: ['setInterval'] });
});
afterEach(() => {
  cleanup();
  resetServiceWorkerForTests();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('update prompt', () => {
  it('registers sw.js beside the page, whatever its path', async () => {
    window.history.replaceState(null, '', '/some/sub/path/?preset=ff-3-drops&e=12');
    expect(await registerServiceWorker({ reload: () => {} })).toBe(true);
    expect(fake.instances[0]!.url).toBe(`${window.location.origin}/some/sub/path/sw.js`);
  });

  it('asks the host for a new version at once, then every hour; offline it asks nothing', async () => {
    await registerServiceWorker({ reload: () => {} });
    const wb = fake.instances[0]!;
    expect(wb.updates).toBe(1);
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(wb.updates).toBe(2);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(wb.updates).toBe(2);
    online.mockRestore();
  });

  it('shows nothing until a new version waits; Reload lets it take over, then reloads once', async () => {
    const reload = vi.fn();
    await registerServiceWorker({ reload });
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    const wb = fake.instances[0]!;
    act(() => wb.fire('waiting'));
    expect(screen.getByTestId('update-prompt').textContent).toContain(
      'A new version of ackclock is available.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    // Not yet reloaded: the waiting worker is asked to take over first.
    expect(wb.skipWaiting).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    act(() => wb.fire('controlling', { isUpdate: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a new version already installing when the page registers (found by the navigation) prompts once installed', async () => {
    // workbox-window listens for updates from register() on: this one started before.
    const sw = new EventTarget() as EventTarget & { state: string };
    sw.state = 'installing';
    const registration: Record<string, unknown> = { installing: sw, waiting: null };
    fake.registration = registration;
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { controller: {} },
      configurable: true,
    });
    await registerServiceWorker({ reload: () => {} });
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    sw.state = 'installed';
    registration.installing = null;
    registration.waiting = sw;
    act(() => void sw.dispatchEvent(new Event('statechange')));
    expect(screen.getByTestId('update-prompt').textContent).toContain(
      'A new version of ackclock is available.',
    );
  });

  it('the first install (no page controlled yet) never prompts, even when it was installing at register()', async () => {
    const sw = new EventTarget() as EventTarget & { state: string };
    sw.state = 'installing';
    const registration: Record<string, unknown> = { installing: sw, waiting: null };
    fake.registration = registration;
    await registerServiceWorker({ reload: () => {} });
    render(<UpdatePrompt />);
    sw.state = 'installed';
    act(() => void sw.dispatchEvent(new Event('statechange')));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('Later hides the prompt and keeps the running version', async () => {
    const reload = vi.fn();
    await registerServiceWorker({ reload });
    render(<UpdatePrompt />);
    const wb = fake.instances[0]!;
    act(() => wb.fire('waiting'));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(wb.skipWaiting).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('the first install takes over nothing and prompts nothing', async () => {
    const reload = vi.fn();
    await registerServiceWorker({ reload });
    render(<UpdatePrompt />);
    act(() => fake.instances[0]!.fire('controlling', { isUpdate: false }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a version accepted in another tab: this page says so, and Reload reloads it at once', async () => {
    const reload = vi.fn();
    await registerServiceWorker({ reload });
    render(<UpdatePrompt />);
    const wb = fake.instances[0]!;
    act(() => wb.fire('controlling', { isUpdate: true, isExternal: true }));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByTestId('update-prompt').textContent).toContain('another tab');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.skipWaiting).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a browser that refuses the worker leaves the page as it was', async () => {
    fake.failRegister = true;
    expect(await registerServiceWorker({ reload: () => {} })).toBe(false);
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('no service workers at all (an old browser, a test DOM): nothing is registered', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(await registerServiceWorker()).toBe(false);
    expect(fake.instances).toHaveLength(0);
  });
});
