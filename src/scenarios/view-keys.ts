/**
 * View keys: the URL keys the app writes beside the scenario keys to restore what the page
 * showed (cursor, zoom, theme, panels, …). They do not change the simulation, so the scenario
 * parser accepts them and ignores their values (the app reads them itself), and the CLI runs an
 * app link as it is. Like a scenario key, a view key may appear only once in a query.
 *
 * The names, and the syntax of `hide` (flow numbers and ranges, a form a tool may want to read
 * or write too); what each value means and how the others are checked is the app's business
 * (src/ui/model/urlState.ts).
 */
import { z } from 'zod';
import { MAX_FLOWS } from './types';

/** Every view key, in the order the app writes them. */
export const VIEW_KEYS = [
  'e', // cursor: packet-event index
  't', // cursor: time, s
  'mod', // router plot: packet numbers modulo this
  'router', // router plot and queue view: the router shown, a node name (`A1`)
  'units', // cwnd plot: packets or bytes
  'theme', // light, dark, projector
  'compare', // runs shown side by side: `sender` or `sender@profile` (newreno@rfc)
  'panels', // panels shown
  'zoom', // time range shown
  'predict', // predict mode: the kind of event to pause before
  'pres', // presentation mode
  'flow', // the flow the explanation log (and a many-flow time–sequence plot) shows
  'slides', // a lecture: the list of slides (scenario, cursor, zoom, sentence)
  'slide', // the lecture's slide on screen, 1-based
  'hide', // flows hidden in the panels: 1-based flow numbers and ranges, `4,8,10-20`
  'embed', // `1`: the embed view (transport bar and panels only, for an iframe)
] as const;

export type ViewKey = (typeof VIEW_KEYS)[number];

const VIEW_KEY_SET: ReadonlySet<string> = new Set(VIEW_KEYS);

/** Whether a URL key is a view key (not part of the scenario). */
export function isViewKey(key: string): key is ViewKey {
  return VIEW_KEY_SET.has(key);
}

/** One entry of a flow list: a flow number (`4`) or an ascending range (`10-20`), from 1. */
const FlowEntrySchema = z
  .string()
  .regex(/^\d{1,3}(-\d{1,3})?$/, 'is not a flow number or range (e.g. 4,8,10-20)')
  .transform((t) => t.split('-').map(Number) as [number] | [number, number])
  .refine(([a, b]) => a >= 1 && (b === undefined || b >= 1), 'flows are numbered from 1')
  .refine(([a, b]) => b === undefined || b > a, 'is not a range from low to high (e.g. 10-20)');

/** A problem with one entry of a flow list, for a message `hide: “entry” why`. */
export interface FlowListProblem {
  entry: string;
  why: string;
}

/**
 * Read a flow list (`hide=4,8,10-20`): 1-based flow numbers and ranges, comma-separated, of a
 * scenario with `flowCount` flows. Returns the 0-based flow ids (ascending, each once; an id in
 * two entries is listed once) and every bad entry with why: not a number or range, 0, a range
 * from high to low, a flow the scenario does not have. Never throws; bounded work.
 */
export function readFlowList(
  raw: string,
  flowCount: number,
): { flows: number[]; problems: FlowListProblem[] } {
  const problems: FlowListProblem[] = [];
  const ids = new Set<number>();
  const entries = raw.split(',').map((x) => x.trim());
  if (entries.every((x) => x === ''))
    return { flows: [], problems: [{ entry: raw, why: 'lists no flows' }] };
  if (entries.length > MAX_FLOWS)
    return { flows: [], problems: [{ entry: raw, why: `lists more than ${MAX_FLOWS} entries` }] };
  const n = Math.max(0, Math.min(MAX_FLOWS, Math.floor(flowCount)));
  for (const entry of entries) {
    const r = FlowEntrySchema.safeParse(entry);
    if (!r.success) {
      problems.push({ entry, why: r.error.issues[0]?.message ?? 'is not a flow number or range' });
      continue;
    }
    const [a, b = a] = r.data;
    if (b > n) {
      problems.push({
        entry,
        why: `names no flow of this scenario (it has ${n} flow${n === 1 ? '' : 's'})`,
      });
      continue;
    }
    for (let k = a; k <= b; k++) ids.add(k - 1);
  }
  return { flows: [...ids].sort((x, y) => x - y), problems };
}

/**
 * Write 0-based flow ids as a flow list: 1-based, ascending, runs of three or more as a range
 * (`[3, 7, 9, 10, 11]` → `4,8,10-12`). readFlowList reads it back to the same ids.
 */
export function writeFlowList(flows: readonly number[]): string {
  const ids = [...new Set(flows.filter((f) => Number.isInteger(f) && f >= 0))].sort(
    (x, y) => x - y,
  );
  const out: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    const lo = ids[i]! + 1;
    const hi = ids[j]! + 1;
    if (j - i >= 2) out.push(`${lo}-${hi}`);
    else for (let k = i; k <= j; k++) out.push(String(ids[k]! + 1));
    i = j + 1;
  }
  return out.join(',');
}
