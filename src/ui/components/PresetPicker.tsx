import { useId } from 'react';
import { getPreset, PRESETS, presetNotice } from '../deps/scenarios';
import { parseQuery, presetOf, senderOf } from '../model/scenarioQuery';
import { useApp } from '../store';

/** Preset picker grouped by paper, with the preset's "what to notice" text. */
export function PresetPicker() {
  const id = useId();
  const scenario = useApp((s) => s.scenario);
  const setScenario = useApp((s) => s.setScenario);
  const current = presetOf(scenario);
  const sender = senderOf(scenario);
  const preset = current ? getPreset(current) : undefined;
  const groups = [...new Set(PRESETS.map((p) => p.group))];
  const compact = useApp((s) => s.presentation);
  const notice = preset ? presetNotice(preset, sender as Parameters<typeof presetNotice>[1]) : '';

  const choose = (pid: string) => {
    // Keep the chosen sender when the preset allows it.
    const r = parseQuery(`preset=${encodeURIComponent(pid)}&sender=${encodeURIComponent(sender)}`);
    const next = r.ok ? r : parseQuery(`preset=${encodeURIComponent(pid)}`);
    if (!next.ok) return;
    // A comparison preset (e.g. Caro et al. Figure 5) opens compare mode with its senders.
    const compare = getPreset(pid)?.compare;
    useApp.setState(compare && compare.length >= 2 ? { cursor: 0, compare: [...compare] } : { cursor: 0 });
    setScenario(next.scenario);
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
      {preset &&
        (compact ? (
          <details className="notice" data-testid="preset-notice">
            <summary>
              <strong>What to notice</strong>
            </summary>
            {notice}
          </details>
        ) : (
          <p className="notice" data-testid="preset-notice">
            <strong>What to notice:</strong> {notice}
          </p>
        ))}
    </>
  );
}
