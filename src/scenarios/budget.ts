/**
 * The run budget: a scenario whose estimated cost (cost.ts) passes the limits (limits.ts) is
 * refused before anything runs, with a message in the units a user sees — packet events, data
 * packets, CPU seconds, megabytes — that names the keys to change and the longest `stop` that
 * would fit.
 */
import { compiledScenario, configOf } from './config-of';
import { COST_CONSTANTS, boundRunCost, estimateRunCost, type RunCost } from './cost';
import { REPLAY_EVENTS } from './cost-app';
import { defaultFlowAt, presetScenarioDefaults } from './defaults';
import { flowKeyName } from './keys';
import { formatNumber, groupThousands } from './format';
import { solveLongestStop } from './longest-stop';
import {
  MAX_PAGE_MB,
  MAX_RUN_CPU_SECONDS,
  MAX_RUN_EVENTS,
  RUN_GUARD_EVENTS,
  RUN_GUARD_MARGIN,
  RUN_GUARD_MIN_PACKET_EVENTS,
} from './limits';
import { RUN_KEYS, type RunKey, type Scenario, type ScenarioError } from './types';
import type { SimConfig } from '../engine';

/**
 * Whether an estimated cost is within every limit: packet events, CPU and page memory — and the
 * scheduler events, so that no run the budget accepts meets the engine's backstop (runGuards).
 */
export function withinLimits(c: RunCost): boolean {
  return (
    c.packetEvents <= MAX_RUN_EVENTS &&
    c.schedulerEvents <= RUN_GUARD_EVENTS &&
    c.cpuSeconds <= MAX_RUN_CPU_SECONDS &&
    c.pageBytes <= MAX_PAGE_MB * 1e6
  );
}

/**
 * The fraction of the budget a cost uses: the largest of its packet events, scheduler events,
 * CPU seconds and page bytes over their limits (≤ 1 when withinLimits, up to rounding).
 */
export function budgetLoad(c: RunCost): number {
  return Math.max(
    c.packetEvents / MAX_RUN_EVENTS,
    c.schedulerEvents / RUN_GUARD_EVENTS,
    c.cpuSeconds / MAX_RUN_CPU_SECONDS,
    c.pageBytes / (MAX_PAGE_MB * 1e6),
  );
}

/**
 * The engine's guards for a run of `cfg` (RunOptions): the scheduler-event backstop and a
 * packet-event limit of RUN_GUARD_MARGIN × the run's own estimate (at least
 * RUN_GUARD_MIN_PACKET_EVENTS, at most RUN_GUARD_MARGIN × MAX_RUN_EVENTS), so a run stops — with
 * 'run exceeded N packet events' — before it outgrows the time and memory its estimate stated.
 * The app's worker and the CLI pass these to every run. The estimate here is the bound
 * (boundRunCost): a run small enough to be counted (cost.ts, COUNT_BELOW_EVENTS) is far under
 * the smallest guard, and is not run twice.
 */
export function runGuards(cfg: SimConfig): { maxEvents: number; maxPacketEvents: number } {
  const estimate = boundRunCost(cfg).packetEvents;
  const cap = Math.ceil(RUN_GUARD_MARGIN * MAX_RUN_EVENTS);
  const own = Math.ceil(RUN_GUARD_MARGIN * estimate);
  return {
    maxEvents: RUN_GUARD_EVENTS,
    maxPacketEvents: Math.min(cap, Math.max(RUN_GUARD_MIN_PACKET_EVENTS, own)),
  };
}

/**
 * The estimated cost of a scenario's run (see cost.ts), or null when its preset names no
 * topology. Assumes every key's own value is valid.
 */
export function estimateScenarioCost(s: Scenario): RunCost | null {
  const cfg = configOf(s);
  return cfg ? estimateRunCost(cfg) : null;
}

/** The upper bound of a scenario's run (cost.ts boundRunCost: never a run), or null as above. */
export function boundScenarioCost(s: Scenario): RunCost | null {
  const cfg = configOf(s);
  return cfg ? boundRunCost(cfg) : null;
}

/**
 * Keys whose value changes the estimate, in the order a message suggests them (the others —
 * sender, queue, maxburst, … — change what happens, not how much can happen).
 */
const COST_KEYS = [
  'stop',
  'bw',
  'window',
  'loss',
  'icwnd',
  'drops',
  'mss',
  'delay',
  'flows',
  'pps',
] as const;
type CostKey = (typeof COST_KEYS)[number];

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The scenario with one cost key back at the preset's default, the URL key that names the
 * change (`f2.mss` when only flow 2 differs), or null when the key already is at its default.
 */
function withDefault(
  s: Scenario,
  key: CostKey,
  d: ReturnType<typeof presetScenarioDefaults>,
  flowDefaults: readonly Scenario['flows'][number][],
): { reset: Scenario; name: string } | null {
  if (key === 'flows') {
    if (s.flows.length <= d.flows.length) return null;
    return { reset: { ...s, flows: s.flows.slice(0, d.flows.length) }, name: 'flows' };
  }
  if ((RUN_KEYS as readonly string[]).includes(key)) {
    const k = key as RunKey;
    if (sameValue(s[k], d[k])) return null;
    return { reset: { ...s, [k]: d[k] }, name: k };
  }
  const k = key as Exclude<CostKey, RunKey | 'flows'>;
  const base = (i: number) => flowDefaults[i]![k];
  const differing = s.flows.flatMap((f, i) => (sameValue(f[k], base(i)) ? [] : [i]));
  if (differing.length === 0) return null;
  const flows = s.flows.map((f, i) => (differing.includes(i) ? { ...f, [k]: base(i) } : f));
  const one = differing.length === 1 ? differing[0]! : -1;
  const name =
    one === 0 && k === 'drops'
      ? 'drops'
      : one >= 0 && s.flows.length > 1
        ? flowKeyName(k, one + 1)
        : k;
  return { reset: { ...s, flows }, name };
}

/**
 * The longest stop (s) at which the scenario fits the limits, rounded down to a readable value,
 * or null if none after the latest flow start does.
 */
export function longestStop(s: Scenario): number | null {
  const cfg = configOf(s);
  return cfg ? longestStopOf(s, cfg) : null;
}

/**
 * longestStop for the scenario's config `cfg` (configOf(s)): a caller that has bounded `cfg`
 * already passes it, so the applications it replayed are not replayed again (cost-app.ts keeps
 * replays per flow object).
 */
function longestStopOf(
  s: Scenario,
  cfg: SimConfig,
  replay: { events: number } = { events: REPLAY_EVENTS },
): number | null {
  const start = s.flows.reduce((m, f) => Math.max(m, f.start), 0);
  // One config, its stop varied (nothing else in it depends on stop): bounds only (a stop whose
  // bound is small enough for the estimate to count the run is far within the limits: the
  // same answer, without running anything).
  // One replay budget for the whole search (and the caller's bound of `cfg`): the sources
  // replayed at the first stop are kept (cost-app.ts) and serve every shorter one; the others
  // are bounded from their parameters in every step alike (a fresh budget per step replayed a
  // few more sources each time: 0.3 s for 128 VoIP flows).
  return solveLongestStop(start, s.stop, (stop) => {
    const c = boundRunCost({ ...cfg, stopS: stop }, replay);
    return { fits: withinLimits(c), load: budgetLoad(c) };
  });
}

const mb = (bytes: number) => groupThousands(Math.ceil(bytes / 1e6));
const seconds = (s: number) =>
  s < 10 ? formatNumber(Math.ceil(s * 10) / 10) : groupThousands(Math.ceil(s));

/** "a, b or c". */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "a; b; or c". */
function alternatives(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('; ')}; or ${items[items.length - 1]}`;
}

/**
 * The limit in a user's units, "8,000,000 packet events (about 8 s of CPU, 644 MB in the
 * page)": the CPU time and memory of a run of that many events on the Fall & Floyd network
 * (10 events, two transmissions — the packet and its ACK — and one decision per data packet) at
 * the per-unit costs of COST_CONSTANTS.
 */
export function limitText(): string {
  const c = COST_CONSTANTS;
  const perDataPacket =
    10 * c.bytesPerEvent +
    2 * c.bytesPerTransmission +
    c.bytesPerDecision +
    c.bytesPerAckBlock * c.ackBlocksPerAck;
  const pageMb = (MAX_RUN_EVENTS / 10) * perDataPacket * c.pageFactor;
  const cpu = Math.min(MAX_RUN_EVENTS / c.eventsPerCpuSecond, MAX_RUN_CPU_SECONDS);
  return (
    `${groupThousands(MAX_RUN_EVENTS)} packet events (about ${seconds(cpu)} s of CPU, ` +
    `${mb(Math.min(pageMb, MAX_PAGE_MB * 1e6))} MB in the page)`
  );
}

/**
 * The budget error of a scenario, or null when its run fits the limits. The error's key is the
 * key whose return to the preset's default lowers the cost the most (the one that made the run
 * too long; `stop` when no key differs from the preset). The message gives the estimate, the
 * limit, the longest stop that fits and the other keys that would lower the cost. Assumes
 * every key's own value is valid and the other cross-key checks passed.
 */
export function budgetError(s: Scenario): ScenarioError | null {
  // Once per scenario: parsing a URL and building it both validate it.
  const entry = compiledScenario(s);
  if (entry.budget === undefined) entry.budget = budgetErrorOf(s);
  return entry.budget && { ...entry.budget };
}

function budgetErrorOf(s: Scenario): ScenarioError | null {
  // The bound (never a run): a run the estimate would count is far within the limits, and over
  // them the estimate is the bound — the same verdict and message, nothing run while parsing.
  const cfg = configOf(s);
  const replay = { events: REPLAY_EVENTS };
  const cost = cfg ? boundRunCost(cfg, replay) : null;
  if (cfg === null || cost === null || withinLimits(cost)) return null;

  const reference = boundRunCost(cfg, { events: 0 });
  let key = 'stop';
  let best = Infinity;
  const lower: string[] = [];
  const raise: string[] = [];
  let fewerFlows = false;
  // the preset's defaults, once (each flow's: its sender's)
  const d = presetScenarioDefaults(s.preset, s.n);
  const flowDefaults = s.flows.map((f, i) => defaultFlowAt(d, i, f.sender));
  for (const k of COST_KEYS) {
    const r = withDefault(s, k, d, flowDefaults);
    if (!r) continue;
    // (bounds from the applications' parameters, no replay, for the scenario and each
    // alternative alike: enough to rank the keys; replaying 128 sources once per key took 0.4 s)
    const alt = configOf(r.reset);
    const c = alt ? boundRunCost(alt, { events: 0 }) : null;
    if (c === null || load(c) >= load(reference)) continue;
    if (load(c) < best) {
      best = load(c);
      key = r.name;
    }
    if (k === 'flows') fewerFlows = true;
    else if (k === 'stop') continue;
    else if (k === 'mss' || k === 'delay') raise.push(r.name);
    else if (k === 'drops') lower.push(`the ${r.name} list`);
    else lower.push(r.name);
  }
  const stop = longestStopOf(s, cfg, replay);
  lower.unshift(stop !== null ? `stop (to at most ${formatNumber(stop)} s)` : 'stop');
  const advice = [`lower ${orList(lower)}`];
  if (raise.length > 0) advice.push(`raise ${orList(raise)}`);
  if (fewerFlows) advice.push('run fewer flows');
  const packets =
    `${groupThousands(cost.packetEvents)} packet events ` +
    `(${groupThousands(cost.dataPackets)} data packets; about ${seconds(cost.cpuSeconds)} s of CPU, ` +
    `${mb(cost.pageBytes)} MB in the page)`;
  // Within the packet limits, over the scheduler's: an application's offers (a timer event each)
  // are what make the run long.
  const packetsFit =
    cost.packetEvents <= MAX_RUN_EVENTS &&
    cost.cpuSeconds <= MAX_RUN_CPU_SECONDS &&
    cost.pageBytes <= MAX_PAGE_MB * 1e6;
  const message = packetsFit
    ? `${key}: this run would take about ${groupThousands(cost.schedulerEvents)} scheduler events — ` +
      `its applications' offers, one timer event each, also when the transport only queues them — ` +
      `for ${packets}; the limit is ${groupThousands(RUN_GUARD_EVENTS)} scheduler events: ` +
      alternatives(advice)
    : `${key}: this run would simulate about ${packets}; the limit is ${limitText()}: ` +
      alternatives(advice);
  return { key, message };
}

/**
 * How far a cost is toward the budget's event limits: the larger of its packet events over
 * MAX_RUN_EVENTS and its scheduler events over RUN_GUARD_EVENTS (budgetError names the key that
 * lowers it the most).
 */
function load(c: RunCost): number {
  return Math.max(c.packetEvents / MAX_RUN_EVENTS, c.schedulerEvents / RUN_GUARD_EVENTS);
}
