import { cancel } from '../app/controller';
import { useApp } from '../store';
import { EmbedCode } from './EmbedCode';
import { ExportMenu } from './ExportMenu';

/** Run status: progress + Cancel for slow runs, the fingerprint, sizes, timings, exports. */
export function RunInfo() {
  const run = useApp((s) => s.run);
  const main = run.results[0];
  return (
    <div className={`runinfo${run.status === 'running' && run.slow ? '' : ' secondary'}`} data-testid="run-info">
      {run.status === 'running' && run.slow && (
        <span className="progress" role="status">
          Running… <progress max={1} value={run.progress} aria-label="Run progress" /> {Math.round(run.progress * 100)}%
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </span>
      )}
      {run.status === 'running' && !run.slow && <span className="sr-only">Running…</span>}
      {main && (
        <>
          <span>
            fingerprint <code data-testid="fingerprint">{run.fingerprints[0] ?? 'computing…'}</code>
          </span>
          <span className="secondary">
            {main.trace.packets.length} events · {main.trace.decisions.length} decisions · engine{' '}
            {main.engineMs.toFixed(0)} ms
          </span>
        </>
      )}
      <ExportMenu />
      <EmbedCode />
    </div>
  );
}
