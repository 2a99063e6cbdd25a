import { useSyncExternalStore } from 'react';
import {
  applyUpdate,
  dismissUpdate,
  subscribeUpdate,
  updateState,
  type UpdateState,
} from '../pwa/serviceWorker';
import './updatePrompt.css';

const TEXT: Record<Exclude<UpdateState, 'none'>, string> = {
  waiting: 'A new version of ackclock is available.',
  activated: 'A new version of ackclock was installed in another tab.',
};

/**
 * "A new version of ackclock is available — Reload / Later", once a newly published version's
 * service worker is installed and waiting (pwa/serviceWorker.ts). A small box in a corner over
 * the page, so it never moves the layout; the app keeps running until the user chooses.
 */
export function UpdatePrompt() {
  const state = useSyncExternalStore(subscribeUpdate, updateState, () => 'none' as const);
  if (state === 'none') return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>{TEXT[state]}</span>
      <button type="button" onClick={applyUpdate} data-testid="update-reload">
        Reload
      </button>
      <button
        type="button"
        onClick={dismissUpdate}
        title="Keep this version for now; the new one starts at the next visit once every ackclock tab is closed"
      >
        Later
      </button>
    </div>
  );
}
