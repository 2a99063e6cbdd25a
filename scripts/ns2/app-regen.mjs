// Regenerate tests/fixtures/ns2-app/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/app-regen.mjs [--only <substring>]
//
// Runs scripts/ns2/app-tcp.tcl for every case of scripts/ns2/app-cases.mjs, converts its output
// with scripts/ns2/ns2-to-csv.mjs and writes <name>.events.csv.gz (the router's rows, columns
// as tests/fixtures/ns2/) and <name>.vars.csv.gz (the sender's variables) plus manifest.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';
import { appTcpArgs, appTcpCases } from './app-cases.mjs';
import { convert, toCsv } from './ns2-to-csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-app');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const EVENTS_HEADER = 'time,event,pkt,retx,cause,cum_ack,sack_blocks';
const VARS_HEADER = 'time,cwnd,ssthresh,dupacks,highest_ack,max_sent,next_new,cause';
const R1_EVENTS = new Set(['ARR', 'DEP', 'DROP', 'ACK']);
const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });

mkdirSync(outDir, { recursive: true });
const manifestFile = join(outDir, 'manifest.json');
const previous = existsSync(manifestFile)
  ? JSON.parse(readFileSync(manifestFile, 'utf8'))
  : { runs: [] };
const runs = new Map(previous.runs.map((r) => [r.name, r]));

for (const c of appTcpCases()) {
  if (only && !c.name.includes(only)) continue;
  const raw = execFileSync('ns', [join(here, 'app-tcp.tcl'), ...appTcpArgs(c.params)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const { events, vars } = convert(raw);
  const ev = events
    .filter((r) => R1_EVENTS.has(r[2]))
    .map((r) => [r[0], r[2], r[3], r[5], r[6], r[7], r[9]]);
  const va = vars.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[12]]);
  writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(toCsv(EVENTS_HEADER, ev)));
  writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(toCsv(VARS_HEADER, va)));
  runs.set(c.name, { ...c, protocol: 'tcp' });
  console.log(`${c.name}: ${ev.length} events, ${va.length} vars`);
}

const order = appTcpCases().map((c) => c.name);
const manifest = {
  about:
    'ns-2.35 runs of TCP fed by a finite transfer or a CBR application. See README.md in this folder.',
  runs: [
    ...order.filter((n) => runs.has(n)).map((n) => runs.get(n)),
    ...[...runs.values()].filter((r) => !order.includes(r.name)),
  ],
};
writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + '\n');
