/**
 * The per-flow part of a SimConfig built from a flow's keys, and the run keys' bottleneck link
 * (the loss point: ../loss-config.ts): shared by every topology so a key means the same thing
 * everywhere. The flow's profile (../profiles.ts) fills the stack fields, the SCTP keys'
 * descriptors theirs (../sctp-config.ts).
 */
import { NS2_TICK_PHASE_S, type FlowConfig, type LinkConfig } from '../../engine';
import { appConfig, payloadBytes } from '../app-config';
import { stackFields, type LinkLayer } from '../profiles';
import { sctpFlowFields } from '../sctp-config';
import { effectiveFrtx } from '../senders';
import type { FlowSpec, Scenario } from '../types';

/**
 * One flow's engine config (`id` 0-based) from its keys and the topology's link layer. `src` and
 * `dst` are the ends the topology gives the flow; a flow with `reverse` runs dst → src. The
 * application (`app` and its keys) is set unless it is bulk, so bulk flows build as before.
 */
export function flowConfig(
  f: FlowSpec,
  id: number,
  src: string,
  dst: string,
  link: LinkLayer,
): FlowConfig {
  const mss = payloadBytes(f);
  const stack = stackFields({ ...f, mss }, link);
  return {
    id,
    sender: f.sender,
    src: f.reverse ? dst : src,
    dst: f.reverse ? src : dst,
    startS: f.start,
    ...(f.app !== 'bulk' ? { app: appConfig(f) } : {}),
    mssBytes: mss,
    windowPkts: f.window,
    bugfix: f.bugfix,
    dupackThreshold: effectiveFrtx(f.sender, f.frtx),
    delayedAck: f.delack,
    tickS: link.tickS,
    // ns-2's clock phase for every TCP flow, so RTOs match ns-2 on any topology.
    tickPhaseS: NS2_TICK_PHASE_S,
    // (an SCTP flow's rtoinit overrides the topology's RTO.Initial: sctpFlowFields)
    initialRtoS: link.initialRtoS,
    ...stack,
    // The SCTP keys last: rtomin overrides the profile's RTO.Min, rtoinit the topology's.
    ...sctpFlowFields(f),
  };
}

/** The link a ↔ b the run keys `bw`, `delay`, `queue` and `jitter` set. */
export function scenarioLink(s: Scenario, a: string, b: string): LinkConfig {
  return {
    a,
    b,
    bandwidthBps: s.bw,
    delayS: s.delay,
    queueLimit: s.queue,
    ...(s.jitter > 0 ? { jitterS: s.jitter } : {}),
  };
}
