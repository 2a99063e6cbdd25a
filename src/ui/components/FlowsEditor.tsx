import { useEffect, useId, useState } from 'react';
import { flowStyle, PALETTE } from '../deps/panels';
import { MAX_FLOWS, validateField } from '../deps/scenarios';
import { compareProblem } from '../model/budget';
import {
  addFlow,
  flowSenders,
  flowStartText,
  removeFlow,
  setFlowSender,
  setFlowStart,
} from '../model/flowsEdit';
import type { Edit } from '../model/scenarioQuery';
import { senderOptions } from '../model/scenarioQuery';
import { useApp } from '../store';

/**
 * The flows of the scenario, one row each: the flow's glyph in its colour (as in every panel),
 * its sender, its start (s) and Remove; Add flow at the end (up to MAX_FLOWS). Every edit goes
 * through the URL keys (`flows=`, `f<k>.start`) and the scenario module's validation; a refused
 * edit (a bad start, a run over the budget) is shown under the list with what to change.
 */
export function FlowsEditor() {
  const id = useId();
  const scenario = useApp((s) => s.scenario);
  const theme = useApp((s) => s.theme);
  const comparing = useApp((s) => s.compare.length >= 2);
  const setScenario = useApp((s) => s.setScenario);
  const [error, setError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const senders = flowSenders(scenario);
  const n = senders.length;
  const opts = senderOptions();

  // Another scenario (preset, link, back): the drafts and the message belong to the old one.
  useEffect(() => {
    setDrafts({});
    setError(null);
  }, [scenario]);

  const apply = (r: Edit) => {
    if (!r.ok) {
      setError(r.error);
      return false;
    }
    const over = compareProblem(r.scenario, useApp.getState().compare);
    if (over) {
      setError(over.message);
      return false;
    }
    setError(null);
    setScenario(r.scenario);
    return true;
  };

  const commitStart = (k: number) => {
    const v = drafts[k];
    if (v === undefined) return;
    const bad = validateField('start', v);
    if (bad) {
      setError(`f${k}.start: ${bad.replace(/^start: /, '')}`);
      return;
    }
    if (apply(setFlowStart(scenario, k, v)))
      setDrafts((d) => {
        const next = { ...d };
        delete next[k];
        return next;
      });
  };

  return (
    <fieldset
      className="flows-editor"
      data-key="flows"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-err` : `${id}-help`}
    >
      <legend>
        <strong>Flows</strong>{' '}
        <span className="unit">
          ({n} of at most {MAX_FLOWS})
        </span>
      </legend>
      <ol className="flows-list" data-testid="flows-list">
        {senders.map((sender, i) => {
          const k = i + 1;
          const st = flowStyle(i);
          return (
            <li key={k} className="flow-row" data-flow={k}>
              <span
                className="flow-glyph"
                aria-hidden="true"
                style={{ color: PALETTE[theme][st.color] }}
                title={`flow ${k}`}
              >
                {st.symbol}
                <span className="flow-num">{k}</span>
              </span>
              <select
                aria-label={`Sender of flow ${k}`}
                value={sender}
                disabled={comparing && k === 1}
                title={
                  comparing && k === 1
                    ? 'Compare mode: flow 1’s senders are chosen under Compare'
                    : undefined
                }
                onChange={(e) => apply(setFlowSender(scenario, k, e.target.value))}
              >
                {opts.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
              <input
                type="text"
                inputMode="decimal"
                aria-label={`Start of flow ${k}, seconds`}
                title={`Start of flow ${k}, s (f${k}.start)`}
                value={drafts[k] ?? flowStartText(scenario, k)}
                onChange={(e) => setDrafts((d) => ({ ...d, [k]: e.target.value }))}
                onBlur={() => commitStart(k)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    commitStart(k);
                  }
                }}
              />
              <button
                type="button"
                aria-label={`Remove flow ${k}`}
                title={`Remove flow ${k} (the flows after it move up one number)`}
                disabled={n <= 1}
                onClick={() => apply(removeFlow(scenario, k))}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      <div className="flows-actions">
        <button
          type="button"
          disabled={n >= MAX_FLOWS}
          onClick={() => apply(addFlow(scenario, senders[n - 1] ?? opts[0] ?? 'reno'))}
        >
          Add flow
        </button>
        <span id={`${id}-help`} className="field-help">
          sender and start (s) of each flow; all share the bottleneck
        </span>
      </div>
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
