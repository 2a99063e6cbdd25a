// Regenerate tests/fixtures/ns2-multihome/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/multihome-regen.mjs [--only <substring>]
//
// Runs scripts/ns2/multihome.tcl for every case below and writes, per case:
//
// <name>.events.csv — the packets at the sender's two addresses and every drop:
//   time (`$ns now`, shortest round-trip double), event (DEP: leaves S0 / S1; RCV: reaches
//   S0 / S1; DROP: dropped anywhere), path (0: S0–A–K0, 1: S1–B–K1), kind (DATA, SACK,
//   HEARTBEAT, HEARTBEAT-ACK, SETUP = INIT / INIT-ACK / COOKIE-ECHO / COOKIE-ACK), tsn (DATA:
//   TSN; SACK: Cumulative TSN Ack; else empty), size (bytes on the wire).
// <name>.paths.csv — the sender's per-destination variables (ns-2 TraceAll) whenever one of them
//   changed since the previous row of that destination: time, cause (ack: a packet reached the
//   sender; timer: the sender sent outside an arrival), path, cwnd, pba, out, ssthresh (bytes),
//   rto, srtt (seconds, 3 decimals as ns-2 prints them), assocErrors, pathErrors, status
//   (ACTIVE | INACTIVE).
// manifest.json — the cases and their parameters.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-multihome');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** The runs: multihome.tcl parameters (see its header). */
export const MULTIHOME_CASES = [
  {
    name: 'rtx-alt-single-loss',
    about: 'TSN 20 lost on the primary: its fast retransmission goes to the alternate path',
    params: { drops0: '20', stop: 4 },
  },
  {
    name: 'rtx-alt-timeout',
    about: 'TSN 20 lost on the primary and again on the alternate: T3-rtx on the alternate',
    params: { drops0: '20', drops1: '20', stop: 6 },
  },
  {
    name: 'failover-pmr2',
    about: 'A-K0 down at 3 s; Path.Max.Retrans 2: the primary is inactive after 3 T3-rtx, failover',
    params: { down: 3, pmr: 2, stop: 16 },
  },
  {
    name: 'failover-default',
    about:
      'A-K0 down at 3 s, Path.Max.Retrans 5 (ns-2 default), heartbeats off: failover after 6 T3-rtx',
    params: { down: 3, hb: 0, bw: '0.5Mb', stop: 72 },
  },
  {
    name: 'failover-recover',
    about:
      'A-K0 down at 3 s, up at 8 s; Path.Max.Retrans 1, changePrimaryThresh_ 1000000 (the primary stays): HEARTBEATs to the inactive primary until one is answered, then new data returns to it',
    params: { down: 3, up: 8, pmr: 1, cpt: 1000000, stop: 14 },
  },
  {
    name: 'failover-recover-cpt',
    about:
      "as failover-recover with ns-2's default changePrimaryThresh_ -1: the failover makes the alternate the primary for good",
    params: { down: 3, up: 8, pmr: 1, stop: 14 },
  },
  {
    name: 'amr-abort',
    about:
      'both paths down at 3 s; Path.Max.Retrans 2, Association.Max.Retrans 4: the association ends',
    params: { down: 3, down1: 3, pmr: 2, amr: 4, stop: 20 },
  },
  {
    name: 'reply-route-rtx',
    about:
      'single-homed sender (S0 linked to A and B), path 1 80 ms; TSN 20 lost on path 0: its retransmission goes to K1, whose SACK the receiver sends from K0 (routing towards S0)',
    params: { shome: 1, delay1: '80ms', drops0: '20', stop: 4 },
  },
  {
    name: 'reply-route-failover',
    about:
      'single-homed sender, path 1 80 ms; A-K0 down at 2 s, Path.Max.Retrans 1: after the failover the receiver answers from K1 (the only route to S0)',
    params: { shome: 1, delay1: '80ms', down: 2, pmr: 1, cpt: 1000000, stop: 10 },
  },
  // One HEARTBEAT timer per association (ns-2 HeartbeatGenTimerExpiration), the receiver's own
  // HEARTBEATs off (hbrecv=0): the sender's CalcHeartbeatTime is then the only user of ns-2's
  // default RNG, whose draws (MRG32k3a from seed 1) the test replays as the jitter.
  {
    name: 'hb-assoc-idle',
    about:
      'no failure, HB.interval 1 s, 0.2 Mb/s, no receiver HEARTBEATs: the one timer HEARTBEATs the idle alternate',
    params: { hb: 1, bw: '0.2Mb', hbrecv: 0, stop: 12 },
  },
  {
    name: 'hb-assoc-failover',
    about:
      'A-K0 down 3.3-7.5 s, Path.Max.Retrans 2, HB.interval 1 s, RTO 1 / 0.5 / 2 s (as sctp-failover), no receiver HEARTBEATs: the timer HEARTBEATs the inactive primary while one is unanswered there, and it recovers',
    params: {
      down: 3.3,
      up: 7.5,
      pmr: 2,
      hb: 1,
      initrto: 1,
      minrto: 0.5,
      maxrto: 2,
      cpt: 1000000,
      hbrecv: 0,
      stop: 12,
    },
  },
  {
    name: 'hb-assoc-dead-alt',
    about:
      'B-K1 down from 1 s, Path.Max.Retrans 2, HB.interval 1 s, no receiver HEARTBEATs: unanswered HEARTBEATs to the alternate, resent at once and by the timer',
    params: { down1: 1, pmr: 2, hb: 1, hbrecv: 0, stop: 20 },
  },
  {
    name: 'heartbeats-idle',
    about:
      'no failure, HB.interval 1 s: HEARTBEATs on the idle alternate (jitter from ns-2 Random)',
    params: { hb: 1, bw: '0.2Mb', stop: 12 },
  },
];

const EVENTS_HEADER = 'time,event,path,kind,tsn,size';
const PATHS_HEADER = 'time,cause,path,cwnd,pba,out,ssthresh,rto,srtt,assocErrors,pathErrors,status';
const KIND = { D: 'DATA', S: 'SACK', H: 'HEARTBEAT', B: 'HEARTBEAT-ACK', I: 'SETUP' };
// node ids in multihome.tcl: 1 S0, 2 S1, 4 K0, 5 K1, 6 A, 7 B
const PATH_OF_LINK = {
  '1-6': 0,
  '6-1': 0,
  '6-4': 0,
  '4-6': 0,
  '2-7': 1,
  '7-2': 1,
  '1-7': 1, // S0-B, with shome
  '7-1': 1,
  '7-5': 1,
  '5-7': 1,
};

/** Shortest round-trip decimal of a double, with a trailing ".0" for integers. */
const fmtTime = (x) => {
  const s = String(x);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
};

/** multihome.tcl output → { events, paths } rows (string cells). */
export function convert(raw) {
  const events = [];
  const paths = [];
  const last = [null, null];
  for (const line of raw.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] === 'E') {
      const [ev, , from, to, , size, flags, , , , , tsn] = f.slice(2);
      const kind = KIND[flags.at(-1)];
      const path = PATH_OF_LINK[`${from}-${to}`];
      let event = null;
      if (ev === 'd') event = 'DROP';
      else if (ev === '-' && (from === '1' || from === '2')) event = 'DEP';
      else if (ev === 'r' && (to === '1' || to === '2')) event = 'RCV';
      if (!event || !kind || path === undefined) continue;
      const seq = kind === 'DATA' || kind === 'SACK' ? tsn : '';
      events.push([fmtTime(Number(f[1])), event, String(path), kind, seq, size]);
    } else if (f[0] === 'V') {
      const time = fmtTime(Number(f[1]));
      const cause = f[2];
      const dests = line.slice(line.indexOf(cause) + cause.length).split('|');
      dests.forEach((d, i) => {
        const v = (k) => d.match(new RegExp(`${k}: *(\\S+)`))[1];
        const cells = [
          v('cwnd'),
          v('pba'),
          v('out'),
          v('ssthresh'),
          v('rto'),
          v('srtt'),
          v('assocErrors'),
          v('pathErrors'),
          v('dstatus'),
        ];
        const key = cells.join(',');
        if (last[i] === key) return;
        last[i] = key;
        paths.push([time, cause, String(i), ...cells]);
      });
    }
  }
  return { events, paths };
}

const csv = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';

function main() {
  mkdirSync(outDir, { recursive: true });
  for (const c of MULTIHOME_CASES) {
    if (only && !c.name.includes(only)) continue;
    const argv = Object.entries(c.params).map(([k, v]) => `${k}=${v}`);
    const raw = execFileSync('ns', [join(here, 'multihome.tcl'), ...argv], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const { events, paths } = convert(raw);
    writeFileSync(join(outDir, `${c.name}.events.csv`), csv(EVENTS_HEADER, events));
    writeFileSync(join(outDir, `${c.name}.paths.csv`), csv(PATHS_HEADER, paths));
    console.log(`${c.name}: ${events.length} events, ${paths.length} path rows`);
  }
  const manifest = {
    about:
      'ns-2.35 runs of one Agent/SCTP association between two multi-homed hosts (multihome core + 2 interfaces each; scripts/ns2/multihome.tcl, multihome-regen.mjs). See README.md in this folder.',
    runs: MULTIHOME_CASES,
  };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
