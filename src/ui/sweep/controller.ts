/**
 * Starts and cancels sweeps, outside React: reads the sweep form, checks the run list
 * (plan.ts), runs it on the worker pool (pool.ts) and writes every outcome into the store's
 * sweep slice (state.ts). It never touches the single run on screen: its scenario, its worker
 * and the address bar stay as they are.
 */
import { getPreset, scenarioToQuery, type Scenario } from '../deps/scenarios';
import { applyFields, parseQuery, presetOf } from '../model/scenarioQuery';
import { useApp, type SweepForm } from '../store';
import { parseValues, planSweep, seedRange, type SweepError } from './plan';
import { poolSize, runPool, type PoolHandle } from './pool';

let pool: PoolHandle | null = null;
let nextId = 1;

/** The published table of `preset` when a sweep of `key` reproduces its rows, else null. */
export function publishedFor(preset: string, key: string) {
  const p = getPreset(preset)?.published;
  return p && p.rowKey === key ? p : null;
}

/** The form a sweep panel opens with: the scenario on screen, its paper's table if it has one. */
export function defaultSweepForm(current: Scenario): SweepForm {
  const preset = presetOf(current) ?? current.preset;
  return { ...formForPreset(preset), preset };
}

/**
 * The key, values, seeds and plot column a preset suggests: its own sweep (`Preset.sweep`, the
 * one its paper ran: e.g. \`queue\` 5–50 over seeds 1–10 for \`vicuna-f-…\`) if it has one, else
 * its published table's rows or its table sizes (\`n\`), else \`loss\`; seeds 1–30 unless the
 * preset's sweep says how many.
 */
export function formForPreset(preset: string): SweepForm {
  const p = getPreset(preset);
  const own = p?.sweep;
  const pub = p?.published;
  const sizes = p?.sizes;
  const key = own?.key ?? pub?.rowKey ?? (sizes ? 'n' : 'loss');
  const values = own
    ? own.values.join(',')
    : pub
      ? pub.rows.map((r) => String(r.key)).join(',')
      : sizes
        ? sizes.values.join(',')
        : '0,0.005,0.01,0.02';
  const seedTo = own ? String(own.seeds) : '30';
  // The published table's column when the sweep reproduces its rows, else link utilisation.
  const cols = pub && pub.rowKey === key ? pub.columns : undefined;
  const plotColumn = cols?.includes('pct_tput_sctp')
    ? 'pct_tput_sctp'
    : (cols?.find((c) => c === 'link_util') ?? cols?.[0] ?? 'link_util');
  return { preset, key, values, seedFrom: '1', seedTo, extra: '', plotColumn };
}

/**
 * "stop=100&bw=2e6" → { stop: '100', bw: '2e6' }, or why not. As in a link, each key once; and
 * neither the swept key (its values are the sweep's) nor `seed` (the seed range sets it), which
 * the sweep would silently replace.
 */
export function parseExtra(text: string, sweptKey: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  const t = text.trim().replace(/^\?/, '');
  if (!t) return out;
  for (const piece of t.split('&')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) return `other keys: “${piece}” is not key=value`;
    const key = piece.slice(0, eq).trim();
    if (Object.hasOwn(out, key)) return `other keys: ${key} is given twice; give each key once`;
    if (key === sweptKey) return `other keys: ${key} is the swept key; its values go in Values`;
    if (key === 'seed') return 'other keys: seed is set by the seed range; give the seeds there';
    out[key] = piece.slice(eq + 1).trim();
  }
  return out;
}

/** The base scenario of every run: the one on screen for its own preset, else the preset's. */
function baseScenario(form: SweepForm, current: Scenario): Scenario | SweepError[] {
  let base: Scenario;
  if (form.preset === presetOf(current)) base = current;
  else {
    const r = parseQuery(`preset=${encodeURIComponent(form.preset)}`);
    if (!r.ok) return [{ field: 'key', message: `preset: ${r.error}` }];
    base = r.scenario;
  }
  const extra = parseExtra(form.extra, form.key);
  if (typeof extra === 'string') return [{ field: 'extra', message: extra }];
  if (Object.keys(extra).length === 0) return base;
  const r = applyFields(base, extra);
  return r.ok ? r.scenario : r.errors.map((e) => ({ field: 'extra' as const, message: e.message }));
}

/**
 * Start the sweep the form describes on top of `current`. Returns the problems found (nothing
 * runs then), or null when the sweep started.
 */
export function startSweep(form: SweepForm, current: Scenario): SweepError[] | null {
  if (useApp.getState().sweep.status === 'running') return null;
  const base = baseScenario(form, current);
  if (Array.isArray(base)) return base;
  const seeds = seedRange(Number(form.seedFrom), Number(form.seedTo));
  if (typeof seeds === 'string') return [{ field: 'seeds', message: seeds }];
  const values = parseValues(form.values);
  const plan = planSweep(base, form.key, values, seeds);
  if (!plan.ok) return plan.errors;

  const id = nextId++;
  const store = useApp.getState();
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 1;
  const workers = poolSize(plan.jobs.length, cores);
  store.sweepEvent({
    type: 'start',
    id,
    total: plan.jobs.length,
    now: performance.now(),
    spec: {
      preset: form.preset,
      key: form.key,
      values: plan.values,
      seeds: plan.seeds,
      published: publishedFor(form.preset, form.key),
      baseQuery: scenarioToQuery(base),
      workers,
    },
  });
  const emit = useApp.getState().sweepEvent;
  pool = runPool(plan.jobs, workers, {
    onRun: (job, r) =>
      emit({
        type: 'run',
        id,
        now: performance.now(),
        run: {
          index: job.index,
          value: job.value,
          seed: job.seed,
          rows: r.rows,
          engineMs: r.engineMs,
          events: r.events,
        },
      }),
    onRunFailed: (job, message) =>
      emit({
        type: 'runFailed',
        id,
        index: job.index,
        value: job.value,
        seed: job.seed,
        message,
        now: performance.now(),
      }),
    onFatal: (message) => {
      pool = null;
      emit({ type: 'fail', id, message, now: performance.now() });
    },
  });
  // The pool is done with once every run has answered.
  const unsub = useApp.subscribe((s) => {
    if (s.sweep.id !== id || s.sweep.status === 'running') return;
    unsub();
    if (s.sweep.status === 'done') {
      pool?.cancel();
      pool = null;
    }
  });
  return null;
}

/** Stop the sweep in progress: its workers are terminated, the finished runs stay. */
export function cancelSweep(): void {
  const s = useApp.getState();
  if (s.sweep.status !== 'running') return;
  pool?.cancel();
  pool = null;
  s.sweepEvent({ type: 'cancel', id: s.sweep.id, now: performance.now() });
}
