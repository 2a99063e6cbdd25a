/**
 * Command-line arguments of `npm run sim`: pure parsing, no I/O.
 *
 *   npm run --silent sim -- '<query string>' --out router|cwnd|explain|summary [--format csv|json|text]
 *   npm run --silent sim -- '<query string>' [--seeds A-B] [--sweep key=v1,v2 …] [--format csv|json]
 *                                            [--jobs N] [--progress]
 */
import { parseSeeds, parseSweep, type SweepAxis } from './sweep-spec';

export const OUTPUTS = ['router', 'cwnd', 'explain', 'summary'] as const;
export type Output = (typeof OUTPUTS)[number];

export const FORMATS = ['csv', 'json', 'text'] as const;
export type Format = (typeof FORMATS)[number];

/** Formats each output accepts; the first is the default. */
export const OUTPUT_FORMATS: Record<Output, readonly Format[]> = {
  router: ['csv', 'json'],
  cwnd: ['csv', 'json'],
  explain: ['text', 'json'],
  summary: ['json'],
};

export interface CliOptions {
  /** Scenario query string without a leading '?' ('' = the default scenario). */
  query: string;
  out: Output;
  format: Format;
}

/** A sweep: several runs of the query, their summaries printed as CSV rows or a JSON array. */
export interface SweepOptions {
  query: string;
  /** Swept keys in the order given (their values replace the query's). */
  axes: SweepAxis[];
  /** --seeds: the seeds in order (each replaces the query's `seed`); null = not given. */
  seeds: number[] | null;
  format: 'csv' | 'json';
  /** --jobs: worker threads (1 = in this thread); null = one per core. */
  jobs: number | null;
  /** --progress: `run k/N` on stderr even when stderr is not a terminal. */
  progress: boolean;
}

export type ParsedArgs =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'sweep'; options: SweepOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export const USAGE = `Usage: npm run --silent sim -- '<query string>' [--out router|cwnd|explain|summary] [--format csv|json|text]

Runs one scenario through the engine and prints one view of the trace on stdout.

  <query string>   scenario in the app's URL form, e.g. 'preset=fall-floyd&sender=reno&drops=15'
                   (a leading '?' is ignored; a whole app link works too, its view keys such
                   as e=, theme= are ignored; omitted = the default scenario)
  --out router     events at the bottleneck router: time,event,flow,packet,retx,cum_ack,cause (CSV)
  --out cwnd       sender state after every cwnd/ssthresh change (CSV)
  --out explain    every sender decision as a sentence: time<TAB>sentence (text)
  --out summary    per-flow and per-router counters and the trace fingerprint (JSON, default)
  --format F       csv or json for router/cwnd; text or json for explain; json for summary
  -h, --help       this help

Sweeps (many runs of the query, counters only; --out summary):
  --seeds A-B      one run per seed A…B (also A, or a list: 1-5,9); replaces the query's seed
  --sweep k=v1,v2  one run per value of scenario key k (repeat for more keys: all combinations);
                   a list containing ';' is split at ';' instead (--sweep 'drops=15;15,29')
  --format F       csv (default: one row per run and flow) or json (one object per run)
  --jobs N         worker threads (default: one per core; 1 = no workers)
  --progress       'run k/N' on stderr even when it is not a terminal

Exit codes: 0 ok, 1 the engine failed, 2 bad arguments or an invalid scenario.
`;

function isOutput(s: string): s is Output {
  return (OUTPUTS as readonly string[]).includes(s);
}

function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

/** Options that take a value. */
const VALUED = ['--out', '--format', '--seeds', '--sweep', '--jobs'];

/** Largest --jobs accepted. */
export const MAX_JOBS = 256;

interface RawSweep {
  out: string | null;
  format: string | null;
  seeds: string | null;
  sweeps: string[];
  jobs: string | null;
  progress: boolean;
}

function sweepOptions(query: string, raw: RawSweep): ParsedArgs {
  const flags =
    raw.seeds !== null && raw.sweeps.length > 0
      ? '--seeds/--sweep'
      : raw.seeds !== null
        ? '--seeds'
        : '--sweep';
  if (raw.out !== null && raw.out !== 'summary') {
    return {
      kind: 'error',
      message: `--out ${raw.out} is not available with ${flags}: sweeps print the summary only`,
    };
  }
  const format = raw.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') {
    return {
      kind: 'error',
      message: `--format for ${flags} must be csv or json (got '${format}')`,
    };
  }
  let seeds: number[] | null = null;
  if (raw.seeds !== null) {
    const r = parseSeeds(raw.seeds);
    if (!r.ok) return { kind: 'error', message: r.message };
    seeds = r.seeds;
  }
  const axes: SweepAxis[] = [];
  for (const text of raw.sweeps) {
    const r = parseSweep(text);
    if (!r.ok) return { kind: 'error', message: r.message };
    if (axes.some((a) => a.key === r.axis.key)) {
      return { kind: 'error', message: `--sweep: key '${r.axis.key}' swept twice` };
    }
    if (r.axis.key === 'seed') {
      return { kind: 'error', message: `--sweep: sweep seeds with --seeds (e.g. --seeds 1-5,9)` };
    }
    axes.push(r.axis);
  }
  let jobs: number | null = null;
  if (raw.jobs !== null) {
    if (!/^\d+$/.test(raw.jobs) || Number(raw.jobs) < 1 || Number(raw.jobs) > MAX_JOBS) {
      return {
        kind: 'error',
        message: `--jobs must be a whole number from 1 to ${MAX_JOBS} (got '${raw.jobs}')`,
      };
    }
    jobs = Number(raw.jobs);
  }
  return {
    kind: 'sweep',
    options: { query, axes, seeds, format, jobs, progress: raw.progress },
  };
}

/**
 * The query string of the positional argument: the text itself (a leading '?' dropped), or, for
 * a whole link copied from the app (`http://…/?preset=…`), its query part.
 */
export function queryOfArg(arg: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
    const q = arg.indexOf('?');
    if (q < 0) return '';
    const hash = arg.indexOf('#', q);
    return arg.slice(q + 1, hash < 0 ? undefined : hash);
  }
  return arg.startsWith('?') ? arg.slice(1) : arg;
}

/** Parse argv (without node and script). */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let query: string | null = null;
  let out: string | null = null;
  let format: string | null = null;
  let seeds: string | null = null;
  const sweeps: string[] = [];
  let jobs: string | null = null;
  let progress = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--') continue;
    if (arg.startsWith('-') && arg.length > 1) {
      const eq = arg.indexOf('=');
      const name = eq >= 0 ? arg.slice(0, eq) : arg;
      if (name === '--progress' && eq < 0) {
        progress = true;
        continue;
      }
      if (!VALUED.includes(name)) {
        return { kind: 'error', message: `unknown option '${name}' (see --help)` };
      }
      let value: string | undefined;
      if (eq >= 0) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) value = argv[++i];
      if (value === undefined || value === '') {
        return { kind: 'error', message: `${name} needs a value (see --help)` };
      }
      if (name === '--sweep') {
        sweeps.push(value);
        continue;
      }
      if (name === '--out') {
        if (out !== null) return { kind: 'error', message: '--out given twice' };
        out = value;
      } else if (name === '--format') {
        if (format !== null) return { kind: 'error', message: '--format given twice' };
        format = value;
      } else if (name === '--seeds') {
        if (seeds !== null) return { kind: 'error', message: '--seeds given twice' };
        seeds = value;
      } else {
        if (jobs !== null) return { kind: 'error', message: '--jobs given twice' };
        jobs = value;
      }
      continue;
    }
    if (query !== null) {
      return {
        kind: 'error',
        message: `more than one query string: '${query}' and '${arg}' (quote the query string)`,
      };
    }
    query = queryOfArg(arg);
  }

  if (seeds !== null || sweeps.length > 0) {
    return sweepOptions(query ?? '', { out, format, seeds, sweeps, jobs, progress });
  }
  if (jobs !== null || progress) {
    const flag = jobs !== null ? '--jobs' : '--progress';
    return { kind: 'error', message: `${flag} is for sweeps: give --seeds or --sweep too` };
  }

  const outName = out ?? 'summary';
  if (!isOutput(outName)) {
    return {
      kind: 'error',
      message: `--out must be one of ${OUTPUTS.join(', ')} (got '${outName}')`,
    };
  }
  const allowed = OUTPUT_FORMATS[outName];
  const formatName = format ?? allowed[0]!;
  if (!isFormat(formatName) || !allowed.includes(formatName)) {
    return {
      kind: 'error',
      message: `--format for --out ${outName} must be ${allowed.join(' or ')} (got '${formatName}')`,
    };
  }
  return { kind: 'run', options: { query: query ?? '', out: outName, format: formatName } };
}
