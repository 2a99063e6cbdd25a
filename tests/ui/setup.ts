/**
 * Runs before each component test file (happy-dom) (vitest.config.ts `setupFiles`). The `ui` project shares one
 * module graph and one DOM window between the files a worker runs (`isolate: false`), so each
 * file starts from what a fresh page has: the app's and the lecture's stores at their initial
 * state, an empty document, the address at `/`, no stored preferences. (This file runs again for
 * each test file: what it captured at its own load would be the last file's state, so the stores
 * reset to what their modules captured at theirs.)
 */
import { beforeAll } from 'vitest';
import { resetLecture } from '../../src/ui/model/lectureState';
import { resetApp } from '../../src/ui/store';

beforeAll(() => {
  resetApp();
  resetLecture();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
});
