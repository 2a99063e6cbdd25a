// Regenerate tests/fixtures/ns2-app/sctp/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/app-regen-sctp.mjs [--only <substring>]
//
// Runs scripts/ns2/app-sctp.tcl for every case of appSctpCases (scripts/ns2/app-cases.mjs),
// converts its output with scripts/ns2/sctp-to-csv.mjs and writes gzip'd <name>.events.csv.gz
// and <name>.vars.csv.gz in the layout of tests/fixtures/ns2-sctp/ plus manifest.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';
import { appSctpCases } from './app-cases.mjs';
import { rwndBytesOf, sctpTclArgs } from './sctp-cases.mjs';
import { convertSctp, SCTP_EVENT_HEADER, SCTP_VARS_HEADER } from './sctp-to-csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-app', 'sctp');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const crlf = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });

mkdirSync(outDir, { recursive: true });
const manifestFile = join(outDir, 'manifest.json');
const previous = existsSync(manifestFile)
  ? JSON.parse(readFileSync(manifestFile, 'utf8'))
  : { runs: [] };
const runs = new Map(previous.runs.map((r) => [r.name, r]));

for (const c of appSctpCases()) {
  if (only && !c.name.includes(only)) continue;
  const raw = execFileSync(
    'ns',
    [
      join(here, 'app-sctp.tcl'),
      ...sctpTclArgs(c.params),
      `app=${c.params.app ?? 'file'}`,
      `bytes=${c.params.bytes ?? 0}`,
      `rate=${c.params.rateBps ?? 0}`,
      `cbrstop=${c.params.cbrStopS ?? 0}`,
      `cbrstart=${c.params.cbrStartS ?? 0}`,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  const { events, vars } = convertSctp(raw, c.params.mtuBytes - 32);
  writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(crlf(SCTP_EVENT_HEADER, events)));
  writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(crlf(SCTP_VARS_HEADER, vars)));
  runs.set(c.name, { ...c, params: { ...c.params, rwndBytes: rwndBytesOf(c.params) } });
  console.log(`${c.name}: ${events.length} events, ${vars.length} vars`);
}

const order = appSctpCases().map((c) => c.name);
const manifest = {
  about:
    'ns-2.35 Agent/SCTP runs of one finite transfer (scripts/ns2/app-sctp.tcl). See ../README.md.',
  stopS: 8.0,
  runs: order.filter((n) => runs.has(n)).map((n) => runs.get(n)),
};
writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + '\n');
