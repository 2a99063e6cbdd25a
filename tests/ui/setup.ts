/**
 * Runs before each jsdom test file (vitest.config.ts `setupFiles`). The `ui` project shares one
 * module graph and one jsdom window between the files a worker runs (`isolate: false`), so each
 * file starts from what a fresh page has: the app's and the lecture's stores at their initial
 * state, an empty document, the address at `/`, no stored preferences.
 */
import { beforeAll } from 'vitest';
import { useLecture } from '../../src/ui/model/lectureState';
import { resetApp } from '../../src/ui/store';

const lectureInitial = useLecture.getState();

beforeAll(() => {
  resetApp();
  useLecture.setState(lectureInitial, true);
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
});
