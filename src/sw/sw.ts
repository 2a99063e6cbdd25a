/**
 * The offline service worker (`sw.js` of the build; pwa.config.ts builds it, injecting the
 * list of the build's files as `self.__WB_MANIFEST`). Workbox precaching: every file of the
 * build is stored at install and served from the cache, so the app and every preset work with
 * the network off after the first visit.
 *
 * - Every address of the app is index.html with a scenario in its query, so the query is
 *   ignored when matching (`./?preset=…` → `./` → `./index.html`); other pages of the host go
 *   to the network as they would without a worker.
 * - A new version installs and then waits; the page's "Reload" (src/ui/pwa/serviceWorker.ts,
 *   workbox-window's messageSkipWaiting) sends SKIP_WAITING, and it takes over.
 * - Caches of older Workbox versions are removed when it activates.
 */
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | PrecacheEntry)[];
};

precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/./],
  directoryIndex: 'index.html',
});
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
