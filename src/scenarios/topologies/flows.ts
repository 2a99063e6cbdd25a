/**
 * The per-flow part of a SimConfig built from a flow's keys, and the run keys' bottleneck link
 * (the loss point: ../loss-config.ts): shared by every topology so a key means the same thing
 * everywhere. The flow's profile (../profiles.ts) fills the stack fields, each key's descriptor
 * its own (../flow-fields.ts).
 */
import { NS2_TICK_PHASE_S, type FlowConfig, type LinkConfig, type QueueConfig } from '../../engine';
import { flowKeyFields } from '../flow-fields';
import { stackFields, type LinkLayer } from '../profiles';
import { queueConfigOf } from '../queue-config';
import type { FlowSpec, Scenario } from '../types';

/**
 * One flow's engine config (`id` 0-based) from its keys and the topology's link layer. `src` and
 * `dst` are the ends the topology gives the flow; a flow with `reverse` runs dst → src. The
 * topology's fields first, then the profile's stack fields (../profiles.ts), then what each key's
 * descriptor sets (../flow-fields.ts: sender, start, mss, window, …, the application unless it
 * is bulk, the SCTP keys that differ from their defaults), so an explicit key wins.
 */
export function flowConfig(
  f: FlowSpec,
  id: number,
  src: string,
  dst: string,
  link: LinkLayer,
): FlowConfig {
  const keys = flowKeyFields(f);
  // The required fields the keys set (sender, startS, mssBytes, windowPkts, bugfix,
  // dupackThreshold, delayedAck) are every flow's: the descriptors in flow-fields.ts set them.
  return {
    id,
    src: f.reverse ? dst : src,
    dst: f.reverse ? src : dst,
    tickS: link.tickS,
    // ns-2's clock phase for every TCP flow, so RTOs match ns-2 on any topology.
    tickPhaseS: NS2_TICK_PHASE_S,
    initialRtoS: link.initialRtoS,
    ...stackFields({ ...f, mss: keys.mssBytes! }, link),
    ...keys,
  } as FlowConfig;
}

/**
 * The bottleneck's queue discipline from the run keys: `aqm` and its parameters (RED: ns-2.35's
 * Queue/RED defaults where a key is auto — byte mode, wait, mark_p 0.1 — and ECN marking on, so
 * that flows with `ecn` are marked; RedConfig); CoDel, FQ-CoDel and PIE: ../queue-config.ts.
 */
function queueConfig(s: Scenario): QueueConfig {
  if (s.aqm === 'red') {
    return {
      kind: 'red',
      minth: s['red.minth'] ?? 0,
      maxth: s['red.maxth'] ?? 0,
      maxp: s['red.maxp'],
      wq: s['red.wq'] ?? -1,
      gentle: s['red.gentle'],
      bytes: s['red.bytes'],
      ecn: true,
    };
  }
  return queueConfigOf(s)!;
}

/**
 * The link a ↔ b the run keys `bw`, `delay`, `queue`, `jitter` and `aqm` set (both directions:
 * the queue discipline runs on each, as ns-2's `duplex-link … RED`).
 */
export function scenarioLink(s: Scenario, a: string, b: string): LinkConfig {
  return {
    a,
    b,
    bandwidthBps: s.bw,
    delayS: s.delay,
    queueLimit: s.queue,
    ...(s.jitter > 0 ? { jitterS: s.jitter } : {}),
    ...(s.aqm !== 'droptail' ? { queue: queueConfig(s) } : {}),
  };
}
