/**
 * The flat form in which topologies and presets write their defaults: one value per key, the
 * per-flow keys shared by every flow, with `sender`/`drops` for flow 1, `sender2`/`drops2` for
 * an optional flow 2 (as v1 scenarios had), or `flows` listing the senders of any number of
 * flows. resolveDefaults() turns it into the ScenarioDefaults of a preset.
 */
import type { SenderId } from '../engine';
import {
  FLOW_KEYS,
  RUN_KEYS,
  type DropSpec,
  type FlowSettings,
  type FlowSpec,
  type RunSettings,
  type ScenarioDefaults,
} from './types';

export interface FlatDefaults extends RunSettings, FlowSettings {
  /** Sender of flow 1. */
  sender: SenderId;
  /** Drops of flow 1. */
  drops: DropSpec[];
  /** Sender of flow 2, or null for one flow (ignored when `flows` is given). */
  sender2: SenderId | null;
  /** Drops of flow 2. */
  drops2: DropSpec[];
  /**
   * Every flow's sender, and any keys of its own (e.g. a later start). When given, `sender`
   * and `sender2` are ignored; `drops` and `drops2` still apply to flows 1 and 2.
   */
  flows?: readonly ({ sender: SenderId } & Partial<FlowSettings>)[];
}

const copyDrops = (d: readonly DropSpec[]) => d.map((x) => ({ ...x }));

/** A flow with its keys in FLOW_KEYS order (so equal flows print equal) and its own drop list. */
export function canonicalFlow(f: FlowSpec): FlowSpec {
  const out = {} as Record<string, unknown>;
  for (const k of FLOW_KEYS) out[k] = k === 'drops' ? copyDrops(f.drops) : f[k];
  return out as unknown as FlowSpec;
}

/** The resolved defaults (fresh objects) of a flat default set. */
export function resolveDefaults(f: FlatDefaults): ScenarioDefaults {
  const flow = Object.fromEntries(
    FLOW_KEYS.filter((k) => k !== 'sender' && k !== 'drops').map((k) => [k, f[k]]),
  ) as unknown as FlowSettings;
  const list = f.flows ?? [
    { sender: f.sender },
    ...(f.sender2 !== null ? [{ sender: f.sender2 }] : []),
  ];
  const flows = list.map((entry, i) =>
    canonicalFlow({ ...flow, ...entry, drops: i === 0 ? f.drops : i === 1 ? f.drops2 : [] }),
  );
  // structuredClone: a run key's list (losson, fail, repair) is never shared with the defaults.
  const run = Object.fromEntries(
    RUN_KEYS.map((k) => [k, structuredClone(f[k])]),
  ) as unknown as RunSettings;
  return { ...run, flows, flow };
}
