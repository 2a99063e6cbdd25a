// Regenerate tests/fixtures/ns2-udp/ (optional; needs ns-2.35's `ns`):
//
//   node scripts/ns2/udp-regen.mjs [--only <substring>]
//
// Runs scripts/ns2/udp.tcl for every case below and writes <name>.events.csv.gz — every data
// packet event at the Fall & Floyd bottleneck of both flows, and the TCP ACKs reaching R1 —
// plus manifest.json (the cases and their parameters).
//
// Columns: time (`$ns now`, shortest round-trip double), event, flow (ns-2 fid: 1 = UDP,
// 2 = TCP), pkt (1-based: ns-2 seqno + 1; ACK: the cumulative ACK, its seqno + 1), size (bytes on
// the wire), cause (DROP: overflow). Events:
//   ARR   a data packet arrives at R1 from S1        (ns-2 `r` on S1->R1)
//   DEP   it starts transmission on R1->K1           (`-` on R1->K1)
//   DROP  it is dropped at R1's queue towards K1     (`d` on R1->K1)
//   RCV   it arrives at K1                           (`r` on R1->K1)
//   ACK   a TCP ACK arrives at R1 from K1            (`r` on K1->R1)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, strToU8 } from 'fflate';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'tests', 'fixtures', 'ns2-udp');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** The runs: udp.tcl parameters (see its header). */
export const UDP_CASES = [
  { name: 'udp-50pps', params: { pps: 50, stop: 6 } },
  { name: 'udp-150pps', params: { pps: 150, stop: 6 } },
  { name: 'udp-60pps-reno', params: { pps: 60, tcp: 'reno', stop: 10 } },
  { name: 'udp-60pps-sack', params: { pps: 60, tcp: 'sack', stop: 10 } },
  { name: 'udp-90pps-sack-late', params: { pps: 90, udpstart: 1.5, tcp: 'sack', stop: 10 } },
  {
    name: 'udp-37pps-500b-reno',
    params: { pps: 37, size: 500, tcp: 'reno', tcpstart: 1.2, stop: 10 },
  },
];

const HEADER = 'time,event,flow,pkt,size,cause';
const S1 = '0';
const R1 = '1';
const K1 = '2';

/** Shortest round-trip decimal of a double, with a trailing ".0" for integers. */
const fmtTime = (x) => {
  const s = String(x);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
};

/** udp.tcl output → fixture rows (string cells). */
export function convert(raw) {
  const rows = [];
  for (const line of raw.split('\n')) {
    if (!line.startsWith('E ')) continue;
    const f = line.trim().split(/\s+/);
    const t = fmtTime(Number(f[1]));
    const [ev, , from, to, type, size, , fid, , , seqno] = f.slice(2);
    const data = type === 'cbr' || type === 'tcp';
    const pkt = String(Number(seqno) + 1);
    if (data && ev === 'r' && from === S1 && to === R1) rows.push([t, 'ARR', fid, pkt, size, '']);
    else if (data && from === R1 && to === K1) {
      if (ev === '-') rows.push([t, 'DEP', fid, pkt, size, '']);
      else if (ev === 'd') rows.push([t, 'DROP', fid, pkt, size, 'overflow']);
      else if (ev === 'r') rows.push([t, 'RCV', fid, pkt, size, '']);
    } else if (type === 'ack' && ev === 'r' && from === K1 && to === R1) {
      rows.push([t, 'ACK', fid, String(Number(seqno) + 1), size, '']); // seqno holds the cumulative ACK
    }
  }
  return rows;
}

const toArgs = (params) => Object.entries(params).map(([k, v]) => `${k}=${v}`);
const gz = (text) => gzipSync(strToU8(text), { level: 9, mtime: 0 });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(outDir, { recursive: true });
  for (const c of UDP_CASES) {
    if (only && !c.name.includes(only)) continue;
    const raw = execFileSync('ns', [join(here, 'udp.tcl'), ...toArgs(c.params)], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const rows = convert(raw);
    const csv = [HEADER, ...rows.map((r) => r.join(','))].join('\n') + '\n';
    writeFileSync(join(outDir, `${c.name}.events.csv.gz`), gz(csv));
    console.log(`${c.name}: ${rows.length} rows`);
  }
  const manifest = {
    about:
      'ns-2.35 runs of Agent/UDP + Application/Traffic/CBR through the Fall & Floyd bottleneck, alone or with one TCP flow (scripts/ns2/udp.tcl, udp-regen.mjs). See README.md in this folder.',
    runs: UDP_CASES.map((c) => ({ ...c, protocol: 'udp' })),
  };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
}
