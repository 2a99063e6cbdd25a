/**
 * A scenario's SimConfig without validation (build.ts validates first; budget.ts estimates the
 * cost of a scenario whose keys are each valid): the topology's network, flows and loss points,
 * then what every topology shares —
 *
 * - `fail` / `repair` → SimConfig.linkEvents (link-events.ts), when there are any;
 * - `losson` → LossConfig.types of every loss point, unless it is data only (the default, so
 *   scenarios written before the key build the same SimConfig); with ACKs or control packets
 *   listed, each loss point gets a mirror on the same link in the other direction (same random
 *   loss, no scripted drops, its own seed), since a flow's ACKs travel against its data;
 * - FlowConfig.recordDeliveries for every flow when any flow uses several streams, unordered
 *   delivery or PR-SCTP, so the per-stream delivery timeline can set TCP flows beside SCTP ones.
 */
import type { SimConfig } from '../engine';
import { linkEventsOf } from './link-events';
import { getPreset } from './presets';
import { usesStreams } from './sctp-config';
import { getTopology } from './topologies';
import type { Scenario } from './types';

/** The seed of a loss point's mirror (another stream of the run's seed, fixed), uint32. */
export function mirrorSeed(seed: number): number {
  return (seed ^ 0x9e3779b9) >>> 0;
}

/** The engine input of a scenario whose keys are valid, or null when its preset names no topology. */
export function configOf(s: Scenario): SimConfig | null {
  const preset = getPreset(s.preset);
  const topology = getTopology(preset?.topology ?? '');
  if (!preset || !topology) return null;
  const cfg = topology.build(s, { lossPosition: preset.lossPosition });
  const events = linkEventsOf(s, cfg, topology);
  if (events.length > 0) cfg.linkEvents = events;
  const dataOnly = s.losson.length === 1 && s.losson[0] === 'data';
  if (!dataOnly) {
    cfg.losses = cfg.losses.flatMap((l) => {
      const types = [...s.losson];
      const mirror = { ...l, from: l.to, to: l.from, drops: [], seed: mirrorSeed(l.seed), types };
      return s.losson.some((t) => t !== 'data') ? [{ ...l, types }, mirror] : [{ ...l, types }];
    });
  }
  if (s.flows.some(usesStreams)) {
    cfg.flows = cfg.flows.map((f) => ({ ...f, recordDeliveries: true }));
  }
  return cfg;
}
