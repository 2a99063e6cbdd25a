// ns-2.35 reference statistics for the table presets (alamgir-table2, geo-table2, geo-table3):
// runs scripts/ns2/tables.tcl for every row and seed, derives the metrics and writes
// tests/fixtures/ns2-tables/<setup>.json (optional; needs ns-2.35's `ns`; the project only reads
// the committed fixtures).
//
//   node scripts/ns2/tables.mjs [--setup alamgir-table2,geo-table2,geo-table3] [--seeds N]
//                               [--jobs 2] [--cache <dir>] [--out <dir>]
//
// --seeds: seeds 1..N of every row; default each setup's own (SETUPS[].seeds: 60, geo-table2 150),
// as the committed fixtures have them.
// --jobs: ns processes at once (default 2). --cache: per-run results are kept there (one JSON file
// per run, named by its parameters) and reused, so an interrupted regeneration resumes; default a
// fresh temporary directory. A fixture is written as soon as all runs of its setup are done.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const tcl = join(here, 'tables.tcl');

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const setupNames = opt('setup', 'alamgir-table2,geo-table2,geo-table3').split(',');
const seedsOpt = opt('seeds', undefined);
const seedsOf = (name) => (seedsOpt === undefined ? SETUPS[name].seeds : Number(seedsOpt));
const jobs = Math.max(1, Number(opt('jobs', '2')));
const outDir = opt('out', join(root, 'tests', 'fixtures', 'ns2-tables'));
const cacheDir = opt('cache', undefined) ?? mkdtempSync(join(tmpdir(), 'ns2-tables-'));
mkdirSync(cacheDir, { recursive: true });
mkdirSync(outDir, { recursive: true });

const PAYLOAD = 1448; // user bytes per DATA packet, TCP and SCTP alike

// --- the setups ------------------------------------------------------------------------------

const TCP = {
  agent: 'Agent/TCP/Sack1',
  sink: 'Agent/TCPSink/Sack1 (an ACK for every segment)',
  packetSize_: 1448,
  header_bytes: 40,
  packet_bytes: 1488,
  window_: 45,
  set_explicitly: ['packetSize_', 'window_', 'fid_'],
  ns2_defaults: {
    windowInit_: 2,
    syn_: true,
    delay_growth_: true,
    minrto_: 0.2,
    maxrto_: 60,
    rtxcur_init_: 3.0,
    tcpTick_: 0.01,
    maxburst_: 0,
    numdupacks_: 3,
    singledup_: 1,
    LimTransmitFix_: false,
    precisionReduce_: true,
    bugFix_: true,
    partial_ack_: false,
    timestamps_: false,
    updated_rttvar_: true,
    slow_start_restart_: true,
    restart_bugfix_: true,
    useHeaders_: true,
    'TCPSink maxSackBlocks_': 3,
  },
  notes:
    'syn_ true: a 40-byte header-only SYN (seqno 0) at t = 0; DATA are seqno 1, 2, ... sent when its ACK returns (cwnd = windowInit_ = 2 then, delay_growth_).',
};
const SCTP = {
  agent: 'Agent/SCTP (both ends; RFC 4960 as ns-2.35 runs it)',
  mtu_: 1500,
  dataChunkSize_: 1464,
  user_bytes_per_chunk: 1448,
  packet_bytes: 1496,
  initialRwnd_: 65536,
  initialSsthresh_: 65536,
  useDelayedSacks_: 0,
  set_explicitly: [
    'mtu_',
    'dataChunkSize_',
    'initialRwnd_',
    'initialSsthresh_',
    'useDelayedSacks_ (receiver)',
    'fid_',
  ],
  ns2_defaults: {
    'useDelayedSacks_ (default; turned off here)': 1,
    sackDelay_: 0.2,
    useMaxBurst_: 1,
    MAX_BURST: 4,
    initialCwnd_: 2,
    initialRto_: 3.0,
    minRto_: 1.0,
    maxRto_: 60.0,
    fastRtxTrigger_: 3,
    heartbeatInterval_: 30,
    associationMaxRetrans_: 10,
    pathMaxRetrans_: 5,
    ipHeaderSize_: 20,
    numOutStreams_: 1,
  },
  uiMaxDataSize_bytes: 1468,
  initial_cwnd_bytes: 4380,
  notes:
    'Packet = 1464-byte DATA chunk + 12-byte common header + 20-byte IP header = 1496 bytes. MTU unit uiMaxDataSize = mtu_ - 32 = 1468; initial cwnd min(4*1468, max(2*1468, 4380)) = 4380 bytes (initialCwnd_ is not used for it). Slow start adds min(newly acked chunk bytes, 1468) per SACK that advances the cumulative ack while outstanding >= cwnd (1464 per chunk, header included), congestion avoidance 1468 when partial_bytes_acked reaches cwnd. Association: INIT, INIT-ACK, COOKIE-ECHO, COOKIE-ACK, then the sender confirms the path with a HEARTBEAT and sends no DATA before its HEARTBEAT-ACK: first DATA about 3 round trips after t = 0 (TCP: 1). The receiver (heartbeat timer started on COOKIE-ECHO, never "busy") sends a HEARTBEAT every 30 s + RTO + U(-RTO/2, RTO/2) (about 31 s); the sender answers with a standalone HEARTBEAT-ACK on the forward path. Max.Burst (4) applies only after a SACK that acks a fast-retransmitted or timed-out chunk.',
};
const LOSS_DOC = {
  model: 'ErrorModel, unit pkt, rate_ = loss (Bernoulli per packet)',
  placement:
    'forward satellite link only, inserted with "$ns link-lossmodel" (after the link\'s delay element, before the far node): a lost packet has been queued, transmitted and propagated, and is traced as dropped at its arrival time. ("$ns lossmodel" would put it in front of the queue.)',
  data_only:
    'enable_ is 1 only while the next packet to reach the model carries a DATA chunk (TCP: size > 40; SCTP: chunk type D); TCP SYN, SCTP INIT/COOKIE-ECHO/HEARTBEAT/HEARTBEAT-ACK are never lost. ACKs/SACKs travel the other way and are never lost.',
  rng: "flow f has its own RandomVariable/Uniform on its own RNG (MRG32k3a stream; the script creates flow 1's RNG first, then 2, ...), advanced `seed` substreams (next-substream). Flow f's k-th DATA packet to reach the end of the link is lost iff the k-th value of its stream < loss.",
};

function dumbbellLinks(satBps, satQ) {
  return [
    { from: 'N0', to: 'N2', bw_bps: 10e6, delay_s: 0.002, queue_limit: 50 },
    { from: 'N2', to: 'N0', bw_bps: 10e6, delay_s: 0.002, queue_limit: satQ },
    { from: 'N1', to: 'N2', bw_bps: 10e6, delay_s: 0.002, queue_limit: 50 },
    { from: 'N2', to: 'N1', bw_bps: 10e6, delay_s: 0.002, queue_limit: satQ },
    { from: 'N2', to: 'N3', bw_bps: satBps, delay_s: 0.25, queue_limit: satQ, loss: true },
    { from: 'N3', to: 'N2', bw_bps: satBps, delay_s: 0.25, queue_limit: satQ },
    { from: 'N3', to: 'N4', bw_bps: 10e6, delay_s: 0.002, queue_limit: satQ },
    { from: 'N4', to: 'N3', bw_bps: 10e6, delay_s: 0.002, queue_limit: 50 },
    { from: 'N3', to: 'N5', bw_bps: 10e6, delay_s: 0.002, queue_limit: satQ },
    { from: 'N5', to: 'N3', bw_bps: 10e6, delay_s: 0.002, queue_limit: 50 },
  ];
}
const GEO_ROWS = [
  { n: 2, bw: 2e6, queue: 10 },
  { n: 4, bw: 4e6, queue: 40 },
  { n: 6, bw: 7e6, queue: 80 },
  { n: 8, bw: 11e6, queue: 160 },
];
const COMMON_NOTES = [
  'ns-2 DropTail drops an arriving packet when queue length + 1 >= limit_: a limit of L holds at most L - 1 waiting packets (plus the one being transmitted).',
  'All FTP sources start at t = 0 (the TCP SYN and the SCTP INIT are sent at 0).',
];

const SETUPS = {
  'alamgir-table2': {
    paper: 'Alamgir et al. (papers/000), sections 4-5, Table 2',
    stop: 1000,
    seeds: 60,
    rows: [0.008, 0.009, 0.01, 0.015, 0.02, 0.025, 0.03].map((loss) => ({
      key: { loss },
      n: 2,
      loss,
    })),
    bottleneckBps: () => 3e6,
    setup: {
      topology:
        'N0 (TCP-SACK, flow 1) and N1 (SCTP, flow 2) -10Mb/2ms- N2 -3Mb/250ms- N3 -10Mb/2ms- N4 (TCP sink) and N5 (SCTP sink); DropTail everywhere',
      links: dumbbellLinks(3e6, 10),
      flows: [
        { flow: 1, sender: 'sack', from: 'N0', to: 'N4', fid: 1 },
        { flow: 2, sender: 'sctp-4960', from: 'N1', to: 'N5', fid: 2 },
      ],
      stop_s: 1000,
      losses: [0.008, 0.009, 0.01, 0.015, 0.02, 0.025, 0.03],
      tcp: TCP,
      sctp: SCTP,
      loss: LOSS_DOC,
      notes: COMMON_NOTES,
    },
    published: {
      columns: ['tcp_pct', 'sctp_pct', 'pct_increase', 'link_util'],
      rows: {
        0.008: [49.8, 50.2, 6.1, 20.9],
        0.009: [46.7, 53.3, 13.3, 19],
        0.01: [43.7, 56.3, 27.6, 17.8],
        0.015: [44.1, 55.9, 25.6, 14.4],
        0.02: [45.8, 54.2, 17.0, 12.4],
        0.025: [46.7, 53.3, 13.3, 10.8],
        0.03: [46.8, 53.2, 12.7, 9.8],
      },
    },
  },
  // 150 seeds: with 60, flow 5's substreams 1-30 lose 1.59 % of its DATA (z = 3.9) and pull the
  // TCP mean cwnd of n = 6 and 8 down by 1 % (tests/fixtures/ns2-tables/README.md, "Agreement")
  'geo-table2': geoSetup('geo-table2', null, 'Table II', 150, {
    2: [23.9, 21.5, 0.988],
    4: [26.1, 21.6, 0.986],
    6: [19.24, 18.4, 0.992],
    8: [21.6, 15.8, 0.989],
  }),
  'geo-table3': geoSetup('geo-table3', 0.2e6, 'Table III', 60, {
    2: [17.3, 96, 0.994],
    4: [15.8, 90.5, 0.995],
    6: [30.6, 99.7, 0.983],
    8: [14.9, 96.1, 0.995],
  }),
};

function geoSetup(name, fixedBw, table, seeds, published) {
  return {
    paper: `GEO fairness paper (papers/004), section III, Table I and ${table}`,
    stop: 500,
    seeds,
    rows: GEO_ROWS.map((r) => ({ key: { n: r.n }, n: r.n, loss: 0.015 })),
    bottleneckBps: (n) => fixedBw ?? GEO_ROWS.find((r) => r.n === n).bw,
    setup: {
      topology:
        'S1..Sn -10Mb/2ms- R1 -satellite, 250ms- K1 (one sink agent per flow on K1); flow i from Si, odd flows TCP-SACK, even flows SCTP; DropTail everywhere',
      rows: GEO_ROWS.map((r) => ({
        n: r.n,
        satellite_bw_bps: fixedBw ?? r.bw,
        buffer_pkts: r.queue,
      })),
      queues:
        "the buffer value is the drop-tail limit of every queue leaving R1 or K1 (both directions of the satellite link, R1 -> Si); the sources' own queues (Si -> R1) keep ns-2's default 50",
      access_links: { bw_bps: 10e6, delay_s: 0.002 },
      satellite_delay_s: 0.25,
      loss_rate: 0.015,
      stop_s: 500,
      tcp: TCP,
      sctp: SCTP,
      loss: LOSS_DOC,
      notes: COMMON_NOTES,
    },
    published: {
      columns: ['pct_increase', 'link_util', 'jain'],
      rows: published,
    },
  };
}

// --- running ---------------------------------------------------------------------------------

const runName = (s, n, loss, seed) => `${s}-n${n}-l${loss}-s${seed}`;

function runOne(task) {
  const file = join(cacheDir, `${runName(task.setup, task.n, task.loss, task.seed)}.json`);
  if (existsSync(file))
    return Promise.resolve({ ...JSON.parse(readFileSync(file, 'utf8')), cached: true });
  const args = [
    tcl,
    `setup=${task.setup}`,
    `n=${task.n}`,
    `loss=${task.loss}`,
    `seed=${task.seed}`,
    `stop=${task.stop}`,
  ];
  const t0 = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const p = spawn('ns', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line?.startsWith('{')) {
        reject(new Error(`ns ${args.slice(1).join(' ')} failed (${code}): ${err.slice(0, 500)}`));
        return;
      }
      const r = { ...JSON.parse(line), wall_s: wall };
      writeFileSync(file, JSON.stringify(r) + '\n');
      resolve(r);
    });
  });
}

async function pool(tasks, onDone) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const t = tasks[next++];
      const r = await runOne(t);
      onDone(t, r);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
}

// --- metrics ---------------------------------------------------------------------------------

const r6 = (x) => Number(x.toPrecision(12));
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

/** Per-run metrics from one tables.tcl result; throws if a consistency check fails. */
function derive(raw, stop, bottleneckBps) {
  const problems = [];
  if (raw.checks.other_drops !== 0)
    problems.push(`drops outside the satellite queue: ${raw.checks.other_drops}`);
  if (raw.checks.fifo_errors !== 0) problems.push(`loss FIFO errors: ${raw.checks.fifo_errors}`);
  const flows = raw.flows.map((f) => {
    if (f.sender === 'sack') {
      if (f.maxseq !== f.unique_pkts)
        problems.push(`flow ${f.flow}: maxseq_ ${f.maxseq} != highest seqno sent ${f.unique_pkts}`);
      if (f.nrexmitpack !== f.sent_pkts - f.unique_pkts)
        problems.push(
          `flow ${f.flow}: nrexmitpack_ ${f.nrexmitpack} != retransmissions ${f.sent_pkts - f.unique_pkts}`,
        );
    } else {
      if (f.hb_sent !== 1)
        problems.push(
          `flow ${f.flow}: the sender sent ${f.hb_sent} HEARTBEATs (timeouts may include HEARTBEAT timeouts)`,
        );
      if (f.bad_var_writes !== 0)
        problems.push(`flow ${f.flow}: ${f.bad_var_writes} unparsed trace writes`);
    }
    const unique_bytes = f.unique_pkts * PAYLOAD;
    return {
      flow: f.flow,
      sender: f.sender,
      unique_pkts: f.unique_pkts,
      unique_bytes,
      tput_bps: r6((unique_bytes * 8) / stop),
      fr_episodes: f.fr_episodes,
      timeouts: f.timeouts,
      mean_cwnd_pkts: r6(f.mean_cwnd_pkts),
      pct_tput: 0,
      sent_pkts: f.sent_pkts,
      retx_pkts: f.sent_pkts - f.unique_pkts,
      lost_pkts: f.lost_pkts,
      overflow_drops: f.overflow_drops,
      first_data_s: r6(f.first_data_s),
    };
  });
  if (problems.length)
    console.error(
      `WARNING ${runName(raw.setup, raw.n, raw.loss, raw.seed)}: ${problems.join('; ')}`,
    );
  const lam = flows.map((f) => (f.unique_bytes * 8) / stop);
  const sum = lam.reduce((a, b) => a + b, 0);
  flows.forEach((f, i) => (f.pct_tput = r6((lam[i] / sum) * 100)));
  const of = (kind) =>
    flows.map((f, i) => (f.sender === kind ? lam[i] : null)).filter((x) => x !== null);
  const tcpL = of('sack');
  const sctpL = of('sctp-4960');
  return {
    seed: raw.seed,
    ...(problems.length ? { problems } : {}),
    flows,
    link_util: r6((sum / bottleneckBps) * 100),
    jain: r6(sum ** 2 / (lam.length * lam.reduce((a, x) => a + x * x, 0))),
    pct_tput_sctp: r6((sctpL.reduce((a, b) => a + b, 0) / sum) * 100),
    pct_tput_tcp: r6((tcpL.reduce((a, b) => a + b, 0) / sum) * 100),
    pct_increase: r6(((mean(sctpL) - mean(tcpL)) / mean(tcpL)) * 100),
  };
}

function summarize(runs) {
  const stat = (f) => {
    const xs = runs.map(f);
    return { mean: r6(mean(xs)), sd: r6(sd(xs)) };
  };
  const perKind = (kind, field) => (run) =>
    mean(run.flows.filter((f) => f.sender === kind).map((f) => f[field]));
  return {
    seeds: runs.length,
    pct_tput_sctp: stat((r) => r.pct_tput_sctp),
    pct_tput_tcp: stat((r) => r.pct_tput_tcp),
    pct_increase: stat((r) => r.pct_increase),
    link_util: stat((r) => r.link_util),
    jain: stat((r) => r.jain),
    tput_bps_tcp: stat(perKind('sack', 'tput_bps')),
    tput_bps_sctp: stat(perKind('sctp-4960', 'tput_bps')),
    mean_cwnd_pkts_tcp: stat(perKind('sack', 'mean_cwnd_pkts')),
    mean_cwnd_pkts_sctp: stat(perKind('sctp-4960', 'mean_cwnd_pkts')),
    fr_episodes_tcp: stat(perKind('sack', 'fr_episodes')),
    fr_episodes_sctp: stat(perKind('sctp-4960', 'fr_episodes')),
    timeouts_tcp: stat(perKind('sack', 'timeouts')),
    timeouts_sctp: stat(perKind('sctp-4960', 'timeouts')),
  };
}

// One run per line, so the file stays readable and diffs stay local.
function format(doc) {
  const { rows, ...head } = doc;
  const lines = JSON.stringify(head, null, 2).split('\n');
  lines.pop(); // closing brace
  lines[lines.length - 1] += ',';
  lines.push('  "rows": [');
  rows.forEach((row, i) => {
    const { runs, ...rh } = row;
    lines.push('    {');
    for (const [k, v] of Object.entries(rh))
      lines.push(`      ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
    lines.push('      "runs": [');
    runs.forEach((r, j) =>
      lines.push(`        ${JSON.stringify(r)}${j < runs.length - 1 ? ',' : ''}`),
    );
    lines.push('      ]');
    lines.push(`    }${i < rows.length - 1 ? ',' : ''}`);
  });
  lines.push('  ]', '}');
  return lines.join('\n') + '\n';
}

function nsVersion() {
  return 'ns-2.35 (Debian package ns2 2.35+dfsg)';
}

const tasks = [];
for (const name of setupNames) {
  const S = SETUPS[name];
  if (!S) throw new Error(`unknown setup ${name}`);
  for (const row of S.rows)
    for (let seed = 1; seed <= seedsOf(name); seed++)
      tasks.push({ setup: name, n: row.n, loss: row.loss, seed, stop: S.stop });
}
const results = new Map();
const remaining = new Map(setupNames.map((s) => [s, tasks.filter((t) => t.setup === s).length]));
const walls = new Map(); // row name -> ns wall-clock seconds of the runs made now

function writeFixture(name) {
  const S = SETUPS[name];
  const rows = S.rows.map((row) => {
    const runs = [];
    for (let seed = 1; seed <= seedsOf(name); seed++) {
      const raw = results.get(runName(name, row.n, row.loss, seed));
      runs.push(derive(raw, S.stop, S.bottleneckBps(row.n)));
    }
    const pub = S.published.rows[row.key.loss ?? row.key.n];
    return {
      ...row.key,
      ...(row.key.n === undefined
        ? {}
        : { loss: row.loss, satellite_bw_bps: S.bottleneckBps(row.n) }),
      summary: summarize(runs),
      paper: Object.fromEntries(S.published.columns.map((c, i) => [c, pub[i]])),
      runs,
    };
  });
  const doc = {
    name,
    ns2: nsVersion(),
    generated_by:
      'scripts/ns2/tables.tcl, driven by scripts/ns2/tables.mjs (scripts/ns2/regen-tables.sh)',
    paper: S.paper,
    seeds: `1..${seedsOf(name)}`,
    setup: S.setup,
    metrics:
      'see README.md: per flow unique_bytes (distinct DATA x 1448), tput_bps, fr_episodes, timeouts, mean_cwnd_pkts (TCP cwnd_, SCTP cwnd/1468), pct_tput; per run link_util, jain, pct_tput_sctp, pct_tput_tcp, pct_increase; summary = mean and sample s.d. over the seeds (per-flow fields: mean over the flows of that kind in a run first)',
    rows,
  };
  writeFileSync(join(outDir, `${name}.json`), format(doc));
  console.error(`wrote ${name}.json`);
  for (const row of S.rows) {
    const w = walls.get(runName(name, row.n, row.loss, '*')) ?? [];
    if (w.length)
      console.error(
        `  ${runName(name, row.n, row.loss, '*')}: ns wall time per run mean ${mean(w).toFixed(2)} s, max ${Math.max(...w).toFixed(2)} s (${w.length} runs)`,
      );
  }
}

const tStart = Date.now();
let done = 0;
await pool(tasks, (t, r) => {
  results.set(runName(t.setup, t.n, t.loss, t.seed), r);
  if (!r.cached) {
    const k = runName(t.setup, t.n, t.loss, '*');
    walls.set(k, [...(walls.get(k) ?? []), r.wall_s]);
  }
  done++;
  if (done % 10 === 0 || done === tasks.length)
    console.error(`${done}/${tasks.length} runs (${((Date.now() - tStart) / 1000).toFixed(0)} s)`);
  remaining.set(t.setup, remaining.get(t.setup) - 1);
  if (remaining.get(t.setup) === 0) writeFixture(t.setup);
});
