import { useEffect, useId, useState } from 'react';
import { validateField, type Scenario } from '../deps/scenarios';
import { compareProblem } from '../model/budget';
import {
  applyFields,
  fieldValue,
  keyMetas,
  presetSizes,
  type EditError,
  type KeyMetaView,
} from '../model/scenarioQuery';
import { useApp } from '../store';

type Meta = KeyMetaView;

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 3 });
const num = (v: number | undefined) =>
  v === undefined ? '' : Math.abs(v) >= 10_000 ? compact.format(v) : String(v);

function rangeText(m: Meta): string {
  if (m.min === undefined && m.max === undefined) return m.unit ?? '';
  return `${m.unit ? `${m.unit}, ` : ''}${num(m.min)}–${num(m.max)}`;
}

function Field(props: {
  k: string;
  meta: Meta;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const { k, meta, value, error } = props;
  const label = meta.label ?? k;
  const describedBy =
    [meta.help ? `${id}-help` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') ||
    undefined;
  let control;
  if (meta.kind === 'bool' && meta.nullText !== undefined) {
    // A key the profile may decide: auto, on or off.
    control = (
      <select
        id={id}
        value={value === '' ? meta.nullText : value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value={meta.nullText}>{meta.nullText}</option>
        <option value="1">on</option>
        <option value="0">off</option>
      </select>
    );
  } else if (meta.kind === 'bool') {
    control = (
      <input
        id={id}
        type="checkbox"
        checked={value === '1' || value === 'true'}
        onChange={(e) => props.onChange(e.target.checked ? '1' : '0')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        style={{ gridColumn: 'auto', width: 'auto' }}
      />
    );
  } else if (meta.kind === 'enum' && meta.options) {
    control = (
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {meta.nullText !== undefined && (
          <option value={meta.nullText}>{meta.nullText || '(none)'}</option>
        )}
        {meta.options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        id={id}
        type="text"
        inputMode={meta.kind === 'int' || meta.kind === 'number' ? 'decimal' : undefined}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="field" data-key={k}>
      <label htmlFor={id} title={meta.help}>
        {label}
      </label>
      <span className="unit">{rangeText(meta)}</span>
      {control}
      {meta.help && (
        <span id={`${id}-help`} className="field-help secondary">
          {meta.help}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Form controls whose value is typed text (a bad value from the address is shown as typed). */
const typedKind = (m: Meta) => m.kind !== 'bool' && !(m.kind === 'enum' && m.options);

/** Keys shown only when they can matter: `n` on table presets. */
function relevant(key: string, s: Scenario): boolean {
  if (key === 'n') return presetSizes(s) !== null;
  return true;
}

/**
 * One field per scenario key from SCENARIO_KEYS, with units and ranges. A flow key shows flow
 * 1's value and sets every flow (the URL's unprefixed key); `flows` lists the senders. Values are validated
 * by the scenario module as they are typed; invalid values are shown inline and never reach
 * the engine. With auto-run, every valid change runs at once; otherwise Run applies them.
 * A bad value in the address the page was opened with is shown in its field, as typed, with
 * its error, until the field is edited. An edit the scenario refuses as a whole (a run over
 * the budget) is shown beside the field the refusal names, with what to lower.
 */
export function ParamForm() {
  const scenario = useApp((s) => s.scenario);
  const setScenario = useApp((s) => s.setScenario);
  const autoRun = useApp((s) => s.autoRun);
  const problems = useApp((s) => s.fieldProblems);
  const clearProblem = useApp((s) => s.clearFieldProblem);
  const keys = keyMetas()
    .filter((m) => m.formField !== false && relevant(m.key, scenario))
    .map((m) => [m.key, m] as const);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [applyError, setApplyError] = useState<string | null>(null);
  const [shown, setShown] = useState<Scenario>(scenario);

  // A scenario change from elsewhere (preset, URL, back/forward, a cancelled run) resets the
  // drafts.
  useEffect(() => {
    if (scenario !== shown) {
      setShown(scenario);
      setDrafts({});
      setErrors({});
      setRefusals({});
      setApplyError(null);
    }
  }, [scenario, shown]);

  const refuse = (list: readonly EditError[]) => {
    const byKey: Record<string, string> = {};
    const rest: string[] = [];
    for (const e of list) {
      if (keys.some(([k]) => k === e.key))
        byKey[e.key] = byKey[e.key] ? `${byKey[e.key]}; ${e.message}` : e.message;
      else rest.push(e.message);
    }
    setRefusals(byKey);
    setApplyError(rest.length > 0 ? rest.join('; ') : null);
  };

  const apply = (next: Record<string, string>) => {
    const r = applyFields(scenario, next);
    if (!r.ok) {
      refuse(r.errors);
      return;
    }
    // Compare mode runs the scenario once per sender: together they share the run budget.
    const over = compareProblem(r.scenario, useApp.getState().compare);
    if (over) {
      refuse([over]);
      return;
    }
    setShown(r.scenario);
    setScenario(r.scenario);
    setDrafts({});
    setRefusals({});
    setApplyError(null);
  };

  const change = (k: string, v: string) => {
    clearProblem(k);
    const nextDrafts = { ...drafts, [k]: v };
    setDrafts(nextDrafts);
    const err = validateField(k, v);
    const nextErrors = { ...errors };
    if (err) nextErrors[k] = err;
    else delete nextErrors[k];
    setErrors(nextErrors);
    if (autoRun && Object.keys(nextErrors).length === 0) apply(nextDrafts);
  };

  const invalid = Object.keys(errors).length > 0;
  const dirty = Object.keys(drafts).length > 0;
  return (
    <form
      aria-label="Scenario parameters"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) apply(drafts);
      }}
    >
      {keys.map(([k, meta]) => {
        const problem = problems[k];
        const fromAddress = problem && problem.raw !== null && typedKind(meta) ? problem.raw : null;
        return (
          <Field
            key={k}
            k={k}
            meta={meta}
            value={drafts[k] ?? fromAddress ?? fieldValue(scenario, k)}
            error={errors[k] ?? refusals[k] ?? problem?.message ?? null}
            onChange={(v) => change(k, v)}
          />
        );
      })}
      {applyError && (
        <p className="field-error" role="alert">
          {applyError}
        </p>
      )}
      {!autoRun && (
        <button type="submit" className="primary" disabled={invalid || !dirty}>
          Apply &amp; run
        </button>
      )}
    </form>
  );
}
