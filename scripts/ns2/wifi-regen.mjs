// Regenerate tests/fixtures/ns2-wifi/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/wifi-regen.mjs [--only <substring>] [--check]
//
// Runs scripts/ns2/wifi.tcl for every case below, reads its wireless trace (ns-2's old format,
// AGT and MAC levels) and writes <name>.json: the measured window's goodput at the sink, per
// station the MAC's data and RTS attempts, the ACKs and CTSs it received, its retry-limit drops,
// and the per-packet MAC service time distribution — the same quantities as the ns-3.37
// fixtures (tests/fixtures/ns3-wifi/), so one reading serves both. --check reruns and requires
// byte-identical files.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-wifi');

/** Measured window, seconds: after the ARP exchanges and the first backoffs. */
const WARMUP = 1;
const STOP = 11;
/** UDP payload bytes (the datagram on the wire is 28 more); TCP segment payload. */
const PAYLOAD = 1000;
/** ns-2.35's Agent/SCTP defaults: DATA chunk 1468 bytes including its 16-byte header. */
const SCTP_PAYLOAD = 1468 - 16;

const udp = (n, rts) => ({
  name: `udp-${rts ? 'rts' : 'basic'}-n${n}`,
  about: `${n} saturated UDP station(s), 802.11b, ${rts ? 'RTS/CTS' : 'basic access'}, ${PAYLOAD}-byte payloads`,
  query: `preset=wifi-saturation&n=${n}&size=${PAYLOAD}${rts ? '&rts=1' : ''}`,
  args: { n, kind: 'udp', rts: rts ? 1 : 0, size: PAYLOAD + 28, pps: Math.ceil(2000 / n) },
});

/** The runs: wifi.tcl parameters (see its header). */
export const WIFI_CASES = [
  ...[1, 2, 5, 10].flatMap((n) => [udp(n, false), udp(n, true)]),
  ...[1, 5].map((n) => ({
    name: `tcp-basic-n${n}`,
    about: `${n} bulk NewReno flow(s) to the sink, 802.11b, basic access, ${PAYLOAD}-byte segments`,
    query: '',
    args: { n, kind: 'tcp', rts: 0, seg: PAYLOAD, window: 64 },
  })),
  ...[1, 2].map((n) => ({
    name: `sctp-basic-n${n}`,
    about: `${n} bulk SCTP association(s) to the sink, 802.11b, basic access, ns-2.35's Agent/SCTP defaults`,
    query: '',
    args: { n, kind: 'sctp', rts: 0 },
  })),
];

/** The q-quantile of sorted `s` (linear interpolation, as the ns-3 oracle's). */
function quantile(s, q) {
  const pos = q * (s.length - 1);
  const i = Math.floor(pos);
  const f = pos - i;
  return i + 1 < s.length ? s[i] * (1 - f) + s[i + 1] * f : s[i];
}

const round = (x, d = 9) => Number(x.toFixed(d));

/** The service-time quantiles each fixture lists: 0.05, 0.10, … 0.95. */
const QUANTILES = Array.from({ length: 19 }, (_, i) => (i + 1) / 20);

/**
 * wifi.tcl's trace → the fixture's measured quantities over [WARMUP, STOP].
 * Old-format fields: ev time _node_ layer reason uid type size [dur dst src etype] flags
 * [src:port dst:port ttl nexthop] then the agent's fields ([seqno] for cbr, [seqno ackno] for
 * tcp, [chunks type tsn stream ssn] for sctp).
 */
export function summarise(raw, c) {
  const n = c.args.n;
  const data = new Set(['cbr', 'tcp', 'ack', 'sctp']);
  const st = Array.from({ length: n + 1 }, () => ({
    rxPackets: 0,
    rxBytes: 0,
    dataTx: 0,
    rtsTx: 0,
    ackRx: 0,
    ctsRx: 0,
    retryDrops: 0,
    collidedRx: 0, // collided frames addressed to the node (ns-2 logs them at the addressee only)
  }));
  const seen = Array.from({ length: n + 1 }, () => new Set());
  const lastRx = new Map();
  const service = [];
  for (const line of raw.split('\n')) {
    if (line.length < 3) continue;
    const f = line.split(/\s+/);
    const t = Number(f[1]);
    const ev = f[0];
    const node = Number(f[2].slice(1, -1));
    const layer = f[3];
    const type = f[6];
    if (layer === 'AGT' && ev === 'r' && node === 0) {
      // new payload at the sink: a datagram, or a TCP segment / SCTP DATA chunk not received
      // before (from the start of the run); counted in the window
      const src = Number(f[13].slice(1).split(':')[0]);
      let key;
      let bytes;
      if (type === 'cbr') {
        key = f[17].slice(1, -1);
        bytes = Number(f[7]) - 28;
      } else if (type === 'tcp') {
        key = f[17].slice(1);
        bytes = c.args.seg;
      } else if (type === 'sctp' && f[18] === 'D') {
        key = f[19];
        bytes = SCTP_PAYLOAD;
      } else continue;
      if (seen[src].has(key)) continue;
      seen[src].add(key);
      if (t < WARMUP || t > STOP) continue;
      st[src].rxPackets++;
      st[src].rxBytes += bytes;
      continue;
    }
    if (!(t >= WARMUP && t <= STOP)) continue;
    if (layer === 'MAC') {
      if (ev === 's') {
        if (data.has(type)) st[node].dataTx++;
        else if (type === 'RTS') st[node].rtsTx++;
      } else if (ev === 'r') {
        if (type === 'ACK') st[node].ackRx++;
        else if (type === 'CTS') st[node].ctsRx++;
        else if (node === 0 && data.has(type)) {
          const src = Number(f[13].slice(1).split(':')[0]);
          const prev = lastRx.get(src);
          if (prev !== undefined) service.push(t - prev);
          lastRx.set(src, t);
        }
      } else if (ev === 'D') {
        if (f[4] === 'RET' && data.has(type)) st[node].retryDrops++;
        else if (f[4] === 'COL') st[node].collidedRx++;
      }
    }
  }
  const stations = st.slice(1);
  const rxBytes = stations.reduce((a, s) => a + s.rxBytes, 0);
  const sum = (k) => stations.reduce((a, s) => a + s[k], 0);
  service.sort((a, b) => a - b);
  const mean = service.reduce((a, b) => a + b, 0) / service.length;
  return {
    name: c.name,
    about: c.about,
    query: c.query,
    oracle: 'ns-2.35',
    args: { ...c.args, warmup: WARMUP, stop: STOP, seed: 1 },
    throughputBps: round((8 * rxBytes) / (STOP - WARMUP), 3),
    stations,
    sink: st[0],
    mac: {
      dataTx: sum('dataTx'),
      rtsTx: sum('rtsTx'),
      // failed attempts: a data frame without its ACK, an RTS without its CTS
      dataFailed: sum('dataTx') - sum('ackRx'),
      rtsFailed: sum('rtsTx') - sum('ctsRx'),
      retryDrops: sum('retryDrops'),
    },
    serviceTimeS: {
      count: service.length,
      mean: round(mean),
      p10: round(quantile(service, 0.1)),
      p50: round(quantile(service, 0.5)),
      p90: round(quantile(service, 0.9)),
      p99: round(quantile(service, 0.99)),
      // the distribution: its 5th, 10th, … 95th percentiles
      quantiles: QUANTILES.map((q) => round(quantile(service, q))),
    },
  };
}

const toArgs = (params) => Object.entries(params).map(([k, v]) => `${k}=${v}`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  const check = argv.includes('--check');
  const tmp = mkdtempSync(join(tmpdir(), 'ns2-wifi-'));
  mkdirSync(outDir, { recursive: true });
  let differs = 0;
  for (const c of WIFI_CASES) {
    if (only && !c.name.includes(only)) continue;
    const trace = join(tmp, `${c.name}.tr`);
    execFileSync('ns', [join(here, 'wifi.tcl'), ...toArgs({ ...c.args, stop: STOP, trace })], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const out = JSON.stringify(summarise(readFileSync(trace, 'utf8'), c), null, 1) + '\n';
    rmSync(trace);
    const file = join(outDir, `${c.name}.json`);
    if (check) {
      const same = existsSync(file) && readFileSync(file, 'utf8') === out;
      if (!same) differs++;
      console.log(`${same ? 'same' : 'DIFFERS'} ${c.name}`);
    } else {
      writeFileSync(file, out);
      console.log(`${c.name}: ${JSON.parse(out).throughputBps} b/s`);
    }
  }
  rmSync(tmp, { recursive: true });
  if (differs) process.exit(1);
}
