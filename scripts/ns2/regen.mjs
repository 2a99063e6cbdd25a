// Regenerate the ns-2 fixtures in tests/fixtures/ns2/ (optional; needs ns-2.35's `ns`).
//
//   node scripts/ns2/regen.mjs [--check <dir>] [--only <substring>]
//
// Runs scripts/ns2/ff96.tcl for every case of scripts/ns2/cases.mjs, converts the output
// (scripts/ns2/ns2-to-csv.mjs), and writes per run <name>.events.csv.gz and <name>.vars.csv.gz
// plus manifest.json (parameters and summary metrics of every run).
//
// --check <dir>: a directory of published ns-2 reference traces (<run>.events.csv,
// <run>.vars.csv, summary.csv). Every published case must reproduce them exactly, the run
// aborts otherwise. This is how the Tcl script was validated.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';
import { delayedAckCases, earlyLossCases, generalisationCases, ns2DefaultCases, publishedCases, tclArgs, vegasCases } from './cases.mjs';
import { EVENT_HEADER, VARS_HEADER, convert, toCsv } from './ns2-to-csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const outDir = join(root, 'tests', 'fixtures', 'ns2');

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const checkDir = opt('--check');
const only = opt('--only');

/** Compact fixture columns (see tests/fixtures/ns2/README.md). */
export const FIXTURE_EVENTS_HEADER = 'time,event,pkt,retx,cause,cum_ack,sack_blocks';
export const FIXTURE_VARS_HEADER = 'time,cwnd,ssthresh,dupacks,highest_ack,cause';

const R1_EVENTS = new Set(['ARR', 'DEP', 'DROP', 'ACK']);

function compact(events, vars) {
  // full columns: time,ns_time,event,pkt,kind,retx,cause,cum_ack,dup,sack_blocks,...
  const ev = events
    .filter((r) => R1_EVENTS.has(r[2]))
    .map((r) => [r[0], r[2], r[3], r[5], r[6], r[7], r[9]]);
  // full columns: time,cwnd,ssthresh,dupacks,highest_ack,...,cause
  const va = vars.map((r) => [r[0], r[1], r[2], r[3], r[4], r[12]]);
  return { ev, va };
}

/**
 * Summary metrics, defined as in the published summary.csv (checked against it for every
 * published run): departures from R1, distinct packets departed, retransmissions (arrivals at
 * R1 of a packet number that arrived before), timeouts (timer-caused variable changes), fast
 * retransmits (ACK-caused cwnd decreases), cwnd cuts (all cwnd decreases), final cumulative
 * ACK at R1, highest packet sent, scripted and overflow drops, ns-2's nrexmit_ at the end
 * (blank for FACK, whose timeout does not count it).
 */
function summarize(variant, events, vars) {
  const dep = events.filter((r) => r[2] === 'DEP');
  let cuts = 0;
  let fr = 0;
  for (let i = 1; i < vars.length; i++) {
    if (Number(vars[i][1]) < Number(vars[i - 1][1])) {
      cuts++;
      if (vars[i][12] === 'ack') fr++;
    }
  }
  const last = vars[vars.length - 1];
  const acks = events.filter((r) => r[2] === 'ACK');
  return {
    data_departed_R1: dep.length,
    unique_pkts_departed_R1: new Set(dep.map((r) => r[3])).size,
    retransmissions: events.filter((r) => r[2] === 'ARR' && r[5] === '1').length,
    timeouts: vars.filter((r) => r[12] === 'timer').length,
    fast_retransmits: fr,
    cwnd_cuts: cuts,
    final_cum_ack: acks.length ? Number(acks[acks.length - 1][7]) : 0,
    highest_pkt_sent: Number(last[5]),
    scripted_drops: events.filter((r) => r[2] === 'DROP' && r[6] === 'scripted').length,
    overflow_drops: events.filter((r) => r[2] === 'DROP' && r[6] === 'overflow').length,
    ns2_timeout_events: variant === 'fack' ? '' : Number(last[11]),
  };
}

function readCsvRows(file) {
  const text = readFileSync(file, 'utf8').replace(/\r/g, '').trim();
  return text.split('\n');
}

function parseCsvLine(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function publishedSummary(dir) {
  const [head, ...rows] = readCsvRows(join(dir, 'summary.csv'));
  const cols = parseCsvLine(head);
  const out = new Map();
  for (const row of rows) {
    const cells = parseCsvLine(row);
    out.set(cells[0], Object.fromEntries(cols.map((c, i) => [c, cells[i]])));
  }
  return out;
}

function firstDiff(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: ns-2 now: ${a[i]} | published: ${b[i]}`;
  }
  return null;
}

const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });

mkdirSync(outDir, { recursive: true });
const published = checkDir ? publishedSummary(checkDir) : null;
const manifestFile = join(outDir, 'manifest.json');
const previous = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : { runs: [] };
const runs = new Map(previous.runs.map((r) => [r.name, r]));

const allCases = () => [...publishedCases(), ...generalisationCases(), ...ns2DefaultCases(), ...delayedAckCases(), ...earlyLossCases(), ...vegasCases()];

for (const c of allCases()) {
  if (only && !c.name.includes(only)) continue;
  const raw = execFileSync('ns', [join(here, 'ff96.tcl'), ...tclArgs(c.params)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const { events, vars } = convert(raw);
  const summary = summarize(c.params.variant, events, vars);

  if (published && c.set === 'published') {
    for (const [kind, header, rows] of [
      ['events', EVENT_HEADER, events],
      ['vars', VARS_HEADER, vars],
    ]) {
      const mine = toCsv(header, rows).trim().split('\n');
      const theirs = readCsvRows(join(checkDir, `${c.name}.${kind}.csv`));
      const d = firstDiff(mine, theirs);
      if (d) throw new Error(`${c.name}.${kind}: differs from the published trace, ${d}`);
    }
    const ref = published.get(c.name);
    for (const [k, v] of Object.entries(summary)) {
      if (String(v) !== ref[k]) throw new Error(`${c.name}: summary ${k} ${v} != published ${ref[k]}`);
    }
  }

  const { ev, va } = compact(events, vars);
  writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(toCsv(FIXTURE_EVENTS_HEADER, ev)));
  writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(toCsv(FIXTURE_VARS_HEADER, va)));
  runs.set(c.name, { ...c, summary });
  console.log(`${c.name}: ${ev.length} events, ${va.length} vars${published && c.set === 'published' ? ', matches the published trace' : ''}`);
}

const order = allCases().map((c) => c.name);
const manifest = {
  about:
    'ns-2.35 runs of the Fall & Floyd setup (scripts/ns2/ff96.tcl). See README.md in this folder.',
  stopS: 6.0,
  runs: order.filter((n) => runs.has(n)).map((n) => runs.get(n)),
};
writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + '\n');
