/**
 * Section 5 of `npm run bench`: the CLI as a user runs it, one cold process per call, beside
 * ns-2.35. Every call's CPU is the process tree's user + system time as bash's `time` reports it
 * (getrusage of the children: worker threads and npm's own node processes included, start-up
 * included; millisecond resolution). Each round runs every command once, in turn with ns-2, so a
 * load change on the machine hits both sides; the table gives the median of ROUNDS rounds.
 *
 * Rows: node alone (`node -e 0`), the CLI loaded and done (`--help`), one full-trace run of
 * LONG_QUERY seed 1 (`--out summary`: record 'full', fingerprint, summary) through the bin
 * itself (node_modules/.bin/ackclock), `npx ackclock` and `npm run sim`, and the 20-seed sweep
 * (`--seeds 1-20`, default --jobs) in one call; ns-2: bench/ns2/long-run.tcl, one process per
 * run.
 */
import { linkBin } from '../scripts/link-bin.mjs';
import { LONG_QUERY, LONG_SEEDS, fixed, int, median, table, timed, type Call } from './lib';
import { ns2Available, ns2Run } from './ns2';

/** Rounds of every command; the table gives medians. */
const ROUNDS = 5;

/** packets_sent of a `--out summary` JSON, all flows. */
export const summaryPackets = (json: string): number =>
  (JSON.parse(json) as { flows: { packets_sent: number }[] }).flows.reduce(
    (s, f) => s + f.packets_sent,
    0,
  );

/** packets_sent summed over a sweep's CSV rows. */
function csvPackets(csv: string): number {
  const lines = csv.trim().split('\n');
  const col = lines[0]!.split(',').indexOf('packets_sent');
  return lines.slice(1).reduce((sum, l) => sum + Number(l.split(',')[col]), 0);
}

interface Row {
  name: string;
  /** Data packets per call (0: the call runs nothing). */
  packets: number;
  cpu: number[];
  /** Which ns-2 figure it is compared with. */
  ns2: 'one' | 'sweep' | null;
}

/** The section's text: a title, the table and its notes. */
export function cliStartupSection(): string {
  const one = `${LONG_QUERY}&seed=1`;
  const seeds = `${LONG_SEEDS[0]}-${LONG_SEEDS[LONG_SEEDS.length - 1]}`;
  const bin = 'node_modules/.bin/ackclock';
  const full = ['--out', 'summary'];
  const commands: { row: Row; call: () => Call; count: (c: Call) => number }[] = [];
  const add = (name: string, ns2: Row['ns2'], call: () => Call, count = (_: Call) => 0): void => {
    commands.push({ row: { name, packets: 0, cpu: [], ns2 }, call, count });
  };
  add('node -e 0 (Node alone)', null, () => timed(process.execPath, ['-e', '0']));
  add('ackclock --help (CLI loaded)', null, () => timed(bin, ['--help']));
  add(
    'node_modules/.bin/ackclock: full trace, seed 1',
    'one',
    () => timed(bin, [one, ...full]),
    (c) => summaryPackets(c.stdout),
  );
  add(
    'npx ackclock: full trace, seed 1',
    'one',
    () => timed('npx', ['--no', 'ackclock', one, ...full]),
    (c) => summaryPackets(c.stdout),
  );
  add(
    'npm run sim: full trace, seed 1',
    'one',
    () => timed('npm', ['run', '--silent', 'sim', '--', one, ...full]),
    (c) => summaryPackets(c.stdout),
  );
  add(
    `ackclock --seeds ${seeds} (default --jobs)`,
    'sweep',
    () => timed(bin, [LONG_QUERY, '--seeds', seeds, '--format', 'csv']),
    (c) => csvPackets(c.stdout),
  );

  linkBin(); // what `npm ci` does (prepare)
  timed(bin, ['--help']); // builds the CLI bundle if src/ changed, outside the measurement
  const withNs2 = ns2Available();
  const ns2One: number[] = [];
  const ns2Sweep: number[] = [];
  let ns2OnePackets = 0;
  let ns2SweepPackets = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of commands) {
      const r = c.call();
      c.row.cpu.push(r.cpuS);
      c.row.packets = c.count(r);
    }
    if (!withNs2) continue;
    const o = ns2Run({ stop: 2000, loss: 0.01, seed: 1 });
    ns2One.push(o.cpuS);
    ns2OnePackets = o.dataPackets;
    let cpu = 0;
    ns2SweepPackets = 0;
    for (const seed of LONG_SEEDS) {
      const r = ns2Run({ stop: 2000, loss: 0.01, seed });
      cpu += r.cpuS;
      ns2SweepPackets += r.dataPackets;
    }
    ns2Sweep.push(cpu);
  }

  const ns2Of = (which: Row['ns2']): { packets: number; cpu: number } | null => {
    if (!withNs2 || which === null) return null;
    return which === 'one'
      ? { packets: ns2OnePackets, cpu: median(ns2One) }
      : { packets: ns2SweepPackets, cpu: median(ns2Sweep) };
  };
  const header = ['call', 'data pkts', 'CPU s (median)', 'min–max', 'data pkts/CPU s'];
  if (withNs2) header.push('ns-2 CPU s', 'ns-2 data pkts/CPU s', 'ours/ns-2');
  const rows = commands.map(({ row }) => {
    const cpu = median(row.cpu);
    const cells = [
      row.name,
      row.packets ? int(row.packets) : '–',
      fixed(cpu, 3),
      `${fixed(Math.min(...row.cpu), 3)}–${fixed(Math.max(...row.cpu), 3)}`,
      row.packets ? int(row.packets / cpu) : '–',
    ];
    const ns = ns2Of(row.ns2);
    if (ns) {
      const nsRate = ns.packets / ns.cpu;
      cells.push(fixed(ns.cpu, 3), int(nsRate), fixed(row.packets / cpu / nsRate, 2));
    } else if (withNs2) {
      cells.push('', '', '');
    }
    return cells;
  });
  const lines = [
    `5. The CLI in cold processes, ${ROUNDS} rounds interleaved with ns-2 (medians)`,
    table(header, rows),
    '   CPU = user + system of the whole process tree (bash `time`), start-up included. Full trace:',
    `   '${one}' --out summary.`,
  ];
  if (withNs2) {
    lines.push(
      `   ns-2: bench/ns2/long-run.tcl seed 1 (${int(ns2OnePackets)} data pkts), and seeds ${seeds}` +
        ` (${int(ns2SweepPackets)}), one process per run.`,
    );
  } else {
    lines.push('   ns-2 columns skipped: `ns` (ns-2.35) is not on the PATH.');
  }
  return lines.join('\n');
}
