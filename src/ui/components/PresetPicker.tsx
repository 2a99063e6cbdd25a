import { useId } from 'react';
import { getPreset, PRESETS, type Scenario } from '../deps/scenarios';
import { queryOf, senderOf, withSender } from '../model/scenarioQuery';
import { useApp } from '../store';

function presetIdOf(s: Scenario): string | null {
  return queryOf(s).get('preset') || null;
}

/** Preset picker grouped by paper, with the preset's "what to notice" text. */
export function PresetPicker() {
  const id = useId();
  const scenario = useApp((s) => s.scenario);
  const setScenario = useApp((s) => s.setScenario);
  const current = presetIdOf(scenario);
  const preset = current ? getPreset(current) : undefined;
  const groups = [...new Set(PRESETS.map((p) => p.group))];

  const choose = (pid: string) => {
    const p = getPreset(pid);
    if (!p) return;
    // Keep the chosen sender when the preset allows it.
    const next = withSender(p.scenario, senderOf(scenario)) ?? p.scenario;
    setScenario(next);
    useApp.setState({ cursor: 0 });
  };

  return (
    <>
      <div className="header-group">
        <label htmlFor={id}>Preset</label>
        <select id={id} value={current ?? ''} onChange={(e) => choose(e.target.value)}>
          <option value="" disabled>
            (custom scenario)
          </option>
          {groups.map((g) => (
            <optgroup key={g} label={g}>
              {PRESETS.filter((p) => p.group === g).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {preset && (
        <p className="notice" data-testid="preset-notice">
          <strong>What to notice:</strong> {preset.notice}
        </p>
      )}
    </>
  );
}
