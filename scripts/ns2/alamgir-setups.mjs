// Alamgir et al. Table 2 at a loss rate under two ns-2.35 setups and the variants between them
// (issue 23 item 6; optional, needs ns-2.35's `ns`; the project only reads the committed file):
//
//   node scripts/ns2/alamgir-setups.mjs [--loss 0.03,0.01] [--seeds 30] [--jobs 2] [--cache <dir>]
//
// `preset` is the setup behind tests/fixtures/ns2-tables/alamgir-table2.json (scripts/ns2/tables.tcl
// with its defaults). `independent` is the setup an outside ns-2.35 study of Table 2 used: SCTP
// mtu_ 1496 (= dataChunkSize_ 1464 + 32, so the cwnd unit is the chunk), one uniform RNG for the
// error model whatever the flow, and the 10-packet limit only on the satellite link's two queues.
// The other variants change one of those at a time. Every run is one tables.tcl run; the
// per-run numbers and their means go to tests/fixtures/ns2-tables/alamgir-setups.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const losses = opt('loss', '0.03,0.01').split(',').map(Number);
const nSeeds = Number(opt('seeds', '30'));
const jobs = Math.max(1, Number(opt('jobs', '2')));
const cacheDir = opt('cache', undefined) ?? mkdtempSync(join(tmpdir(), 'alamgir-setups-'));
mkdirSync(cacheDir, { recursive: true });

/** The setups, as tables.tcl options; `at` the loss rates each is run at. */
export const VARIANTS = [
  {
    name: 'preset',
    about: "the table preset's setup (tables.tcl defaults)",
    args: {},
    at: [0.03, 0.01],
  },
  {
    name: 'independent',
    about: 'mtu_ 1496, one RNG for the error model, 10-packet limit on the satellite link only',
    args: { mtu: 1496, lossrng: 'one', routerq: 'sat' },
    at: [0.03, 0.01],
  },
  { name: 'preset-mtu1496', about: 'the preset with mtu_ 1496', args: { mtu: 1496 }, at: [0.03] },
  {
    name: 'independent-mtu1500',
    about: 'the independent setup with mtu_ 1500',
    args: { lossrng: 'one', routerq: 'sat' },
    at: [0.03],
  },
  {
    name: 'preset-one-rng',
    about: 'the preset with one RNG for the error model',
    args: { lossrng: 'one' },
    at: [0.03],
  },
  {
    name: 'preset-sat-queues',
    about: 'the preset with the limit on the satellite link only',
    args: { routerq: 'sat' },
    at: [0.03],
  },
];

const tasks = [];
for (const v of VARIANTS)
  for (const loss of v.at)
    if (losses.includes(loss))
      for (let seed = 1; seed <= nSeeds; seed++) tasks.push({ v, loss, seed });

const argsOf = (t) => [
  join(here, 'tables.tcl'),
  'setup=alamgir-table2',
  `loss=${t.loss}`,
  `seed=${t.seed}`,
  'stop=1000',
  ...Object.entries(t.v.args).map(([k, x]) => `${k}=${x}`),
];
const cacheFile = (t) => join(cacheDir, `${t.v.name}-l${t.loss}-s${t.seed}.json`);

function runOne(t) {
  if (existsSync(cacheFile(t)))
    return Promise.resolve(JSON.parse(readFileSync(cacheFile(t), 'utf8')));
  return new Promise((resolve, reject) => {
    const p = spawn('ns', argsOf(t), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ns ${argsOf(t).join(' ')}: exit ${code}`));
      const r = JSON.parse(out.trim().split('\n').at(-1));
      if (r.checks.other_drops || r.checks.fifo_errors)
        return reject(new Error(`checks failed: ${out}`));
      writeFileSync(cacheFile(t), JSON.stringify(r));
      resolve(r);
    });
  });
}

/** The run-level numbers the tables report (tests/fixtures/ns2-tables/README.md, Metrics). */
function row(r) {
  const [tcp, sctp] = r.flows;
  const bytes = (f) => f.unique_pkts * 1448;
  const total = bytes(tcp) + bytes(sctp);
  return {
    seed: r.seed,
    pct_tput_sctp: (bytes(sctp) / total) * 100,
    link_util: ((total * 8) / (3e6 * 1000)) * 100,
    jain: total ** 2 / (2 * (bytes(tcp) ** 2 + bytes(sctp) ** 2)),
    tcp: pick(tcp),
    sctp: pick(sctp),
  };
}
const pick = (f) => ({
  unique_pkts: f.unique_pkts,
  fr_episodes: f.fr_episodes,
  cwnd_cuts_not_to_min: f.cwnd_cuts_not_to_min,
  timeouts: f.timeouts,
  mean_cwnd_pkts: f.mean_cwnd_pkts,
  lost_pkts: f.lost_pkts,
  overflow_drops: f.overflow_drops,
});

const results = new Map();
let next = 0;
let done = 0;
async function worker() {
  while (next < tasks.length) {
    const t = tasks[next++];
    const r = await runOne(t);
    results.set(`${t.v.name}|${t.loss}|${t.seed}`, row(r));
    process.stderr.write(`\r${++done}/${tasks.length}`);
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
process.stderr.write('\n');

const stats = (xs) => {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  return { mean: Number(mean.toFixed(6)), sd: Number(sd.toFixed(6)) };
};
const out = [];
for (const v of VARIANTS) {
  for (const loss of v.at) {
    if (!losses.includes(loss)) continue;
    const runs = [];
    for (let s = 1; s <= nSeeds; s++) runs.push(results.get(`${v.name}|${loss}|${s}`));
    const summary = {};
    for (const k of ['pct_tput_sctp', 'link_util', 'jain'])
      summary[k] = stats(runs.map((r) => r[k]));
    for (const side of ['tcp', 'sctp'])
      for (const k of Object.keys(runs[0][side]))
        summary[`${side}.${k}`] = stats(runs.map((r) => r[side][k]));
    out.push({
      setup: v.name,
      about: v.about,
      tclArgs: v.args,
      loss,
      seeds: nSeeds,
      summary,
      runs,
    });
  }
}
writeFileSync(
  join(root, 'tests', 'fixtures', 'ns2-tables', 'alamgir-setups.json'),
  JSON.stringify(
    {
      about:
        'Alamgir et al. Table 2 under two ns-2.35 setups and the variants between them (scripts/ns2/alamgir-setups.mjs). See README.md, "Two setups of Table 2".',
      ns2: 'ns-2.35 (Debian 2.35+dfsg)',
      rows: out,
    },
    null,
    1,
  ) + '\n',
);
for (const r of out)
  console.log(
    `${r.setup.padEnd(20)} ${r.loss}  SCTP ${r.summary.pct_tput_sctp.mean.toFixed(2)} ± ${r.summary.pct_tput_sctp.sd.toFixed(2)}  util ${r.summary.link_util.mean.toFixed(2)}  jain ${r.summary.jain.mean.toFixed(4)}  SCTP fr ${r.summary['sctp.fr_episodes'].mean.toFixed(1)} cuts ${r.summary['sctp.cwnd_cuts_not_to_min'].mean.toFixed(1)}  TCP fr ${r.summary['tcp.fr_episodes'].mean.toFixed(1)}`,
  );
