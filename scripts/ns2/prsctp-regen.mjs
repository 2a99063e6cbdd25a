// Regenerate the ns-2 multistream / PR-SCTP fixtures in tests/fixtures/ns2-prsctp/ (optional;
// needs ns-2.35's `ns`). The project never needs ns-2: the fixtures are committed.
//
//   node scripts/ns2/prsctp-regen.mjs
//
// Runs scripts/ns2/prsctp.tcl for each case below and writes, per run, <name>.events.csv and
// <name>.vars.csv (scripts/ns2/sctp-to-csv.mjs, the format of tests/fixtures/ns2-sctp) and
// <name>.chunks.csv — every chunk S1 puts on its link: time, kind (DATA / FORWARD-TSN), TSN (a
// FORWARD TSN: its New Cumulative TSN), Stream Identifier, SSN, packet bytes — plus
// manifest.json (parameters in the ns2-sctp manifest's format, and each run's tcl arguments).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rwndBytesOf, SCTP_DEFAULTS, sctpTclArgs } from './sctp-cases.mjs';
import { convertSctp, SCTP_EVENT_HEADER, SCTP_VARS_HEADER } from './sctp-to-csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-prsctp');

const CASES = [
  {
    name: 'ms4-fr3-d3',
    about: '4 outbound streams, all reliable; the published d3 drops (TSNs 15, 27, 29)',
    pr: { streams: 4, unrel: 0, rel: 0 },
    params: { ...SCTP_DEFAULTS, sender: 'sctp-4960', drops: [15, 27, 29] },
  },
  {
    name: 'pr4-rel0-fr3-d1',
    about: '4 unreliable streams with reliability_ 0 (never retransmitted); TSN 15 dropped',
    pr: { streams: 4, unrel: 4, rel: 0 },
    params: { ...SCTP_DEFAULTS, sender: 'sctp-4960', drops: [15], stopS: 3 },
  },
];

const crlf = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
const KIND = { D: 'DATA', R: 'FORWARD-TSN' };

/** DATA and FORWARD TSN chunks entering S1's link (`+` from node 0). */
function chunks(raw) {
  const rows = [];
  for (const line of raw.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] !== 'E' || f[2] !== '+' || f[4] !== '0') continue;
    const kind = KIND[f[8].at(-1)];
    if (!kind) continue;
    const [tsn, stream, ssn] = [f[13], f[15], f[16]];
    rows.push([f[1], kind, tsn, kind === 'DATA' ? stream : '', kind === 'DATA' ? ssn : '', f[7]]);
  }
  return rows;
}

const runs = [];
for (const c of CASES) {
  const args = [
    `streams=${c.pr.streams}`,
    `unrel=${c.pr.unrel}`,
    `rel=${c.pr.rel}`,
    ...sctpTclArgs(c.params),
  ];
  const raw = execFileSync('ns', [join(here, 'prsctp.tcl'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const { events, vars } = convertSctp(raw, c.params.mtuBytes - 32);
  writeFileSync(join(outDir, `${c.name}.events.csv`), crlf(SCTP_EVENT_HEADER, events));
  writeFileSync(join(outDir, `${c.name}.vars.csv`), crlf(SCTP_VARS_HEADER, vars));
  writeFileSync(
    join(outDir, `${c.name}.chunks.csv`),
    crlf('time,kind,tsn,stream,ssn,size', chunks(raw)),
  );
  runs.push({
    name: c.name,
    about: c.about,
    tclArgs: args,
    params: { ...c.params, rwndBytes: rwndBytesOf(c.params) },
  });
  console.log(`${c.name}: ${events.length} events, ${vars.length} vars`);
}
const manifest = {
  about: 'ns-2.35 Agent/SCTP multistream and PR-SCTP runs (scripts/ns2/prsctp.tcl). See README.md.',
  stopS: 6.0,
  runs,
};
writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
