/**
 * The Scenario: what a class sees and shares as a URL. Plain data (JSON-safe), versioned, every
 * key present ("resolved": a preset's defaults with the explicit URL keys laid on top).
 *
 * A scenario is a topology (the preset's), the run's keys (loss, seed, bottleneck, stop) and a
 * list of flows, each with its own sender, drops and stack keys (FlowSpec). URL form: see
 * query.ts — `flows=sack,sctp-4960` lists the senders, `f2.start=1.5` sets a key of flow 2,
 * an unprefixed flow key (`mss=1448`) sets it for every flow; `sender=` and `drops=` are flow 1's.
 *
 * Units: seconds for times, bits per second for bandwidth, bytes for sizes, packets for
 * windows and queue limits. Packet numbers are 1-based (packet 1 is the first data packet; for
 * SCTP they are TSNs); flows are numbered from 1 in URLs and messages (`f1`, `f2`, …) and from 0
 * in the engine. The engine's input (SimConfig) is built from it by buildSimConfig().
 */
import type { AppKind, AqmKind, LossPacketType, RecoveryMode, SenderId } from '../engine';
import type { FlowKey, RunKey, ScenarioKey } from './key-names';

/** The scenario format version (`v`): 2 = a list of flows. v1 links are migrated (query.ts). */
export const SCENARIO_VERSION = 2;

/** Most flows in one scenario. */
export const MAX_FLOWS = 128;

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

/**
 * One link event of `fail=` / `repair=`: the topology's link named `link` (a node pair `A-B` or
 * an alias such as `bottleneck`, `primary`; topologies/link-names.ts) goes down or comes back
 * up at `at` seconds. URL syntax `name@t`, comma-separated.
 */
export interface LinkTimeSpec {
  /** A link name of the scenario's topology, as typed (checked against the topology). */
  link: string;
  /** Seconds from the start of the run, ≥ 0. */
  at: number;
}

/** A stack profile (profiles.ts): which ns-2 settings a flow's sender runs with. */
export type ProfileId = 'ff96' | 'ns2' | 'rfc';

/** The keys of one flow. `null` = "auto": the value the flow's profile and sender give. */
export interface FlowSpec {
  /** Congestion control of this flow. */
  sender: SenderId;
  /** Scripted drops of this flow, sorted by (packet, transmission), no duplicates. */
  drops: DropSpec[];
  /** Time the flow's bulk source starts, s. */
  start: number;
  /** Payload bytes per data packet (TCP MSS / SCTP DATA chunk user data). */
  mss: number;
  /** Receiver window / maximum window, packets (SCTP: chunks, unless `rwnd` says bytes). */
  window: number;
  /** SCTP receiver window (a_rwnd), bytes; null = the profile's (ff96: window chunks; ns2: 65536). */
  rwnd: number | null;
  /** Initial congestion window, packets (SCTP: MTUs); null = the profile's. */
  icwnd: number | null;
  /** At most this many packets sent per ACK; 0 = no limit; null = the profile's (ns2: SCTP 4). */
  maxburst: number | null;
  /** ns-2 bugFix_: no second fast retransmit before the recovery point is acked (TCP only). */
  bugfix: boolean;
  /** Duplicate ACKs (TCP) / missing reports (SCTP) that trigger fast retransmit; null = the sender's. */
  frtx: number | null;
  /** Connection / association setup before data; null = the profile's (ns2: SCTP yes, TCP no). */
  handshake: boolean | null;
  /** Delayed ACKs / SACKs at the receiver. */
  delack: boolean;
  /** Stack profile: the ns-2 settings the sender runs with (profiles.ts). */
  profile: ProfileId;
  /** TCP sender pacing (engine tcp/pacing.ts); null = the sender's (on for BBR, else off). */
  pacing: boolean | null;
  /** ECN (RFC 3168; engine tcp/ecn.ts): ECT data, ECE / CWR; TCP only. */
  ecn: boolean;
  /**
   * TCP loss recovery of a SACK-based sender: classic SACK recovery or PRR (RFC 9937); null =
   * the profile's (rfc: prr for SACK and CUBIC; otherwise classic).
   */
  recovery: RecoveryMode | null;
  /** The application feeding the sender (engine app/types.ts; keys in fields-app.ts). */
  app: AppKind;
  /** app=file: the file's size; app=ftp-clients: the mean of the Pareto file sizes. Bytes. */
  bytes: number;
  /** app=cbr/onoff/voip: payload bytes per packet (the flow's mss for those); null = mss. */
  size: number | null;
  /** app=cbr: packets per second. */
  pps: number;
  /** app=onoff: mean ON period, s (exponential). */
  on: number;
  /** app=onoff: mean OFF period, s (exponential). */
  off: number;
  /** app=onoff: sending rate during ON, bit/s of payload. */
  rate: number;
  /** app=voip: mean call holding time, s (exponential; 003_… §3: 30 or 300). */
  hold: number;
  /** app=voip: mean gap between calls, s (exponential; 003_… §3: 60). */
  gap: number;
  /** app=voip: mean talk spurt, s (exponential). */
  talk: number;
  /** app=voip: mean silence between talk spurts, s (exponential). */
  silence: number;
  /** app=voip: one frame of `size` payload bytes every `frame` seconds while talking. */
  frame: number;
  /** app=ftp-clients: Pareto shape of the file sizes (003_… §3: 1.18). */
  shape: number;
  /** app=ftp-clients: mean think time between files, s (exponential; 003_… §3: 90). */
  think: number;
  /** The flow runs from the sink side back to the source side (003_…'s noise clients). */
  reverse: boolean;
  /** SCTP: Path.Max.Retrans (RFC 4960 §8.2, §15): a path is inactive after this + 1 errors. */
  pmr: number;
  /** SCTP: Association.Max.Retrans (RFC 4960 §8.1, §15): the association ends after this + 1. */
  amr: number;
  /** SCTP: RTO.Min, s; null = the profile's minimum RTO. */
  rtomin: number | null;
  /** SCTP: RTO.Max, s (RFC 4960 §15: 60). */
  rtomax: number;
  /** SCTP: RTO.Initial, s; null = the topology's initial RTO. */
  rtoinit: number | null;
  /** SCTP: HB.interval, s (RFC 4960 §8.3, §15: 30); 0 = no heartbeats. */
  hb: number;
  /** SCTP: the primary destination address (a node name of the peer); null = the topology's first. */
  primary: string | null;
  /** SCTP: Concurrent Multipath Transfer (new data to every active path, round robin). */
  cmt: boolean;
  /** SCTP: outbound streams (RFC 4960 §5.1 OS); messages go to them round robin. */
  streams: number;
  /** SCTP: messages sent unordered (U bit, RFC 4960 §6.6). */
  unordered: boolean;
  /** SCTP: PR-SCTP timed reliability lifetime, s (RFC 3758 §4); null = fully reliable. */
  pr: number | null;
}

/** A flow's keys other than its sender and drops: what a flow added by `flows=` starts with. */
export type FlowSettings = Omit<FlowSpec, 'sender' | 'drops'>;

/** The `link` key's values (RunSettings.link). */
export const LINK_MEDIA = ['wired', 'wifi-b', 'wifi-g', 'wimax'] as const;
export type LinkMedium = (typeof LINK_MEDIA)[number];

/** The keys of the run as a whole. */
export interface RunSettings {
  /** Loss probability for data packets at the bottleneck loss point, 0..0.5 (mean, with `burst`). */
  loss: number;
  /**
   * Mean length of a loss burst, packets: null = independent (Bernoulli) losses; ≥ 1 = a
   * Gilbert–Elliott chain with this mean bad-state sojourn and `loss` as its mean loss rate.
   */
  burst: number | null;
  /** Seed of the random-loss streams (uint32); each flow draws from its own stream. */
  seed: number;
  /** Bottleneck bandwidth, bit/s. */
  bw: number;
  /** Bottleneck one-way propagation delay, s. */
  delay: number;
  /** Bottleneck delay variation, s: each packet's delay gets an extra draw in [0, jitter]. */
  jitter: number;
  /** Bottleneck drop-tail queue limit, packets (ns-2 rule: at most queue − 1 wait). */
  queue: number;
  /**
   * The bottleneck's queue discipline, both directions (LinkConfig.queue): drop-tail (the
   * default) or an AQM; `queue` stays its hard limit.
   */
  aqm: AqmKind;
  /** RED's min_th, packets; null = ns-2.35's automatic (max(5, target delay · rate / 2)). */
  'red.minth': number | null;
  /** RED's max_th, packets; null = 3 · min_th. */
  'red.maxth': number | null;
  /** RED's max_p, the drop probability at max_th. */
  'red.maxp': number;
  /** RED's averaging weight w_q; null = ns-2.35's automatic (q_weight_ −1). */
  'red.wq': number | null;
  /** Gentle RED (p from max_p to 1 between max_th and 2 max_th). */
  'red.gentle': boolean;
  /** RED in byte mode (queue, thresholds and limit in 500-byte units; ns-2.35's default). */
  'red.bytes': boolean;
  /** CoDel's target sojourn time, s (RFC 8289; also FQ-CoDel's flow queues). */
  'codel.target': number;
  /** CoDel's interval, s (RFC 8289; also FQ-CoDel's flow queues). */
  'codel.interval': number;
  /** FQ-CoDel's number of flow queues (RFC 8290). */
  'fqcodel.flows': number;
  /** FQ-CoDel's deficit-round-robin quantum, bytes (RFC 8290). */
  'fqcodel.quantum': number;
  /** PIE's target queueing delay QDELAY_REF, s (RFC 8033). */
  'pie.target': number;
  /** PIE's drop-probability update period T_UPDATE, s (RFC 8033). */
  'pie.tupdate': number;
  /** Which packets random loss hits (LossConfig.types), in LOSS_TYPES order, at least one. */
  losson: LossPacketType[];
  /** Links that go down during the run (SimConfig.linkEvents with up = false), in URL order. */
  fail: LinkTimeSpec[];
  /** Links that come back up (SimConfig.linkEvents with up = true), in URL order. */
  repair: LinkTimeSpec[];
  /**
   * What the topology's medium is (its bottleneck, or the wireless hops it names): `wired` — a
   * point-to-point link (`bw`, `delay`, `jitter`, `queue`); `wifi-b` / `wifi-g` — an 802.11b /
   * 802.11g DCF cell; `wimax` — an 802.16-like cell (SimConfig.media; `queue` is each member's
   * interface queue, each connection's in an 802.16 cell).
   */
  link: LinkMedium;
  /** 802.11 cells: RTS/CTS before every data frame (1) or basic access (0). */
  rts: boolean;
  /** link=wimax: the frame duration, s. */
  wimaxframe: number;
  /** link=wimax: the downlink's share of the frame, 0.1–0.9. */
  wimaxdl: number;
  /** Simulation end, s. */
  stop: number;
}

export interface Scenario extends RunSettings {
  /** Format version. */
  v: 2;
  /** Preset id: picks the topology and the defaults of every other key. */
  preset: string;
  /** The preset's size (e.g. geo-table2's number of sources); null for presets without one. */
  n: number | null;
  /** The flows, 1 to MAX_FLOWS; flow k of the URL is flows[k − 1]. */
  flows: FlowSpec[];
}

export {
  APP_FLOW_KEYS,
  FLOW_KEYS,
  RUN_KEYS,
  SCENARIO_KEY_ORDER,
  SCTP_FLOW_KEYS,
  type FlowKey,
  type RunKey,
  type ScenarioKey,
} from './key-names';

/** Compiles only when A and B are the same union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The key names (key-names.ts) and the Scenario's fields are the same keys.
true satisfies Same<FlowKey, keyof FlowSpec>;
true satisfies Same<RunKey, keyof RunSettings>;
true satisfies Same<Exclude<ScenarioKey, FlowKey | RunKey>, 'v' | 'preset' | 'n' | 'flows'>;

/** A preset's resolved defaults: the run keys, the flows, and what an added flow starts with. */
export interface ScenarioDefaults extends RunSettings {
  flows: FlowSpec[];
  /** Settings of a flow that `flows=` adds beyond the preset's own. */
  flow: FlowSettings;
}

/** A validation error. `key` is a URL key (`f2.mss` for flow 2's), or 'query' for the whole. */
export interface ScenarioError {
  key: string;
  message: string;
}

export type ParseResult =
  { ok: true; scenario: Scenario; warnings: string[] } | { ok: false; errors: ScenarioError[] };
