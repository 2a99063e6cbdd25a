import { useApp } from '../store';

/** Problems with the address (React text only: nothing from the URL becomes HTML) and run errors. */
export function Banner() {
  const errors = useApp((s) => s.urlErrors);
  const warnings = useApp((s) => s.urlWarnings);
  const runError = useApp((s) => s.run.error);
  const clear = () => useApp.getState().setUrlProblems([], []);
  // 'query' names a refusal of the whole link; with any other key the rest was applied (the
  // 'query: N more errors not shown' line follows other keys' errors)
  const whole = errors.length > 0 && errors.every((e) => e.key === 'query');
  const pinned = useApp((s) => s.urlPinned);
  return (
    <>
      {errors.length > 0 && (
        <div className="banner" role="alert" data-testid="url-error">
          <h2>The address has values ackclock cannot use</h2>
          <ul>
            {errors.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
          <p style={{ margin: '0.2em 0 0' }}>
            {whole
              ? 'Showing the default scenario. '
              : 'Every other key was applied; a value that was not is marked beside its control. '}
            {pinned && 'The address bar keeps the link as typed until you change something.'}
          </p>
          {warnings.map((w, i) => (
            <p key={i} style={{ margin: '0.2em 0 0' }}>
              {w}
            </p>
          ))}
          <button type="button" onClick={clear}>
            Dismiss
          </button>
        </div>
      )}
      {errors.length === 0 && warnings.length > 0 && (
        <div className="banner warn" role="status">
          {warnings.join(' ')}{' '}
          <button type="button" onClick={clear}>
            Dismiss
          </button>
        </div>
      )}
      {runError && (
        <div className="banner" role="alert" data-testid="run-error">
          {runError}
        </div>
      )}
    </>
  );
}
