/**
 * A scenario's SimConfig without validation (build.ts validates first; budget.ts estimates the
 * cost of a scenario whose keys are each valid): the topology's network, flows and loss points,
 * then what every topology shares —
 *
 * - `fail` / `repair` → SimConfig.linkEvents (link-events.ts), when there are any;
 * - `losson` → LossConfig.types of every loss point, unless it is data only (the default, so
 *   scenarios written before the key build the same SimConfig);
 * - FlowConfig.recordDeliveries for every flow when any flow uses several streams, unordered
 *   delivery or PR-SCTP, so the per-stream delivery timeline can set TCP flows beside SCTP ones.
 */
import type { SimConfig } from '../engine';
import { linkEventsOf } from './link-events';
import { getPreset } from './presets';
import { usesStreams } from './sctp-config';
import { getTopology } from './topologies';
import type { Scenario } from './types';

/** The engine input of a scenario whose keys are valid, or null when its preset names no topology. */
export function configOf(s: Scenario): SimConfig | null {
  const preset = getPreset(s.preset);
  const topology = getTopology(preset?.topology ?? '');
  if (!preset || !topology) return null;
  const cfg = topology.build(s, { lossPosition: preset.lossPosition });
  const events = linkEventsOf(s, cfg, topology);
  if (events.length > 0) cfg.linkEvents = events;
  const dataOnly = s.losson.length === 1 && s.losson[0] === 'data';
  if (!dataOnly) cfg.losses = cfg.losses.map((l) => ({ ...l, types: [...s.losson] }));
  if (s.flows.some(usesStreams)) {
    cfg.flows = cfg.flows.map((f) => ({ ...f, recordDeliveries: true }));
  }
  return cfg;
}
