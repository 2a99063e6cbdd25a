/**
 * The run budget: a scenario whose estimated cost (cost.ts) passes the limits (limits.ts) is
 * refused before anything runs, with a message in the units a user sees — packet events, data
 * packets, CPU seconds, megabytes — that names the keys to change and the longest `stop` that
 * would fit.
 */
import type { SimConfig } from '../engine';
import { COST_CONSTANTS, estimateRunCost, type RunCost } from './cost';
import { presetDefaults } from './defaults';
import { formatNumber, groupThousands } from './format';
import { MAX_PAGE_MB, MAX_RUN_CPU_SECONDS, MAX_RUN_EVENTS } from './limits';
import { getPreset } from './presets';
import { getTopology } from './topologies';
import type { Scenario, ScenarioError, ScenarioKey } from './types';

/** Whether an estimated cost is within every limit. */
export function withinLimits(c: RunCost): boolean {
  return (
    c.packetEvents <= MAX_RUN_EVENTS &&
    c.cpuSeconds <= MAX_RUN_CPU_SECONDS &&
    c.pageBytes <= MAX_PAGE_MB * 1e6
  );
}

function configOf(s: Scenario): SimConfig | null {
  const topology = getTopology(getPreset(s.preset)?.topology ?? '');
  return topology ? topology.build(s) : null;
}

/**
 * The estimated cost of a scenario's run (see cost.ts), or null when its preset names no
 * topology. Assumes every key's own value is valid.
 */
export function estimateScenarioCost(s: Scenario): RunCost | null {
  const cfg = configOf(s);
  return cfg ? estimateRunCost(cfg) : null;
}

/**
 * Keys whose value changes the estimate, in the order a message suggests them (the others —
 * sender, queue, maxburst, … — change what happens, not how much can happen).
 */
const COST_KEYS: readonly ScenarioKey[] = [
  'stop',
  'bw',
  'window',
  'loss',
  'icwnd',
  'drops',
  'drops2',
  'mss',
  'delay',
  'sender2',
];

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The longest stop (s) at which the scenario fits the limits, rounded down to a readable value,
 * or null if none after the flow start does.
 */
export function longestStop(s: Scenario): number | null {
  const start = getTopology(getPreset(s.preset)?.topology ?? '')?.startS ?? 0;
  const fits = (stop: number) => {
    const c = estimateScenarioCost({ ...s, stop });
    return c !== null && withinLimits(c);
  };
  let lo = start;
  let hi = s.stop;
  if (fits(hi)) return hi;
  for (let i = 0; i < 50 && hi - lo > 1e-3; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  // Round down to 2 significant digits (at least 0.1 s), and stay after the start.
  const step = Math.max(0.1, 10 ** (Math.floor(Math.log10(Math.max(lo, 1e-9))) - 1));
  const nice = Number((Math.floor(lo / step) * step).toPrecision(12));
  return nice > start && fits(nice) ? nice : null;
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
 * The limit in a user's units, "8,000,000 packet events (about 8 s of CPU, 900 MB in the
 * page)": the CPU time and memory of a run of that many events on the Fall & Floyd network
 * (10 events and one decision per data packet) at the per-event costs of COST_CONSTANTS.
 */
export function limitText(): string {
  const c = COST_CONSTANTS;
  const perDataPacket =
    10 * c.bytesPerEvent + c.bytesPerDecision + c.bytesPerAckBlock * c.ackBlocksPerAck;
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
  const cost = estimateScenarioCost(s);
  if (cost === null || withinLimits(cost)) return null;

  const base = presetDefaults(s.preset);
  let key: ScenarioKey = 'stop';
  let best = Infinity;
  const lower: string[] = [];
  const raise: string[] = [];
  let oneFlow = false;
  for (const k of COST_KEYS) {
    if (sameValue(s[k], base[k])) continue;
    const reset = { ...s, [k]: base[k] } as Scenario;
    if (k === 'sender2' && reset.sender2 === null) reset.drops2 = [];
    const c = estimateScenarioCost(reset);
    if (c === null || c.packetEvents >= cost.packetEvents) continue;
    if (c.packetEvents < best) {
      best = c.packetEvents;
      key = k;
    }
    if (k === 'sender2') oneFlow = true;
    else if (k === 'stop') continue;
    else if ((k === 'mss' || k === 'delay') && (s[k] as number) < (base[k] as number))
      raise.push(k);
    else if (k === 'drops' || k === 'drops2') lower.push(`the ${k} list`);
    else lower.push(k);
  }
  const stop = longestStop(s);
  lower.unshift(stop !== null ? `stop (to at most ${formatNumber(stop)} s)` : 'stop');
  const advice = [`lower ${orList(lower)}`];
  if (raise.length > 0) advice.push(`raise ${orList(raise)}`);
  if (oneFlow) advice.push('set sender2=none');
  const message =
    `${key}: this run would simulate about ${groupThousands(cost.packetEvents)} packet events ` +
    `(${groupThousands(cost.dataPackets)} data packets; about ${seconds(cost.cpuSeconds)} s of CPU, ` +
    `${mb(cost.pageBytes)} MB in the page); the limit is ${limitText()}: ${alternatives(advice)}`;
  return { key, message };
}
