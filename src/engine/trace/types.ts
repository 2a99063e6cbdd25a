/**
 * The trace of one engine run: everything the UI, the CLI and the tests read. The engine fills
 * it; nothing downstream recomputes protocol logic.
 *
 * - Packet events (high volume) live in typed-array columns, one array per field, so a long
 *   run transfers from a Web Worker without copying.
 * - Sender decisions and sender-state samples are typed columns too (DecisionColumns,
 *   SampleColumns); `records.ts` turns a row into the Decision / StateSample object that
 *   explain.ts and the UI read, only when it is asked for.
 *
 * Units: seconds (double, exactly the engine's clock), bytes for sizes, 1-based packet
 * numbers (TCP: segment number; SCTP: TSN).
 */
import type { AppKind } from '../app/types';
import type { DeliveryColumns } from './deliveries';
import type { PacketPathColumns } from './packet-paths';
import type { PathEventColumns } from './path-events';
import type { RateColumns } from './rates';
import type { Protocol } from '../sender-ids';
import type { RunAccumulators } from './accumulator-types';
import type { NoteCode } from './notes';
import type { MacColumns } from './mac-rows';
import type { PrrColumns } from './prr-rows';
import type { AqmKind } from '../net/queue/aqm-kind';
import type { AqmSampleColumns } from './aqm-samples';
import type { EcnColumns } from './ecn-rows';
import type { ReasonCode } from './reasons';

/** What happened to a packet. */
export const PacketEventKind = {
  /** A sender hands the packet to its node (enters the network). */
  send: 0,
  /** The packet is fully received at a node (end of transmission + propagation delay). */
  arrive: 1,
  /** The packet starts transmission on the link leaving a node (ns-2 '-'). */
  depart: 2,
  /** The packet is dropped at a node before or by the queue of its outgoing link. */
  drop: 3,
  /** The packet is handed to the destination transport agent (receiver or sender). */
  deliver: 4,
  /** A queue discipline sets the packet's ECN field to CE instead of dropping it (RFC 3168 §5). */
  mark: 5,
} as const;
export type PacketEventKind = (typeof PacketEventKind)[keyof typeof PacketEventKind];
export const PACKET_EVENT_NAMES = ['send', 'arrive', 'depart', 'drop', 'deliver', 'mark'] as const;

/** The kind of packet. */
export const PacketType = {
  data: 0,
  ack: 1,
  /** Connection/association setup or other control (SYN, INIT, COOKIE, HEARTBEAT...). */
  control: 2,
} as const;
export type PacketType = (typeof PacketType)[keyof typeof PacketType];
export const PACKET_TYPE_NAMES = ['data', 'ack', 'control'] as const;

/** Why a packet was dropped. */
export const DropCause = {
  none: 0,
  scripted: 1,
  overflow: 2,
  random: 3,
  /** The link was down: queued or on its wire when it failed, or reaching it while down. */
  linkDown: 4,
  /** An active queue management's early or head drop (RED, CoDel, FQ-CoDel, PIE; net/queue/). */
  aqm: 5,
  /**
   * A shared medium's MAC gave up on the frame: its retry limit was reached (802.11 DCF:
   * dot11ShortRetryLimit / dot11LongRetryLimit failed attempts; net/wifi/).
   */
  macRetry: 6,
} as const;
export type DropCause = (typeof DropCause)[keyof typeof DropCause];
export const DROP_CAUSE_NAMES = [
  '',
  'scripted',
  'overflow',
  'random',
  'linkDown',
  'aqm',
  'macRetry',
] as const;

/**
 * Column arrays of packet events; index i across all arrays is one event. What stays the same
 * for every event of one transmission (flow, type, packet number, size…) is stored once per
 * transmission in TransmissionColumns, indexed by `uid`: read `trace.transmissions.flow[uid[i]]`.
 */
export interface PacketEventColumns {
  length: number;
  /** Event time, seconds. */
  time: Float64Array;
  kind: Uint8Array;
  /** Index into Trace.nodes where the event happens. */
  node: Uint16Array;
  /** Index into Trace.links: the outgoing link (depart, drop), the incoming link (arrive,
   * deliver), or -1 (send). */
  link: Int16Array;
  /** Unique id of this transmission (one per packet object sent): the row in
   * TransmissionColumns. */
  uid: Int32Array;
  /** Packets waiting in the outgoing queue after the event (not counting the one in transmission). */
  qlen: Uint16Array;
  cause: Uint8Array;
}

/**
 * What a packet carries, one row per transmission (packet object sent), row = uid. Uids are
 * dense: 0 … length − 1, every one of them has packet events.
 */
export interface TransmissionColumns {
  length: number;
  flow: Uint16Array;
  type: Uint8Array;
  /** Data: 1-based packet number/TSN. ACK: 0. */
  packet: Int32Array;
  /** 1 if the sender had sent this packet number before (a retransmission). */
  retx: Uint8Array;
  /** ACK: highest in-order packet number acknowledged (cumulative ACK / Cumulative TSN Ack). */
  cumAck: Int32Array;
  /** ACK: number of SACK blocks (TCP) or Gap Ack Blocks (SCTP), at most 255. */
  sackBlocks: Uint8Array;
  /** Bytes on the wire. */
  size: Uint16Array;
}

/** What triggered a sender decision. */
export type Trigger =
  | {
      kind: 'ack';
      /** Cumulative ACK carried by the ACK (1-based highest in-order packet). */
      cumAck: number;
      /** Duplicate-ACK count (TCP) or missing-report count (SCTP) after this ACK. */
      dupacks: number;
      /** Index of the 'deliver' packet event of this ACK at the sender. */
      event: number;
    }
  /** A timer expired: the retransmission timer, or the pacing timer (tcp/pacing.ts). */
  | { kind: 'timer'; timer: 'rto' | 'pacing'; event: -1 }
  | { kind: 'start'; event: -1 }
  /** The application offered more data (an application-limited sender resumes; app/source.ts). */
  | { kind: 'app'; event: -1 };

/** Sender variables that decisions report and samples record. cwnd/ssthresh in packets. */
export interface SenderVars {
  cwnd: number;
  ssthresh: number;
  dupacks: number;
  /** Recovery point (highest packet sent when recovery began), 0 if none. */
  recover: number;
  /** SACK pipe estimate / FACK outstanding estimate (packets); -1 when not used. */
  pipe: number;
  /** Packets (TCP) sent and not yet cumulatively acked. */
  flightsize: number;
  /** Highest cumulative ACK (1-based highest in-order packet). */
  highestAck: number;
  /** Next new packet number to send. */
  nextSeq: number;
  /** SCTP partial_bytes_acked in bytes; 0 for TCP. */
  partialBytesAcked: number;
  /** Current RTO, seconds. */
  rto: number;
  /** Reno/NewReno window inflation during fast recovery (ns-2 dupwnd_), packets. */
  inflation?: number;
  /** FACK: forward-most packet SACKed (snd.fack), 1-based. */
  fack?: number;
}

export type SenderVarName = keyof SenderVars;

export type Phase = 'slow-start' | 'congestion-avoidance' | 'fast-recovery' | 'rto-recovery';

/** One sender decision, in the order taken. */
export interface Decision {
  /** Index in Trace.decisions. */
  id: number;
  time: number;
  flow: number;
  /** Rule applied, from the reason catalog (src/engine/trace/reasons.ts). */
  code: ReasonCode;
  trigger: Trigger;
  /** Packets (re)transmitted by this decision, 1-based. */
  packets: number[];
  /** Old → new values of what changed. */
  changes: Partial<Record<SenderVarName, [number, number]>>;
  /** Variables after the decision. */
  after: SenderVars;
  /** What another rule set would have done here (the RFC text in an ns-2 run), if it differs. */
  note?: { code: NoteCode; value: number };
}

/**
 * Sender state, recorded whenever cwnd or ssthresh changes (only then: read the other variables
 * at any decision from Decision.after).
 */
export interface StateSample extends SenderVars {
  time: number;
  flow: number;
  phase: Phase;
  /** cwnd and ssthresh in bytes (SCTP; for TCP = packets · MSS). */
  cwndBytes: number;
  ssthreshBytes: number;
}

/** How a decision was triggered, as stored in DecisionColumns.trigger. */
export const TriggerKind = { ack: 0, rto: 1, start: 2, app: 3, pacing: 4 } as const;
export type TriggerKind = (typeof TriggerKind)[keyof typeof TriggerKind];

/**
 * Sender decisions in engine order, one row per decision (row i = Decision with id i).
 * Variables are vectors of NV numbers per row in the order of vars.ts (NaN = not used), kept
 * sparse (afterMask …; read with after-vars.ts).
 */
export interface DecisionColumns {
  length: number;
  /** Reason codes used by this run, in order of first use; `code` indexes this list. */
  codes: string[];
  /** Decision time, seconds. */
  time: Float64Array;
  flow: Uint16Array;
  code: Uint16Array;
  /** TriggerKind. */
  trigger: Uint8Array;
  /** ACK trigger: cumulative ACK (1-based highest in-order packet); else 0. */
  cumAck: Int32Array;
  /** ACK trigger: duplicate-ACK / missing-report count after the ACK; else 0. */
  dupacks: Int32Array;
  /** ACK trigger: index of the ACK's 'deliver' packet event; else -1. */
  event: Int32Array;
  /** Packets sent by row i: packetList[packetStart[i] … packetStart[i + 1]) (length + 1 entries). */
  packetStart: Int32Array;
  /** 1-based packet numbers / TSNs sent, all rows back to back. */
  packetList: Int32Array;
  /**
   * Variables after the decision, stored sparsely: bit k set = variable k's value after row i
   * differs from its value after the same flow's previous row (every bit is set on a flow's
   * first row and on every AFTER_CHECKPOINT-th row of the flow, so a lookup walks back at most
   * that many rows). Read them with after-vars.ts (afterVar, afterVector, AfterReader), never
   * from these columns directly.
   */
  afterMask: Uint16Array;
  /** The values of row i's set afterMask bits, in variable order:
   * afterList[afterStart[i] … afterStart[i + 1]) (length + 1 entries). */
  afterStart: Int32Array;
  afterList: Float64Array;
  /** The same flow's previous row, -1 on its first. */
  flowPrev: Int32Array;
  /** Bit k set: variable k (vars.ts order) changed in this decision. */
  changed: Uint16Array;
  /** Old values of the changed variables of row i, in variable order, from beforeStart[i]
   * (length + 1 entries). */
  beforeStart: Int32Array;
  beforeList: Float64Array;
  /**
   * Notes, sparse and in row order: decision noteRow[j] carries the note noteCode[j] (an index
   * into `codes`, e.g. `rfc.exit-cwnd`) with the number noteValue[j] (what the other rule set
   * would have set; unit as the note's catalog entry says).
   */
  noteRow: Int32Array;
  noteCode: Uint16Array;
  noteValue: Float64Array;
}

/**
 * Sender-state samples: one row whenever cwnd, ssthresh or the phase (SCTP: also
 * partial_bytes_acked) changed at the end of a decision — so the ACK that ends fast recovery
 * has its row even when it leaves cwnd as it was (RFC 6582 §3.2 step 3 under `rfc`). Its
 * variables are that decision's `after`.
 */
export interface SampleColumns {
  length: number;
  /** Row of the decision in DecisionColumns (time, flow and variables come from there). */
  decision: Int32Array;
  /** Index into PHASES (vars.ts). */
  phase: Uint8Array;
  /** cwnd and ssthresh in bytes (SCTP; for TCP = packets · MSS). */
  cwndBytes: Float64Array;
  ssthreshBytes: Float64Array;
}

export interface FlowInfo {
  id: number;
  sender: string;
  protocol: Protocol;
  /** The application feeding the sender (FlowConfig.app; 'bulk' when unset). */
  app: AppKind;
  src: string;
  dst: string;
  mssBytes: number;
  /** Duplicate ACKs (TCP) / missing reports (SCTP) that trigger a fast retransmit. */
  dupackThreshold: number;
  /** Receiver window, packets. */
  windowPkts: number;
  initialCwndPkts: number;
  /** 0 = none. */
  maxburst: number;
  /** Vegas' α, β, γ when the config set them (FlowConfig.vegas); absent: VEGAS_DEFAULTS. */
  vegas?: { alpha: number; beta: number; gamma: number };
  /** TCP: present (true) when the sender paces (FlowConfig.pacing, or BBR by default). */
  pacing?: true;
  /**
   * SCTP: the association's paths, index = PathEventColumns.path; `src` / `dst` are the node
   * names of the source and destination addresses (RFC 4960 §6.4). The first is the primary.
   * Absent for TCP and UDP; one entry for a single-homed association.
   */
  paths?: { src: string; dst: string }[];
  /** SCTP with more than one path: Path.Max.Retrans in force (RFC 4960 §8.2; FlowConfig.pathMaxRetrans). */
  pathMaxRetrans?: number;
  /** SCTP: outbound streams (RFC 4960 §5.1 OS); absent = 1. */
  streams?: number;
}

export interface FlowStats {
  /** Data packets sent, retransmissions included. */
  packetsSent: number;
  retransmissions: number;
  /** Retransmission-timer (RTO / T3-rtx) expiries. */
  timeouts: number;
  /**
   * Fast-retransmit episodes: times the sender applied the cwnd cut of a fast retransmit
   * (duplicate ACKs / missing reports), once per episode however many packets it retransmits
   * (TCP SACK recovery, New-Reno SCTP's retransmissions inside recovery count once).
   */
  fastRetransmits: number;
  /** Payload bytes delivered in order to the receiving application. */
  deliveredBytes: number;
  /** Highest in-order packet delivered to the application (UDP: datagrams received). */
  deliveredPackets: number;
  /**
   * Bytes the application offered to the transport by the end of the run (AppSource.offeredBytes:
   * app/payload.ts — a file's size, not whole packets), for sources that end or keep a pace (not bulk); absent when the
   * flow does not report it (bulk sources, and transports that do not pass it on).
   */
  offeredBytes?: number;
  /** PR-SCTP: messages the sender abandoned (RFC 3758 §3.4); absent when none. */
  abandoned?: number;
}

export interface LinkInfo {
  from: string;
  to: string;
  /** Bits per second (a medium port: the PHY's data rate). */
  bandwidthBps: number;
  delayS: number;
  /** Drop-tail limit, packets (a medium port: its sending member's interface queue). */
  queueLimit: number;
  /** A port of a shared medium: its index in Trace.media (absent: a point-to-point link). */
  medium?: number;
  /** The queue discipline when it is not drop-tail (LinkConfig.queue; net/queue/). */
  aqm?: AqmKind;
  /** Its parameters as it resolved them (QueueDisc.params; RED: minth, maxth, maxp, wq …). */
  aqmParams?: Record<string, number>;
}

/**
 * One member's MAC counters on a shared medium (net/medium.ts), whole run. Attempts count
 * every frame exchange started (an RTS, or the data frame in basic access); airtime is the time
 * the member's own frames (RTS, data) occupied the air, seconds.
 */
export interface MacStats {
  node: string;
  attempts: number;
  /** Frames acknowledged. */
  successes: number;
  /** Attempts that overlapped another member's. */
  collisions: number;
  /** Attempts lost to the channel's frame error rate. */
  frameErrors: number;
  /** Attempts that were retries (attempt number > 1). */
  retries: number;
  /** Frames dropped at the retry limit (DropCause.macRetry). */
  retryDrops: number;
  /** Seconds of air the member's own transmissions took (successful or not). */
  airtimeS: number;
}

/** A shared medium of the run (SimConfig.media), with its members' MAC counters. */
export interface MediumInfo {
  kind: string;
  /** A short human label, e.g. '802.11b DSSS 11 Mb/s, basic access'. */
  label: string;
  /** Member node names; `ap` is one of them (absent: ad hoc). */
  nodes: string[];
  ap?: string;
  stats: MacStats[];
  /**
   * Seconds the medium was busy over the run: 802.11 — each exchange from its first frame's
   * start to its last frame's end (DATA, SIFS, ACK; RTS, CTS and the SIFSs between them; a
   * collision to its longest frame's end; idle DIFS, backoff and response timeouts not
   * counted); 802.16 — the bursts' symbols (the frame's preamble and MAPs not counted).
   */
  busyS: number;
  /** Bytes of the packets (IP packets, headers included) the medium delivered. */
  deliveredBytes: number;
}

export interface LinkStats {
  departures: number;
  drops: {
    scripted: number;
    overflow: number;
    random: number;
    linkDown?: number;
    /** A shared medium's port only (DropCause.macRetry). */
    macRetry?: number;
    /** Early / head drops of the queue discipline (absent when none). */
    aqm?: number;
  };
  /** Packets the queue discipline marked CE instead of dropping (absent when none). */
  marks?: number;
}

/**
 * SACK blocks (TCP) / Gap Ack Blocks (SCTP) carried by ACKs, one row per block, keyed by the
 * ACK's uid (PacketEventColumns.uid), in the order the ACK carries them. Inclusive 1-based
 * packet numbers / TSNs.
 */
export interface AckBlockColumns {
  length: number;
  uid: Int32Array;
  first: Int32Array;
  last: Int32Array;
}

/**
 * The name of every control packet sent (SYN, SYN-ACK, FIN, FIN-ACK; INIT, INIT-ACK, COOKIE-ECHO,
 * COOKIE-ACK, HEARTBEAT, HEARTBEAT-ACK, SHUTDOWN, SHUTDOWN-ACK, SHUTDOWN-COMPLETE), one row per
 * transmission in send order, keyed by uid (PacketEventColumns.uid). Control packets are few,
 * so the table is sparse.
 */
export interface ControlColumns {
  length: number;
  uid: Int32Array;
  /** Index into `names`. */
  label: Uint8Array;
  /** The distinct names, in order of first use. */
  names: string[];
}

export interface Trace {
  version: 2;
  /** What was kept: 'full' (everything) or 'metrics' (counters only; the columns are empty). */
  record: 'full' | 'metrics';
  nodes: string[];
  /** Directed links; index = link id used in PacketEventColumns.link. */
  links: LinkInfo[];
  flows: FlowInfo[];
  /** Node index of the router shown in the router plot. */
  router: number;
  /** Link index of the bottleneck (router → next hop). */
  bottleneck: number;
  stopS: number;
  packets: PacketEventColumns;
  /** What each transmission of `packets` carries, row = PacketEventColumns.uid. */
  transmissions: TransmissionColumns;
  ackBlocks: AckBlockColumns;
  /** Names of the control packets (absent in hand-built traces: then none are named). */
  controls?: ControlColumns;
  /** SCTP path events and changes (path-events.ts; absent in hand-built traces: none). */
  pathEvents?: PathEventColumns;
  /** Deliveries to the application of flows with recordDeliveries (deliveries.ts; absent: none). */
  deliveries?: DeliveryColumns;
  /** The path of each transmission of multi-homed associations (packet-paths.ts; absent: none). */
  packetPaths?: PacketPathColumns;
  /** TCP senders' rate rows, one per ACK (rates.ts; full trace only; absent: none). */
  rates?: RateColumns;
  /** PRR's variables per decision of flows in PRR recovery (prr-rows.ts; absent: none). */
  prr?: PrrColumns;
  /** Shared media (SimConfig.media) and their MAC counters (absent: none). */
  media?: MediumInfo[];
  /** MAC rows of the shared media, full trace only (mac-rows.ts; absent: none). */
  mac?: MacColumns;
  /** Queue disciplines' state samples (aqm-samples.ts; absent: drop-tail everywhere). */
  aqm?: AqmSampleColumns;
  /** ECN bits of the transmissions that carry any (ecn-rows.ts; absent: no flow with ECN). */
  ecn?: EcnColumns;
  decisions: DecisionColumns;
  samples: SampleColumns;
  flowStats: FlowStats[];
  linkStats: LinkStats[];
  /** Packet events simulated (= packets.length in a full trace). */
  eventCount: number;
  /** Sender decisions taken (= decisions.length in a full trace). */
  decisionCount: number;
  /** Metrics-only runs: the run's accumulators (accumulators.ts); absent in a full trace,
   * which yields them from its columns (runAccumulators). */
  accumulators?: RunAccumulators;
}
