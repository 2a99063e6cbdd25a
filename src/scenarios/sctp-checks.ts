/**
 * The cross-key checks of the SCTP keys (schema.ts crossFieldErrors): an SCTP key given for a
 * TCP or UDP flow, a `primary` that is not an address of the flow's peer, RTO.Max below RTO.Min,
 * PR-SCTP on a bulk source. Apart from sctp-config.ts because it reads the presets' defaults,
 * which the topologies (and so sctp-config.ts) must not import.
 */
import { isSctpSender } from '../engine';
import { flowDefaultsOf } from './defaults';
import { SCTP_FIELDS } from './fields-sctp';
import { quote, readableNumber } from './format';
import { flowErrorKey, flowList, parseKeyName } from './keys';
import { SCTP_FLOW_DEFAULTS, flowHosts, usesStreams } from './sctp-config';
import type { Topology } from './topologies/types';
import { SCTP_FLOW_KEYS, type Scenario, type ScenarioDefaults, type ScenarioError } from './types';

type SctpKey = (typeof SCTP_FLOW_KEYS)[number];

/** Every profile's SCTP minimum RTO, s (profiles.ts stackFields: RFC 4960 §15 RTO.Min). */
const PROFILE_RTO_MIN_S = 1;

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
  const flowDefaults = flowDefaultsOf(
    defaults,
    s.flows.map((f) => f.sender),
  );
  for (const k of SCTP_FLOW_KEYS) {
    const bad = s.flows.flatMap((f, i) =>
      !isSctpSender(f.sender) && f[k] !== SCTP_FLOW_DEFAULTS[k] && f[k] !== flowDefaults[i]![k]
        ? [i]
        : [],
    );
    if (bad.length === 0) continue;
    const key = flowErrorKey(s.flows.length, k, bad);
    const senders = [...new Set(bad.map((i) => s.flows[i]!.sender))].join(', ');
    errors.push({
      key,
      message: `${key}: ${SCTP_FIELDS[k].noun ?? k} is an SCTP key, but ${s.flows.length === 1 ? 'the flow' : flowList(bad)} ${bad.length === 1 ? 'runs' : 'run'} ${senders}: give it to SCTP flows only (f<k>.${k}) or choose an SCTP sender`,
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
    const key = flowErrorKey(s.flows.length, 'primary', badPrimary);
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
    const key = flowErrorKey(s.flows.length, 'pr', bulkPr);
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
    const key = flowErrorKey(s.flows.length, 'rtomax', badRto);
    errors.push({
      key,
      message: `${key}: RTO.Max must be at least RTO.Min (${f.rtomin === null ? 'the profile’s' : 'rtomin'} ${readableNumber(f.rtomin ?? PROFILE_RTO_MIN_S)} s), got ${readableNumber(f.rtomax)} s`,
    });
  }
  return errors;
}

/**
 * SCTP keys typed in a query for a TCP or UDP flow (`pmr=3` with sender=reno; unprefixed, a key
 * sets every flow, so with mixed senders it must be given as f<k>.key) with any value but the
 * key's default — even the preset's own value for that flow: one error per key name, naming the
 * flows. Run on the assembled scenario (its final senders).
 */
export function typedSctpKeyErrors(s: Scenario, names: Iterable<string>): ScenarioError[] {
  const errors: ScenarioError[] = [];
  for (const name of names) {
    const kn = parseKeyName(name);
    if (!kn || kn.kind === 'v1' || !(SCTP_FLOW_KEYS as readonly string[]).includes(kn.key)) {
      continue;
    }
    const k = kn.key as SctpKey;
    const targets = kn.kind === 'flow' ? [kn.flow - 1] : s.flows.map((_, i) => i);
    // (the key's default asks for nothing SCTP's: `f1.pmr=5` on a TCP flow is a no-op)
    const bad = targets.filter(
      (i) =>
        s.flows[i] !== undefined &&
        !isSctpSender(s.flows[i]!.sender) &&
        s.flows[i]![k] !== SCTP_FLOW_DEFAULTS[k],
    );
    if (bad.length === 0) continue;
    const senders = [...new Set(bad.map((i) => s.flows[i]!.sender))].join(', ');
    const who = s.flows.length === 1 ? 'the flow' : flowList(bad);
    errors.push({
      key: name,
      message: `${name}: ${SCTP_FIELDS[k].noun ?? k} is an SCTP key, but ${who} ${bad.length === 1 ? 'runs' : 'run'} ${senders}: give it to SCTP flows only (f<k>.${k}) or choose an SCTP sender`,
    });
  }
  return errors;
}
