/**
 * The Fall & Floyd TCP cases with a full trace: the presets ff-0-drops … ff-5-drops with Reno,
 * NewReno and SACK (6 s each, repeated until a little CPU time has been spent) and one long
 * NewReno flow (1000 s, 1 % random loss).
 */
import { run } from '../src/engine';
import { PRESETS } from '../src/scenarios';
import { config, cpuSeconds, fixed, int, table } from './lib';

interface Case {
  name: string;
  query: string;
  /** Repeat until this much CPU time has been spent (at least one run). */
  minCpuS: number;
}

function cases(): Case[] {
  const drops = PRESETS.filter((p) => p.topology === 'fall-floyd' && /^ff-\d+-drops$/.test(p.id));
  const out: Case[] = [];
  for (const sender of ['reno', 'newreno', 'sack']) {
    for (const p of drops) {
      out.push({
        name: `${p.id} ${sender}`,
        query: `preset=${p.id}&sender=${sender}`,
        minCpuS: 0.1,
      });
    }
  }
  out.push({
    name: 'fall-floyd newreno 1000 s, 1% loss',
    query: 'preset=fall-floyd&sender=newreno&stop=1000&loss=0.01',
    minCpuS: 0,
  });
  return out;
}

/** The table of the Fall & Floyd cases. */
export function ffCasesTable(): string {
  const list = cases();
  for (const c of list.slice(0, -1)) run(config(c.query)); // warm up the JIT on every 6 s case
  const rows: string[][] = [];
  for (const c of list) {
    const cfg = config(c.query);
    let runs = 0;
    let dataPackets = 0;
    let events = 0;
    const t0 = cpuSeconds();
    let spent = 0;
    do {
      const trace = run(cfg);
      runs++;
      dataPackets += trace.flowStats.reduce((s, f) => s + f.packetsSent, 0);
      events += trace.eventCount;
      spent = cpuSeconds() - t0;
    } while (spent < c.minCpuS);
    rows.push([
      c.name,
      String(runs),
      String(cfg.stopS),
      int(dataPackets / runs),
      int(events / runs),
      fixed((spent * 1000) / runs, 2),
      int(dataPackets / spent),
      int(events / spent),
    ]);
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
  return table(header, rows);
}
