import './boot';
import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startController } from './app/controller';
import { AppBoundary, AppFailure, errorText } from './components/ErrorBoundary';
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
        <App />
      </AppBoundary>
    )}
  </StrictMode>,
);
