// Regenerate tests/fixtures/ns2-dynamic/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/dynamic-regen.mjs [--only <substring>]
//
// Runs scripts/ns2/dynamic.tcl for every case below and writes <name>.events.csv.gz — every
// packet event on every link: departures (`-`), arrivals at the far end (`r`) and drops (`d`) —
// and <name>.vars.csv.gz — each sender's cwnd and ssthresh whenever an ACK or its timer changed
// them — plus manifest.json (the cases and their parameters).
//
// events columns: time (`$ns now`, shortest round-trip double), event (DEP | RCV | DROP), from,
// to (ns-2 node ids: 0 S, 1 A, 2 K, 3 B, 4 C), type (tcp | ack), flow (fid), pkt (1-based: data
// seqno + 1; ACK: the cumulative ACK, its seqno + 1), size (bytes on the wire).
// vars columns: time, flow, cause (ack | timer), cwnd (ns-2's 6 significant digits), ssthresh.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-dynamic');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** The runs: dynamic.tcl parameters (see its header). */
export const DYNAMIC_CASES = [
  { name: 'reno-ak-down', params: { variant: 'reno', fail: 'AK', down: 2.0, q: 20, stop: 6 } },
  {
    name: 'reno-ak-down-up',
    params: { variant: 'reno', fail: 'AK', down: 2.0, up: 3.0, q: 20, stop: 6 },
  },
  {
    name: 'sack-two-ak-down-up',
    params: {
      variant: 'sack',
      fail: 'AK',
      down: 2.0,
      up: 3.5,
      q: 20,
      two: 1,
      start2: 1.3,
      stop: 7,
    },
  },
  {
    name: 'reno-slowstart-ak-down-up',
    params: { variant: 'reno', fail: 'AK', down: 1.2, up: 2.5, q: 20, stop: 6 },
  },
  {
    name: 'reno-isolated-k',
    params: { variant: 'reno', fail: 'AK+CK', down: 2.0, up: 4.5, q: 20, stop: 9 },
  },
];

const EVENTS_HEADER = 'time,event,from,to,type,flow,pkt,size';
const VARS_HEADER = 'time,flow,cause,cwnd,ssthresh';
const EV = { '-': 'DEP', r: 'RCV', d: 'DROP' };

/** Shortest round-trip decimal of a double, with a trailing ".0" for integers. */
const fmtTime = (x) => {
  const s = String(x);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
};

/** dynamic.tcl output → { events, vars } rows (string cells). */
export function convert(raw) {
  const events = [];
  const vars = [];
  for (const line of raw.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] === 'E') {
      const [ev, , from, to, type, size, , fid, , , seqno] = f.slice(2);
      if (!EV[ev]) continue;
      events.push([
        fmtTime(Number(f[1])),
        EV[ev],
        from,
        to,
        type,
        fid,
        String(Number(seqno) + 1),
        size,
      ]);
    } else if (f[0] === 'V' && f[3] !== 'start') {
      vars.push([fmtTime(Number(f[1])), f[2], f[3], f[4], f[5]]);
    }
  }
  return { events, vars };
}

const toArgs = (params) => Object.entries(params).map(([k, v]) => `${k}=${v}`);
const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });
const csv = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(outDir, { recursive: true });
  for (const c of DYNAMIC_CASES) {
    if (only && !c.name.includes(only)) continue;
    const raw = execFileSync('ns', [join(here, 'dynamic.tcl'), ...toArgs(c.params)], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const { events, vars } = convert(raw);
    writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(csv(EVENTS_HEADER, events)));
    writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(csv(VARS_HEADER, vars)));
    const drops = events.filter((r) => r[1] === 'DROP').length;
    const timeouts = vars.filter((r) => r[2] === 'timer').length;
    console.log(
      `${c.name}: ${events.length} events (${drops} drops), ${vars.length} var changes (${timeouts} timer)`,
    );
  }
  const manifest = {
    about:
      'ns-2.35 runs of TCP over a pentagon whose short route fails and recovers ($ns rtmodel-at, $ns rtproto Session; scripts/ns2/dynamic.tcl, dynamic-regen.mjs). See README.md in this folder.',
    runs: DYNAMIC_CASES,
  };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
}
