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
import { gzipSync, strToU8 } from 'fflate';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NS2_SCTP_DEFAULTS, rwndBytesOf, SCTP_DEFAULTS, sctpTclArgs } from './sctp-cases.mjs';
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
  // The receiver window binds with several streams (or unordered chunks): ns-2 gives a chunk's
  // bytes back to a_rwnd when its stream passes it to the application (PassToUpperLayer), not
  // when the Cumulative TSN passes it, so chunks above a hole that their own stream could
  // deliver do not hold the window shut. These runs are gzip'd and have no chunks file.
  {
    name: 'ms4-w20-q5-1.5m-d0',
    set: 'rwnd-streams',
    about: '4 streams, a_rwnd 20 chunks, 1.5 Mb/s, 50 ms, queue 5: overflow losses only',
    pr: { streams: 4, unrel: 0, rel: 0 },
    params: {
      ...SCTP_DEFAULTS,
      sender: 'sctp-4960',
      window: 20,
      queueLimit: 5,
      bottleneckBps: 1.5e6,
      bottleneckDelayS: 0.05,
      drops: [],
      stopS: 12,
      hbRecv: false,
    },
  },
  {
    name: 'ms3-w12-q3-d2',
    set: 'rwnd-streams',
    about: '3 streams, a_rwnd 12 chunks, queue 3 (800 kb/s): TSNs 20 and 33 dropped',
    pr: { streams: 3, unrel: 0, rel: 0 },
    params: {
      ...SCTP_DEFAULTS,
      sender: 'sctp-newreno',
      window: 12,
      queueLimit: 3,
      drops: [20, 33],
    },
  },
  {
    name: 'ms2-ns2-w14-q5-2m-d1',
    set: 'rwnd-streams',
    about:
      "2 streams, ns-2.35's defaults (1468-byte chunks, delayed SACKs), a_rwnd 14 chunks, 2 Mb/s: TSN 40 dropped",
    pr: { streams: 2, unrel: 0, rel: 0 },
    params: {
      ...SCTP_DEFAULTS,
      ...NS2_SCTP_DEFAULTS,
      rwndBytes: 14 * 1468,
      window: 14,
      queueLimit: 5,
      bottleneckBps: 2e6,
      bottleneckDelayS: 0.05,
      drops: [40],
    },
  },
  {
    name: 'un1-w16-q4-1.5m-d0',
    set: 'rwnd-streams',
    about:
      'one stream, every chunk unordered, a_rwnd 16 chunks, 1.5 Mb/s, queue 4: overflow losses only',
    pr: { streams: 1, unrel: 0, rel: 0, unord: 1 },
    params: {
      ...SCTP_DEFAULTS,
      sender: 'sctp-4960',
      window: 16,
      queueLimit: 4,
      bottleneckBps: 1.5e6,
      bottleneckDelayS: 0.05,
      drops: [],
      stopS: 12,
      hbRecv: false,
    },
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
    `unord=${c.pr.unord ?? 0}`,
    ...sctpTclArgs(c.params),
  ];
  const raw = execFileSync('ns', [join(here, 'prsctp.tcl'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const { events, vars } = convertSctp(raw, c.params.mtuBytes - 32);
  if (c.set === 'rwnd-streams') {
    const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });
    writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(crlf(SCTP_EVENT_HEADER, events)));
    writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(crlf(SCTP_VARS_HEADER, vars)));
  } else {
    writeFileSync(join(outDir, `${c.name}.events.csv`), crlf(SCTP_EVENT_HEADER, events));
    writeFileSync(join(outDir, `${c.name}.vars.csv`), crlf(SCTP_VARS_HEADER, vars));
    writeFileSync(
      join(outDir, `${c.name}.chunks.csv`),
      crlf('time,kind,tsn,stream,ssn,size', chunks(raw)),
    );
  }
  runs.push({
    name: c.name,
    ...(c.set ? { set: c.set } : {}),
    about: c.about,
    pr: c.pr,
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
