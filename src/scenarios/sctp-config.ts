/**
 * The SCTP flow keys (fields-sctp.ts) → the engine's FlowConfig fields, and their checks:
 *
 * - sctpFlowFields: Path.Max.Retrans, Association.Max.Retrans, RTO.Min/Max/Initial,
 *   HB.interval, CMT, streams, unordered delivery and the PR-SCTP lifetime of an SCTP flow —
 *   only the ones that differ from the engine's defaults, so every scenario written before these
 *   keys builds the same SimConfig;
 * - flowAddresses: a multi-homed topology's addresses for a flow (srcAddrs / dstAddrs, the
 *   primary first: the topology's, or the flow's `primary`);
 * - sctpKeyErrors (cross-key errors, schema.ts): an SCTP key away from its default on a TCP or
 *   UDP flow, a `primary` that is not an address of the flow's peer, RTO.Min above RTO.Max.
 */
import { isSctpSender, type FlowConfig } from '../engine';
import { flowKeyName } from './keys';
import type { Multihoming, Topology } from './topologies/types';
import {
  SCTP_FLOW_KEYS,
  type FlowSpec,
  type Scenario,
  type ScenarioDefaults,
  type ScenarioError,
} from './types';
import { defaultFlowAt } from './defaults';
import { SCTP_FLOW_DEFAULTS } from './sctp-defaults';
import { quote, readableNumber } from './format';

type SctpKey = (typeof SCTP_FLOW_KEYS)[number];

/** Every profile's SCTP minimum RTO, s (profiles.ts stackFields: RFC 4960 §15 RTO.Min). */
const PROFILE_RTO_MIN_S = 1;

export { SCTP_FLOW_DEFAULTS };

/** Whether an SCTP flow uses several streams, unordered delivery or PR-SCTP (deliveries recorded). */
export function usesStreams(f: FlowSpec): boolean {
  return isSctpSender(f.sender) && (f.streams > 1 || f.unordered || f.pr !== null);
}

/** The engine fields of an SCTP flow's keys that differ from the engine's defaults. */
export function sctpFlowFields(
  f: FlowSpec,
): Partial<
  Pick<
    FlowConfig,
    | 'pathMaxRetrans'
    | 'assocMaxRetrans'
    | 'maxRtoS'
    | 'hbIntervalS'
    | 'cmt'
    | 'streams'
    | 'unordered'
    | 'prLifetimeS'
    | 'minRtoS'
  >
> {
  if (!isSctpSender(f.sender)) return {};
  const d = SCTP_FLOW_DEFAULTS;
  return {
    ...(f.pmr !== d.pmr ? { pathMaxRetrans: f.pmr } : {}),
    ...(f.amr !== d.amr ? { assocMaxRetrans: f.amr } : {}),
    ...(f.rtomax !== d.rtomax ? { maxRtoS: f.rtomax } : {}),
    ...(f.hb !== d.hb ? { hbIntervalS: f.hb } : {}),
    ...(f.cmt ? { cmt: true } : {}),
    ...(f.streams !== 1 ? { streams: f.streams } : {}),
    ...(f.unordered ? { unordered: true } : {}),
    ...(f.pr !== null ? { prLifetimeS: f.pr } : {}),
    ...(f.rtomin !== null ? { minRtoS: f.rtomin } : {}),
  };
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

const KEY_NAMES: Record<SctpKey, string> = {
  pmr: 'Path.Max.Retrans',
  amr: 'Association.Max.Retrans',
  rtomin: 'RTO.Min',
  rtomax: 'RTO.Max',
  rtoinit: 'RTO.Initial',
  hb: 'HB.interval',
  primary: 'the primary address',
  cmt: 'CMT',
  streams: 'streams',
  unordered: 'unordered delivery',
  pr: 'PR-SCTP',
};

/** The error key for flows `bad` (0-based) of a scenario: unprefixed when it is every flow. */
function keyFor(s: Scenario, key: string, bad: readonly number[]): string {
  return s.flows.length === 1 || bad.length === s.flows.length
    ? key
    : flowKeyName(key as SctpKey, bad[0]! + 1);
}

function flowList(bad: readonly number[]): string {
  const listed = bad.slice(0, 5).map((i) => i + 1);
  const more = bad.length > listed.length ? ` and ${bad.length - listed.length} more` : '';
  return bad.length === 1 ? `flow ${listed[0]}` : `flows ${listed.join(', ')}${more}`;
}

/**
 * Cross-key errors of the SCTP keys (see the module comment), in SCTP_FLOW_KEYS order. An SCTP
 * key is refused on a TCP or UDP flow when its value is neither the key's default nor the
 * preset's for that flow (`defaults`): a value the preset gave (hb=5 on the mobile's flows, a
 * flow of hol-streams switched to TCP) is left unused, a value given for that flow is refused.
 */
export function sctpKeyErrors(
  s: Scenario,
  topology: Topology,
  defaults: ScenarioDefaults,
): ScenarioError[] {
  const errors: ScenarioError[] = [];
  for (const k of SCTP_FLOW_KEYS) {
    const bad = s.flows.flatMap((f, i) =>
      !isSctpSender(f.sender) &&
      f[k] !== SCTP_FLOW_DEFAULTS[k] &&
      f[k] !== defaultFlowAt(defaults, i, f.sender)[k]
        ? [i]
        : [],
    );
    if (bad.length === 0) continue;
    const key = keyFor(s, k, bad);
    const senders = [...new Set(bad.map((i) => s.flows[i]!.sender))].join(', ');
    errors.push({
      key,
      message: `${key}: ${KEY_NAMES[k]} is an SCTP key, but ${s.flows.length === 1 ? 'the flow' : flowList(bad)} ${bad.length === 1 ? 'runs' : 'run'} ${senders}: give it to SCTP flows only (f<k>.${k}) or choose an SCTP sender`,
    });
  }
  const m = topology.multihoming;
  const badPrimary = s.flows.flatMap((f, i) =>
    f.primary !== null && (!m || !flowHosts(f, m).dst.includes(f.primary)) && isSctpSender(f.sender)
      ? [i]
      : [],
  );
  if (badPrimary.length > 0) {
    const i = badPrimary[0]!;
    const f = s.flows[i]!;
    const key = keyFor(s, 'primary', badPrimary);
    errors.push({
      key,
      message: m
        ? `${key}: ${quote(f.primary!)} is not an address of ${s.flows.length === 1 ? 'the flow' : `flow ${i + 1}`}’s peer; it must be one of ${flowHosts(f, m).dst.join(', ')}`
        : `${key}: topology ${topology.id} has single-homed hosts: there is no primary address to choose (the multi-homed presets: sctp-failover, mobile-multihomed)`,
    });
  }
  // PR-SCTP's lifetime runs from when the application offers a message (RFC 3758 §4): a bulk
  // source offers an endless backlog at once, whose messages would all expire unsent.
  const bulkPr = s.flows.flatMap((f, i) =>
    usesStreams(f) && f.pr !== null && f.app === 'bulk' ? [i] : [],
  );
  if (bulkPr.length > 0) {
    const key = keyFor(s, 'pr', bulkPr);
    errors.push({
      key,
      message: `${key}: PR-SCTP needs an application that offers messages over time (cbr, onoff, voip, file or ftp-clients; a lifetime counts from the offer, RFC 3758 §4), but ${s.flows.length === 1 ? 'the flow' : flowList(bulkPr)} ${bulkPr.length === 1 ? 'has' : 'have'} app=bulk`,
    });
  }
  const badRto = s.flows.flatMap((f, i) =>
    isSctpSender(f.sender) && (f.rtomin ?? PROFILE_RTO_MIN_S) > f.rtomax ? [i] : [],
  );
  if (badRto.length > 0) {
    const f = s.flows[badRto[0]!]!;
    const key = keyFor(s, 'rtomax', badRto);
    errors.push({
      key,
      message: `${key}: RTO.Max must be at least RTO.Min (${f.rtomin === null ? 'the profile’s' : 'rtomin'} ${readableNumber(f.rtomin ?? PROFILE_RTO_MIN_S)} s), got ${readableNumber(f.rtomax)} s`,
    });
  }
  return errors;
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
