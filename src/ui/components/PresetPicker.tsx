import { useId } from 'react';
import { getPreset, PRESETS, presetNotice } from '../deps/scenarios';
import { parseQuery, presetOf, senderOf } from '../model/scenarioQuery';
import { useApp } from '../store';

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

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
  // A bad `preset` in the address the page was opened with, until another preset is chosen.
  const problem = useApp((s) => s.fieldProblems.preset);

  const choose = (pid: string) => {
    const target = getPreset(pid);
    // A preset written about one sender (Alamgir et al.'s SCTP run, the GEO pair, Caro et
    // al.'s figures) opens with that sender, so the picture matches its notice; the Fall &
    // Floyd presets, written for every sender, keep the sender already chosen.
    const own = target?.scenario.sender;
    const q = own
      ? `preset=${encodeURIComponent(pid)}`
      : `preset=${encodeURIComponent(pid)}&sender=${encodeURIComponent(sender)}`;
    const r = parseQuery(q);
    const next = r.ok ? r : parseQuery(`preset=${encodeURIComponent(pid)}`);
    if (!next.ok) return;
    // A comparison preset (e.g. Caro et al. Figure 5) opens compare mode with its senders;
    // leaving it for a preset without a comparison leaves compare mode too. A comparison the
    // user chose stays.
    const open = useApp.getState().compare;
    const fromPreset = preset?.compare !== undefined && sameList(open, preset.compare);
    const compare =
      target?.compare && target.compare.length >= 2 ? [...target.compare] : fromPreset ? [] : open;
    // A new preset brings its own defaults: what the address gave for the old one is moot.
    useApp.setState({ cursor: 0, compare, fieldProblems: {} });
    setScenario(next.scenario);
  };

  return (
    <>
      <div className="header-group" data-key="preset">
        <label htmlFor={id}>Preset</label>
        <select
          id={id}
          value={current ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-err` : undefined}
          onChange={(e) => choose(e.target.value)}
        >
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
        {problem && (
          <span id={`${id}-err`} className="field-error" role="alert">
            {problem.message}
          </span>
        )}
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
