/**
 * Section 11 of `npm run bench`: a shared 802.11b cell (the MAC of the 002/003 papers' wireless
 * scenarios), ours beside ns-2.35's Mac/802_11. Saturated UDP stations to one sink over 11 s,
 * basic access and RTS/CTS: the same runs as the ns-2 fixtures (scripts/ns2/wifi-regen.mjs,
 * tests/fixtures/ns2-wifi/).
 *
 * Ours: the engine alone in this process with a full trace (the median of RUNS runs after a
 * warm-up run: JIT warm), and the CLI in a cold process (`node_modules/.bin/ackclock <query>
 * --out summary`: start-up, a full trace, its fingerprint and summary). ns-2: `ns
 * scripts/ns2/wifi.tcl … trace=/dev/null`, one cold process per run (its wireless trace is
 * formatted and thrown away: wifi.tcl cannot leave it out). Cold processes under bash `time`,
 * ours and ns-2's interleaved, medians of RUNS.
 */
import { run } from '../src/engine';
import { summaryPackets } from './cli-startup';
import { config, cpuSeconds, fixed, int, median, table, timed } from './lib';
import { ns2Available } from './ns2';

/** Runs of each measurement; the table gives medians. */
const RUNS = 3;
/** Seconds simulated (wifi.tcl's `stop`); the payload of a datagram, bytes. */
const STOP_S = 11;
const PAYLOAD = 1000;

interface Case {
  name: string;
  /** Stations sending to the sink. */
  n: number;
  rts: boolean;
}

const CASES: readonly Case[] = [
  { name: '2 stations, basic access', n: 2, rts: false },
  { name: '10 stations, basic access', n: 10, rts: false },
  { name: '10 stations, RTS/CTS', n: 10, rts: true },
];

const queryOf = (c: Case): string =>
  `preset=wifi-saturation&n=${c.n}&size=${PAYLOAD}${c.rts ? '&rts=1' : ''}&stop=${STOP_S}`;

/** wifi.tcl's arguments for the same run (a datagram 28 bytes longer: ns-2's UDP adds none). */
const ns2Args = (c: Case): string[] => [
  'scripts/ns2/wifi.tcl',
  `n=${c.n}`,
  'kind=udp',
  `rts=${c.rts ? 1 : 0}`,
  `size=${PAYLOAD + 28}`,
  `pps=${Math.ceil(2000 / c.n)}`,
  `stop=${STOP_S}`,
  'trace=/dev/null',
];

/** The engine alone, warm: CPU ms per run (median) and the run's data packets and events. */
function engineWarm(query: string): { ms: number; packets: number; events: number } {
  const cfg = config(query);
  const ms: number[] = [];
  let packets = 0;
  let events = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = cpuSeconds();
    const t = run(cfg);
    ms.push((cpuSeconds() - t0) * 1000);
    packets = t.flowStats.reduce((s, f) => s + f.packetsSent, 0);
    events = t.eventCount;
  }
  return { ms: median(ms), packets, events };
}

/** The section's text: a title, the table and its notes. */
export function wirelessSection(heading: string): string {
  const bin = 'node_modules/.bin/ackclock';
  timed(bin, ['--help']); // builds the CLI bundle if src/ changed, outside the measurement
  const withNs2 = ns2Available();
  for (const c of CASES) run(config(queryOf(c))); // the JIT warm on every case's code
  const rows: string[][] = [];
  for (const c of CASES) {
    const query = queryOf(c);
    const warm = engineWarm(query);
    const cli: number[] = [];
    const ns2: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = timed(bin, [query, '--out', 'summary']);
      if (summaryPackets(r.stdout) !== warm.packets) throw new Error(`${query}: CLI ≠ engine`);
      cli.push(r.cpuS);
      if (withNs2) ns2.push(timed('ns', ns2Args(c)).cpuS);
    }
    rows.push([
      c.name,
      int(warm.packets),
      int(warm.events),
      fixed(warm.ms, 1),
      fixed(median(cli), 3),
      withNs2 ? fixed(median(ns2), 3) : '–',
      withNs2 ? fixed(median(ns2) / median(cli), 2) : '–',
    ]);
  }
  return [
    `${heading} A shared 802.11b cell: saturated UDP stations to one sink, ${STOP_S} s, ${PAYLOAD}-byte`,
    '   payloads (bench/wireless.ts); ours beside ns-2.35 Mac/802_11 (scripts/ns2/wifi.tcl)',
    table(
      [
        'cell',
        'data pkts',
        'packet events',
        'engine warm ms',
        'CLI cold CPU s',
        'ns-2 CPU s',
        'ns-2 ÷ CLI',
      ],
      rows,
    ),
    `   engine warm: run() with a full trace in this process, median of ${RUNS} after every case ran once;`,
    '   CLI cold: `ackclock <query> --out summary` (start-up, full trace, fingerprint, summary); ns-2:',
    '   wifi.tcl with its trace written to /dev/null; cold processes under bash `time`, interleaved,',
    `   medians of ${RUNS}.${withNs2 ? '' : ' ns-2 columns skipped: `ns` (ns-2.35) is not on the PATH.'}`,
  ].join('\n');
}
