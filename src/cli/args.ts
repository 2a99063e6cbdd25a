/**
 * Command-line arguments of `npx ackclock` (= `npm run sim --`): pure parsing, no I/O.
 *
 *   npx ackclock '<query string>' --out router|cwnd|explain|summary|metrics|paths|rate|queue [--format csv|json|text]
 *   npx ackclock '<query string>' --out pcap [--file PATH] [--pcap-node NAME] [--isn N]
 *   npx ackclock '<query string>' [--seeds A-B] [--sweep key=v1,v2 …] [--out summary|metrics]
 *                                 [--format csv|json] [--jobs N] [--progress]
 *   npx ackclock --in capture.pcapng [--out analysis|router|tseq] [--format csv|json]
 *     (capture-args.ts)
 */
import { metricsHelpText } from '../metrics';
import { CAPTURE_USAGE } from './capture-args';
import { presetSweep } from './preset-sweep';
import { parseSeeds, parseSweep, type SweepAxis } from './sweep-spec';

export const OUTPUTS = [
  'router',
  'cwnd',
  'explain',
  'summary',
  'metrics',
  'paths',
  'rate',
  'queue',
  'pcap',
] as const;
export type Output = (typeof OUTPUTS)[number];

export const FORMATS = ['csv', 'json', 'text', 'pcap'] as const;
export type Format = (typeof FORMATS)[number];

/** Formats each output accepts; the first is the default. */
export const OUTPUT_FORMATS: Record<Output, readonly Format[]> = {
  router: ['csv', 'json'],
  cwnd: ['csv', 'json'],
  explain: ['text', 'json'],
  summary: ['json'],
  metrics: ['csv', 'json'],
  paths: ['csv', 'json'],
  rate: ['csv', 'json'],
  queue: ['csv', 'json'],
  pcap: ['pcap'],
};

/** Outputs a sweep can print (one block of rows per run). */
export const SWEEP_OUTPUTS = ['summary', 'metrics'] as const;
export type SweepOutput = (typeof SWEEP_OUTPUTS)[number];

export interface CliOptions {
  /** Scenario query string without a leading '?' ('' = the default scenario). */
  query: string;
  out: Output;
  format: Format;
  /** --out pcap: the file to write ('-' or null = stdout), the capture node (null = the
   * bottleneck's upstream router) and the TCP initial sequence number. */
  pcap?: PcapCliOptions;
}

export interface PcapCliOptions {
  file: string | null;
  node: string | null;
  isn: number;
}

/** A sweep: several runs of the query, their summaries or metrics as CSV rows or a JSON array. */
export interface SweepOptions {
  query: string;
  /** --out: each run's summary counters (default) or its metrics rows. */
  out: SweepOutput;
  /** Swept keys in the order given (their values replace the query's). */
  axes: SweepAxis[];
  /** --seeds: the seeds in order (each replaces the query's `seed`); null = not given. */
  seeds: number[] | null;
  format: 'csv' | 'json';
  /** --jobs: worker threads (1 = in this thread); null = chosen by defaultJobs (sweep-jobs.ts). */
  jobs: number | null;
  /** --progress: `run k/N` on stderr even when stderr is not a terminal. */
  progress: boolean;
}

export type ParsedArgs =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'sweep'; options: SweepOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export const USAGE = `Usage: npx ackclock '<query string>' [--out router|cwnd|explain|summary|metrics|paths|rate] [--format csv|json|text]
       npx ackclock '<query string>' --out pcap [--file PATH] [--pcap-node NAME] [--isn N]
       npx ackclock --in capture.pcapng [--out analysis|router|tseq] [--format csv|json]

Runs one scenario through the engine and prints one view of the trace on stdout.

  <query string>   scenario in the app's URL form, e.g. 'preset=fall-floyd&sender=reno&drops=15'
                   (a leading '?' is ignored; a whole app link works too, its view keys such
                   as e=, theme= are ignored; omitted = the default scenario)
  --out router     events at the bottleneck router: time,event,flow,packet,retx,cum_ack,cause (CSV)
  --out cwnd       sender state after every cwnd/ssthresh/phase change (CSV)
  --out explain    every sender decision as a sentence: time<TAB>sentence (text)
  --out summary    per-flow and per-router counters and the trace fingerprint (JSON, default)
  --out metrics    one row per flow of the papers' metrics (CSV, default; or JSON), see below
  --out paths      one row per SCTP path event or change (CSV, default; or JSON):
                   time,flow,path,event,state,cwnd,ssthresh,rto,error_count — time in s, flow
                   0-based, path the destination address's node name, event one of change,
                   heartbeat, heartbeat-ack, heartbeat-timeout, t3-expiry, inactive, failover,
                   recovered, primary, abort; state active|inactive; cwnd and ssthresh in
                   bytes, rto in s, error_count the RFC 4960 8.2 error counter (values after
                   the event)
  --out rate       one row per ACK of every TCP flow (CSV, default; or JSON):
                   time,flow,pacing_rate_bps,delivery_rate_bps,bw_estimate_bps,min_rtt_s,rtt_s,state
                   — time in s, flow 0-based; rates in bit/s of payload: the pacing rate in force
                   (empty when unpaced), the ACK's delivery-rate sample (empty when it delivered
                   nothing), BBR's bandwidth estimate; BBR's min_rtt and the ACK's RTT sample in
                   s; state BBR's mode (STARTUP, DRAIN, PROBE_BW, PROBE_RTT). Empty where the
                   variant has no such value
  --out queue      every link direction's queue event by event (CSV, default; or JSON):
                   time,link,qlen_pkts,qlen_bytes,sojourn_s,event,flow,packet,cause,aqm_state
                   — time in s; link from-to; queue length after the event in packets and bytes
                   (the one in transmission not counted); sojourn_s the wait of a dequeued (or
                   dropped / marked queued) packet; event enqueue|dequeue|drop|mark (mark: CE
                   set by the AQM); flow 0-based; packet 1-based (ACK: its cumulative ACK);
                   cause a drop's (scripted, overflow, random, linkDown, aqm); aqm_state the
                   discipline's state, e.g. RED's avg_pkts=…;p=… (empty on drop-tail links)
  --out pcap       every packet seen at one node as a pcap file (binary; Wireshark, tshark):
                   TCP with byte sequence numbers and SACK options, SCTP DATA/SACK chunks
    --file PATH    where to write it ('-' = stdout, the default when stdout is not a terminal)
    --pcap-node N  the node to capture at (default: the bottleneck's upstream router, R1):
                   packets as they arrive there, dropped ones included; at an end host the
                   packets it sends and those delivered to it
    --isn N        TCP initial sequence number of both ends (default 0; data starts at ISN + 1)
  --format F       csv or json for router/cwnd/metrics/paths/rate; text or json for explain; json for summary
  -h, --help       this help

Metrics (--out metrics): columns seed, flow (1-based), sender, then, with unit and meaning:
${metricsHelpText()}
Sweeps (many runs of the query, counters only; --out summary or metrics):
  --seeds A-B      one run per seed A…B (also A, or a list: 1-5,9); replaces the query's seed
  --sweep k=v1,v2  one run per value of scenario key k (repeat for more keys: all combinations);
                   a list containing ';' is split at ';' instead (--sweep 'drops=15;15,29')
  --sweep preset   the preset's own sweep from its paper (e.g. vicuna-a-…: n=0,5,…,50 FTP
                   clients), with its seeds (1-10) unless --seeds is given
  --out metrics    one row per run and flow: the swept keys' columns, then the metrics columns
  --format F       csv (default: one row per run and flow) or json (summary: one object per run;
                   metrics: one object per run and flow)
  --jobs N         worker threads (1 = no workers; default: up to one per core when the sweep
                   is long enough to pay for their start-up, else 1)
  --progress       'run k/N' on stderr even when it is not a terminal

${CAPTURE_USAGE}
Exit codes: 0 ok, 1 the engine failed, 2 bad arguments, an invalid scenario or an unreadable
capture.
`;

function isOutput(s: string): s is Output {
  return (OUTPUTS as readonly string[]).includes(s);
}

function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

/** Options that take a value. */
const VALUED = [
  '--out',
  '--format',
  '--seeds',
  '--sweep',
  '--jobs',
  '--file',
  '--pcap-node',
  '--isn',
];

/** Options only --out pcap takes. */
const PCAP_FLAGS = ['--file', '--pcap-node', '--isn'];

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
  if (raw.out !== null && !isOutput(raw.out)) {
    return {
      kind: 'error',
      message: `--out must be one of ${OUTPUTS.join(', ')} (got '${raw.out}')`,
    };
  }
  const out = raw.out ?? 'summary';
  if (out !== 'summary' && out !== 'metrics') {
    return {
      kind: 'error',
      message: `--out ${out} is not available with ${flags}: sweeps print summary or metrics`,
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
    if (text === 'preset') {
      const p = presetSweep(query);
      if (!p.ok) return { kind: 'error', message: p.message };
      seeds ??= p.seeds;
      axes.push(p.axis);
      continue;
    }
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
    options: { query, out, axes, seeds, format, jobs, progress: raw.progress },
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
  const pcapRaw = new Map<string, string>();
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
      if (PCAP_FLAGS.includes(name)) {
        if (pcapRaw.has(name)) return { kind: 'error', message: `${name} given twice` };
        pcapRaw.set(name, value);
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

  const pcapFlag = [...pcapRaw.keys()][0];
  if (pcapFlag !== undefined && out !== 'pcap') {
    return { kind: 'error', message: `${pcapFlag} is for --out pcap` };
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
  const options: CliOptions = { query: query ?? '', out: outName, format: formatName };
  if (outName === 'pcap') {
    const isnText = pcapRaw.get('--isn') ?? '0';
    if (!/^\d+$/.test(isnText) || Number(isnText) > 0xffffffff) {
      return {
        kind: 'error',
        message: `--isn must be a whole number from 0 to 4294967295 (got '${isnText}')`,
      };
    }
    const file = pcapRaw.get('--file') ?? null;
    options.pcap = {
      file: file === '-' ? null : file,
      node: pcapRaw.get('--pcap-node') ?? null,
      isn: Number(isnText),
    };
  }
  return { kind: 'run', options };
}
