/**
 * Engine speed (`npm run bench`): prints tables, no pass/fail.
 *  1. Fall & Floyd cases with a full trace (ff-cases.ts).
 *  2. A metrics-only sweep of the long scenario (fall-floyd, SACK, 2000 s, 1 % loss) × seeds
 *     1–20 in a child process (metrics-sweep.ts), and one full-trace run of it (seed 1, with
 *     fingerprint and summary) in a child process (full-trace.ts) that also measures trace
 *     bytes and heap growth;
 *     side by side with ns-2.35 (ns2.ts) when `ns` is on the PATH.
 *  3. The bytes the app's engine worker transfers for a 1000 s two-flow run.
 *  4. Parse time of the slowest links.
 *  5. The CLI in cold processes (bin, npx, npm run; a sweep) beside ns-2 (cli-startup.ts).
 *  6. Memory, GC and 1–16-flow runs beside ns-2, cold processes (memory.ts).
 *  7. The app at 120 flows in Chromium: load and cursor-step main-thread CPU (ui-section.ts;
 *     only when dist/ and a Chromium exist).
 *  8. Capture import of a 100 MB pcap streamed in 1 MB chunks (capture-import.ts).
 *  9. A 100 MB capture opened in Chromium: the page's longest task per stage, its heap
 *     (capture-browser-section.ts; only when dist/ and a Chromium exist).
 * 10. The pcap export of a TCP and an SCTP run (pcap-export.ts).
 * 11. A shared 802.11b cell beside ns-2.35's Mac/802_11, warm engine and cold processes
 *     (wireless.ts).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { run } from '../src/engine';
import { readScenarioQuery } from '../src/scenarios';
import { transferableCopy } from '../src/ui/worker/runScenario';
import { captureBrowserSection } from './capture-browser-section';
import { cliStartupSection } from './cli-startup';
import { ffCasesTable } from './ff-cases';
import { memorySection } from './memory';
import { pcapExportSection } from './pcap-export';
import type { CaptureImportResult } from './capture-import';
import type { FullTraceResult } from './full-trace';
import { LONG_QUERY, LONG_SEEDS, config, fixed, int, table } from './lib';
import type { MetricsSweepResult } from './metrics-sweep';
import { ns2Available, ns2Run, type Ns2Run } from './ns2';
import { uiSection } from './ui-section';
import { wirelessSection } from './wireless';

const say = (s = ''): void => console.log(s);

say(
  `Engine speed — Node ${process.version}, ${process.platform} ${process.arch}, ${availableParallelism()} cores`,
);
say('Units: CPU s = user + system CPU seconds (ours: process.cpuUsage(); ns-2: the ns process');
say('  as bash `time` reports it, start-up included). data pkts = data packets the senders sent');
say('  (flowStats packetsSent, retransmissions included). events = packet events in the trace');
say('  (send/arrive/depart/drop/deliver records). MB = 10^6 bytes.');
say();

// ------------------------------------------------------------------ 1. Fall & Floyd cases
say('1. Fall & Floyd cases, full trace (6 s cases repeated until 0.1 CPU s)');
say(ffCasesTable());
say();

// ------------------------------------------------------------------ 2. long scenario
const seeds = `${LONG_SEEDS[0]}-${LONG_SEEDS[LONG_SEEDS.length - 1]}`;
say(`2. ${LONG_QUERY}`);
say(
  `   metrics sweep: record 'metrics', seeds ${seeds} one after another in a child process that\n` +
    `   runs only metrics runs, as a --seeds call does (after a 200 s warm-up run: JIT warm);\n` +
    `   CLI: the same sweep as one \`npm run sim\` call in a fresh process (start-up and JIT warm-up\n` +
    `   included; with workers, each warms up its own JIT and their CPU counts);`,
);
say(`   full trace: record 'full' + fingerprint + summaryJson in a child process, after warm-up`);
say(
  `   runs of seeds 2 and 3 (warm) and as that process's first run (cold). ns-2 writes no trace.`,
);

/** A bench script in a child process of its own; its last stdout line is JSON. */
function child<T>(script: string, nodeArgs: string[] = []): T {
  const r = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as T;
}

const sweep = child<MetricsSweepResult>('bench/metrics-sweep.ts');
const sweepPackets = sweep.dataPackets;
const sweepCpu = sweep.cpuS;

/**
 * The same sweep as one CLI call in a fresh process (`node scripts/sim.mjs … --seeds 1-20`):
 * start-up and JIT warm-up included, as a user sees it. CPU = the process's user + system time
 * (bash `time`, all threads, so worker threads count); data packets summed from its CSV.
 */
function cliSweep(jobs: number | null): { dataPackets: number; cpuS: number } {
  const args = ['scripts/sim.mjs', LONG_QUERY, '--seeds', seeds, '--format', 'csv'];
  if (jobs !== null) args.push('--jobs', String(jobs));
  const r = spawnSync(
    'bash',
    ['-c', 'TIMEFORMAT="cli-cpu %3U %3S"; time node "$@"', 'bash', ...args],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const cpu = /cli-cpu ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  if (r.status !== 0 || !cpu) throw new Error(`sim sweep failed (exit ${r.status}): ${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  const col = lines[0]!.split(',').indexOf('packets_sent');
  const dataPackets = lines.slice(1).reduce((sum, l) => sum + Number(l.split(',')[col]), 0);
  return { dataPackets, cpuS: Number(cpu[1]) + Number(cpu[2]) };
}
cliSweep(1); // builds the CLI bundle if src/ changed, outside the measurement
const cli1 = cliSweep(1);
const cliDefault = cliSweep(availableParallelism());

const full = child<FullTraceResult>('bench/full-trace.ts', ['--expose-gc']);

let ns2: { sweep: Ns2Run; one: Ns2Run; startup: number } | null = null;
if (ns2Available()) {
  const sweep = { dataPackets: 0, cpuS: 0 };
  for (const seed of LONG_SEEDS) {
    const r = ns2Run({ stop: 2000, loss: 0.01, seed });
    sweep.dataPackets += r.dataPackets;
    sweep.cpuS += r.cpuS;
  }
  const one = ns2Run({ stop: 2000, loss: 0.01, seed: 1 });
  const startup = ns2Run({ stop: 0.5, loss: 0.01, seed: 1 }).cpuS;
  ns2 = { sweep, one, startup };
}

const header = ['run', 'runs', 'data pkts', 'CPU s', 'data pkts/CPU s'];
if (ns2) header.push('ns-2 data pkts', 'ns-2 CPU s', 'ns-2 data pkts/CPU s', 'ours/ns-2');
const row = (
  name: string,
  runs: number,
  pkts: number,
  cpu: number,
  ns: Ns2Run | null,
): string[] => {
  const cells = [name, String(runs), int(pkts), fixed(cpu, 3), int(pkts / cpu)];
  if (ns) {
    const nsRate = ns.dataPackets / ns.cpuS;
    cells.push(int(ns.dataPackets), fixed(ns.cpuS, 3), int(nsRate), fixed(pkts / cpu / nsRate, 2));
  }
  return cells;
};
say(
  table(header, [
    row(
      `metrics sweep, seeds ${seeds}`,
      LONG_SEEDS.length,
      sweepPackets,
      sweepCpu,
      ns2?.sweep ?? null,
    ),
    row(
      `CLI --seeds ${seeds} --jobs 1`,
      LONG_SEEDS.length,
      cli1.dataPackets,
      cli1.cpuS,
      ns2?.sweep ?? null,
    ),
    row(
      `CLI --seeds ${seeds} (one worker per core)`,
      LONG_SEEDS.length,
      cliDefault.dataPackets,
      cliDefault.cpuS,
      ns2?.sweep ?? null,
    ),
    row('full trace, seed 1 (warm)', 1, full.dataPackets, full.cpuS, ns2?.one ?? null),
    row('full trace, seed 1 (cold)', 1, full.dataPackets, full.coldCpuS, ns2?.one ?? null),
  ]),
);
if (ns2) {
  say(
    `   ns-2: bench/ns2/long-run.tcl, one process per run (${LONG_SEEDS.length} for the sweep); its` +
      ` start-up alone (a run that sends nothing)\n   costs ${fixed(ns2.startup * 1000, 0)} ms CPU` +
      ' per process, included above.',
  );
} else {
  say('ns-2 columns skipped: `ns` (ns-2.35) is not on the PATH.');
}
say();
say('   full-trace run (child process, --expose-gc):');
say(
  table(
    ['measure', 'value', 'per packet event'],
    [
      ['packet events', int(full.events), ''],
      [
        'trace columns (typed arrays)',
        `${fixed(full.traceBytes / 1e6, 1)} MB`,
        `${fixed(full.traceBytes / full.events, 1)} B`,
      ],
      [
        'peak heap growth',
        `${fixed(full.peakGrowthBytes / 1e6, 1)} MB`,
        `${fixed(full.peakGrowthBytes / full.events, 1)} B`,
      ],
      [
        'retained after gc',
        `${fixed(full.retainedBytes / 1e6, 1)} MB`,
        `${fixed(full.retainedBytes / full.events, 1)} B`,
      ],
    ],
  ),
);
say('   heap = heapUsed + arrayBuffers (process.memoryUsage()) over a baseline taken after the');
say(
  `   warm-up runs and gc()${full.gc ? '' : ' (gc() unavailable: figures include garbage)'}; peak =` +
    ' largest of samples at the 50 progress points and',
);
say(
  `   after the fingerprint; retained = after gc() with the trace alive. Fingerprint ${full.fingerprint}.`,
);
say();

// ------------------------------------------------------------------ 3. transfer size
const TRANSFER_QUERY = 'preset=fall-floyd&sender=reno&sender2=sack&stop=1000&loss=0.01';
const t = run(config(TRANSFER_QUERY));
const { buffers } = transferableCopy(t);
const bytes = buffers.reduce((s, b) => s + b.byteLength, 0);
say(`3. Browser worker transfer (transferableCopy) for ${TRANSFER_QUERY}`);
say(
  table(
    ['run', 'packet events', 'buffers', 'MB transferred', 'bytes/packet event'],
    [
      [
        'two flows, 1000 s, full trace',
        int(t.eventCount),
        String(buffers.length),
        fixed(bytes / 1e6, 1),
        fixed(bytes / t.eventCount, 1),
      ],
    ],
  ),
);
say();

// ------------------------------------------------------------------ 4. parse time
// The slowest links to parse are the 128-flow ones over the run budget: the error names the
// keys that would lower the cost and the longest stop that fits, each an estimate (issue 23:
// 1 s for flows=128*udp on a dainotti preset; the bar is 50 ms).
const PARSE_QUERIES = [
  'preset=dainotti-eth2eth&flows=128*udp',
  'preset=fall-floyd&flows=128*reno&stop=2000&bw=1e9',
  'preset=fall-floyd&flows=128*udp&app=cbr&pps=100000&bw=1e10&stop=9.5',
  'preset=vicuna-c-tcp-sctp&n=100',
];
const parseRows = PARSE_QUERIES.map((q) => {
  readScenarioQuery(q); // warm
  const times: number[] = [];
  const c0 = process.cpuUsage();
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    readScenarioQuery(q);
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(c0);
  times.sort((a, b) => a - b);
  return [q, fixed((cpu.user + cpu.system) / 5000, 1), fixed(times[2]!, 1), fixed(times[4]!, 1)];
});
say('4. Parse time of a link (readScenarioQuery, 5 times each after a warm-up; bar: 50 ms)');
say(table(['query', 'CPU ms', 'median ms', 'max ms'], parseRows));
say();

// ------------------------------------------------------------------ 5. the CLI, cold
say(cliStartupSection());

// ------------------------------------------------------------------ 6. memory (memory.ts)
say(memorySection());

// ------------------------------------------------------------------ 7. UI (optional)
uiSection(say, '7.');

// ------------------------------------------------------------------ 8. capture import
const cap = child<CaptureImportResult>('bench/capture-import.ts', ['--expose-gc']);
say('8. Capture import: a 100 MB pcap (a real capture repeated, one connection per copy) fed to');
say('   the streaming reader in 1 MB chunks (bench/capture-import.ts); memory = heap + array');
say('   buffers after gc(), per packet, with nothing of the file kept');
say(
  table(
    [
      'MB',
      'packets',
      'conns',
      'read CPU s',
      'analysis CPU s',
      'longest chunk ms (CPU)',
      'B/pkt read',
      'B/pkt analysed',
    ],
    [
      [
        fixed(cap.bytes / 1e6, 1),
        int(cap.packets),
        int(cap.connections),
        fixed(cap.readCpuS, 2),
        fixed(cap.analyseCpuS, 2),
        `${fixed(cap.maxChunkMs, 1)} (${fixed(cap.maxChunkCpuMs, 1)})`,
        int(cap.readBytesPerPacket),
        int(cap.analysedBytesPerPacket),
      ],
    ],
  ),
);
say();

// ------------------------------------------------------------------ 9. capture in the browser
captureBrowserSection(say, '9.');
say();

// ------------------------------------------------------------------ 10. pcap export
say(pcapExportSection('10.'));
say();

// ------------------------------------------------------------------ 11. a shared 802.11b cell
say(wirelessSection('11.'));
say();
