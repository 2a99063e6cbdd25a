// Regenerate tests/fixtures/ns2-cmt/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/cmt-regen.mjs [--only <substring>]
//
// Runs scripts/ns2/cmt.tcl (Agent/SCTP/CMT over two disjoint paths) for every case below and
// writes <name>.events.csv.gz and <name>.vars.csv.gz plus manifest.json.
//
// events columns: time (`$ns now`, shortest round-trip double), event (DEP `-` | RCV `r` |
// DROP `d`), from, to (node names: S0 S1 (S2) the sender's addresses, R0 R1 (R2) the routers,
// K0 K1 (K2) the receiver's addresses), path (i: Si-Ri-Ki; 2 or 3 paths), kind (INIT: INIT, INIT-ACK,
// COOKIE-ECHO, COOKIE-ACK | DATA | SACK | HEARTBEAT | HEARTBEAT_ACK), tsn (DATA: its TSN; SACK:
// its Cumulative TSN Ack), retx (DATA leaving S0/S1/S2: 1 when the TSN left the sender before, on
// any path), size (bytes on the wire).
// vars columns: time, cause (ack: a packet reached a sender address; timer: a DATA packet sent outside
// such an arrival; start), path (the destination: i for K<i>), cwnd, ssthresh, pba,
// outstanding, peer_rwnd, rto, srtt, rttvar (seconds, 3 decimals as ns-2 prints them),
// path_errors, status (ACTIVE | INACTIVE | UNCONFIRMED), fr_count, timeout_count — a row when
// one of a destination's values changed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-cmt');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** The runs: cmt.tcl parameters (see its header); unset keys take its defaults. */
export const CMT_CASES = [
  {
    name: 'cmt-equal',
    about: 'two equal paths (1 Mb/s, 40 ms, queue 20), no scripted loss',
    params: { stop: 4 },
  },
  {
    name: 'cmt-unequal',
    about: 'path 0 1 Mb/s 20 ms, path 1 500 kb/s 80 ms (queues 20), no scripted loss',
    params: { bw0: '1Mb', delay0: '20ms', bw1: '500Kb', delay1: '80ms', stop: 4 },
  },
  {
    name: 'cmt-loss',
    about: 'equal paths, ssthresh 16000 (no overflow); TSN 40 (sent on path 1) dropped once',
    params: { ssthresh: 16000, drops: '40', stop: 4 },
  },
  {
    name: 'cmt-loss3',
    about: 'equal paths, ssthresh 16000; TSNs 40, 42, 44 (all sent on path 1) dropped once',
    params: { ssthresh: 16000, drops: '40,42,44', stop: 4 },
  },
  {
    name: 'cmt-timeout',
    about:
      'equal paths, ssthresh 16000; TSN 40 (path 1) and its fast retransmission (path 0) dropped: a T3-rtx timeout on path 0',
    params: { ssthresh: 16000, drops: '40,40:2', stop: 5 },
  },
  {
    name: 'cmt-fail',
    about: 'equal paths, ssthresh 16000; R1-K1 goes down at 2 s; pathMaxRetrans_ 2',
    params: { ssthresh: 16000, fail: 2.0, pmr: 2, stop: 12 },
  },
  {
    name: 'cmt-long',
    about: 'two equal paths, 10 s: slow start and congestion avoidance overflow both queues',
    params: { stop: 10 },
  },
  {
    name: 'cmt-rwnd',
    about: 'two equal paths, the receiver window (20000 bytes) binds',
    params: { rwnd: 20000, stop: 4 },
  },
  {
    name: 'cmt-unequal-loss',
    about: 'path 0 1 Mb/s 20 ms, path 1 500 kb/s 80 ms; TSNs 30, 31, 32 dropped once',
    params: {
      bw0: '1Mb',
      delay0: '20ms',
      bw1: '500Kb',
      delay1: '80ms',
      drops: '30,31,32',
      stop: 5,
    },
  },
  {
    name: 'cmt-fail-repair',
    about:
      'equal paths, ssthresh 16000; R1-K1 down at 2 s, up at 10 s; pathMaxRetrans_ 2: inactive, then a HEARTBEAT-ACK brings path 1 back',
    params: { ssthresh: 16000, fail: 2.0, repair: 10.0, pmr: 2, stop: 20 },
  },
  {
    name: 'cmt-nodelack-loss',
    about:
      "equal paths, ssthresh 16000, the receiver's useDelayedSacks_ 0; TSN 40 dropped: the SACKs carry a DAC count of 0, no missing report, T3-rtx",
    params: { ssthresh: 16000, drops: '40', delack: 0, stop: 6 },
  },
  {
    name: 'cmt-nodelack-unequal-loss3',
    about:
      'path 0 1 Mb/s 20 ms, path 1 500 kb/s 80 ms, useDelayedSacks_ 0; TSNs 25, 26, 31 dropped',
    params: {
      bw0: '1Mb',
      delay0: '20ms',
      bw1: '500Kb',
      delay1: '80ms',
      drops: '25,26,31',
      delack: 0,
      stop: 8,
    },
  },
  {
    name: 'cmt-3paths',
    about: 'three equal paths (1 Mb/s, 40 ms, queue 20), no scripted loss',
    params: { paths: 3, stop: 4 },
  },
];

/** ns-2 node id → name for `n` paths (cmt.tcl: H0 0, S<i> 1+i, H1 1+n, K<i> 2+n+i, R<i> 2+2n+i). */
function namesFor(n) {
  const out = {};
  for (let i = 0; i < n; i++) {
    out[1 + i] = `S${i}`;
    out[2 + n + i] = `K${i}`;
    out[2 + 2 * n + i] = `R${i}`;
  }
  return out;
}
const KIND = { I: 'INIT', D: 'DATA', S: 'SACK', H: 'HEARTBEAT', B: 'HEARTBEAT_ACK' };
const EV = { '-': 'DEP', r: 'RCV', d: 'DROP' };

export const EVENTS_HEADER = 'time,event,from,to,path,kind,tsn,retx,size';
export const VARS_HEADER =
  'time,cause,path,cwnd,ssthresh,pba,outstanding,peer_rwnd,rto,srtt,rttvar,path_errors,status,fr_count,timeout_count';

/** Shortest round-trip decimal of a double, with a trailing ".0" for integers. */
const fmtTime = (x) => {
  const s = String(x);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
};

/** The fields of an Agent/SCTP/CMT TraceAll line ("time: 1.2 saddr: 1 ... cwnd: 4380 ..."). */
function parseTraceAll(text) {
  const f = text.trim().split(/\s+/);
  const out = {};
  for (let i = 0; i + 1 < f.length; i += 2) out[f[i].replace(/:$/, '')] = f[i + 1];
  return out;
}

/** cmt.tcl output → { events, vars } rows (string cells); `n` paths. */
export function convert(raw, n = 2) {
  const NAMES = namesFor(n);
  const destPath = (addr) => {
    const name = NAMES[addr];
    return name?.startsWith('K') ? name.slice(1) : undefined;
  };
  const events = [];
  const vars = [];
  const sent = new Set(); // TSNs that left S0 or S1
  const last = new Map(); // path → its last vars values
  for (const line of raw.split('\n')) {
    if (line.startsWith('V ')) {
      const [, t, cause, ...rest] = line.trim().split(/\s+/);
      const v = parseTraceAll(rest.join(' '));
      const path = destPath(v.daddr);
      const values = [
        v.cwnd,
        v.ssthresh,
        v.pba,
        v.out,
        v.peerRwnd,
        v.rto,
        v.srtt,
        v.rttvar,
        v.pathErrors,
        v.dstatus,
        v.frCount,
        v.timeoutCount,
      ];
      if (path === undefined || values.some((x) => x === undefined))
        throw new Error(`bad variables line: ${line}`);
      const key = values.join(',');
      if (last.get(path) === key) continue;
      last.set(path, key);
      vars.push([fmtTime(Number(t)), cause, path, ...values]);
      continue;
    }
    if (!line.startsWith('E ')) continue;
    const f = line.trim().split(/\s+/);
    const [ev, , from, to, , size, flags, , , , , tsn] = f.slice(2);
    if (!EV[ev]) continue;
    const a = NAMES[from];
    const b = NAMES[to];
    if (!a || !b) throw new Error(`unexpected link ${from}-${to}: ${line}`);
    const kind = KIND[flags[flags.length - 1]] ?? '?';
    let retx = '';
    if (kind === 'DATA' && ev === '-' && a.startsWith('S')) {
      retx = sent.has(tsn) ? '1' : '0';
      sent.add(tsn);
    }
    const num = kind === 'DATA' || kind === 'SACK' ? tsn : '';
    events.push([fmtTime(Number(f[1])), EV[ev], a, b, a.slice(1), kind, num, retx, size]);
  }
  return { events, vars };
}

const toArgs = (params) => Object.entries(params).map(([k, v]) => `${k}=${v}`);
const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });
const csv = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(outDir, { recursive: true });
  for (const c of CMT_CASES) {
    if (only && !c.name.includes(only)) continue;
    const raw = execFileSync('ns', [join(here, 'cmt.tcl'), ...toArgs(c.params)], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const { events, vars } = convert(raw, Number(c.params.paths ?? 2));
    writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(csv(EVENTS_HEADER, events)));
    writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(csv(VARS_HEADER, vars)));
    const data = (p) =>
      events.filter((r) => r[1] === 'DEP' && r[2] === `S${p}` && r[5] === 'DATA').length;
    const drops = events.filter((r) => r[1] === 'DROP').length;
    console.log(
      `${c.name}: ${events.length} events, DATA sent per path: ${[0, 1, 2].map(data).join(' / ')}, ${drops} drops, ${vars.length} var rows`,
    );
  }
  const manifest = {
    about:
      'ns-2.35 Agent/SCTP/CMT runs over two disjoint paths (scripts/ns2/cmt.tcl, cmt-regen.mjs). See README.md in this folder.',
    runs: CMT_CASES,
  };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
}
