import { useId } from 'react';
import { PRESETS, getPreset } from '../../deps/scenarios';
import { keyMetas } from '../../model/scenarioQuery';
import type { SweepForm } from '../../store';
import { formForPreset } from '../../sweep/controller';
import type { SweepError } from '../../sweep/plan';
import { sweepable } from '../../sweep/plan';

/** The keys a sweep may vary, with their labels (`n` only for a preset with table sizes). */
function keyOptions(preset: string): { key: string; label: string }[] {
  const sized = getPreset(preset)?.sizes !== undefined;
  return keyMetas()
    .filter((m) => sweepable(m.key) && (m.key !== 'n' || sized) && m.kind !== 'bool')
    .filter((m) => m.kind === 'number' || m.kind === 'int')
    .map((m) => ({ key: m.key, label: `${m.key} — ${m.label}` }));
}

function Err({ id, errors }: { id: string; errors: SweepError[] }) {
  if (errors.length === 0) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {errors.map((e) => e.message).join('; ')}
    </span>
  );
}

/**
 * The sweep form: preset (default the one on screen), the key and its values, the seed range and
 * other keys for every run; Run and Cancel. Problems are shown beside the field they concern.
 */
export function SweepControls(props: {
  form: SweepForm;
  errors: SweepError[];
  running: boolean;
  onChange: (f: Partial<SweepForm>) => void;
  onRun: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { form, errors, running } = props;
  const of = (field: SweepError['field']) => errors.filter((e) => e.field === field);
  const bad = (field: SweepError['field']) => (of(field).length > 0 ? true : undefined);
  const groups = [...new Set(PRESETS.map((p) => p.group))];
  return (
    <form
      className="sweep-form"
      aria-label="Sweep settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (!running) props.onRun();
      }}
    >
      <div className="field" data-key="sweep-preset">
        <label htmlFor={`${id}-preset`}>Preset</label>
        <select
          id={`${id}-preset`}
          value={form.preset}
          disabled={running}
          onChange={(e) => props.onChange(formForPreset(e.target.value))}
        >
          {groups.map((g) => (
            <optgroup key={g} label={g}>
              {PRESETS.filter((p) => p.group === g).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field" data-key="sweep-key">
        <label htmlFor={`${id}-key`}>Key</label>
        <select
          id={`${id}-key`}
          value={form.key}
          disabled={running}
          aria-invalid={bad('key')}
          aria-describedby={bad('key') && `${id}-key-err`}
          onChange={(e) => props.onChange({ key: e.target.value })}
        >
          {keyOptions(form.preset).map((k) => (
            <option key={k.key} value={k.key}>
              {k.label}
            </option>
          ))}
        </select>
        <Err id={`${id}-key-err`} errors={of('key')} />
      </div>
      <div className="field sweep-values" data-key="sweep-values">
        <label htmlFor={`${id}-values`}>Values</label>
        <span className="unit">comma-separated</span>
        <input
          id={`${id}-values`}
          type="text"
          value={form.values}
          disabled={running}
          aria-invalid={bad('values')}
          aria-describedby={bad('values') && `${id}-values-err`}
          onChange={(e) => props.onChange({ values: e.target.value })}
        />
        <Err id={`${id}-values-err`} errors={of('values')} />
      </div>
      <fieldset className="field sweep-seeds" data-key="sweep-seeds" aria-invalid={bad('seeds')}>
        <legend>Seeds</legend>
        <label htmlFor={`${id}-from`} className="sr-only">
          First seed
        </label>
        <input
          id={`${id}-from`}
          type="text"
          inputMode="numeric"
          value={form.seedFrom}
          disabled={running}
          onChange={(e) => props.onChange({ seedFrom: e.target.value })}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={`${id}-to`} className="sr-only">
          Last seed
        </label>
        <input
          id={`${id}-to`}
          type="text"
          inputMode="numeric"
          value={form.seedTo}
          disabled={running}
          onChange={(e) => props.onChange({ seedTo: e.target.value })}
        />
        <Err id={`${id}-seeds-err`} errors={of('seeds')} />
      </fieldset>
      <div className="field sweep-extra" data-key="sweep-extra">
        <label htmlFor={`${id}-extra`}>Other keys</label>
        <span className="unit">for every run, e.g. stop=100</span>
        <input
          id={`${id}-extra`}
          type="text"
          value={form.extra}
          disabled={running}
          placeholder="stop=100"
          aria-invalid={bad('extra')}
          aria-describedby={bad('extra') && `${id}-extra-err`}
          onChange={(e) => props.onChange({ extra: e.target.value })}
        />
        <Err id={`${id}-extra-err`} errors={of('extra')} />
      </div>
      <div className="sweep-actions">
        {/* Separate elements (keys): the Cancel button must not turn into the submit button
            during its own click, which would start the sweep again. */}
        {running ? (
          <button key="cancel" type="button" onClick={props.onCancel} data-testid="sweep-cancel">
            Cancel sweep
          </button>
        ) : (
          <button key="run" type="submit" className="primary" data-testid="sweep-run">
            Run sweep
          </button>
        )}
      </div>
      <Err id={`${id}-budget-err`} errors={of('budget')} />
    </form>
  );
}
