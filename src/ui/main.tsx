import './boot';
import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot.tsx';
import { startController } from './app/controller';
import { AppBoundary, AppFailure, errorText } from './components/ErrorBoundary';
import { registerServiceWorker } from './pwa/serviceWorker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

// A controller that cannot start (an address it cannot apply) still gets a page that says so.
let startError: string | null = null;
try {
  startController();
} catch (err) {
  startError = errorText(err);
}

createRoot(root).render(
  <StrictMode>
    {startError !== null ? (
      <AppFailure message={startError} />
    ) : (
      <AppBoundary>
        <AppRoot />
      </AppBoundary>
    )}
  </StrictMode>,
);

// Offline use: the built site's service worker (a production build only: the dev server has
// none). Registered after the page has loaded, so it never competes with the first run.
if (import.meta.env.PROD) void registerServiceWorker();
