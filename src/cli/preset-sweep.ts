/**
 * `--sweep preset`: the sweep the query's preset was run over in its paper (Preset.sweep, e.g.
 * 003_… scenario A: n = 0, 5, …, 50 FTP clients over seeds 1–10), so one command runs a whole
 * figure: `npm run --silent sim -- 'preset=vicuna-a-tcp-udp' --sweep preset --out metrics`.
 */
import { getPreset, readScenarioQuery } from '../scenarios';
import type { Parsed, SweepAxis } from './sweep-spec';

/** The preset's axis and its seeds 1 … Preset.sweep.seeds, or why there is none. */
export function presetSweep(query: string): Parsed<{ axis: SweepAxis; seeds: number[] }> {
  const id = readScenarioQuery(query).scenario.preset;
  const sweep = getPreset(id)?.sweep;
  if (!sweep) {
    return {
      ok: false,
      message: `--sweep preset: preset ${id} has no sweep of its own; give --sweep key=v1,v2,…`,
    };
  }
  return {
    ok: true,
    axis: { key: sweep.key, values: sweep.values.map(String) },
    seeds: Array.from({ length: sweep.seeds }, (_, i) => i + 1),
  };
}
