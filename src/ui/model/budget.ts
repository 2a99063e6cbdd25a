/**
 * The run budget of compare mode. The scenario module refuses one run over the budget
 * (budgetError, with what to lower); compare mode runs the scenario once per entry (a sender,
 * or a sender under a profile: compareEntries.ts) and keeps every trace in the page, so the
 * compared runs share that budget: their estimated costs are summed and refused, before
 * anything runs, in the same words.
 */
import {
  boundScenarioCost,
  budgetLoad,
  solveLongestStop,
  limitText,
  withinLimits,
  type RunCost,
  type Scenario,
} from '../deps/scenarios';
import { compareListProblems, scenarioProfile, withEntry } from './compareEntries';

const group = (n: number) =>
  Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Summed cost of one run per compare entry (`newreno`, `newreno@rfc`: each run counts), or null
 * when an entry cannot run the scenario. Each run's cost is its bound (boundScenarioCost), as
 * the one-run budget checks: a run small enough to be counted is far under every limit, so
 * counting it (running the engine here, on the page's main thread) could not change a verdict.
 */
export function compareCost(s: Scenario, senders: readonly string[]): RunCost | null {
  let total: RunCost | null = null;
  for (const sender of senders) {
    const one = withEntry(s, sender);
    const c = one ? boundScenarioCost(one) : null;
    if (!c) return null;
    if (total === null) {
      total = c;
      continue;
    }
    const t: RunCost = total;
    total = {
      ...t,
      dataPackets: t.dataPackets + c.dataPackets,
      acks: t.acks + c.acks,
      packetEvents: t.packetEvents + c.packetEvents,
      // each run has its own scheduler and its own backstop (runGuards)
      schedulerEvents: Math.max(t.schedulerEvents, c.schedulerEvents),
      decisions: t.decisions + c.decisions,
      traceBytes: t.traceBytes + c.traceBytes,
      pageBytes: t.pageBytes + c.pageBytes,
      runPeakBytes: Math.max(t.runPeakBytes, c.runPeakBytes),
      cpuSeconds: t.cpuSeconds + c.cpuSeconds,
      metricsCpuSeconds: t.metricsCpuSeconds + c.metricsCpuSeconds,
    };
  }
  return total;
}

/** The longest stop (s, two significant digits) at which the compared runs fit, or null. */
function longestCompareStop(s: Scenario, senders: readonly string[]): number | null {
  const start = s.flows.reduce((m, f) => Math.max(m, f.start), 0);
  return solveLongestStop(start, s.stop, (stop) => {
    const c = compareCost({ ...s, stop }, senders);
    return c === null
      ? { fits: false, load: Infinity }
      : { fits: withinLimits(c), load: budgetLoad(c) };
  });
}

/**
 * Why compare mode may not run these senders on this scenario (key `compare`), or null when the
 * runs together fit the budget. Fewer than two senders is not compare mode: null.
 */
export function compareBudgetError(
  s: Scenario,
  senders: readonly string[],
): { key: string; message: string } | null {
  if (senders.length < 2) return null;
  const c = compareCost(s, senders);
  if (c === null || withinLimits(c)) return null;
  const stop = longestCompareStop(s, senders);
  const mb = group(Math.ceil(c.pageBytes / 1e6));
  const cpu =
    c.cpuSeconds < 10 ? (Math.ceil(c.cpuSeconds * 10) / 10).toString() : group(c.cpuSeconds);
  return {
    key: 'compare',
    message:
      `compare: these ${senders.length} runs together would simulate about ` +
      `${group(c.packetEvents)} packet events (about ${cpu} s of CPU, ${mb} MB in the page); ` +
      `the limit is ${limitText()}: compare fewer senders, or lower ` +
      (stop !== null ? `stop (to at most ${stop} s)` : 'stop') +
      ' or bw',
  };
}

/**
 * Why compare mode may not run this list on this scenario (key `compare`), or null: first the
 * list's own problems under the scenario's profile (a profile edit can make two entries one
 * run: `newreno,newreno@ns2` once the scenario is ns2), then the run budget the runs share.
 */
export function compareProblem(
  s: Scenario,
  entries: readonly string[],
): { key: string; message: string } | null {
  if (entries.length < 2) return null;
  const p = compareListProblems(entries, scenarioProfile(s), Number.POSITIVE_INFINITY)[0];
  if (p) return { key: 'compare', message: `compare: “${p.entry ?? entries.join(',')}” ${p.why}` };
  return compareBudgetError(s, entries);
}
