import type { Trace } from '../../engine';
import type { Divergence } from '../model/divergence';
import { contrastText, decisionBrief, divergenceEvent } from '../model/divergenceText';
import type { RunStyle } from '../model/compareEntries';

/** "A and B: text; C: other" — runs with the same text named together (`sep` between). */
function groupByText(items: readonly { name: string; text: string }[], sep = ': '): string[] {
  const groups = new Map<string, string[]>();
  for (const { name, text } of items) groups.set(text, [...(groups.get(text) ?? []), name]);
  return [...groups].map(([text, names]) => {
    const who =
      names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
    return `${who}${sep}${text}`;
  });
}

/**
 * Compare mode's first divergence (model/divergence.ts): the first sender decision in which a
 * run parts from the first run, named by its event, with "go to it" moving the cursor to it, then
 * each run's decision there (rule, cwnd with any inflation, pipe, and what else differs; runs
 * deciding alike named together); the runs that part later are named with their own event and
 * time. Two lines at most (the whole sentence is the paragraph's tooltip); every run's full
 * decision at its divergence (rule, cwnd, ssthresh, pipe, packets, time) is one click away. The
 * cwnd plots mark each run's divergence with a dashed line at that decision's time.
 */
export function CompareDivergence(props: {
  traces: readonly Trace[];
  styles: readonly RunStyle[];
  perRun: readonly (Divergence | null)[];
  first: { div: Divergence; runs: number[] } | null;
  onSeekTime: (t: number) => void;
}) {
  const { traces, styles, perRun, first } = props;
  const base = traces[0];
  const short = (i: number) => styles[i]?.short ?? styles[i]?.name ?? `run ${i + 1}`;
  if (!base || !first)
    return (
      <div className="divergence" data-testid="divergence">
        <p className="divergence-head">
          The runs take the same decisions: the same rules, cwnd, ssthresh and packets
          {traces.length > 2 ? ' in every run' : ''}.
        </p>
      </div>
    );
  const { div, runs } = first;
  const other = traces[runs[0]!]!;
  const event = divergenceEvent(base, other, div);
  // Times are shown per run when the runs take the decision at different times.
  const times = [div.baseRow >= 0 ? base.decisions.time[div.baseRow]! : NaN].concat(
    runs.map((i) => perRun[i]?.otherTime ?? NaN),
  );
  const sameTime = times.every((t) => t.toFixed(3) === times[0]!.toFixed(3));
  const fields = [...new Set(runs.flatMap((i) => perRun[i]?.fields ?? []))];
  // Runs deciding alike are named together: "SCTP (RFC 2960) and New-Reno SCTP: start, cwnd 1".
  const contrast = groupByText(
    [0, ...runs].map((i) => ({
      name: short(i),
      text: contrastText(
        traces[i]!,
        i === 0 ? div.baseRow : (perRun[i]?.otherRow ?? -1),
        fields,
        !sameTime,
      ),
    })),
  );
  const later = groupByText(
    perRun
      .map((d, i) => ({ d, i }))
      .filter(({ d, i }) => i > 0 && d && !runs.includes(i))
      .map(({ d, i }) => ({
        name: short(i),
        text: `${divergenceEvent(base, traces[i]!, d!)} (${d!.time.toFixed(3)} s)`,
      })),
    ' at ',
  );
  const never = perRun.map((d, i) => (i > 0 && !d ? short(i) : null)).filter(Boolean);
  const goTo = div.baseRow >= 0 ? div.baseTime : div.time;
  const sentence = `First different decision (vs ${short(0)}): ${event}${sameTime ? ` (${times[0]!.toFixed(3)} s)` : ''}`;
  const rest =
    `${contrast.join('; ')}.` +
    (later.length > 0 ? ` Parting later: ${later.join('; ')}.` : '') +
    (never.length > 0 ? ` ${never.join(', ')}: the same decisions as ${short(0)}.` : '');
  return (
    <div className="divergence" data-testid="divergence">
      <p className="divergence-head" title={`${sentence} — ${rest}`}>
        <strong>First different decision</strong> (vs {short(0)}): {event}
        {sameTime ? ` (${times[0]!.toFixed(3)} s)` : ''}{' '}
        <button
          type="button"
          className="link-button"
          data-testid="divergence-go"
          title="Move the cursor to this decision (dashed lines on the cwnd plots)"
          onClick={() => props.onSeekTime(goTo)}
        >
          go to it
        </button>{' '}
        — {rest}
      </p>
      <details className="divergence-more">
        <summary>each run’s decision there</summary>
        <ul>
          <li>{`${short(0)}: ${div.baseRow >= 0 ? decisionBrief(base, div.baseRow) : 'no such decision'}`}</li>
          {perRun.map((d, i) =>
            i > 0 && d ? (
              <li key={i}>
                {`${short(i)}: `}
                {d.otherRow >= 0 ? decisionBrief(traces[i]!, d.otherRow) : 'no such decision'}
                {!runs.includes(i) && d.baseRow >= 0
                  ? ` — where ${short(0)}: ${decisionBrief(base, d.baseRow)}`
                  : ''}
              </li>
            ) : null,
          )}
        </ul>
      </details>
    </div>
  );
}
