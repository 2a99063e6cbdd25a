/**
 * The Scenario: what a class sees and shares as a URL. Plain data (JSON-safe), versioned, every
 * key present ("resolved": a preset's defaults with the explicit URL keys laid on top).
 *
 * Units: seconds for times, bits per second for bandwidth, bytes for sizes, packets for windows
 * and queue limits. Packet numbers are 1-based (packet 1 is the first data packet; for SCTP
 * they are TSNs). The engine's input (SimConfig) is built from it by buildSimConfig().
 */
import type { SenderId } from '../engine';

/** The scenario format version written into URLs as `v`. Bump it and add a migration to change it. */
export const SCENARIO_VERSION = 1;

/**
 * One scripted drop: the `transmission`-th time (1-based) packet `packet` crosses the loss
 * point on the bottleneck. URL syntax `p` (= `p:1`, the first transmission) or `p:k`.
 */
export interface DropSpec {
  /** 1-based packet number (TCP segment number, SCTP TSN). */
  packet: number;
  /** 1-based transmission of that packet: 1 = the original, 2 = the first retransmission, … */
  transmission: number;
}

export interface Scenario {
  /** Format version (always 1 for now). */
  v: 1;
  /** Preset id: picks the topology and the defaults of every other key. */
  preset: string;
  /** Sender variant of flow 1. */
  sender: SenderId;
  /** Sender variant of an optional second flow on a parallel source/sink pair; null = none. */
  sender2: SenderId | null;
  /** Scripted drops of flow 1, sorted by (packet, transmission), no duplicates. */
  drops: DropSpec[];
  /** Scripted drops of flow 2 (needs sender2), same form. */
  drops2: DropSpec[];
  /** Bernoulli loss probability for data packets at the bottleneck loss point, 0..0.5. */
  loss: number;
  /** Seed of the random-loss stream (uint32). */
  seed: number;
  /** Bottleneck bandwidth, bit/s. */
  bw: number;
  /** Bottleneck one-way propagation delay, s. */
  delay: number;
  /** Bottleneck drop-tail queue limit, packets (ns-2 rule: at most queue − 1 wait). */
  queue: number;
  /** Receiver window / maximum window, packets. */
  window: number;
  /** Payload bytes per data packet (TCP MSS / SCTP DATA chunk user data). */
  mss: number;
  /** Simulation end, s. */
  stop: number;
  /** At most this many packets sent per ACK; 0 = no limit (ns-2 maxburst_). */
  maxburst: number;
  /** ns-2 bugFix_: no second fast retransmit before the recovery point is acked (TCP only). */
  bugfix: boolean;
  /** Initial congestion window, packets. */
  icwnd: number;
  /** Duplicate ACKs (TCP) / missing reports (SCTP) that trigger fast retransmit; null = each sender's own default. */
  frtx: number | null;
  /** Connection / association setup before data. */
  handshake: boolean;
  /** Delayed ACKs / SACKs at the receiver. */
  delack: boolean;
}

/** The URL keys, in canonical order (the order scenarioToQuery writes them). */
export const SCENARIO_KEY_ORDER = [
  'v',
  'preset',
  'sender',
  'sender2',
  'drops',
  'drops2',
  'loss',
  'seed',
  'bw',
  'delay',
  'queue',
  'window',
  'mss',
  'stop',
  'maxburst',
  'bugfix',
  'icwnd',
  'frtx',
  'handshake',
  'delack',
] as const satisfies readonly (keyof Scenario)[];

export type ScenarioKey = (typeof SCENARIO_KEY_ORDER)[number];

/** The keys a preset or topology can give defaults for (everything but `v` and `preset`). */
export type ScenarioDefaults = Omit<Scenario, 'v' | 'preset'>;

/** A validation error. `key` is a URL key, or 'query' for the query string as a whole. */
export interface ScenarioError {
  key: string;
  message: string;
}

export type ParseResult =
  { ok: true; scenario: Scenario; warnings: string[] } | { ok: false; errors: ScenarioError[] };
