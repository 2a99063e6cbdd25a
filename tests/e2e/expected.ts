/** Numbers the browser must show, computed in Node from the same engine and scenario module. */
import { run } from '../../src/engine';
import { routerRows } from '../../src/trace/outputs';
import { explainAll } from '../../src/trace/explain';
import { buildSimConfig, parseScenarioQuery } from '../../src/ui/deps/scenarios';

export function traceFor(query: string) {
  const r = parseScenarioQuery(query);
  if (!r.ok) throw new Error(`bad query ${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return run(buildSimConfig(r.scenario));
}

export function routerCountsFor(query: string) {
  const c = { arrivals: 0, departures: 0, drops: 0, acks: 0 };
  for (const row of routerRows(traceFor(query))) {
    if (row.event === 'arrive') c.arrivals++;
    else if (row.event === 'depart') c.departures++;
    else if (row.event === 'drop') c.drops++;
    else c.acks++;
  }
  return c;
}

export function explanationsFor(query: string) {
  return explainAll(traceFor(query));
}
