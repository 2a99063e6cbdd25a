/**
 * Engine speed: simulated data packets and packet events per CPU second (`npm run bench`).
 * Cases: the fall-floyd TCP presets ff-0-drops … ff-5-drops with Reno, NewReno and SACK (6 s each)
 * and one long single flow (NewReno on fall-floyd, 1000 s, 1% random loss).
 * Packet events (send/arrive/depart/drop/deliver records) stand in for scheduler events.
 * Prints a table; no pass/fail.
 */
import { run, type SimConfig } from '../src/engine';
import { resolveQuery } from '../src/cli/scenario';
import { PRESETS } from '../src/scenarios';

interface Case {
  name: string;
  config: SimConfig;
  /** Keep repeating until this much CPU time has been spent (at least one run). */
  minCpuS: number;
}

function config(query: string): SimConfig {
  const r = resolveQuery(query);
  if (!r.ok)
    throw new Error(`${query}: ${r.errors.map((e) => `${e.key}: ${e.message}`).join('; ')}`);
  return r.config;
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** The fall-floyd drop presets (ff-0-drops … ff-5-drops), in registry order. */
const dropPresets = PRESETS.filter(
  (p) => p.topology === 'fall-floyd' && /^ff-\d+-drops$/.test(p.id),
);

const cases: Case[] = [];
for (const sender of ['reno', 'newreno', 'sack']) {
  for (const p of dropPresets) {
    cases.push({
      name: `${p.id} ${sender}`,
      config: config(`preset=${p.id}&sender=${sender}`),
      minCpuS: 0.3,
    });
  }
}
cases.push({
  name: 'fall-floyd newreno 1000 s, 1% loss',
  config: config('preset=fall-floyd&sender=newreno&stop=1000&loss=0.01'),
  minCpuS: 0,
});

interface Result {
  name: string;
  runs: number;
  simS: number;
  dataPackets: number;
  events: number;
  cpuMsPerRun: number;
  pktsPerCpuS: number;
  eventsPerCpuS: number;
}

run(cases[0]!.config); // warm up the JIT once
const results: Result[] = [];
for (const c of cases) {
  let runs = 0;
  let dataPackets = 0;
  let events = 0;
  const t0 = cpuSeconds();
  let spent = 0;
  do {
    const trace = run(c.config);
    runs++;
    dataPackets += trace.flowStats.reduce((s, f) => s + f.packetsSent, 0);
    events += trace.packets.length;
    spent = cpuSeconds() - t0;
  } while (spent < c.minCpuS);
  results.push({
    name: c.name,
    runs,
    simS: c.config.stopS,
    dataPackets: dataPackets / runs,
    events: events / runs,
    cpuMsPerRun: (spent * 1000) / runs,
    pktsPerCpuS: dataPackets / spent,
    eventsPerCpuS: events / spent,
  });
}

const header = [
  'case',
  'runs',
  'sim s',
  'data pkts/run',
  'events/run',
  'CPU ms/run',
  'data pkts/CPU s',
  'events/CPU s',
];
const rows = results.map((r) => [
  r.name,
  String(r.runs),
  String(r.simS),
  String(Math.round(r.dataPackets)),
  String(Math.round(r.events)),
  r.cpuMsPerRun.toFixed(2),
  String(Math.round(r.pktsPerCpuS)),
  String(Math.round(r.eventsPerCpuS)),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]): string =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`Node ${process.version}, CPU time from process.cpuUsage()`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
