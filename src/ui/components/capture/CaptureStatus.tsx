/** Reading a capture: progress and Cancel; a failed import: what is wrong, and that nothing changed. */
import { cancelImport } from '../../capture/bridge';
import { useApp } from '../../store';

export function CaptureStatus() {
  const c = useApp((s) => s.capture);
  if (c.status === 'reading')
    return (
      <div className="banner warn capture-status" role="status" data-testid="capture-progress">
        Reading {c.fileName} in this browser…{' '}
        <progress max={1} value={c.progress} aria-label="Capture read" />{' '}
        {Math.round(c.progress * 100)}%{' '}
        <button type="button" data-testid="capture-cancel" onClick={cancelImport}>
          Cancel
        </button>
      </div>
    );
  if (!c.error) return null;
  return (
    <div className="banner capture-status" role="alert" data-testid="capture-error">
      {/[.!?]$/.test(c.error) ? c.error : `${c.error}.`}{' '}
      {c.status === 'error' && (
        <span>
          {c.file ? 'The capture on screen is kept.' : 'The scenario on screen is kept.'}{' '}
        </span>
      )}
      <button type="button" onClick={() => useApp.getState().dismissCaptureError()}>
        Dismiss
      </button>
    </div>
  );
}
