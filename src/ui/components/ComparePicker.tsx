import { useId, useState } from 'react';
import { PROFILE_IDS, PROFILE_LABELS, type ProfileId } from '../deps/scenarios';
import { compareProblem } from '../model/budget';
import {
  entryToken,
  knobList,
  parseEntry,
  runNames,
  runStyles,
  scenarioProfile,
  type CompareEntry,
} from '../model/compareEntries';
import { senderOf, senderOptions } from '../model/scenarioQuery';
import { useApp } from '../store';
import { CompareKnobPicker } from './CompareKnobPicker';
import { ProblemText } from './ProblemText';
import { RunSwatch } from './RunSwatch';

/** Runs the sidebar makes (a comparison preset may bring more: urlState MAX_COMPARE). */
const SIDEBAR_MAX = 4;

/** Entries grouped by sender in picker order, each sender's runs in the order they were added. */
function bySender(entries: readonly CompareEntry[], opts: readonly string[]): CompareEntry[] {
  return opts.flatMap((o) => entries.filter((e) => e.sender === o));
}

/**
 * Compare mode's controls: senders, or one setting's values (CompareKnobPicker:
 * `compare=aqm:droptail,aqm:codel`), chosen by a radio pair. For senders: tick 2–4 senders, and
 * per run the stack profile it runs under (`compare=newreno@ns2,newreno@rfc`), another profile
 * of the same sender (+ profile), or remove it; with one sender, "Compare profiles" runs it
 * under every profile. Every change is a compare list checked like a link (compareProblem: no
 * two runs alike, the shared run budget).
 */
export function ComparePicker() {
  const compare = useApp((s) => s.compare);
  const setCompare = useApp((s) => s.setCompare);
  const [chosen, setChosen] = useState<'senders' | 'setting'>('senders');
  // A knob list on screen (a preset's, a link's) shows the setting's picker.
  const mode = knobList(compare) ? 'setting' : chosen;
  const choose = (m: 'senders' | 'setting') => {
    if (m === mode) return;
    setChosen(m);
    if (compare.length > 0) {
      useApp.getState().clearFieldProblem('compare');
      setCompare([]);
    }
  };
  return (
    <div className="compare-what">
      <div role="radiogroup" aria-label="What to compare" className="compare-mode">
        {(['senders', 'setting'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="compare-mode"
              value={m}
              checked={mode === m}
              data-testid={`compare-mode-${m}`}
              onChange={() => choose(m)}
            />{' '}
            {m === 'senders' ? 'senders' : 'a setting (key:value)'}
          </label>
        ))}
      </div>
      {mode === 'setting' ? <CompareKnobPicker /> : <CompareSenderPicker />}
      {mode === 'setting' && compare.length >= 2 && (
        <button type="button" onClick={() => setCompare([])}>
          Stop comparing
        </button>
      )}
    </div>
  );
}

/**
 * Compare mode's sender controls: tick 2–4 senders, and per run the stack profile it runs under
 * (see ComparePicker).
 */
function CompareSenderPicker() {
  const errId = useId();
  const compare = useApp((s) => s.compare);
  const setCompare = useApp((s) => s.setCompare);
  const scenario = useApp((s) => s.scenario);
  const problem = useApp((s) => s.fieldProblems.compare);
  const [refused, setRefused] = useState<string | null>(null);
  const sender = senderOf(scenario);
  const own = scenarioProfile(scenario);
  const opts = senderOptions();
  const on = compare.length >= 2;
  const entries = (on ? compare : [sender]).flatMap((t) => parseEntry(t) ?? []);

  /** Try a new list: fewer than two runs leaves compare mode. */
  const submit = (next: readonly CompareEntry[]) => {
    useApp.getState().clearFieldProblem('compare');
    const list = next.length >= 2 ? next.slice(0, SIDEBAR_MAX).map(entryToken) : [];
    const over = compareProblem(useApp.getState().scenario, list);
    setRefused(over?.message ?? null);
    if (!over) setCompare(list);
  };
  const toggle = (o: string) => {
    const has = entries.some((e) => e.sender === o);
    const next = has
      ? entries.filter((e) => e.sender !== o)
      : [...entries, { sender: o, profile: null }];
    submit(bySender(next, opts));
  };
  /** Profiles (resolved) a sender already runs under. */
  const usedBy = (s: string) =>
    new Set(entries.filter((e) => e.sender === s).map((e) => e.profile ?? own));
  const otherProfile = (s: string): ProfileId | null =>
    PROFILE_IDS.find((p) => !usedBy(s).has(p)) ?? null;
  const addProfile = (i: number) => {
    const e = entries[i];
    const p = e ? otherProfile(e.sender) : null;
    if (!e || !p) return;
    submit([...entries.slice(0, i + 1), { sender: e.sender, profile: p }, ...entries.slice(i + 1)]);
  };
  const setProfile = (i: number, value: string) => {
    const profile = (PROFILE_IDS as readonly string[]).includes(value)
      ? (value as ProfileId)
      : null;
    submit(entries.map((e, k) => (k === i ? { ...e, profile } : e)));
  };
  const remove = (i: number) => submit(entries.filter((_, k) => k !== i));
  const compareProfiles = () =>
    submit([
      { sender, profile: null },
      ...PROFILE_IDS.filter((p) => p !== own).map((p) => ({ sender, profile: p })),
    ]);

  const names = runNames(entries.map(entryToken), own);
  const styles = runStyles(names);
  const full = entries.length >= SIDEBAR_MAX;
  const error = refused ?? problem?.message;
  const ownText = `scenario’s (${own})`;
  return (
    <fieldset
      className="compare-picker"
      data-key="compare"
      aria-invalid={error ? true : undefined}
      aria-describedby={`compare-help${error ? ` ${errId}` : ''}`}
    >
      <legend className="sr-only">Runs to compare</legend>
      <div className="checks">
        {opts.map((o) => {
          const checked = entries.some((e) => e.sender === o);
          return (
            <label key={o}>
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && on && full}
                onChange={() => toggle(o)}
              />{' '}
              {o}
            </label>
          );
        })}
      </div>
      <span id="compare-help" className="field-help">
        Tick 2–4 senders to run them side by side on the same scenario, or run one sender under
        several stack profiles.
      </span>
      {on ? (
        <ol className="compare-runs" aria-label="Compared runs" data-testid="compare-runs">
          {entries.map((e, i) => {
            const st = styles[i]!;
            const next = otherProfile(e.sender);
            const label = `run ${i + 1}, ${st.name}`;
            return (
              <li key={entryToken(e)}>
                <span
                  className="compare-run-name"
                  title={e.sender}
                  style={{ color: st.color, whiteSpace: 'normal', overflowWrap: 'break-word' }}
                >
                  <RunSwatch style={st} /> {st.name}
                </span>
                <select
                  aria-label={`Profile of ${label}`}
                  title="The stack profile this run uses; “scenario’s” follows the Stack profile field"
                  value={e.profile ?? ''}
                  onChange={(ev) => setProfile(i, ev.target.value)}
                >
                  <option value="">{ownText}</option>
                  {PROFILE_IDS.map((p) => (
                    <option key={p} value={p} title={PROFILE_LABELS[p]}>
                      {p}: {PROFILE_LABELS[p]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  disabled={full || next === null}
                  aria-label={`Also run ${e.sender} under another profile`}
                  title={
                    next === null
                      ? `${e.sender} already runs under every profile`
                      : full
                        ? `At most ${SIDEBAR_MAX} runs side by side`
                        : `Add a run of ${e.sender} under ${PROFILE_LABELS[next]} (${next})`
                  }
                  onClick={() => addProfile(i)}
                >
                  + profile
                </button>
                <button
                  type="button"
                  className="compare-run-remove"
                  aria-label={`Remove ${label}`}
                  title={`Remove ${label}`}
                  onClick={() => remove(i)}
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ol>
      ) : (
        <button
          type="button"
          title={`Run ${sender} under each stack profile (${PROFILE_IDS.join(', ')}) side by side`}
          onClick={compareProfiles}
        >
          Compare profiles
        </button>
      )}
      {on && (
        <button
          type="button"
          onClick={() => {
            setRefused(null);
            setCompare([]);
          }}
        >
          Stop comparing
        </button>
      )}
      <ProblemText id={errId} message={error} />
    </fieldset>
  );
}
