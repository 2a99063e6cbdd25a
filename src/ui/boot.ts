/**
 * Imported first by main.tsx: until the app has rendered, an error that stops it from starting
 * (a module that fails to load, WebAssembly refused, a throw before React mounts) replaces the
 * "Starting…" text in #root with what failed and a link to the default scenario, as text, so the
 * page is never left blank. Once the app is on screen its error boundaries take over.
 */

function message(value: unknown): string {
  const text =
    value instanceof Error ? value.message || value.name : typeof value === 'string' ? value : '';
  const clean = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
}

/** Show a start-up failure in #root unless the app (or its own failure page) is there. */
export function showStartFailure(text: string): void {
  const root = document.getElementById('root');
  if (!root || root.querySelector('.app')) return;
  const box = document.createElement('div');
  box.className = 'app app-failed';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'app-error';
  const h1 = document.createElement('h1');
  h1.textContent = 'ackclock could not start';
  const p = document.createElement('p');
  p.textContent = `The app failed: ${text}`;
  const p2 = document.createElement('p');
  const a = document.createElement('a');
  a.href = window.location.pathname || '/';
  a.textContent = 'Open the default scenario';
  p2.append(a, ', or reload the page.');
  box.append(h1, p, p2);
  root.replaceChildren(box);
}

if (typeof window !== 'undefined') {
  window.addEventListener('error', (e) => showStartFailure(message(e.error ?? e.message)));
  window.addEventListener('unhandledrejection', (e) => showStartFailure(message(e.reason)));
}
