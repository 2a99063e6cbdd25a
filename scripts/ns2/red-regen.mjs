// Regenerate tests/fixtures/ns2-red/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/red-regen.mjs [--only <substring>]
//
// Runs scripts/ns2/red.tcl for every case below and writes per run <name>.events.csv.gz —
// every departure (`-`), arrival at the far end (`r`) and drop (`d`) on every link — and
// <name>.vars.csv.gz — each sender's cwnd and ssthresh whenever an ACK or its timer changed
// them — plus manifest.json: the cases, RED's parameters as ns-2 set them (q_weight_, thresh_,
// maxthresh_) and, per direction of R1–K1, the arrivals at the RED queue that ns-2 dropped or
// CE-marked (1-based, in arrival order: what the engine replays instead of drawing) and those of
// them it dropped still ECT, not CE (a hit there was no mark: RedConfig.replayUnmarked), and each
// TCP flow's clock phase as the draw of ns-2's default stream it is (boot_time_).
//
// events columns: time (`$ns now`, shortest round-trip double), event (DEP | RCV | DROP), from,
// to (ns-2 node ids: 0 R1, 1 K1, 2 S1, 3 S2, …), type (tcp | ack), flow (fid), pkt (data: seqno
// + 1; ACK: the cumulative ACK, its seqno + 1), size (bytes on the wire), ecn (the IP ECN field:
// 0 Not-ECT, 2 ECT(0), 3 CE), tcpflags (1 ECE + 2 CWR).
// vars columns: time, flow, cause (ack | timer), cwnd (ns-2's 6 significant digits), ssthresh.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-red');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** The runs: red.tcl parameters (see its header; absent = its defaults). */
export const RED_CASES = [
  // ns-2.35's Queue/RED defaults: byte mode, gentle, automatic w_q and thresholds, wait.
  { name: 'reno-2-defaults', params: { variant: 'reno', n: 2, stop: 10 } },
  {
    name: 'newreno-3-packets',
    params: {
      variant: 'newreno',
      n: 3,
      starts: '1.0,1.2,1.9',
      adelays: '0.002,0.007,0.015',
      bytes: 0,
      minth: 4,
      maxth: 12,
      linterm: 20,
      wq: 0.01,
      q: 25,
      stop: 12,
    },
  },
  {
    name: 'sack-4-nongentle',
    params: {
      variant: 'sack',
      n: 4,
      starts: '1.0,1.1,1.5,2.0',
      adelays: '0.001,0.004,0.009,0.02',
      bw: '2Mb',
      delay: '30ms',
      gentle: 0,
      usemarkp: 0,
      bytes: 0,
      minth: 5,
      maxth: 15,
      wq: 0.002,
      q: 40,
      stop: 15,
    },
  },
  {
    name: 'reno-1-nowait',
    params: {
      variant: 'reno',
      n: 1,
      starts: '1.0',
      adelays: '0.005',
      bw: '800Kb',
      delay: '50ms',
      wait: 0,
      bytes: 0,
      minth: 3,
      maxth: 9,
      linterm: 5,
      q: 20,
      window: 40,
      stop: 20,
    },
  },
  // ECN: the same RED marks ECN-capable packets instead of dropping them.
  {
    name: 'reno-2-ecn',
    params: { variant: 'reno', n: 2, ecn: 1, bytes: 0, minth: 5, maxth: 15, q: 40, stop: 12 },
  },
  {
    name: 'newreno-3-ecn',
    params: {
      variant: 'newreno',
      n: 3,
      starts: '1.0,1.2,1.9',
      adelays: '0.002,0.007,0.015',
      ecn: 1,
      bytes: 0,
      minth: 4,
      maxth: 12,
      linterm: 20,
      wq: 0.01,
      q: 30,
      stop: 12,
    },
  },
  {
    name: 'sack-2-ecn-bytes',
    params: { variant: 'sack', n: 2, ecn: 1, q: 60, stop: 12 },
  },
  // ECN with delayed ACKs: an ACK covering two packets echoes a mark on either (ns-2's save_).
  {
    name: 'reno-2-ecn-delack',
    params: {
      variant: 'reno',
      n: 2,
      starts: '1.0,1.4',
      ecn: 1,
      delack: 1,
      bytes: 0,
      minth: 3,
      maxth: 10,
      wq: 0.005,
      q: 30,
      stop: 12,
    },
  },
  // Held-out checks (issue 26: other loads and parameters than the runs above).
  // SACK with ECN, non-gentle, byte mode with 1000-byte mean packets, 3 Mb/s, 10 ms.
  {
    name: 'sack-3-ecn-nongentle-bytes',
    params: {
      variant: 'sack',
      n: 3,
      starts: '1.0,1.3,1.6',
      adelays: '0.003,0.001,0.012',
      bw: '3Mb',
      delay: '10ms',
      ecn: 1,
      gentle: 0,
      meanpkt: 1000,
      minth: 6,
      maxth: 18,
      wq: 0.003,
      q: 50,
      stop: 10,
    },
  },
  // Four Reno flows with ECN on a long path: max_p 1/50, w_q 0.002, 2 Mb/s, 40 ms.
  {
    name: 'reno-4-ecn-2mb-40ms',
    params: {
      variant: 'reno',
      n: 4,
      starts: '1.0,1.2,1.4,1.6',
      adelays: '0.001,0.005,0.01,0.02',
      bw: '2Mb',
      delay: '40ms',
      ecn: 1,
      bytes: 0,
      minth: 5,
      maxth: 20,
      linterm: 50,
      wq: 0.002,
      q: 60,
      window: 40,
      stop: 12,
    },
  },
  // NewReno, gentle off, wait off, forced drops above max_th (use_mark_p 0), 1 Mb/s, 15 ms.
  {
    name: 'newreno-2-nongentle-nowait',
    params: {
      variant: 'newreno',
      n: 2,
      starts: '1.0,1.5',
      adelays: '0.002,0.004',
      bw: '1Mb',
      delay: '15ms',
      gentle: 0,
      wait: 0,
      usemarkp: 0,
      bytes: 0,
      minth: 3,
      maxth: 8,
      q: 20,
      stop: 12,
    },
  },
  // One SACK flow with ECN and delayed ACKs, ns-2's automatic RED (byte mode), 600 kb/s, 60 ms.
  {
    name: 'sack-1-ecn-delack-auto',
    params: {
      variant: 'sack',
      n: 1,
      starts: '1.0',
      adelays: '0.004',
      bw: '600Kb',
      delay: '60ms',
      ecn: 1,
      delack: 1,
      window: 40,
      q: 40,
      stop: 15,
    },
  },
  // Three Reno flows, byte mode, max_p 1/3, 4 Mb/s, 5 ms: a short path with a steep ramp.
  {
    name: 'reno-3-bytes-steep',
    params: {
      variant: 'reno',
      n: 3,
      starts: '1.0,1.1,1.2',
      adelays: '0.001,0.002,0.003',
      bw: '4Mb',
      delay: '5ms',
      meanpkt: 1000,
      minth: 4,
      maxth: 12,
      linterm: 3,
      q: 30,
      stop: 10,
    },
  },
];

const EVENTS_HEADER = 'time,event,from,to,type,flow,pkt,size,ecn,tcpflags';
const VARS_HEADER = 'time,flow,cause,cwnd,ssthresh';
const EV = { '-': 'DEP', r: 'RCV', d: 'DROP' };

/** Shortest round-trip decimal of a double, with a trailing ".0" for integers. */
const fmtTime = (x) => {
  const s = String(x);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
};

/** ns-2's flags field (trace.cc: [0] ECN-Echo C, [3] CWR A, [4] CE E, [6] ECT N) → ECN values. */
function ecnOf(flags) {
  const ip = flags[6] === 'N' ? (flags[4] === 'E' ? 3 : 2) : 0;
  const tcp = (flags[0] === 'C' ? 1 : 0) + (flags[3] === 'A' ? 2 : 0);
  return [ip, tcp];
}

/** red.tcl output → { params, events, vars, replay } (string cells). */
export function convert(raw) {
  const events = [];
  const vars = [];
  let params = null;
  const boot = {};
  const started = new Set();
  // Per direction of R1–K1 (0: R1 → K1, 1: K1 → R1): arrivals so far, the arrival of each uid
  // waiting there, whether it arrived CE, and the arrivals ns-2 dropped or marked.
  const dirOf = (from, to) =>
    from === '0' && to === '1' ? 0 : from === '1' && to === '0' ? 1 : -1;
  const arrivals = [0, 0];
  const arrivalOf = [new Map(), new Map()];
  const replay = [new Set(), new Set()];
  // … and of those, the ones ns-2 dropped carrying ECT but not CE (not marked before the drop)
  const unmarked = [new Set(), new Set()];
  for (const line of raw.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] === 'P') {
      params = { q_weight: Number(f[1]), thresh: Number(f[2]), maxthresh: Number(f[3]) };
    } else if (f[0] === 'E') {
      const [ev, , from, to, type, size, flags, fid, , , seqno, uid] = f.slice(2);
      const d = dirOf(from, to);
      const [ip, tcp] = ecnOf(flags);
      if (d >= 0 && ev === '+') {
        arrivalOf[d].set(uid, { k: ++arrivals[d], ce: ip === 3 });
      } else if (d >= 0 && (ev === 'd' || ev === '-')) {
        const a = arrivalOf[d].get(uid);
        if (a) {
          arrivalOf[d].delete(uid);
          if (ev === 'd' || (ip === 3 && !a.ce)) replay[d].add(a.k);
          if (ev === 'd' && ip === 2) unmarked[d].add(a.k);
        }
      }
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
        String(ip),
        String(tcp),
      ]);
    } else if (f[0] === 'B') {
      boot[f[1]] = Number(f[2]);
    } else if (f[0] === 'V') {
      // A flow's first line is its initial cwnd / ssthresh (its first packet), not a change.
      if (!started.has(f[2])) started.add(f[2]);
      else vars.push([fmtTime(Number(f[1])), f[2], f[3], f[4], f[5]]);
    }
  }
  return {
    params,
    events,
    vars,
    boot,
    replay: replay.map((s) => [...s].sort((a, b) => a - b)),
    replayUnmarked: unmarked.map((s) => [...s].sort((a, b) => a - b)),
  };
}

const toArgs = (params) => Object.entries(params).map(([k, v]) => `${k}=${v}`);
const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });
const csv = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(outDir, { recursive: true });
  const runs = [];
  for (const c of RED_CASES) {
    const raw = execFileSync('ns', [join(here, 'red.tcl'), ...toArgs(c.params)], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const { params, events, vars, boot, replay, replayUnmarked } = convert(raw);
    runs.push({ ...c, ns2: params, boot, replay, replayUnmarked });
    if (only && !c.name.includes(only)) continue;
    writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(csv(EVENTS_HEADER, events)));
    writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(csv(VARS_HEADER, vars)));
    const drops = events.filter((r) => r[1] === 'DROP').length;
    console.log(
      `${c.name}: ${events.length} events (${drops} drops), ${replay[0].length} RED decisions replayed, ${vars.length} var changes`,
    );
  }
  const manifest = {
    about:
      'ns-2.35 runs of TCP through a RED bottleneck, with and without ECN (scripts/ns2/red.tcl, red-regen.mjs). See README.md in this folder.',
    runs,
  };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
}
