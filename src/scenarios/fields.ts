/**
 * SCENARIO_KEYS: one entry per URL key with what a form needs to render and check an input —
 * label, unit, range, step, kind, options and a help line. The zod schemas (schema.ts), the
 * URL codec (query.ts) and validateField() derive from it; tests/scenarios/fields.test.ts checks
 * the README's key table against it.
 */
import { MAX_DROP_PACKET } from './limits';
import { PRESETS } from './presets';
import { SENDER_IDS } from './senders';
import type { ScenarioKey } from './types';

export type FieldKind = 'number' | 'int' | 'bool' | 'enum' | 'drops';

export interface ScenarioKeyMeta {
  key: ScenarioKey;
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
  /** number: real; int: whole number; bool: 0/1; enum: one of options; drops: drop list. */
  kind: FieldKind;
  /** Allowed values of an 'enum' key. */
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
    label: 'Format version',
    unit: '',
    min: 1,
    max: 1,
    step: 1,
    kind: 'int',
    help: 'Version of the URL format. Absent means 1, the current version.',
  },
  {
    key: 'preset',
    label: 'Preset',
    unit: '',
    kind: 'enum',
    options: PRESETS.map((p) => p.id),
    help: 'Picks the topology and the defaults of every other key; keys given in the URL override them.',
  },
  {
    key: 'sender',
    label: 'Sender',
    unit: '',
    kind: 'enum',
    options: SENDER_IDS,
    help: 'Congestion control of flow 1: Tahoe, Reno, NewReno, SACK, FACK TCP or an SCTP variant.',
  },
  {
    key: 'sender2',
    label: 'Second sender',
    unit: '',
    kind: 'enum',
    options: SENDER_IDS,
    nullText: 'none',
    help: 'Adds flow 2 on its own source/sink pair sharing the bottleneck (e.g. TCP beside SCTP); none = one flow.',
  },
  {
    key: 'drops',
    label: 'Dropped packets',
    unit: 'packet numbers',
    min: 1,
    max: MAX_DROP_PACKET,
    step: 1,
    kind: 'drops',
    help: 'Packets of flow 1 dropped at the bottleneck: 15,27,29 drops their first transmission; 15:2 drops the 2nd transmission of 15. TSNs for SCTP.',
  },
  {
    key: 'drops2',
    label: 'Dropped packets, flow 2',
    unit: 'packet numbers',
    min: 1,
    max: MAX_DROP_PACKET,
    step: 1,
    kind: 'drops',
    help: 'Like drops, for flow 2 (needs a second sender).',
  },
  {
    key: 'loss',
    label: 'Random loss',
    unit: 'probability',
    min: 0,
    max: 0.5,
    step: 0.001,
    kind: 'number',
    help: 'Probability that each data packet is lost at the bottleneck (Bernoulli, seeded); ACKs are never lost.',
  },
  {
    key: 'seed',
    label: 'Random seed',
    unit: '',
    min: 0,
    max: 4294967295,
    step: 1,
    kind: 'int',
    help: 'Seed of the random-loss stream: the same seed gives the same losses.',
  },
  {
    key: 'bw',
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
    label: 'Bottleneck delay',
    unit: 's',
    min: 0,
    max: 10,
    step: 0.001,
    kind: 'number',
    help: 'One-way propagation delay of the bottleneck link (Fall & Floyd: 100 ms; GEO satellite: 250 ms).',
  },
  {
    key: 'queue',
    label: 'Bottleneck queue',
    unit: 'packets',
    min: 2,
    max: 10000,
    step: 1,
    kind: 'int',
    help: 'Drop-tail limit at the bottleneck router: at most queue − 1 packets wait while one is sent (ns-2 rule).',
  },
  {
    key: 'window',
    label: 'Receiver window',
    unit: 'packets',
    min: 1,
    max: 10000,
    step: 1,
    kind: 'int',
    help: 'Largest window the receiver allows; caps packets in flight whatever cwnd says.',
  },
  {
    key: 'mss',
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
    label: 'Stop time',
    unit: 's',
    min: 0.1,
    max: 2000,
    step: 0.1,
    kind: 'number',
    help: 'Simulated time at which the run ends.',
  },
  {
    key: 'maxburst',
    label: 'Max burst',
    unit: 'packets',
    min: 0,
    max: 1000,
    step: 1,
    kind: 'int',
    help: 'At most this many packets sent in response to one ACK; 0 = no limit (ns-2 maxburst_; Fall & Floyd used 4 for NewReno and SACK).',
  },
  {
    key: 'bugfix',
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
    label: 'Initial cwnd',
    unit: 'packets',
    min: 1,
    max: 100,
    step: 1,
    kind: 'int',
    help: 'Congestion window at the start (the papers use 1; ns-2 SCTP starts at 4).',
  },
  {
    key: 'frtx',
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
    label: 'Handshake',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    help: 'Set up the connection (SYN) or association (INIT, COOKIE) before data; the papers start with data.',
  },
  {
    key: 'delack',
    label: 'Delayed ACKs',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    help: 'Receiver ACKs every 2nd packet or after a delay (TCP 100 ms, SCTP 200 ms) instead of every packet.',
  },
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
