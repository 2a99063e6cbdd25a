/**
 * The presets' layout classes, for the classroom layout spec (layout.spec.ts): two presets of one
 * class put the same parts on the screen — the same header controls (the topology's link picker,
 * the size picker), the same number of comparison rows, the same kind of plots (one flow, a few,
 * or the many-flow aggregate), the same senders' kinds (TCP, SCTP, UDP, an application) — so the
 * spec checks one preset of each class plus a small fixed sample of the rest, instead of all 65.
 * tests/scenarios/layout-classes.test.ts checks every preset has a class and every class is
 * checked, so a preset that adds a new look is checked without anyone editing the spec.
 */
import CRC32 from 'crc-32';
import { PRESETS, presetCompare, type Preset } from '../../src/scenarios/presets';
import { parseScenarioQuery } from '../../src/scenarios';

/** Flow counts that draw alike: one flow; a few (each drawn with its own marks); many (density). */
function flowBucket(flows: number): string {
  if (flows === 1) return '1 flow';
  return flows <= 4 ? '2–4 flows' : '5+ flows';
}

/** The kinds of sender a preset runs: tcp, sctp, udp, in that order, joined by '+'. */
function senderKinds(senders: readonly string[]): string {
  const kinds = new Set<string>(
    senders.map((s) => (s === 'udp' ? 'udp' : s.startsWith('sctp') ? 'sctp' : 'tcp')),
  );
  return ['tcp', 'sctp', 'udp'].filter((k) => kinds.has(k)).join('+');
}

/**
 * A preset's layout class, e.g. `compare ×6` or `vicuna-wired · 5+ flows · tcp+udp · sized`:
 * a comparison preset by its number of rows; another by its topology, flow count bucket, sender
 * kinds (a preset on a wireless cell: its topology and medium, `vicuna-wired on wimax`, and flow
 * count bucket), whether it has an application (`app`) and whether it has a size picker (`sized`).
 * Throws when the preset's own address does not parse (a broken preset is no layout).
 */
export function layoutClass(preset: Preset): string {
  let c = classes.get(preset);
  if (c === undefined) classes.set(preset, (c = classOfPreset(preset)));
  return c;
}

/** Classes computed so far (parsing a preset's address is the cost). */
const classes = new WeakMap<Preset, string>();

function classOfPreset(preset: Preset): string {
  const rows = presetCompare(preset)?.length ?? 0;
  if (rows >= 2) return `compare ×${rows}`;
  const parsed = parseScenarioQuery(`preset=${preset.id}`);
  if (!parsed.ok)
    throw new Error(`${preset.id}: ${parsed.errors.map((e) => e.message).join('; ')}`);
  const flows = parsed.scenario.flows;
  const medium = parsed.scenario.link;
  // A wireless cell (link=wifi-b|wifi-g|wimax) adds the MAC panel and the medium strip; what the
  // senders' kinds add is checked on the same topology's wired presets, so a cell's class leaves
  // them out (one preset per topology, medium and flow count).
  const parts =
    medium === 'wired'
      ? [preset.topology, flowBucket(flows.length), senderKinds(flows.map((f) => f.sender))]
      : [`${preset.topology} on ${medium}`, flowBucket(flows.length)];
  if ('app' in preset.scenario) parts.push('app');
  if (preset.sizes) parts.push('sized');
  return parts.join(' · ');
}

/** Presets pictured by the spec (so they are always checked), in the order they are pictured. */
export const PICTURED: readonly string[] = [
  'ff-3-drops',
  'caro-fig5-2-drops',
  'caro-fig2-1-drop',
  'geo-shared',
  'alamgir-fig9',
  'sctp-failover',
  'vicuna-a-tcp-udp',
];

/** How many presets beyond one per class the spec checks: a fixed sample (SAMPLE_SIZE). */
export const SAMPLE_SIZE = 4;

/**
 * The presets the layout spec checks, in PRESETS order: the pictured ones, the first preset of
 * every class no pictured one stands for, and SAMPLE_SIZE others — those with the smallest
 * CRC-32 of their id, a sample that is the same on every run and changes only with the presets.
 * `classOf` is layoutClass (a test gives presets that are not registered a class).
 */
export function layoutPresets(
  presets: readonly Preset[] = PRESETS,
  classOf: (preset: Preset) => string = layoutClass,
): Preset[] {
  const chosen = new Set<string>(PICTURED);
  const covered = new Set(presets.filter((p) => chosen.has(p.id)).map(classOf));
  for (const p of presets) {
    const c = classOf(p);
    if (covered.has(c)) continue;
    covered.add(c);
    chosen.add(p.id);
  }
  const rest = presets
    .filter((p) => !chosen.has(p.id))
    .map((p) => ({ id: p.id, key: CRC32.str(p.id) >>> 0 }))
    .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1));
  for (const { id } of rest.slice(0, SAMPLE_SIZE)) chosen.add(id);
  return presets.filter((p) => chosen.has(p.id));
}
