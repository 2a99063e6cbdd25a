import { useId, useState } from 'react';
import { validateField } from '../deps/scenarios';
import { compareProblem } from '../model/budget';
import { applyField, dropTokens, sortDropTokens } from '../model/scenarioQuery';
import { useApp } from '../store';

function chipText(token: string): string {
  const [p, t] = token.split(':');
  return t && t !== '1' ? `${p} (transmission ${t})` : (p ?? token);
}

/** The scripted drop list as removable chips plus an "add packet" field. */
export function DropListEditor() {
  const id = useId();
  const scenario = useApp((s) => s.scenario);
  const setScenario = useApp((s) => s.setScenario);
  // A bad `drops` in the address the page was opened with: its text and error, until edited.
  const problem = useApp((s) => s.fieldProblems.drops);
  const clearProblem = useApp((s) => s.clearFieldProblem);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const drops = dropTokens(scenario);
  const text = problem && problem.raw !== null && draft === '' ? problem.raw : draft;
  const shownError = error ?? problem?.message ?? null;

  const commit = (list: string[]) => {
    clearProblem('drops');
    const r = applyField(scenario, 'drops', sortDropTokens(list).join(','));
    const over = r.ok ? compareProblem(r.scenario, useApp.getState().compare) : null;
    if (r.ok && !over) {
      setScenario(r.scenario);
      setError(null);
      return true;
    }
    setError(r.ok ? (over?.message ?? null) : r.error);
    return false;
  };

  const add = () => {
    const v = text.trim();
    if (!v) return;
    const err = validateField('drops', v);
    if (err) {
      setError(err);
      return;
    }
    const extra = v.split(',').map((x) => x.trim()).filter(Boolean);
    if (commit([...drops, ...extra])) setDraft('');
  };

  return (
    <div className="field" data-key="drops">
      <label htmlFor={id}>Drops</label>
      <span className="unit">packet #</span>
      <ul className="drop-list" aria-label="Dropped packets" data-testid="drop-list">
        {drops.length === 0 && <li className="unit">none</li>}
        {drops.map((d) => (
          <li key={d} className="drop-chip">
            <span aria-hidden="true" style={{ color: '#D55E00' }}>
              ×
            </span>
            {chipText(d)}
            <button type="button" aria-label={`Remove drop of packet ${chipText(d)}`} onClick={() => commit(drops.filter((x) => x !== d))}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        placeholder="add packet, e.g. 23 or 15:2"
        value={text}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-err` : undefined}
        onChange={(e) => {
          clearProblem('drops');
          setDraft(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') add();
        }}
      />
      <button type="button" onClick={add} style={{ gridColumn: '1 / -1' }}>
        Add drop
      </button>
      {shownError && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {shownError}
        </span>
      )}
    </div>
  );
}
