import { useId, useState } from 'react';
import { validateField } from '../deps/scenarios';
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
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const drops = dropTokens(scenario);

  const commit = (list: string[]) => {
    const r = applyField(scenario, 'drops', sortDropTokens(list).join(','));
    if (r.ok) {
      setScenario(r.scenario);
      setError(null);
      return true;
    }
    setError(r.error);
    return false;
  };

  const add = () => {
    const v = draft.trim();
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
    <div className="field">
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
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => {
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
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
