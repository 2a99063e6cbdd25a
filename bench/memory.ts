/**
 * Memory, GC and multi-flow cost beside ns-2.35 (`npm run bench`, section 6; issue 24). Every
 * figure comes from cold processes measured by GNU time (`/usr/bin/time -f '%U %S %M'`: user and
 * system CPU seconds, peak RSS in kB), ours and ns-2's interleaved, the median of RUNS each:
 *  - Node's own baseline: an empty `node -e ''`, and Node with the CLI bundle loaded (`--help`);
 *  - peak RSS of the long run (LONG_QUERY, seed 1, full trace: `--out summary` records the full
 *    trace for its fingerprint) against ns-2's bench/ns2/long-run.tcl, and of 128 flows × 200 s;
 *  - µs of CPU per data packet of 200 s Fall & Floyd runs of 1, 4 and 16 SACK flows (the CLI
 *    in a fresh process, start-up included) against bench/ns2/multi-flow.tcl;
 *  - the garbage collector's share of the long CLI run (`node --cpu-prof`: samples attributed to
 *    "(garbage collector)");
 *  - where the long run's memory goes (a child process with --expose-gc: the trace's tables,
 *    their buffers, the rest of the heap at the run's peak).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LONG_QUERY, fixed, int, table } from './lib';
import { ns2Available } from './ns2';
import type { MemoryBreakdown } from './memory-breakdown';
import type { MultiFlowEngine } from './multi-flow-engine';

const RUNS = 5;

interface Measured {
  cpuS: number;
  rssMB: number;
  stdout: string;
}

/** One command under GNU time: CPU seconds, peak RSS (MB = 10^6 bytes), its stdout. */
function timed(cmd: string, args: string[]): Measured {
  const r = spawnSync('/usr/bin/time', ['-f', 'gnu-time %U %S %M', cmd, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const m = /gnu-time ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '');
  if (r.status !== 0 || !m)
    throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status} ${r.stderr}`);
  return {
    cpuS: Number(m[1]) + Number(m[2]),
    rssMB: (Number(m[3]) * 1024) / 1e6,
    stdout: r.stdout,
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The CLI bundle (built by scripts/sim-bundle.mjs when missing or older than src/). */
function bundlePath(): string {
  const r = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/sim-bundle.mjs').then((m) => m.ensureBundle()).then(console.log)"],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`CLI bundle: ${r.stderr}`);
  return r.stdout.trim().split('\n').pop()!;
}

/** Data packets of a CLI `--out summary` (all flows, retransmissions included). */
function summaryPackets(stdout: string): number {
  const s = JSON.parse(stdout) as { flows: { packets_sent: number }[] };
  return s.flows.reduce((n, f) => n + f.packets_sent, 0);
}

const nsPackets = (stdout: string): number => Number(/packets_sent (\d+)/.exec(stdout)?.[1]);

/** Interleave the commands RUNS times; medians of CPU and RSS per command. */
function interleaved(
  cmds: [string, string[]][],
): { cpuS: number; rssMB: number; stdout: string }[] {
  const runs = cmds.map(() => [] as Measured[]);
  for (let k = 0; k < RUNS; k++) cmds.forEach(([c, a], i) => runs[i]!.push(timed(c, a)));
  return runs.map((rs) => ({
    cpuS: median(rs.map((r) => r.cpuS)),
    rssMB: median(rs.map((r) => r.rssMB)),
    stdout: rs[0]!.stdout,
  }));
}

/** Share of the samples of a `node --cpu-prof` run attributed to the garbage collector. */
function gcShare(bundle: string, query: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
  try {
    const r = spawnSync(
      process.execPath,
      ['--cpu-prof', `--cpu-prof-dir=${dir}`, bundle, query, '--out', 'summary'],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    if (r.status !== 0) throw new Error(`cpu-prof run: ${r.stderr}`);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
    const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      nodes: { id: number; callFrame: { functionName: string } }[];
      samples: number[];
      timeDeltas: number[];
    };
    const gcIds = new Set(
      p.nodes.filter((n) => n.callFrame.functionName === '(garbage collector)').map((n) => n.id),
    );
    let gc = 0;
    let all = 0;
    p.samples.forEach((id, i) => {
      const dt = p.timeDeltas[i]!;
      all += dt;
      if (gcIds.has(id)) gc += dt;
    });
    return gc / all;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A bench script in a child process (`node [nodeArgs] --import tsx script args`), its JSON line. */
function childJson<T>(script: string, args: string[] = [], nodeArgs: string[] = []): T {
  const r = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as T;
}

/** The section's text. */
export function memorySection(): string {
  const out: string[] = [];
  const say = (s = ''): void => void out.push(s);
  const bundle = bundlePath();
  const ns = ns2Available();
  const long = `${LONG_QUERY}&seed=1`;
  const wide = 'preset=fall-floyd&flows=128*sack&stop=200';

  say(`6. Memory, GC and multi-flow runs: cold processes under GNU time, median of ${RUNS},`);
  say(
    '   ours and ns-2 interleaved; RSS = peak resident set (MB = 10^6 bytes); CPU = user + system.',
  );
  const cmds: [string, string[]][] = [
    [process.execPath, ['-e', '']],
    [process.execPath, [bundle, '--help']],
    [process.execPath, [bundle, long, '--out', 'summary']],
    [process.execPath, [bundle, wide, '--out', 'summary']],
    [process.execPath, ['--max-semi-space-size=1', bundle, long, '--out', 'summary']],
  ];
  if (ns) {
    cmds.push([
      'ns',
      ['bench/ns2/long-run.tcl', 'variant=sack', 'stop=2000', 'loss=0.01', 'seed=1'],
    ]);
  }
  const [empty, loaded, ours, ours128, smallYoung, theirs] = interleaved(cmds);
  const budget = theirs ? 2 * theirs.rssMB + loaded!.rssMB : NaN;
  const rows = [
    ["node -e '' (Node alone)", fixed(empty!.rssMB, 1), fixed(empty!.cpuS, 2), ''],
    [
      'node <CLI bundle> --help (Node + bundle)',
      fixed(loaded!.rssMB, 1),
      fixed(loaded!.cpuS, 2),
      '',
    ],
    [`CLI ${long} --out summary`, fixed(ours!.rssMB, 1), fixed(ours!.cpuS, 2), ''],
    [`CLI ${wide} --out summary`, fixed(ours128!.rssMB, 1), fixed(ours128!.cpuS, 2), ''],
  ];
  rows.push([
    'the long run, node --max-semi-space-size=1 (young generation 1 MB)',
    fixed(smallYoung!.rssMB, 1),
    fixed(smallYoung!.cpuS, 2),
    '',
  ]);
  if (theirs) {
    rows.push([
      'ns-2 long-run.tcl, the same run (no trace)',
      fixed(theirs.rssMB, 1),
      fixed(theirs.cpuS, 2),
      '',
    ]);
    rows[2]![3] = `${fixed(ours!.rssMB / theirs.rssMB, 1)}× ns-2; bar 2 × ns-2 + Node with bundle = ${fixed(budget, 1)} MB`;
  }
  say(table(['process', 'peak RSS MB', 'CPU s', ''], rows));
  say();

  // µs per data packet, 1 / 4 / 16 flows × 200 s
  const counts = [1, 4, 16];
  const multi: [string, string[]][] = [];
  for (const n of counts) {
    multi.push([
      process.execPath,
      [bundle, `preset=fall-floyd&flows=${n}*sack&stop=200`, '--out', 'summary'],
    ]);
    if (ns)
      multi.push(['ns', ['bench/ns2/multi-flow.tcl', 'variant=sack', `flows=${n}`, 'stop=200']]);
  }
  const m = interleaved(multi);
  const engine = counts.map((n) =>
    childJson<MultiFlowEngine>('bench/multi-flow-engine.ts', [String(n)]),
  );
  const per = ns ? 2 : 1;
  const mrows = counts.map((n, i) => {
    const o = m[i * per]!;
    const pk = summaryPackets(o.stdout);
    const e = engine[i]!;
    const cells = [
      `${n} × SACK, 200 s`,
      int(pk),
      fixed(o.cpuS, 3),
      fixed((o.cpuS / pk) * 1e6, 1),
      fixed((e.coldCpuS / e.dataPackets) * 1e6, 1),
      fixed((e.warmCpuS / e.dataPackets) * 1e6, 1),
    ];
    if (ns) {
      const t = m[i * per + 1]!;
      const tp = nsPackets(t.stdout);
      cells.push(int(tp), fixed(t.cpuS, 3), fixed((t.cpuS / tp) * 1e6, 1));
      cells.push(fixed(pk / o.cpuS / (tp / t.cpuS), 2));
    }
    return cells;
  });
  const mh = [
    'run (fall-floyd)',
    'data pkts',
    'CLI CPU s',
    'CLI µs/pkt',
    'run() cold µs/pkt',
    'run() warm µs/pkt',
  ];
  if (ns) mh.push('ns-2 data pkts', 'ns-2 CPU s', 'ns-2 µs/pkt', 'CLI/ns-2 pkts per CPU s');
  say(table(mh, mrows));
  say('   CLI: `node <CLI bundle> <query> --out summary` (full trace, start-up included); run():');
  say(
    '   the engine alone with a full trace (multi-flow-engine.ts), as the first run of a process',
  );
  say('   (cold JIT) and the median of five after it (warm);');
  say('   ns-2: bench/ns2/multi-flow.tcl, the same dumbbell with every flow from its own source.');
  say();

  const shares = [0, 1, 2].map(() => gcShare(bundle, long));
  say(
    `   GC share of the long CLI run (node --cpu-prof, median of 3): ${fixed(100 * median(shares), 1)} %`,
  );
  say();

  const b = childJson<MemoryBreakdown>('bench/memory-breakdown.ts', [], ['--expose-gc']);
  say(
    `   Where the long run's memory goes (${int(b.events)} packet events, ${int(b.decisions)} decisions):`,
  );
  say(
    table(
      ['part', 'columns MB', 'buffers MB', 'B per packet event'],
      [
        ...b.tables.map((t) => [
          t.name,
          fixed(t.viewMB, 1),
          fixed(t.bufferMB, 1),
          fixed((t.bufferMB * 1e6) / b.events, 1),
        ]),
        [
          "rest of the heap at the run's peak (packets, event queue, senders, garbage)",
          '',
          fixed(b.otherPeakMB, 1),
          '',
        ],
        ['heap + array buffers at the peak, over the baseline', '', fixed(b.peakMB, 1), ''],
      ],
    ),
  );
  return out.join('\n');
}
