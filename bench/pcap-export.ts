/**
 * Section 10 of `npm run bench`: the pcap export (src/pcap, tracePcap) of two full-trace runs —
 * a TCP SACK run (long-fat) and a Wi-Fi run with SCTP (CRC32c on every packet) — each exported
 * once to warm up, then REPS times; CPU = user + system of this process over those exports.
 */
import { run } from '../src/engine';
import { tracePcap } from '../src/pcap';
import { config, cpuSeconds, fixed, int, table } from './lib';

const QUERIES = ['preset=long-fat', 'preset=vicuna-wifi-b-tcp-sctp'];
const REPS = 5;

export function pcapExportSection(label: string): string {
  const rows = QUERIES.map((q) => {
    const c = config(q);
    const trace = run(c);
    const { packets, bytes } = tracePcap(trace, c);
    const c0 = cpuSeconds();
    for (let i = 0; i < REPS; i++) tracePcap(trace, c);
    const ms = ((cpuSeconds() - c0) / REPS) * 1000;
    return [
      q,
      int(packets),
      fixed(bytes.length / 1e6, 1),
      fixed(ms, 0),
      fixed((ms / packets) * 1e5, 0),
    ];
  });
  return [
    `${label} pcap export (tracePcap at the default node; ${REPS} exports after a warm-up one)`,
    table(['query', 'packets', 'MB', 'CPU ms', 'CPU ms per 1e5 packets'], rows),
  ].join('\n');
}
