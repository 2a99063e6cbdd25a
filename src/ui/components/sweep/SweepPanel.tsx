import { useEffect, useId, useMemo, useState } from 'react';
import { downloadText } from '../../export/download';
import { useApp } from '../../store';
import { aggregate } from '../../sweep/aggregate';
import { sweepColumn, tableColumns } from '../../sweep/columns';
import { cancelSweep, defaultSweepForm, startSweep } from '../../sweep/controller';
import { sweepCsv } from '../../sweep/csv';
import type { SweepError } from '../../sweep/plan';
import { finished, progressText } from '../../sweep/state';
import { SweepControls } from './SweepControls';
import { SweepPlot } from './SweepPlot';
import { SweepTable } from './SweepTable';

/** Re-render about once a second while a sweep runs (the time-left estimate moves on). */
function useTicker(on: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return on ? now : performance.now();
}

/**
 * The sweep panel: run a preset over a key's values × a range of seeds in parallel workers and
 * compare the means with the paper's table. Its state (the store's sweep slice) is separate from
 * the run on screen, which keeps working while a sweep runs.
 */
export function SweepPanel() {
  const plotId = useId();
  const scenario = useApp((s) => s.scenario);
  const form = useApp((s) => s.sweepForm);
  const sweep = useApp((s) => s.sweep);
  const theme = useApp((s) => s.theme);
  const [errors, setErrors] = useState<SweepError[]>([]);
  const running = sweep.status === 'running';
  const now = useTicker(running);

  useEffect(() => {
    if (!form) useApp.getState().initSweepForm(defaultSweepForm(scenario));
  }, [form, scenario]);

  const spec = sweep.spec;
  const columns = useMemo(
    () =>
      tableColumns(
        spec?.published?.columns ?? [],
        sweep.runs.map((r) => r.rows),
      ),
    [spec, sweep.runs],
  );
  const rows = useMemo(
    () => (spec ? aggregate(sweep.runs, spec.values, columns) : []),
    [spec, sweep.runs, columns],
  );
  if (!form) return null;
  const plotColumn = sweepColumn(form.plotColumn) ?? columns[0];
  const run = () => {
    const problems = startSweep(form, useApp.getState().scenario);
    setErrors(problems ?? []);
  };
  const csv = () => {
    if (!spec) return;
    downloadText(
      sweepCsv(spec.key, spec.values, sweep.runs),
      `ackclock-sweep-${spec.preset}-${spec.key}.csv`,
      'text/csv',
    );
  };
  const done = finished(sweep);
  return (
    <section className="sweep" aria-label="Sweep" data-testid="panel-sweep">
      <header>
        <span>Sweep (many runs)</span>
        <span className="summary">
          {spec
            ? `${spec.preset}: ${spec.key} × seeds ${spec.seeds[0]}–${spec.seeds[spec.seeds.length - 1]} on ${spec.workers} worker${spec.workers === 1 ? '' : 's'}`
            : 'a preset over a key’s values and many seeds, beside the paper’s table'}
        </span>
      </header>
      <div className="sweep-body">
        <SweepControls
          form={form}
          errors={errors}
          running={running}
          onChange={(f) => {
            setErrors([]);
            useApp.getState().setSweepForm(f);
          }}
          onRun={run}
          onCancel={cancelSweep}
        />
        {sweep.status !== 'idle' && (
          <div
            className="sweep-progress"
            role="status"
            data-testid="sweep-status"
            data-state={sweep.status}
          >
            <progress max={Math.max(1, sweep.total)} value={done} aria-label="Sweep progress" />
            <span data-testid="sweep-progress-text">{progressText(sweep, now)}</span>
            {sweep.failures.length > 0 && (
              <span className="field-error">
                {sweep.failures[0]!.message}
                {sweep.failures.length > 1 ? ` (and ${sweep.failures.length - 1} more)` : ''}
              </span>
            )}
          </div>
        )}
        {spec && sweep.runs.length > 0 && (
          <>
            <SweepTable spec={spec} rows={rows} columns={columns} />
            <div className="sweep-plot-controls">
              <label htmlFor={plotId}>Plot</label>
              <select
                id={plotId}
                value={plotColumn?.id ?? ''}
                onChange={(e) => useApp.getState().setSweepForm({ plotColumn: e.target.value })}
              >
                {columns.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
              <button type="button" onClick={csv} data-testid="sweep-csv">
                Download CSV ({sweep.runs.length} runs)
              </button>
            </div>
            {plotColumn && <SweepPlot spec={spec} rows={rows} column={plotColumn} theme={theme} />}
          </>
        )}
      </div>
    </section>
  );
}
