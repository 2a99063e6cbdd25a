import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { routerRows } from '../../src/ui/deps/outputs';
import { buildSimConfig, parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { divergences, firstDivergence } from '../../src/ui/model/divergence';

function traceOf(q: string) {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(q);
  return run(buildSimConfig(p.scenario));
}

/** The definition: the first index where the engine's router rows differ. */
function reference(a: ReturnType<typeof traceOf>, b: ReturnType<typeof traceOf>) {
  const ra = routerRows(a).map((r) => JSON.stringify(r));
  const rb = routerRows(b).map((r) => JSON.stringify(r));
  let i = 0;
  while (i < Math.min(ra.length, rb.length) && ra[i] === rb[i]) i++;
  if (i === ra.length && i === rb.length) return null;
  const time = Math.min(routerRows(a)[i]?.time ?? Infinity, routerRows(b)[i]?.time ?? Infinity);
  return { row: i, time };
}

describe('first divergence of compared runs, read from the columns', () => {
  it('matches the router rows of the engine', () => {
    const q = (s: string) => traceOf(`preset=ff-3-drops&sender=${s}`);
    const traces = ['reno', 'newreno', 'sack', 'tahoe', 'sctp-2960'].map(q);
    const got = divergences(traces);
    expect(got[0]).toBeNull();
    for (let k = 1; k < traces.length; k++)
      expect(got[k]).toEqual(reference(traces[0]!, traces[k]!));
    expect(firstDivergence(traces)?.row).toBe(Math.min(...got.slice(1).map((d) => d!.row)));
  });

  it('finds no divergence between identical runs, and one in a longer run', () => {
    const a = traceOf('preset=ff-1-drops&sender=reno');
    expect(divergences([a, traceOf('preset=ff-1-drops&sender=reno')])[1]).toBeNull();
    const b = traceOf('preset=ff-1-drops&sender=reno&stop=8');
    expect(divergences([a, b])[1]).toEqual(reference(a, b));
  });
});
