import { useId, useMemo } from 'react';
import { getPreset, presetCompare, PRESETS } from '../deps/scenarios';
import { noticeState, runSummary, runSummaryText } from '../model/noticeState';
import { parseQuery, presetOf, senderOf } from '../model/scenarioQuery';
import { storyWindow } from '../model/storyView';
import { useApp } from '../store';
import { Ns2Mark } from './Ns2Mark';
import './notice.css';

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * What the run on screen did, per flow (per run in compare mode), read from its trace; null
 * while a run is under way (the results on screen are the previous scenario's).
 */
function useRunSummary(active: boolean): string | null {
  const status = useApp((s) => s.run.status);
  const results = useApp((s) => s.run.results);
  const senders = useApp((s) => s.run.senders);
  return useMemo(() => {
    if (!active || status === 'running' || results.length === 0) return null;
    if (results.length === 1) return runSummaryText(runSummary(results[0]!.trace));
    return results
      .map((r, i) => `${senders[i] ?? `run ${i + 1}`} — ${runSummaryText(runSummary(r.trace))}`)
      .join('; ');
  }, [active, status, results, senders]);
}

/**
 * Preset picker grouped by paper, with the preset's "what to notice" text. Once the scenario
 * differs from the preset in a key that changes the run (noticeState.ts), the title says
 * "edited" with the changes, the notice is marked as describing the unedited preset, and a
 * summary of the actual run comes first.
 */
export function PresetPicker() {
  const id = useId();
  const scenario = useApp((s) => s.scenario);
  const setScenario = useApp((s) => s.setScenario);
  const current = presetOf(scenario);
  const sender = senderOf(scenario);
  const preset = current ? getPreset(current) : undefined;
  const groups = [...new Set(PRESETS.map((p) => p.group))];
  const compact = useApp((s) => s.presentation);
  const ns = useMemo(() => (preset ? noticeState(scenario) : null), [preset, scenario]);
  const edited = ns?.edited ?? false;
  const running = useApp((s) => s.run.status === 'running');
  const summary = useRunSummary(edited);
  // While a prediction waits for Reveal the notice would give the answer away: it is collapsed
  // to one line until the answer is shown.
  const predicting = useApp((s) => s.predict.pending !== null && !s.predict.pending.revealed);
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
    const shown = presetCompare(preset);
    const fromPreset = shown !== null && sameList(open, shown);
    const targetCompare = presetCompare(target);
    const compare = targetCompare ? [...targetCompare] : fromPreset ? [] : open;
    // A new preset brings its own defaults: what the address gave for the old one is moot.
    // It opens on its story window (Preset.view), like a link without `zoom`.
    useApp.setState({ cursor: 0, compare, fieldProblems: {}, xDomain: storyWindow(next.scenario) });
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
                  {p.id === current && edited ? `${p.title} (edited)` : p.title}
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
        <Ns2Mark />
      </div>
      {ns &&
        (predicting ? (
          // As wide and as high as the notice it stands for, so the reveal does not move the plots.
          compact ? (
            <details className="notice" data-testid="preset-notice" data-hidden-for="predict">
              <summary>
                <strong>What to notice</strong>
              </summary>{' '}
              is hidden until you reveal your prediction.
            </details>
          ) : (
            <p className="notice" data-testid="preset-notice" data-hidden-for="predict">
              <strong>What to notice</strong> is hidden until you reveal your prediction.
            </p>
          )
        ) : compact ? (
          <details
            className={`notice${edited ? ' notice-edited' : ''}`}
            data-testid="preset-notice"
            data-edited={edited ? 'true' : undefined}
          >
            <summary>
              <strong>{edited ? ns.heading : 'What to watch'}</strong>
            </summary>
            <NoticeBody ns={ns} summary={summary} running={running} />
          </details>
        ) : (
          <div
            className={`notice${edited ? ' notice-edited' : ''}`}
            data-testid="preset-notice"
            data-edited={edited ? 'true' : undefined}
          >
            <NoticeBody ns={ns} summary={summary} running={running} heading />
          </div>
        ))}
    </>
  );
}

/**
 * The notice in two levels: what to watch, for the class (the preset's student text), then,
 * folded, what the paper says, for the instructor. When the scenario is edited, the run's
 * summary comes first and both texts are marked as describing the unedited preset.
 */
function NoticeBody(props: {
  ns: NonNullable<ReturnType<typeof noticeState>>;
  summary: string | null;
  running: boolean;
  /** Say the edited heading here (the compact notice says it in its summary). */
  heading?: boolean;
}) {
  const { ns, summary, running } = props;
  const student = (
    <>
      <strong>What to watch:</strong> {ns.student}
    </>
  );
  const paper = (
    <details
      className={`notice-paper${ns.edited ? ' notice-stale' : ''}`}
      data-testid="notice-paper"
    >
      <summary>For instructors: what the paper says</summary>
      <p className="notice-paper-text">{ns.text}</p>
    </details>
  );
  if (!ns.edited)
    return (
      <>
        <p className="notice-student" data-testid="notice-student">
          {student}
        </p>
        {paper}
      </>
    );
  return (
    <>
      <p className="notice-student" data-testid="notice-student">
        {props.heading && <strong className="notice-heading">{ns.heading}. </strong>}
        <span className="notice-run" data-testid="notice-run">
          This run: {summary ?? (running ? 'running…' : 'no run yet')}.
        </span>{' '}
        <span className="notice-stale" data-testid="notice-stale">
          {/* The heading just named the changes: the label says only what the text is. */}
          <span
            className="notice-stale-label"
            data-testid="notice-banner"
            title={ns.banner ?? undefined}
          >
            These texts describe the unedited preset, not this run.
          </span>{' '}
          {student}
        </span>
      </p>
      {paper}
    </>
  );
}
