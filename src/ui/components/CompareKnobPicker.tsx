import { useId, useState } from 'react';
import { validateField } from '../deps/scenarios';
import { compareProblem } from '../model/budget';
import { knobFields, knobList } from '../model/compareEntries';
import { fieldValue } from '../model/scenarioQuery';
import { useApp } from '../store';
import { ProblemText } from './ProblemText';

/** Runs the sidebar makes of one key's values (a preset may bring more: urlState MAX_COMPARE). */
const SIDEBAR_MAX = 4;

/**
 * Compare mode over one setting (`compare=aqm:droptail,aqm:codel`): choose a key, then tick its
 * values (a discipline, ECN on and off) or type them (a buffer of 10 and 1000 packets); two to
 * four values run side by side, the rest of the scenario as it is. Native select, checkboxes,
 * a text field and buttons: every step works from the keyboard. A list is checked like a link
 * (compareProblem: each value valid for the key, the shared run budget).
 */
export function CompareKnobPicker() {
  const id = useId();
  const compare = useApp((s) => s.compare);
  const setCompare = useApp((s) => s.setCompare);
  const scenario = useApp((s) => s.scenario);
  const fields = knobFields();
  const open = knobList(compare);
  const [pending, setPending] = useState<{ key: string; values: string[] } | null>(null);
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const problem = useApp((s) => s.fieldProblems.compare);
  const error = refused ?? problem?.message;
  const current = open ?? pending ?? { key: 'aqm', values: [] };
  const field = fields.find((f) => f.key === current.key) ?? fields[0]!;
  const own = fieldValue(scenario, field.key);

  /** Try a list of values: two or more run; fewer are kept here until the next one. */
  const submit = (key: string, values: string[]) => {
    useApp.getState().clearFieldProblem('compare');
    setRefused(null);
    if (values.length < 2) {
      setPending({ key, values });
      if (open) setCompare([]);
      return;
    }
    const list = values.slice(0, SIDEBAR_MAX).map((v) => `${key}:${v}`);
    const over = compareProblem(useApp.getState().scenario, list);
    if (over) {
      setRefused(over.message);
      return;
    }
    setPending(null);
    setCompare(list);
  };
  const chooseKey = (key: string) => {
    setTyped('');
    submit(key, []);
  };
  const toggle = (v: string) => {
    const has = current.values.includes(v);
    const order = field.options ?? [...current.values, v];
    const next = order.filter((o) => (o === v ? !has : current.values.includes(o)));
    submit(field.key, next);
  };
  const add = () => {
    const v = typed.trim();
    if (!v || current.values.includes(v)) return;
    const why = validateField(field.key, v);
    if (why) {
      setRefused(why);
      return;
    }
    setTyped('');
    submit(field.key, [...current.values, v]);
  };
  const full = current.values.length >= SIDEBAR_MAX;
  const unit = field.unit ? ` ${field.unit}` : '';
  return (
    <fieldset
      className="compare-picker compare-knob"
      data-key="compare"
      data-testid="compare-knob"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-err` : undefined}
    >
      <legend className="sr-only">One setting’s values to compare</legend>
      <label htmlFor={`${id}-key`}>Key</label>
      <select
        id={`${id}-key`}
        value={field.key}
        title="The key whose values run side by side"
        onChange={(e) => chooseKey(e.target.value)}
      >
        {fields.map((f) => (
          <option key={f.key} value={f.key}>
            {f.key}: {f.label}
          </option>
        ))}
      </select>
      {field.options ? (
        <fieldset className="checks">
          <legend className="sr-only">Values of {field.key} to compare</legend>
          {field.options.map((o) => {
            const checked = current.values.includes(o);
            return (
              <label key={o}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => toggle(o)}
                />{' '}
                {o}
              </label>
            );
          })}
        </fieldset>
      ) : (
        <>
          <ul className="compare-knob-values" aria-label={`Values of ${field.key} compared`}>
            {current.values.map((v) => (
              <li key={v}>
                {v}
                {unit}{' '}
                <button
                  type="button"
                  aria-label={`Remove ${field.key} = ${v}`}
                  onClick={() =>
                    submit(
                      field.key,
                      current.values.filter((x) => x !== v),
                    )
                  }
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <span className="compare-knob-add">
            <input
              id={`${id}-value`}
              type="text"
              inputMode="decimal"
              size={7}
              value={typed}
              disabled={full}
              aria-label={`A value of ${field.key} to compare${unit ? ` (${field.unit})` : ''}`}
              placeholder={own || 'value'}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <button type="button" disabled={full || typed.trim() === ''} onClick={add}>
              Add value
            </button>
          </span>
        </>
      )}
      <span className="field-help">
        Tick or type 2–{SIDEBAR_MAX} values of {field.key} (this scenario’s: {own || 'default'}):
        the same flows run once with each.
      </span>
      <ProblemText id={`${id}-err`} message={error} />
    </fieldset>
  );
}
