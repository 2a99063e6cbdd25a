/**
 * The network keys' descriptors (registry: fields.ts): the bottleneck (`bw`, `delay`, `jitter`,
 * `queue`, `aqm`: topologies/flows.ts scenarioLink) and the links that fail and come back during a run
 * (`fail`, `repair`, SimConfig.linkEvents; issue 13). Link names are the topology's
 * (topologies/link-names.ts): a node pair `A-B` for every link, and aliases such as
 * `bottleneck`, `primary`, `backup`; the names are checked against the preset's topology by
 * link-events.ts (a cross-key check: the valid names depend on the preset).
 */
import { queueDiscBuilt, type AqmKind } from '../engine';
import type { KeyFamilyFields } from './field-types';
import type { FamilyKey } from './key-names';

/** Latest time a link event may name, s (the longest run's stop). */
export const MAX_LINK_EVENT_S = 2000;

/** The values of `aqm` (net/queue/ AqmKind), in the order the form lists them. */
export const AQM_KINDS = [
  'droptail',
  'red',
  'codel',
  'fq-codel',
  'pie',
] as const satisfies readonly AqmKind[];

/** Most entries in one `fail` or `repair` list. */
export const MAX_LINK_EVENTS = 100;

export const NET_FIELDS = {
  bw: {
    key: 'bw',
    scope: 'run',
    label: 'Bottleneck bandwidth',
    unit: 'bit/s',
    min: 1e3,
    max: 1e10,
    step: 1000,
    kind: 'number',
    family: 'net',
    doc: 'bottleneck bandwidth (R1–K1), both directions',
    devDoc: 'bottleneck bandwidth (run)',
    help: 'Bandwidth of the bottleneck link, both directions (Fall & Floyd: 800 kb/s).',
  },
  delay: {
    key: 'delay',
    scope: 'run',
    label: 'Bottleneck delay',
    unit: 's',
    min: 0,
    max: 10,
    step: 0.001,
    kind: 'number',
    family: 'net',
    doc: 'bottleneck one-way propagation delay',
    devDoc: 'bottleneck one-way delay (run)',
    help: 'One-way propagation delay of the bottleneck link (Fall & Floyd: 100 ms; GEO satellite: 250 ms).',
  },
  jitter: {
    key: 'jitter',
    scope: 'run',
    label: 'Delay variation',
    unit: 's',
    min: 0,
    max: 1,
    step: 0.0001,
    kind: 'number',
    family: 'net',
    doc: 'bottleneck delay variation: extra delay in [0, jitter] per packet',
    devDoc: 'bottleneck delay variation, LinkConfig.jitterS (run)',
    default: 0,
    help: 'Each packet on the bottleneck (both directions) waits an extra random time between 0 and this, without overtaking the packet ahead: a wireless hop’s variable access delay, no MAC modelled.',
  },
  queue: {
    key: 'queue',
    scope: 'run',
    label: 'Bottleneck queue',
    unit: 'packets',
    min: 2,
    max: 10000,
    step: 1,
    kind: 'int',
    family: 'net',
    doc: 'bottleneck drop-tail limit (`queue` − 1 wait, 1 is sent)',
    devDoc: 'bottleneck drop-tail limit (run)',
    help: 'Drop-tail limit at the bottleneck router: at most queue − 1 packets wait while one is sent (ns-2 rule).',
  },
  aqm: {
    key: 'aqm',
    scope: 'run',
    label: 'Bottleneck queue discipline',
    unit: '',
    kind: 'enum',
    options: AQM_KINDS,
    family: 'net',
    doc: 'bottleneck queue discipline, both directions: `droptail`, `red`, `codel`, `fq-codel`, `pie`',
    devDoc: 'LinkConfig.queue of the bottleneck, both directions (run)',
    default: 'droptail',
    check: (s) =>
      queueDiscBuilt(s.aqm)
        ? []
        : [
            {
              key: 'aqm',
              message: `aqm: ${s.aqm} is not in the simulator yet — use aqm=${AQM_KINDS.filter(queueDiscBuilt).join(' or aqm=')}`,
            },
          ],
    help: 'How the bottleneck router (both directions) decides which packets wait and which are dropped or ECN-marked: drop-tail (drop on overflow), RED (Floyd & Jacobson 1993), CoDel (RFC 8289), FQ-CoDel (RFC 8290) or PIE (RFC 8033). queue stays the hard limit.',
  },
  fail: {
    key: 'fail',
    scope: 'run',
    label: 'Links that fail',
    unit: 'link@s',
    min: 0,
    max: MAX_LINK_EVENT_S,
    kind: 'links',
    family: 'net',
    doc: 'links that go down: `link@t`, comma-separated (`fail=primary@5,backup@9`)',
    devDoc: 'links going down, `link@t` (run, link-events.ts)',
    default: [],
    help: 'Links that go down during the run, link@time, comma-separated (fail=primary@5,backup@9): both directions drop what they hold and everything sent to them, and routes are recomputed. A link is named by its ends (R1-K1) or by the topology’s alias (bottleneck; primary and backup on the multi-homed networks).',
  },
  repair: {
    key: 'repair',
    scope: 'run',
    label: 'Links that come back',
    unit: 'link@s',
    min: 0,
    max: MAX_LINK_EVENT_S,
    kind: 'links',
    family: 'net',
    doc: 'links that come back up: `link@t` (`repair=primary@12`)',
    devDoc: 'links coming back up, `link@t` (run)',
    default: [],
    help: 'Links that come back up, link@time, comma-separated (repair=primary@12): the link carries traffic again and routes are recomputed. Names as for fail.',
  },
} satisfies KeyFamilyFields<FamilyKey<'net'>>;
