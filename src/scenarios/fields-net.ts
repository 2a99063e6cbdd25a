/**
 * The network keys' descriptors (registry: fields.ts): the bottleneck (`bw`, `delay`, `jitter`,
 * `queue`: topologies/flows.ts scenarioLink) and the links that fail and come back during a run
 * (`fail`, `repair`, SimConfig.linkEvents; issue 13). Link names are the topology's
 * (topologies/link-names.ts): a node pair `A-B` for every link, and aliases such as
 * `bottleneck`, `primary`, `backup`; the names are checked against the preset's topology by
 * link-events.ts (a cross-key check: the valid names depend on the preset).
 */
import type { KeyFamilyFields } from './field-types';
import type { FamilyKey } from './key-names';
import { LINK_MEDIA } from './types';

/** Latest time a link event may name, s (the longest run's stop). */
export const MAX_LINK_EVENT_S = 2000;

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
  link: {
    key: 'link',
    scope: 'run',
    label: 'Medium',
    unit: '',
    kind: 'enum',
    options: LINK_MEDIA,
    family: 'net',
    doc: 'the medium: `wired` link, or an 802.11b / 802.11g cell (`wifi-b`, `wifi-g`)',
    devDoc: 'wired link or 802.11 DCF cell, SimConfig.media (run, net/wifi/)',
    default: 'wired',
    defaultNote: 'by preset',
    help: 'What the bottleneck (or the preset’s wireless hop) is: a wired point-to-point link, or an 802.11 cell whose stations contend for the air with backoffs, collide and retry (wifi-b: 11 Mb/s, wifi-g: 54 Mb/s). In a cell, queue is each station’s interface queue; bw, delay and jitter are not used.',
  },
  rts: {
    key: 'rts',
    scope: 'run',
    label: 'RTS/CTS',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    family: 'net',
    doc: '802.11 cells: RTS/CTS before every data frame (1) or basic access (0)',
    devDoc: 'RTS/CTS threshold 0 (1) or none (0), WifiCellConfig (run)',
    default: false,
    help: 'In an 802.11 cell, every data frame is announced by an RTS answered by a CTS, so collisions cost only the short RTS (802.11 §10.3.2.6). Off: basic access.',
  },
} satisfies KeyFamilyFields<FamilyKey<'net'>>;
