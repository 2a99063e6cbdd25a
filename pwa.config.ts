/**
 * Offline use and installation (Workbox through vite-plugin-pwa), for `vite build` only.
 *
 * The build writes `sw.js` — src/sw/sw.ts (Workbox precaching) built by Vite, with the list of
 * every file of the build injected: index.html, the app and worker chunks (the WebAssembly hash
 * is inside the engine chunk), the stylesheet, the favicon and icons, the manifest — and
 * `manifest.webmanifest`, linked from index.html with a relative URL. After the first visit the
 * app and every preset (presets are code, not files) work with the network off. Nothing here
 * runs in the dev server: the page registers the worker itself in a production build only
 * (src/ui/pwa/serviceWorker.ts), so no inline register script is needed and index.html's
 * Content-Security-Policy stays as it is.
 *
 * Every URL is relative (`./`), like the rest of the build: the worker's scope is the folder the
 * site is served from, whatever its path. (Workbox's generateSW would write an equivalent
 * worker, but bundles it with Babel and Terser: 5–10 s more per build.)
 */
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

/** Theme colour of the manifest (the favicon's blue) and its background (the light theme's). */
const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#ffffff';

export const pwaOptions: Partial<VitePWAOptions> = {
  // Our worker (src/sw/sw.ts, Workbox precaching), built by Vite, with the file list injected.
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  // The page registers the worker (workbox-window) and shows its own update prompt.
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  // The glob below precaches every file of the build once (the plugin adds the manifest).
  includeManifestIcons: false,
  manifest: {
    id: './',
    name: 'ackclock — TCP & SCTP congestion control',
    short_name: 'ackclock',
    description:
      'A teaching visualizer of TCP and SCTP congestion control: slow start, fast retransmit, fast recovery and timeouts one packet and one ACK at a time.',
    lang: 'en',
    start_url: './',
    scope: './',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: 'icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{html,js,css,svg,png,wasm}'],
    // The app's chunks are large (the engine and d3); Workbox's default limit is 2 MiB.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    rollupFormat: 'iife',
  },
  devOptions: { enabled: false },
};

/** The plugin, configured (added to Vite's plugins for `vite build`). */
export function pwa() {
  return VitePWA(pwaOptions);
}
