// Regenerate the ns-2 SCTP fixtures in tests/fixtures/ns2-sctp/ (optional; needs ns-2.35's `ns`).
//
//   node scripts/ns2/regen-sctp.mjs [--only <substring>]
//
// Runs scripts/ns2/sctp.tcl for every case of scripts/ns2/sctp-cases.mjs, converts the output
// (scripts/ns2/sctp-to-csv.mjs) and writes per run <name>.events.csv and <name>.vars.csv (CRLF,
// as the published reference traces are; gzip'd .csv.gz for runs outside the published set),
// summary.csv (the published runs only, as published) and manifest.json (parameters and
// summary of every run).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';
import { allSctpCases, rwndBytesOf, sctpTclArgs } from './sctp-cases.mjs';
import { convertSctp, SCTP_EVENT_HEADER, SCTP_VARS_HEADER } from './sctp-to-csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const outDir = join(root, 'tests', 'fixtures', 'ns2-sctp');

const args = process.argv.slice(2);
const i = args.indexOf('--only');
const only = i >= 0 ? args[i + 1] : undefined;

const crlf = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';

/**
 * Per-run totals, defined as in the published summary.csv (which these reproduce for every
 * published run): DATA departures from R1, distinct TSNs among them, retransmissions (arrivals at
 * R1 of a TSN that arrived before), timeouts and fast retransmits (the agent's timeoutCount and
 * frCount at the end; frCount counts SACKs that marked chunks for fast retransmission), cwnd
 * decreases, the last SACK's Cumulative TSN Ack at R1, the highest TSN S1 sent, drops by cause.
 */
function summarize(events, vars, sent) {
  const dep = events.filter((r) => r[2] === 'DEP' && r[4] === 'DATA');
  let cuts = 0;
  for (let k = 1; k < vars.length; k++) if (Number(vars[k][1]) < Number(vars[k - 1][1])) cuts++;
  const last = vars[vars.length - 1];
  const sacks = events.filter((r) => r[2] === 'ACK' && r[4] === 'SACK');
  return {
    data_departed_R1: dep.length,
    unique_pkts_departed_R1: new Set(dep.map((r) => r[3])).size,
    retransmissions: events.filter((r) => r[2] === 'ARR' && r[5] === '1').length,
    timeouts: Number(last[12]),
    fast_retransmits: Number(last[11]),
    cwnd_cuts: cuts,
    final_cum_ack: sacks.length ? Number(sacks[sacks.length - 1][7]) : 0,
    highest_pkt_sent: sent,
    scripted_drops: events.filter((r) => r[2] === 'DROP' && r[6] === 'scripted').length,
    overflow_drops: events.filter((r) => r[2] === 'DROP' && r[6] === 'overflow').length,
  };
}

/** The highest TSN S1 sent (a DATA chunk entering S1's link). */
function highestSent(raw) {
  let h = 0;
  for (const line of raw.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] === 'E' && f[2] === '+' && f[4] === '0' && f[8].endsWith('D'))
      h = Math.max(h, Number(f[13]));
  }
  return h;
}

const SUMMARY_HEADER =
  'run,proto,variant,profile,drops,data_departed_R1,unique_pkts_departed_R1,retransmissions,timeouts,fast_retransmits,cwnd_cuts,final_cum_ack,highest_pkt_sent,scripted_drops,overflow_drops,ns2_timeout_events';

function summaryRow(c, s) {
  const fr = c.params.sender === 'sctp-newreno' ? 4 : 3;
  const drops = c.params.drops.join(',');
  return [
    c.name,
    'sctp',
    `sctp-fr${fr}`,
    `fastRtxTrigger_${fr}`,
    drops.includes(',') ? `"${drops}"` : drops,
    ...Object.values(s),
    '',
  ];
}

const manifestFile = join(outDir, 'manifest.json');
const previous = existsSync(manifestFile)
  ? JSON.parse(readFileSync(manifestFile, 'utf8'))
  : { runs: [] };
const runs = new Map(previous.runs.map((r) => [r.name, r]));

for (const c of allSctpCases()) {
  if (only && !c.name.includes(only)) continue;
  const raw = execFileSync('ns', [join(here, 'sctp.tcl'), ...sctpTclArgs(c.params)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const { events, vars } = convertSctp(raw, c.params.mtuBytes - 32);
  const summary = summarize(events, vars, highestSent(raw));
  // The published runs stay plain CSV as published; the others are gzip'd.
  const write = (kind, text) =>
    c.set === 'published'
      ? writeFileSync(join(outDir, `${c.name}.${kind}.csv`), text)
      : writeFileSync(
          join(outDir, `${c.name}.${kind}.csv.gz`),
          gzipSync(strToU8(text), { level: 9, mtime: 0 }),
        );
  write('events', crlf(SCTP_EVENT_HEADER, events));
  write('vars', crlf(SCTP_VARS_HEADER, vars));
  runs.set(c.name, { ...c, params: { ...c.params, rwndBytes: rwndBytesOf(c.params) }, summary });
  console.log(`${c.name}: ${events.length} events, ${vars.length} vars`);
}

const order = allSctpCases().map((c) => c.name);
const all = order.filter((n) => runs.has(n)).map((n) => runs.get(n));
// As published: the header line ends in LF, the rows in CRLF.
writeFileSync(
  join(outDir, 'summary.csv'),
  SUMMARY_HEADER +
    '\n' +
    all
      .filter((r) => r.set === 'published')
      .map((r) => summaryRow(r, r.summary).join(',') + '\r\n')
      .join(''),
);
const manifest = {
  about: 'ns-2.35 Agent/SCTP runs (scripts/ns2/sctp.tcl). See README.md in this folder.',
  stopS: 6.0,
  runs: all,
};
writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + '\n');
