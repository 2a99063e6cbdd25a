import { useEffect, useRef } from 'react';
import { shortcuts } from '../hooks/keyboard';
import { stepLevels } from '../model/stepLevels';
import { useApp } from '../store';

export function HelpOverlay() {
  const open = useApp((s) => s.helpOpen);
  // The step keys are named for the levels of the preset on screen.
  const levels = useApp((s) => stepLevels(s.scenario));
  const close = () => {
    useApp.getState().setHelpOpen(false);
    document.querySelector<HTMLElement>('[data-testid="visualizer"]')?.focus();
  };
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="overlay" onClick={close}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === '?') {
            e.preventDefault();
            close();
          }
        }}
      >
        <h2 id="help-title">Keyboard shortcuts</h2>
        <p>
          They work while the visualizer (transport, plots, log) has focus and no text field does.
        </p>
        <table>
          <tbody>
            {shortcuts(levels).map((s) => (
              <tr key={s.what + s.keys.join()}>
                <th scope="row">
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' '}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </th>
                <td>{s.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button ref={ref} type="button" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
