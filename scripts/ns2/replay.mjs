// Regenerate the ns-2 replay fixtures in tests/fixtures/ns2-replay/ (optional; needs ns-2.35's
// `ns`; scripts/ns2/regen-replay.sh is the entry point).
//
//   node scripts/ns2/replay.mjs [--only <substring>] [--jobs <k>]
//
// Runs scripts/ns2/replay.tcl for every case below, turns its output into the fixture rows
// (parseReplay) and writes per run <name>.events.csv.gz and <name>.vars.csv.gz
// plus manifest.json: each run's setup, the DATA packets ns-2's error model dropped (what the
// engine replays as scripted drops), every TCP flow's clock phase and ns-2's counters at the end.
// Then (unless --only names a case) the drops of the table runs TABLE_DROPS names, as
// <TABLE_DROPS.name>.json.gz: the same ns-2 runs as tests/fixtures/ns2-tables' (tables.tcl's
// setup and random streams, receiver HEARTBEATs on), only their drops and clock phases kept.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';

// ---------------------------------------------------------------- replay.tcl output -> rows
// The output of replay.tcl as the fixtures' rows (tests/fixtures/ns2-replay/README.md describes
// the columns):
//
//   events: time,flow,ev,from,to,kind,pkt,size
//     ev    '+' a host hands the packet to its link (the sender's or the receiver's agent sent it),
//           '-' it starts transmission, 'r' it arrives at the far node, 'd' it is dropped
//           ('+' on a router's link is the same instant as the 'r' before it and is left out)
//     kind  DATA (TCP: payload; SCTP: a DATA chunk), SYN (TCP seqno 0), ACK (TCP), SACK (SCTP),
//           CTL (SCTP INIT, INIT-ACK, COOKIE-ECHO, COOKIE-ACK, HEARTBEAT, HEARTBEAT-ACK)
//     pkt   DATA/SYN: the engine's packet number (TCP seqno + 1; SCTP TSN); ACK: cumulative ACK
//           as the engine counts it (ns-2 ack seqno + 1); SACK: Cumulative TSN Ack; CTL: empty
//   vars:   time,flow,cause,cwnd,ssthresh,dupacks,highest_ack,maxseq,t_seqno,rtt_ticks,srtt_x8,
//           rttvar_x4,backoff,nrexmit,ncwndcuts,ncwndcuts1 (TCP senders; seqnos as 1-based
//           packet numbers)
//   boot:   per TCP flow, which draw of ns-2's default random stream its boot_time_ is (B lines)
//   drops:  per flow, the DATA packets the error model dropped at the end of the satellite link,
//           as "p" / "p:k" (k-th transmission of p to reach that point), in the order dropped.

/** Shortest round-trip decimal of a double, with a trailing ".0" for integers. */
export function fmtTime(x) {
  const s = String(x);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
}

export const EVENTS_HEADER = 'time,flow,ev,from,to,kind,pkt,size';
export const VARS_HEADER =
  'time,flow,cause,cwnd,ssthresh,dupacks,highest_ack,maxseq,t_seqno,rtt_ticks,srtt_x8,rttvar_x4,backoff,nrexmit,ncwndcuts,ncwndcuts1';

/**
 * @param {string} raw replay.tcl output
 * @param {{ satFrom: string, satTo: string, hosts: string[] }} net node names: the satellite
 *   link's ends and the nodes with agents
 */
export function parseReplay(raw, net) {
  const sat = net;
  const names = new Map(); // ns-2 node id -> name
  const lines = raw.split('\n');
  for (const line of lines) {
    if (line.startsWith('N ')) {
      const [, name, id] = line.trim().split(/\s+/);
      names.set(id, name);
    }
  }
  const hosts = new Set(net.hosts);
  const events = [];
  const vars = [];
  const reached = new Map(); // flow:pkt -> transmissions that reached the end of the satellite link
  const drops = new Map(); // flow -> ["p", "p:k", ...]
  const dequeued = new Set(); // uids that started transmission on the satellite link
  const boot = {};
  for (const line of lines) {
    if (line.startsWith('B ')) {
      const [, flow, k] = line.trim().split(/\s+/);
      boot[flow] = Number(k);
      continue;
    }
    if (line.startsWith('V ')) {
      const [
        ,
        t,
        flow,
        cause,
        cwnd,
        ssthresh,
        dupacks,
        ack,
        maxseq,
        tseqno,
        rtt,
        srtt,
        rttvar,
        backoff,
        nrexmit,
        cuts,
        cuts1,
      ] = line.trim().split(/\s+/);
      vars.push([
        fmtTime(Number(t)),
        flow,
        cause,
        cwnd,
        ssthresh,
        dupacks,
        String(Number(ack) + 1),
        String(Number(maxseq) + 1),
        String(Number(tseqno) + 1),
        rtt,
        srtt,
        rttvar,
        backoff,
        nrexmit,
        cuts,
        cuts1,
      ]);
      continue;
    }
    if (!line.startsWith('E ')) continue;
    const f = line.trim().split(/\s+/);
    const time = fmtTime(Number(f[1]));
    const [ev, , fromId, toId, type, size, flags, flow] = f.slice(2);
    const from = names.get(fromId);
    const to = names.get(toId);
    let kind;
    let pkt = '';
    let uid;
    if (type === 'tcp') {
      const seqno = Number(f[12]);
      kind = Number(size) > 40 ? 'DATA' : 'SYN';
      pkt = String(seqno + 1);
      uid = f[13];
    } else if (type === 'ack') {
      kind = 'ACK';
      pkt = String(Number(f[12]) + 1);
      uid = f[13];
    } else if (type === 'sctp') {
      const chunk = flags.at(-1);
      uid = f[14];
      if (chunk === 'D') {
        kind = 'DATA';
        pkt = f[13];
      } else if (chunk === 'S') {
        kind = 'SACK';
        pkt = f[13];
      } else kind = 'CTL';
    } else {
      throw new Error(`unexpected packet type in ${line}`);
    }
    const onSat = from === sat.satFrom && to === sat.satTo;
    if (onSat && ev === '-') dequeued.add(uid);
    if (onSat && (ev === 'r' || ev === 'd') && dequeued.has(uid)) {
      dequeued.delete(uid);
      if (kind === 'DATA') {
        const key = `${flow}:${pkt}`;
        const k = (reached.get(key) ?? 0) + 1;
        reached.set(key, k);
        if (ev === 'd') {
          if (!drops.has(flow)) drops.set(flow, []);
          drops.get(flow).push(k === 1 ? pkt : `${pkt}:${k}`);
        }
      } else if (ev === 'd') {
        throw new Error(`the error model dropped a ${kind}: ${line}`);
      }
    }
    if (ev === '+' && !hosts.has(from)) continue;
    events.push([time, flow, ev, from, to, kind, pkt, size]);
  }
  return { events, vars, boot, drops: Object.fromEntries([...drops].sort((a, b) => a[0] - b[0])) };
}

export const toCsv = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';

// ---------------------------------------------------------------- the runs
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const outDir = join(root, 'tests', 'fixtures', 'ns2-replay');
const TCL = join(here, 'replay.tcl');

/**
 * The runs. `loss`/`seed`: ns-2's random loss (tables.tcl's per-flow streams) decides the drops;
 * `drops`: hand-picked per flow (engine packet numbers, "p" or "p:k"). `hbrecv` 0 switches the
 * SCTP receivers' HEARTBEATs off (the engine has none); they start about 32 s into a run, so
 * runs of 30 s keep ns-2's default. Seeds were picked (from 1..12) for lost retransmissions and
 * timeouts inside the run.
 */
export const CASES = [
  {
    name: 'alamgir-l0.01-s2-30s',
    setup: 'alamgir-table2',
    n: 2,
    loss: 0.01,
    seed: 2,
    stop: 30,
    hbrecv: 1,
  },
  {
    name: 'alamgir-l0.03-s2-60s',
    setup: 'alamgir-table2',
    n: 2,
    loss: 0.03,
    seed: 2,
    stop: 60,
    hbrecv: 0,
  },
  {
    name: 'geo2-l0.015-s2-30s',
    setup: 'geo-table2',
    n: 2,
    loss: 0.015,
    seed: 2,
    stop: 30,
    hbrecv: 1,
  },
  {
    name: 'geo2-l0.015-s4-60s',
    setup: 'geo-table2',
    n: 2,
    loss: 0.015,
    seed: 4,
    stop: 60,
    hbrecv: 0,
  },
  {
    name: 'geo4-l0.015-s2-30s',
    setup: 'geo-table2',
    n: 4,
    loss: 0.015,
    seed: 2,
    stop: 30,
    hbrecv: 1,
  },
  {
    name: 'geo4-l0.015-s4-60s',
    setup: 'geo-table2',
    n: 4,
    loss: 0.015,
    seed: 4,
    stop: 60,
    hbrecv: 0,
  },
  {
    name: 'alamgir-hand-30s',
    setup: 'alamgir-table2',
    n: 2,
    stop: 30,
    hbrecv: 1,
    // TCP: two losses in slow start, a burst of 4 in one window, a lost fast retransmission
    // (120:2: RTO) next to a loss, two losses in the small window after it (a second RTO).
    // SCTP: a lost fast retransmission (30:2: T3-rtx), then a burst of 5.
    drops: { 1: '25,26,60,61,62,63,120,120:2,121,140,141', 2: '30,30:2,90,91,92,93,94' },
  },
  {
    name: 'geo2-hand-30s',
    setup: 'geo-table2',
    n: 2,
    stop: 30,
    hbrecv: 1,
    // TCP: the first data packet (2: an RTO with only the SYN acked), a packet lost three times
    // (fast retransmit, then two RTOs, the second backed off), four losses 4 apart (two
    // recoveries). SCTP: TSN 1, a TSN lost three times (fast retransmit, two T3-rtx), 120 and 125.
    drops: { 1: '2,50,50:2,50:3,100,104,108,112', 2: '1,40,40:2,40:3,120,125' },
  },
];

/**
 * The runs behind tests/fixtures/ns2-tables/geo-table2.json's failing-prone row n = 6 (500 s,
 * seeds 1..30), whose drops the engine replays to compare its per-run counts with the table's.
 */
export const TABLE_DROPS = {
  name: 'geo-table2-n6-table-drops',
  setup: 'geo-table2',
  n: 6,
  loss: 0.015,
  stop: 500,
  seeds: 30,
};

function tclArgs(c) {
  const a = [`setup=${c.setup}`, `n=${c.n}`, `stop=${c.stop}`, `hbrecv=${c.hbrecv}`];
  if (c.drops) for (const [f, d] of Object.entries(c.drops)) a.push(`f${f}=${d}`);
  else a.push(`loss=${c.loss}`, `seed=${c.seed}`);
  return a;
}

function network(c) {
  if (c.setup === 'alamgir-table2')
    return { satFrom: 'N2', satTo: 'N3', hosts: ['N0', 'N1', 'N4', 'N5'] };
  return {
    satFrom: 'R1',
    satTo: 'K1',
    hosts: [...Array.from({ length: c.n }, (_, i) => `S${i + 1}`), 'K1'],
  };
}

/**
 * ns-2's counters at the stop time: per TCP flow from its last vars row; per flow the DATA
 * packets its agent sent, the error model's drops and the drop-tail drops at the satellite queue.
 */
function summarize(c, events, vars, drops) {
  const tcp = {};
  for (const v of vars) {
    const [, flow, , , , , , , , , , , , nrexmit, cuts, cuts1] = v;
    tcp[flow] = {
      nrexmit: Number(nrexmit),
      ncwndcuts: Number(cuts),
      ncwndcuts1: Number(cuts1),
      frEpisodes: Number(cuts1) - Number(nrexmit),
    };
  }
  const { satFrom, satTo, hosts } = network(c);
  const flows = {};
  for (let f = 1; f <= c.n; f++)
    flows[f] = { dataSent: 0, lost: drops[f]?.length ?? 0, overflow: 0 };
  for (const [, flow, ev, from, to, kind] of events) {
    if (kind !== 'DATA') continue;
    if (ev === '+' && hosts.includes(from)) flows[flow].dataSent++;
    if (ev === 'd' && from === satFrom && to === satTo) flows[flow].overflow++;
  }
  for (const f of Object.values(flows)) f.overflow -= f.lost;
  return { tcp, flows };
}

const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : 2;
  const nsAsync = (a) =>
    new Promise((resolve, reject) =>
      execFile('ns', [TCL, ...a], { encoding: 'utf8', maxBuffer: 1 << 30 }, (err, out) =>
        err ? reject(err) : resolve(out),
      ),
    );

  mkdirSync(outDir, { recursive: true });
  const draws = execFileSync('ns', [TCL, 'draws=64'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number);
  const manifestFile = join(outDir, 'manifest.json');
  const previous = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : { runs: [] };
  const runs = new Map(previous.runs.map((r) => [r.name, r]));

  for (const c of CASES) {
    if (only && !c.name.includes(only)) continue;
    const raw = execFileSync('ns', [TCL, ...tclArgs(c)], { encoding: 'utf8', maxBuffer: 1 << 30 });
    const { events, vars, boot, drops } = parseReplay(raw, network(c));
    const before = (rows) => rows.filter((r) => Number(r[0]) < c.stop);
    const ev = before(events);
    const va = before(vars);
    writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(toCsv(EVENTS_HEADER, ev)));
    writeFileSync(join(outDir, `${c.name}.vars.csv.gz`), gz(toCsv(VARS_HEADER, va)));
    const tickPhases = Object.fromEntries(
      Object.entries(boot).map(([f, k]) => [f, { draw: k, seconds: draws[k - 1] }]),
    );
    const origin = c.drops
      ? {
          handPicked: Object.entries(c.drops)
            .map(([f, d]) => `f${f}=${d}`)
            .join(' '),
        }
      : { loss: c.loss, seed: c.seed };
    runs.set(c.name, {
      name: c.name,
      setup: c.setup,
      n: c.n,
      stopS: c.stop,
      origin,
      hbRecv: c.hbrecv === 1,
      tickPhases,
      drops,
      summary: summarize(c, ev, va, drops),
    });
    const nd = Object.values(drops).reduce((a, d) => a + d.length, 0);
    console.log(`${c.name}: ${ev.length} events, ${va.length} vars, ${nd} drops`);
  }

  const manifest = {
    about:
      'ns-2.35 runs of the experiment presets, replayed by the engine (scripts/ns2/replay.tcl). See README.md in this folder.',
    runs: CASES.map((c) => c.name)
      .filter((n) => runs.has(n))
      .map((n) => runs.get(n)),
  };
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + '\n');

  if (!only || TABLE_DROPS.name.includes(only)) {
    const t = TABLE_DROPS;
    const seeds = Array.from({ length: t.seeds }, (_, i) => i + 1);
    const out = new Array(seeds.length);
    let next = 0;
    const worker = async () => {
      while (next < seeds.length) {
        const i = next++;
        const a = [
          `setup=${t.setup}`,
          `n=${t.n}`,
          `loss=${t.loss}`,
          `seed=${seeds[i]}`,
          `stop=${t.stop}`,
          'hbrecv=1',
          'print=sat',
        ];
        const { boot, drops } = parseReplay(await nsAsync(a), network(t));
        const tickPhases = Object.fromEntries(
          Object.entries(boot).map(([f, k]) => [f, { draw: k, seconds: draws[k - 1] }]),
        );
        out[i] = { seed: seeds[i], tickPhases, drops };
      }
    };
    await Promise.all(Array.from({ length: jobs }, worker));
    const file = { setup: t.setup, n: t.n, loss: t.loss, stopS: t.stop, hbRecv: true, runs: out };
    writeFileSync(join(outDir, `${t.name}.json.gz`), gz(JSON.stringify(file) + '\n'));
    console.log(
      `${t.name}: ${out.length} runs, ${out.reduce((a, r) => a + Object.values(r.drops).reduce((b, d) => b + d.length, 0), 0)} drops`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
