/**
 * The SCTP flow keys (fields-sctp.ts) → the engine's FlowConfig fields, and their checks:
 *
 * - sctpFlowFields: Path.Max.Retrans, Association.Max.Retrans, RTO.Min/Max/Initial,
 *   HB.interval, CMT, streams, unordered delivery and the PR-SCTP lifetime of an SCTP flow —
 *   only the ones that differ from the engine's defaults, so every scenario written before these
 *   keys builds the same SimConfig;
 * - flowAddresses: a multi-homed topology's addresses for a flow (srcAddrs / dstAddrs, the
 *   primary first: the topology's, or the flow's `primary`);
 * - sctpWarnings (query.ts): typed keys that cannot matter.
 *
 * The cross-key errors are sctp-checks.ts's. This module imports no presets or defaults: the
 * topologies import it, and the presets' defaults import the topologies.
 */
import { isSctpSender, type FlowConfig } from '../engine';
import type { Multihoming, Topology } from './topologies/types';
import type { FlowSpec, Scenario, SCTP_FLOW_KEYS } from './types';

type SctpFlowKey = (typeof SCTP_FLOW_KEYS)[number];
import type { ScenarioKeyMeta } from './field-types';
import { SCTP_FIELDS } from './fields-sctp';
import { SCTP_FLOW_DEFAULTS } from './sctp-defaults';
import { readableNumber } from './format';

export { SCTP_FLOW_DEFAULTS };

/** Whether an SCTP flow uses several streams, unordered delivery or PR-SCTP (deliveries recorded). */
export function usesStreams(f: FlowSpec): boolean {
  return isSctpSender(f.sender) && (f.streams > 1 || f.unordered || f.pr !== null);
}

/**
 * The engine fields of an SCTP flow's keys that differ from their defaults (the engine's own):
 * each SCTP descriptor's `apply` (fields-sctp.ts), in key order; {} for TCP and UDP flows.
 */
export function sctpFlowFields(f: FlowSpec): Partial<FlowConfig> {
  if (!isSctpSender(f.sender)) return {};
  const out: Partial<FlowConfig> = {};
  for (const m of Object.values<ScenarioKeyMeta>(SCTP_FIELDS)) {
    const value = f[m.key as SctpFlowKey];
    if (m.apply && value !== m.default) Object.assign(out, m.apply(value));
  }
  return out;
}

/** The addresses of flow `f`'s ends on a multi-homed topology: data source first, then peer. */
export function flowHosts(f: FlowSpec, m: Multihoming): { src: string[]; dst: string[] } {
  const src = [...m.hosts[f.reverse ? m.dst : m.src]!];
  const dst = [...m.hosts[f.reverse ? m.src : m.dst]!];
  return { src, dst };
}

/**
 * FlowConfig.src/dst (and, for SCTP, srcAddrs/dstAddrs) of flow `f` on a multi-homed topology:
 * the peer's addresses with the primary first (the flow's `primary`, else the topology's order).
 * TCP and UDP flows use the first address of each host.
 */
export function flowAddresses(
  f: FlowSpec,
  m: Multihoming,
): Pick<FlowConfig, 'src' | 'dst' | 'srcAddrs' | 'dstAddrs'> {
  const { src, dst } = flowHosts(f, m);
  if (f.primary !== null && dst.includes(f.primary)) {
    dst.splice(dst.indexOf(f.primary), 1);
    dst.unshift(f.primary);
  }
  if (!isSctpSender(f.sender)) return { src: src[0]!, dst: dst[0]! };
  return { src: src[0]!, dst: dst[0]!, srcAddrs: src, dstAddrs: dst };
}

/**
 * Warnings about typed keys that cannot matter (query.ts): `cmt`, `hb` or `primary` on a
 * network whose hosts have one address each (a single-homed association has one path, sends no
 * HEARTBEATs), and a link event after the run's stop.
 */
export function sctpWarnings(
  s: Scenario,
  topology: Topology,
  given: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  if (!topology.multihoming) {
    for (const name of given) {
      const base = name.replace(/^f\d+\./, '');
      if (base === 'cmt' || base === 'hb') {
        out.push(
          `${name}: has no effect on ${topology.id}: its hosts have one address each, so an association has one path (multi-homed presets: sctp-failover, mobile-multihomed)`,
        );
      }
    }
  }
  for (const key of ['fail', 'repair'] as const) {
    if (!given.has(key)) continue;
    const late = s[key].filter((e) => e.at >= s.stop);
    if (late.length > 0) {
      out.push(
        `${key}: ${late.map((e) => `${e.link}@${readableNumber(e.at)}`).join(', ')} ${late.length === 1 ? 'is' : 'are'} at or after the stop time (${readableNumber(s.stop)} s): no effect`,
      );
    }
  }
  return out;
}
