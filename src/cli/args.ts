/**
 * Command-line arguments of `npm run sim`: pure parsing, no I/O.
 *
 *   npm run --silent sim -- '<query string>' --out router|cwnd|explain|summary [--format csv|json|text]
 */

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

export type ParsedArgs =
  { kind: 'run'; options: CliOptions } | { kind: 'help' } | { kind: 'error'; message: string };

export const USAGE = `Usage: npm run --silent sim -- '<query string>' [--out router|cwnd|explain|summary] [--format csv|json|text]

Runs one scenario through the engine and prints one view of the trace on stdout.

  <query string>   scenario in the app's URL form, e.g. 'preset=fall-floyd&sender=reno&drops=15'
                   (a leading '?' is ignored; omitted = the default scenario)
  --out router     events at the bottleneck router: time,event,flow,packet,retx,cum_ack,cause (CSV)
  --out cwnd       sender state after every cwnd/ssthresh change (CSV)
  --out explain    every sender decision as a sentence: time<TAB>sentence (text)
  --out summary    per-flow and per-router counters and the trace fingerprint (JSON, default)
  --format F       csv or json for router/cwnd; text or json for explain; json for summary
  -h, --help       this help

Exit codes: 0 ok, 1 the engine failed, 2 bad arguments or an invalid scenario.
`;

function isOutput(s: string): s is Output {
  return (OUTPUTS as readonly string[]).includes(s);
}

function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

/** Parse argv (without node and script). */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let query: string | null = null;
  let out: string | null = null;
  let format: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--') continue;
    if (arg.startsWith('-') && arg.length > 1) {
      const eq = arg.indexOf('=');
      const name = eq >= 0 ? arg.slice(0, eq) : arg;
      if (name !== '--out' && name !== '--format') {
        return { kind: 'error', message: `unknown option '${name}' (see --help)` };
      }
      let value: string | undefined;
      if (eq >= 0) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) value = argv[++i];
      if (value === undefined || value === '') {
        return { kind: 'error', message: `${name} needs a value (see --help)` };
      }
      if (name === '--out') {
        if (out !== null) return { kind: 'error', message: '--out given twice' };
        out = value;
      } else {
        if (format !== null) return { kind: 'error', message: '--format given twice' };
        format = value;
      }
      continue;
    }
    if (query !== null) {
      return {
        kind: 'error',
        message: `more than one query string: '${query}' and '${arg}' (quote the query string)`,
      };
    }
    query = arg.startsWith('?') ? arg.slice(1) : arg;
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
