/**
 * What a sweep runs: `--seeds` and `--sweep` parsed, and the list of runs (the cartesian product
 * of the swept values, seeds innermost) with each run's query string. Pure, no I/O.
 */
import { parseKeyName } from '../scenarios';

/** A sweep of more runs than this is refused. */
export const MAX_RUNS = 10_000;

/** Largest seed (the `seed` key is a uint32). */
const MAX_SEED = 4_294_967_295;

/** One swept scenario key and its values, as written on the command line. */
export interface SweepAxis {
  key: string;
  values: string[];
}

/** One run of a sweep. */
export interface SweepRun {
  /** Position in the run list (0-based): rows print in this order. */
  index: number;
  /** The swept keys' values of this run, in --sweep order. */
  values: string[];
  /** The run's seed when --seeds is given, else null (the query's or the preset's seed). */
  seed: number | null;
  /** The scenario query string of this run. */
  query: string;
}

export type Parsed<T> = ({ ok: true } & T) | { ok: false; message: string };

/** `--seeds A-B`, `A`, or a comma list of those (`1-5,9`); each seed once, in the order given. */
export function parseSeeds(text: string): Parsed<{ seeds: number[] }> {
  const bad = (why: string): Parsed<{ seeds: number[] }> => ({
    ok: false,
    message: `--seeds: ${why} (expected A-B with whole numbers 0 ≤ A ≤ B ≤ ${MAX_SEED}, e.g. 1-20)`,
  });
  const ranges: [number, number][] = [];
  let count = 0;
  for (const piece of text.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(piece.trim());
    if (!m) return bad(`'${piece}' is not a seed or a range`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > MAX_SEED || b > MAX_SEED) return bad(`'${piece}' is past ${MAX_SEED}`);
    if (a > b) return bad(`'${piece}' runs backwards`);
    count += b - a + 1;
    if (count > MAX_RUNS) {
      return {
        ok: false,
        message: `--seeds: more than ${MAX_RUNS} seeds (a sweep is at most ${MAX_RUNS} runs)`,
      };
    }
    ranges.push([a, b]);
  }
  const seeds: number[] = [];
  const seen = new Set<number>();
  for (const [a, b] of ranges) {
    for (let s = a; s <= b; s++) {
      if (seen.has(s)) return { ok: false, message: `--seeds: seed ${s} is given twice` };
      seen.add(s);
      seeds.push(s);
    }
  }
  return { ok: true, seeds };
}

/**
 * `--sweep key=v1,v2,…`, the key as a URL names it (`queue`, `f2.mss`). Values are split at ',' — or at ';' when the list has one, for keys
 * whose own values contain commas (`drops=15;15,29`).
 */
export function parseSweep(text: string): Parsed<{ axis: SweepAxis }> {
  const eq = text.indexOf('=');
  if (eq <= 0) {
    return { ok: false, message: `--sweep: expected key=v1,v2,… (got '${text}')` };
  }
  const key = text.slice(0, eq);
  // any key a query may give: `mss`, one flow's `f2.mss`, v1's `sender2`
  if (parseKeyName(key) === null) {
    return {
      ok: false,
      message: `--sweep: '${key}' is not a scenario key (see the README's URL keys)`,
    };
  }
  const list = text.slice(eq + 1);
  if (list === '') return { ok: false, message: `--sweep: no values for '${key}'` };
  const values = list.split(list.includes(';') ? ';' : ',');
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v))
      return { ok: false, message: `--sweep: value '${v}' of '${key}' is given twice` };
    seen.add(v);
  }
  return { ok: true, axis: { key, values } };
}

/** Number of runs of a sweep (the product of the axis lengths and the seed count). */
export function runCount(axes: readonly SweepAxis[], seeds: readonly number[] | null): number {
  return axes.reduce((n, a) => n * a.values.length, seeds?.length ?? 1);
}

/** Decoded key of one `key=value` piece of a query string (null when malformed). */
function pieceKey(piece: string): string | null {
  const eq = piece.indexOf('=');
  try {
    return decodeURIComponent((eq < 0 ? piece : piece.slice(0, eq)).replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The query with `set`'s keys replaced (removed from where they were, appended in order). */
export function withKeys(query: string, set: readonly (readonly [string, string])[]): string {
  const replaced = new Set(set.map(([k]) => k));
  const kept = query.split('&').filter((p) => {
    if (p === '') return false;
    const k = pieceKey(p);
    return k === null || !replaced.has(k);
  });
  const added = set.map(
    ([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',').replace(/%3A/g, ':')}`,
  );
  return [...kept, ...added].join('&');
}

/**
 * The runs: every combination of the swept values (the first --sweep outermost) × the seeds
 * (innermost). A swept key or the seed replaces that key of the query. Call runCount first:
 * this builds the whole list.
 */
export function expandRuns(
  query: string,
  axes: readonly SweepAxis[],
  seeds: readonly number[] | null,
): SweepRun[] {
  const runs: SweepRun[] = [];
  const seedList: (number | null)[] = seeds ? [...seeds] : [null];
  const pick = (depth: number, values: string[]): void => {
    if (depth < axes.length) {
      for (const v of axes[depth]!.values) pick(depth + 1, [...values, v]);
      return;
    }
    for (const seed of seedList) {
      const set: [string, string][] = axes.map((a, i) => [a.key, values[i]!]);
      if (seed !== null) set.push(['seed', String(seed)]);
      runs.push({ index: runs.length, values, seed, query: withKeys(query, set) });
    }
  };
  pick(0, []);
  return runs;
}
