import { useId, useState } from 'react';
import { applyField, senderOf, senderOptions } from '../model/scenarioQuery';
import { findVariant } from '../deps/scenarios';
import { useApp } from '../store';

export function SenderPicker() {
  const id = useId();
  const scenario = useApp((s) => s.scenario);
  const compare = useApp((s) => s.compare);
  const setScenario = useApp((s) => s.setScenario);
  // A bad `sender` in the address the page was opened with, until another sender is chosen.
  const problem = useApp((s) => s.fieldProblems.sender);
  const clearProblem = useApp((s) => s.clearFieldProblem);
  const [refused, setRefused] = useState<string | null>(null);
  const sender = senderOf(scenario);
  const error = refused ?? problem?.message ?? null;
  return (
    <div className="header-group" data-key="sender">
      <label htmlFor={id}>Sender</label>
      <select
        id={id}
        value={sender}
        disabled={compare.length >= 2}
        title={
          compare.length >= 2 ? 'Compare mode: the senders are chosen under Compare' : undefined
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => {
          clearProblem('sender');
          const r = applyField(scenario, 'sender', e.target.value);
          if (r.ok) {
            setRefused(null);
            setScenario(r.scenario);
          } else setRefused(r.error);
        }}
      >
        {senderOptions().map((o) => (
          // The registry's name for each sender; the id stays the value (and the URL's).
          <option key={o} value={o} title={o}>
            {findVariant(o)?.label ?? o}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
