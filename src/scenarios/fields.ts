/**
 * SCENARIO_KEYS: one entry per URL key with what a form needs to render and check an input —
 * label, unit, range, step, kind, options and a help line. The zod schemas (schema.ts), the
 * URL codec (query.ts) and validateField() derive from it; tests/scenarios/fields.test.ts checks
 * the README's key table against it.
 */
import { APP_FIELDS, BURST_FIELD, JITTER_FIELD } from './fields-app';
import { NET_RUN_FIELDS } from './fields-net';
import { SCTP_FIELDS } from './fields-sctp';
import { MAX_DROP_PACKET } from './limits';
import { PRESETS } from './presets';
import { PROFILE_IDS } from './profiles';
import { SENDER_IDS } from './senders';
import { MAX_FLOWS, type ScenarioKey } from './types';

export type FieldKind =
  'number' | 'int' | 'bool' | 'enum' | 'drops' | 'senders' | 'list' | 'links' | 'name';

export interface ScenarioKeyMeta {
  key: ScenarioKey;
  /**
   * 'run': one value for the run; 'flow': one value per flow (`f<k>.key` sets flow k's, the bare
   * key every flow's — but `sender` and `drops` are flow 1's); 'meta': v, preset, n, flows.
   */
  scope: 'meta' | 'run' | 'flow';
  /** Short label for a form. */
  label: string;
  /** Unit shown beside the input ('' when the value has none). */
  unit: string;
  /** Smallest value (for 'drops': smallest packet number). Absent for 'enum'. */
  min?: number;
  /** Largest value (for 'drops': largest packet number). Absent for 'enum'. */
  max?: number;
  /** Input step (1 for integers; a convenient increment for real numbers). */
  step?: number;
  /**
   * number: real; int: whole number; bool: 0/1; enum: one of options; drops: drop list;
   * senders: comma-separated sender ids, one per flow; list: comma-separated options, each at
   * most once (losson); links: `link@t` entries, comma-separated (fail, repair; min/max bound
   * the times, s); name: a node name (primary), checked against the topology.
   */
  kind: FieldKind;
  /** Allowed values of an 'enum' or 'list' key. */
  options?: readonly string[];
  /**
   * Present when the key may be "unset" (null in the Scenario): the URL text that means so.
   * The empty string means it too.
   */
  nullText?: string;
  /** One line of help for the class: what it does and where the default comes from. */
  help: string;
}

const KEYS: ScenarioKeyMeta[] = [
  {
    key: 'v',
    scope: 'meta',
    label: 'Format version',
    unit: '',
    min: 1,
    max: 2,
    step: 1,
    kind: 'int',
    help: 'Version of the URL format: 2 (flow lists) is current; links of version 1 (sender2, drops2) are read too. Absent means current.',
  },
  {
    key: 'preset',
    scope: 'meta',
    label: 'Preset',
    unit: '',
    kind: 'enum',
    options: PRESETS.map((p) => p.id),
    help: 'Picks the topology and the defaults of every other key; keys given in the URL override them.',
  },
  {
    key: 'n',
    scope: 'meta',
    label: 'Size',
    unit: '',
    min: 0,
    max: MAX_FLOWS,
    step: 1,
    kind: 'int',
    nullText: 'none',
    help: 'Size of a table preset: the column its paper varies (geo-table2: 2, 4, 6 or 8 sources; vicuna-a-…: 0–50 FTP clients; vicuna-d-…: 0–100 % big files); sets the flows and the rows of the paper’s table that go with it.',
  },
  {
    key: 'flows',
    scope: 'meta',
    label: 'Flows',
    unit: 'senders',
    min: 1,
    max: MAX_FLOWS,
    kind: 'senders',
    options: SENDER_IDS,
    help: 'The senders of all flows in order, e.g. sack,sctp-4960; each flow has its own source and sink and shares the bottleneck. f2.mss=… sets a key of flow 2 only.',
  },
  {
    key: 'sender',
    scope: 'flow',
    label: 'Sender',
    unit: '',
    kind: 'enum',
    options: SENDER_IDS,
    help: 'Congestion control of flow 1 (f2.sender for flow 2): Tahoe, Reno, NewReno, SACK, FACK TCP, an SCTP variant, or UDP (none: sends what its application offers, needs an app other than bulk).',
  },
  {
    key: 'drops',
    scope: 'flow',
    label: 'Dropped packets',
    unit: 'packet numbers',
    min: 1,
    max: MAX_DROP_PACKET,
    step: 1,
    kind: 'drops',
    help: 'Packets of flow 1 (f2.drops for flow 2) dropped at the bottleneck: 15,27,29 drops their first transmission; 15:2 drops the 2nd transmission of 15. TSNs for SCTP.',
  },
  {
    key: 'loss',
    scope: 'run',
    label: 'Random loss',
    unit: 'probability',
    min: 0,
    max: 0.5,
    step: 0.001,
    kind: 'number',
    help: 'Probability that each data packet is lost at the bottleneck (Bernoulli, or the mean of a bursty chain with burst; seeded); ACKs and control packets too when losson says so.',
  },
  BURST_FIELD,
  {
    key: 'seed',
    scope: 'run',
    label: 'Random seed',
    unit: '',
    min: 0,
    max: 4294967295,
    step: 1,
    kind: 'int',
    help: 'Seed of the random-loss streams (one per flow) and of the run’s other random streams (applications, delay variation): the same seed gives the same run, and adding a flow changes no other flow’s draws.',
  },
  {
    key: 'bw',
    scope: 'run',
    label: 'Bottleneck bandwidth',
    unit: 'bit/s',
    min: 1e3,
    max: 1e10,
    step: 1000,
    kind: 'number',
    help: 'Bandwidth of the bottleneck link, both directions (Fall & Floyd: 800 kb/s).',
  },
  {
    key: 'delay',
    scope: 'run',
    label: 'Bottleneck delay',
    unit: 's',
    min: 0,
    max: 10,
    step: 0.001,
    kind: 'number',
    help: 'One-way propagation delay of the bottleneck link (Fall & Floyd: 100 ms; GEO satellite: 250 ms).',
  },
  JITTER_FIELD,
  {
    key: 'queue',
    scope: 'run',
    label: 'Bottleneck queue',
    unit: 'packets',
    min: 2,
    max: 10000,
    step: 1,
    kind: 'int',
    help: 'Drop-tail limit at the bottleneck router: at most queue − 1 packets wait while one is sent (ns-2 rule).',
  },
  ...NET_RUN_FIELDS,
  {
    key: 'window',
    scope: 'flow',
    label: 'Receiver window',
    unit: 'packets',
    min: 1,
    max: 10000,
    step: 1,
    kind: 'int',
    help: 'Largest window the receiver allows; caps packets in flight whatever cwnd says.',
  },
  {
    key: 'rwnd',
    scope: 'flow',
    label: 'SCTP receiver window',
    unit: 'bytes',
    min: 1500,
    max: 1e8,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    help: 'SCTP a_rwnd in bytes (chunks counted as the profile does); auto = window × chunk size (ff96) or ns-2’s 65536 (ns2). TCP uses window.',
  },
  {
    key: 'mss',
    scope: 'flow',
    label: 'Payload size',
    unit: 'bytes',
    min: 64,
    max: 9000,
    step: 1,
    kind: 'int',
    help: 'Data bytes per packet, headers excluded (TCP MSS; SCTP chunk user data).',
  },
  {
    key: 'stop',
    scope: 'run',
    label: 'Stop time',
    unit: 's',
    min: 0.1,
    max: 2000,
    step: 0.1,
    kind: 'number',
    help: 'Simulated time at which the run ends.',
  },
  {
    key: 'start',
    scope: 'flow',
    label: 'Start time',
    unit: 's',
    min: 0,
    max: 2000,
    step: 0.1,
    kind: 'number',
    help: 'When the flow’s bulk source starts (Fall & Floyd: 1 s; the satellite papers: 0 s); f2.start=1.5 starts flow 2 later.',
  },
  {
    key: 'maxburst',
    scope: 'flow',
    label: 'Max burst',
    unit: 'packets',
    min: 0,
    max: 1000,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    help: 'At most this many packets sent in response to one ACK; 0 = no limit; auto = the profile’s (ns2: 4 for SCTP, RFC 4960 Max.Burst; otherwise 0). ns-2 maxburst_; Fall & Floyd used 4 for NewReno and SACK.',
  },
  {
    key: 'bugfix',
    scope: 'flow',
    label: 'Careful fast retransmit (bugfix)',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    help: 'TCP: ignore a 3rd duplicate ACK that does not pass the recovery point, so one window gets one cut (ns-2 bugFix_, RFC 2582 §3).',
  },
  {
    key: 'icwnd',
    scope: 'flow',
    label: 'Initial cwnd',
    unit: 'packets',
    min: 1,
    max: 100,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    help: 'Congestion window at the start, packets (SCTP: MTUs); auto = the profile’s (ff96: 1; ns2: TCP 2, SCTP 4380 bytes).',
  },
  {
    key: 'frtx',
    scope: 'flow',
    label: 'Fast retransmit threshold',
    unit: 'dupacks',
    min: 1,
    max: 20,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    help: 'Duplicate ACKs (TCP) or missing reports (SCTP) that trigger fast retransmit; auto = 3 for TCP and RFC 4960 SCTP, 4 for RFC 2960 and New-Reno SCTP.',
  },
  {
    key: 'handshake',
    scope: 'flow',
    label: 'Handshake',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    nullText: 'auto',
    help: 'Set up the connection (SYN) or association (INIT, COOKIE) before data; auto = the profile’s (ns2: SCTP yes, TCP sends a SYN segment instead; ff96: no).',
  },
  {
    key: 'delack',
    scope: 'flow',
    label: 'Delayed ACKs',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    help: 'Receiver ACKs every 2nd packet or after a delay (TCP 100 ms, SCTP 200 ms) instead of every packet.',
  },
  {
    key: 'profile',
    scope: 'flow',
    label: 'Stack profile',
    unit: '',
    kind: 'enum',
    options: PROFILE_IDS,
    help: 'ff96: the Fall & Floyd test-suite settings (cwnd 1, minimum RTO 1 s, no SYN); ns2: ns-2.35’s own defaults (TCP window 2, SYN segment, limited transmit, minimum RTO 0.2 s; SCTP 4380-byte cwnd, Max.Burst 4, handshake).',
  },
  ...APP_FIELDS,
  ...SCTP_FIELDS,
];

/** Metadata of every URL key, in canonical order. */
export const SCENARIO_KEYS: readonly ScenarioKeyMeta[] = KEYS;

const BY_KEY = new Map<string, ScenarioKeyMeta>(KEYS.map((m) => [m.key, m]));

/** Metadata of a key, or undefined for a string that is not a URL key. */
export function keyMeta(key: string): ScenarioKeyMeta | undefined {
  return BY_KEY.get(key);
}

export function isScenarioKey(key: string): key is ScenarioKey {
  return BY_KEY.has(key);
}
