/**
 * SimConfig: the fully resolved input of one engine run (plain data, no defaults applied here).
 * The scenario layer (src/scenarios/) validates user input and builds this object.
 *
 * Units: seconds for times, bits per second for bandwidth, bytes for sizes, packets for
 * windows and queue limits. Packet numbers are 1-based (packet 1 is the first data packet).
 */

import type { AppConfig } from './app/types';
import type { WifiCellConfig } from './net/wifi/wifi-config';
import type { WimaxCellConfig } from './net/wimax/wimax-config';
import type { SenderId } from './sender-ids';
import type { QueueConfig } from './net/queue';

export * from './sender-ids';
/**
 * Which text a TCP sender follows where ns-2.35 and the RFCs differ: `ns2` = ns-2.35's tcp*.cc
 * (the fixtures' oracle), `rfc` = RFC 5681 / RFC 6582 / RFC 6675 as written. Set per flow by the
 * scenario's profile (`profile=rfc`).
 */
export type TcpRules = 'ns2' | 'rfc';
export type { AppConfig, AppKind } from './app/types';
export type { WifiCellConfig } from './net/wifi/wifi-config';
export type { WimaxCellConfig } from './net/wimax/wimax-config';

/**
 * A shared medium (net/medium.ts): a radio cell whose members reach each other over the air.
 * One kind per entry of this union, each built by its factory in net/media.ts.
 */
export type MediumConfig = WifiCellConfig | WimaxCellConfig;
export { APP_KINDS, BULK } from './app/types';

/** A full-duplex link between two nodes; each direction has its own drop-tail queue. */
export interface LinkConfig {
  /** Node ids. */
  a: string;
  b: string;
  /** Bits per second, both directions. */
  bandwidthBps: number;
  /** One-way propagation delay, seconds. */
  delayS: number;
  /** Drop-tail limit in packets (ns-2 rule: drop when waiting + 1 >= limit). */
  queueLimit: number;
  /**
   * Delay variation, seconds: each packet's propagation delay gets an extra draw in
   * [0, jitterS] from the link direction's named stream, without reordering (a packet never
   * arrives before the one sent ahead of it). Models a wireless hop's variable access delay
   * (Dainotti et al. 002_…) at this simulator's level (no MAC). Default 0.
   */
  jitterS?: number;
  /**
   * The queue discipline of both directions and its parameters (net/queue/; RED, CoDel, …);
   * absent = drop-tail with `queueLimit`. Every discipline keeps `queueLimit` as its hard limit.
   */
  queue?: QueueConfig;
}

/**
 * A scripted drop: the `transmission`-th time (1-based) that packet `packet` (1-based packet
 * number / TSN) of `flow` crosses the loss point. transmission 1 = the first transmission.
 */
export interface ScriptedDrop {
  flow: number;
  packet: number;
  transmission: number;
}

/**
 * A loss point on the directed link from → to. Scripted drops hit data packets only; random loss
 * (Bernoulli or Gilbert–Elliott) hits the packet types in `types` (default data only); each
 * flow draws from its own seeded stream (net/loss.ts).
 */
export interface LossConfig {
  from: string;
  to: string;
  /**
   * Where the loss happens: 'queue' (default) in front of the link's queue, so a lost packet
   * never enters it (ns-2 `$ns lossmodel`: SimpleLink errormodule at the link head; the Fall &
   * Floyd drop point); 'wire' at the far end of the link, so a lost packet has been queued and
   * transmitted and is lost on arrival (ns-2 `$ns link-lossmodel`: insert-linkloss after the
   * link's delay element; Alamgir et al. §4.2's error module on the satellite link).
   */
  position?: 'queue' | 'wire';
  drops: ScriptedDrop[];
  /** Bernoulli drop probability for data packets (0 = off). */
  lossRate: number;
  /**
   * Bursty loss instead of Bernoulli: a two-state Gilbert–Elliott chain per flow, stepped once
   * per data packet — P(good → bad) = pGoodBad, P(bad → good) = pBadGood, loss probability
   * lossGood in the good state and lossBad in the bad one. When set, `lossRate` is ignored.
   */
  gilbert?: { pGoodBad: number; pBadGood: number; lossGood: number; lossBad: number };
  /** Seed of this loss point's own PRNG stream. */
  seed: number;
  /**
   * Which packets random loss (`lossRate` or `gilbert`) may drop: 'data' — data packets with
   * payload; 'ack' — ACKs / SACKs; 'control' — connection and association control (SYN,
   * SYN-ACK, INIT, COOKIE, HEARTBEAT, SHUTDOWN…, and ns-2's header-only SYN segment, a data
   * packet without payload). Default ['data'] (every run before this field). A packet of a type
   * not listed draws nothing; one of a listed type draws from its flow's stream (so adding 'ack'
   * changes which data packets the same seed loses). Scripted drops stay data-only.
   */
  types?: LossPacketType[];
}

/** The packet classes a loss point's random loss can apply to (LossConfig.types). */
export type LossPacketType = 'data' | 'ack' | 'control';

/**
 * A change of a link's state: at `at` (seconds, ≥ 0) the full-duplex link between nodes `a` and
 * `b` (a LinkConfig's ends, either order) goes down (`up` false) or comes back up (`up` true).
 * Down: both directions drop what waits in their queues and what is on their wires, and every
 * packet that reaches them until they come up (DropCause.linkDown); routes are recomputed at
 * once over the links that are up (hop count, the link listed first on ties); a node left
 * without a route to a destination keeps its last next hop, so its packets die at the down
 * link, as in ns-2.35 with `$ns rtproto Session` (net/link-events.ts). Up: the link carries
 * traffic again and routes are recomputed. Events at the same time apply in list order, after
 * the events the flows scheduled for that time at the start of the run.
 */
export interface LinkEvent {
  link: { a: string; b: string };
  at: number;
  up: boolean;
}

/** FlowConfig.recovery: classic SACK recovery or PRR (RFC 9937). */
export type RecoveryMode = 'classic' | 'prr';

export interface FlowConfig {
  /** Flow id, 0-based, unique. */
  id: number;
  sender: SenderId;
  src: string;
  dst: string;
  /** Time the application starts, seconds. */
  startS: number;
  /** The application feeding the sender (app/types.ts); default an infinite bulk source. */
  app?: AppConfig;
  /** Payload bytes per data packet (TCP segment size / SCTP chunk data). */
  mssBytes: number;
  /** Header bytes added to each data packet on the wire (TCP/IP 40; SCTP see REFERENCE). */
  headerBytes: number;
  /** Receiver window / maximum window, packets. */
  windowPkts: number;
  /**
   * Initial window, packets (ns-2 windowInit_ with windowInitOption_ 1; Fall & Floyd 1, ns-2.35
   * default 2; RFC 2581 §3.1 allows up to 2 segments, RFC 3390 up to 4 KB). TCP: cwnd starts
   * here, unless `synSegment` and `delayGrowth` are both set (then cwnd starts at 1 for the SYN
   * and becomes this value on the SYN's ACK). ns-2 drops it to 1 for good when a timeout fires
   * before anything was acked (tcp.cc timeout, bugfix_ss_; RFC 3390 §2: IW is 1 segment after a
   * lost SYN).
   */
  initialCwndPkts: number;
  /** Packets sent per ACK at most (0 = unlimited). ns-2 maxburst_. */
  maxburst: number;
  /** ns-2 bugFix_: no second fast retransmit before the recovery point is acked. */
  bugfix: boolean;
  /** Duplicate ACKs (TCP) or missing reports (SCTP) that trigger fast retransmit. */
  dupackThreshold: number;
  /** Delayed ACKs at the receiver (TCP: every 2nd packet or 100 ms; SCTP §6.2: 200 ms). */
  delayedAck: boolean;
  /** Connection / association setup before data. */
  handshake: boolean;
  /**
   * ns-2 artefact: without a SYN, ns-2 sends the first data packet (seqno 0) without its
   * TCP/IP header. Kept so fall-floyd runs line up with ns-2 to the microsecond.
   */
  firstPacketWithoutHeader: boolean;
  /**
   * TCP, ns-2 artefact of its one-way TCP: packet 1 (seqno 0) is a SYN of `headerBytes` with no
   * payload, sent, timed, acknowledged and retransmitted like a data packet, so data starts at
   * packet 2 (ns-2 syn_, tcp.cc TcpAgent::output; Fall & Floyd false, ns-2.35 default true).
   * Not the same as `handshake`, which sends a separate SYN / SYN-ACK before packet 1.
   * Overrides `firstPacketWithoutHeader`. Default false.
   */
  synSegment?: boolean;
  /**
   * TCP: the ACK of packet 1 sets cwnd to the initial window instead of opening it, so growth
   * starts one ACK later (ns-2 delay_growth_, tcp.cc / tcp-reno.cc / tcp-newreno.cc /
   * tcp-sack1.cc recv: `if (last_ack_ == 0 && delay_growth_) cwnd_ = initial_window()`; FACK
   * ignores it). With `synSegment` it models RFC 3390 §2 / RFC 2581 §3.1: the initial window
   * applies after the SYN exchange. Fall & Floyd false, ns-2.35 default true. Default false.
   */
  delayGrowth?: boolean;
  /**
   * TCP limited transmit (RFC 3042 §2): on the 1st and 2nd duplicate ACK send one new packet if
   * it is at most cwnd + dupacks beyond the cumulative ACK and inside the receiver window
   * (ns-2 singledup_, tcp.cc TcpAgent::send_one; Tahoe, Reno, NewReno, SACK — SACK only for a
   * duplicate ACK with new SACK information; FACK has none). Fall & Floyd false (singledup_ 0),
   * ns-2.35 default true (1). Default false.
   */
  limitedTransmit?: boolean;
  /**
   * TCP: window cuts keep fractions — a fast retransmit sets cwnd to min(cwnd, window)/2
   * (7.5 from 15) instead of its integer part; ssthresh stays an integer either way
   * (ns-2 precisionReduce_, tcp.cc slowdown via windowd(); RFC 2581 §3.2 step 2 halves the
   * flight size, RFC 2581 §3.1 eq. 3). Only the Reno-family cut (Reno, NewReno, SACK) changes.
   * Fall & Floyd false, ns-2.35 default true. Default false.
   */
  precisionReduce?: boolean;
  /**
   * NewReno: a partial ACK deflates the window by the amount of new data acknowledged and adds
   * back one packet, instead of removing the whole inflation (RFC 2582 §3 step 5; ns-2
   * Agent/TCP/Newreno partial_window_deflation_, tcp-newreno.cc partialnewack). Fall & Floyd
   * false (0), ns-2.35 default true (1). Default false.
   */
  newrenoPartialWindowDeflation?: boolean;
  /**
   * NewReno: only the first partial ACK of a recovery restarts the retransmission timer — RFC
   * 2582 §4's "Impatient" variant; false = "Slow-but-Steady", every partial ACK restarts it
   * (ns-2 Agent/TCP/Newreno newreno_changes1_, tcp-newreno.cc partialnewack_helper). Fall &
   * Floyd false (0), ns-2.35 default true (1). Default false.
   */
  newrenoImpatient?: boolean;
  /**
   * TCP Vegas thresholds, packets (tcp/variants/vegas.ts): α and β bound diff = (Expected −
   * Actual)·BaseRTT in congestion avoidance, γ ends slow start (Brakmo & Peterson 1995 §3.2,
   * §3.3; ns-2 Agent/TCP/Vegas v_alpha_, v_beta_, v_gamma_). Default ns-2.35's α 1, β 3, γ 1.
   */
  vegas?: { alpha: number; beta: number; gamma: number };
  /**
   * Where ns-2.35 and the RFC text differ, which one the sender follows: `ns2` (default; the
   * fixtures' oracle) or `rfc` — TCP: RFC 5681 eq. 4 cuts from the FlightSize, RFC 6582 §3.2
   * recover from the ISN (a lost first window is fast-retransmitted) and cwnd = ssthresh on
   * leaving fast recovery (tcp/congestion.ts, tcp/sender.ts); SCTP: RFC 4960's cwnd unit (the
   * path MTU), marked chunks out of the flight, partial_bytes_acked and T3-rtx cuts
   * (sctp/rules.ts). Under `ns2` the senders note where the RFC would decide otherwise.
   */
  rules?: TcpRules;
  /**
   * TCP loss recovery of a SACK-based sender (SACK, CUBIC): `classic` (default; Fall & Floyd's
   * pipe rules as ns-2.35's Sack1 — every existing run) or `prr`, Proportional Rate Reduction
   * (RFC 9937; tcp/prr.ts): during fast recovery cwnd = pipe + sndcnt on every ACK, pipe as RFC
   * 6675 counts it, and cwnd = ssthresh when recovery ends. Other senders ignore it (the scenario
   * layer refuses `prr` for them).
   */
  recovery?: RecoveryMode;
  /**
   * ECN (RFC 3168; TCP only): data packets carry ECT(0), the receiver echoes a CE mark with
   * ECE on its ACKs until a packet with CWR arrives, and the sender halves its window once per
   * window of data on ECE, without retransmitting, setting CWR on its next new packet — as
   * ns-2.35's Agent/TCP with ecn_ 1 and its TCPSink (tcp/ecn.ts). Default off.
   */
  ecn?: boolean;
  /**
   * PRR's reduction bound (tcp/prr.ts PrrBoundRule): RFC 9937's (default: PRR-CRB, PRR-SSRB on a
   * safeACK) or ns-3.37's TcpPrrRecovery ReductionBound CRB / SSRB. No URL key: for comparisons
   * with ns-3 (tests/engine/prr-ns3.test.ts).
   */
  prrBound?: 'rfc9937' | 'rfc6937-crb' | 'ns3-ssrb';
  /**
   * PRR's RecoverFS (tcp/prr.ts): RFC 9937 §6.1's (default: snd.nxt − snd.una less what was
   * SACKed before recovery) or RFC 6937's snd.nxt − snd.una, as ns-3.37. No URL key.
   */
  prrRecoverFS?: 'rfc9937' | 'rfc6937';
  /**
   * ns-3.37's ssthresh at the start of PRR recovery: max(2, pipe / 2) from the RFC 6675 pipe
   * (TcpSocketBase::EnterRecovery with TcpNewReno::GetSsThresh(BytesInFlight)) instead of the
   * congestion ops' cut. No URL key: with prrBound and prrRecoverFS, the engine takes ns-3.37's
   * PRR steps (tests/engine/prr-ns3.test.ts).
   */
  prrNs3Ssthresh?: boolean;
  /** Minimum RTO, seconds (ns-2 minrto_; Fall & Floyd 1, ns-2.35 default 0.2; RFC 2988 §2.4 says 1). */
  minRtoS: number;
  /** RTO clock granularity, seconds (ns-2 tcpTick_). */
  tickS: number;
  /**
   * Phase of the sender's RTT clock within a tick, seconds in [0, tickS) (ns-2 boot_time_, a
   * uniform draw at agent reset). RTT samples count ticks as ⌊(rtt + (send time + phase) mod
   * tick) / tick⌋. Default 0.
   */
  tickPhaseS?: number;
  /** Initial RTO before any RTT sample, seconds. */
  initialRtoS: number;
  /** SCTP: initial ssthresh in bytes (default 65536, ns-2 initialSsthresh_; Caro et al. 64 KB). */
  initialSsthreshBytes?: number;
  /**
   * SCTP: the path MTU in bytes (an IP packet's largest size). RFC 2960 §7.2 counts cwnd and
   * ssthresh in MTUs; as ns-2.35 does, the unit is the largest DATA chunk such a packet holds:
   * pathMtuBytes − 32 (IP 20 + SCTP common header 12; ns-2 uiMaxDataSize = mtu_ − 32, 1468 for
   * its default mtu_ 1500). Initial cwnd, the slow-start step min(newly acked, MTU), the
   * congestion-avoidance step, the ssthresh floor and the timeout window use it, while
   * outstanding data and the peer's rwnd count a chunk's own bytes (mssBytes +
   * dataChunkHeaderBytes), so chunks smaller than the unit let one more chunk into a window
   * (Alamgir et al. §6.1, Fig. 9: cwnd 17, 18 chunks out). The receiver's SACK stays below it
   * too (ns-2 GenChunk). Must leave room for a chunk (pathMtuBytes − 32 ≥ mssBytes +
   * dataChunkHeaderBytes). Default: the unit is the chunk (chunks fill the MTU), as in the
   * published ns-2 comparisons. ns-2.35 default: 1500.
   */
  pathMtuBytes?: number;
  /**
   * SCTP with handshake: confirm the path with one HEARTBEAT before data (RFC 4960 §5.4), as
   * ns-2.35 does. Default true.
   */
  confirmPath?: boolean;
  /**
   * SCTP: bytes of the DATA chunk header (RFC 2960 §3.3.1: 16) that a chunk counts, with its
   * `mssBytes` of user data, in outstanding data, in the peer's rwnd and in the receiver's window
   * — ns-2.35 counts the chunk length `sHdr.usLength`, header included (sctp.cc GenOneDataChunk,
   * SendBufferDequeueUpTo, ProcessDataChunk; RFC 2960 §6.2.1 does not say). These bytes are part
   * of `headerBytes` on the wire (which stays mssBytes + headerBytes), so set headerBytes ≥ 32 +
   * this. Unit: bytes. Default 0: a chunk counts mssBytes (the published ns-2 comparisons give
   * mssBytes as the whole chunk length). ns-2.35: 16 (dataChunkSize_ 1468 = 16 + 1452 of data).
   */
  dataChunkHeaderBytes?: number;
  /**
   * SCTP: initial cwnd in bytes, instead of initialCwndPkts MTUs. ns-2.35 always starts at RFC
   * 4960 §7.2.1's min(4·MTU, max(2·MTU, 4380)) (sctp.cc Reset), 4380 bytes for its default
   * mtu_ 1500 — its `initialCwnd_` (2) only sets the idle degrade threshold (sctp.cc
   * CwndDegradeTimerExpiration), which the engine keeps at 2 MTUs. Unit: bytes. Default: unset
   * (initialCwndPkts · MTU).
   */
  initialCwndBytes?: number;
  /**
   * SCTP: the receiver's window (a_rwnd in its INIT-ACK and SACKs; RFC 2960 §6.2.1) in bytes,
   * instead of windowPkts chunks. ns-2 initialRwnd_ (sctp.cc Reset, GenChunk), default 65536.
   * Unit: bytes. Default: unset (windowPkts · chunk bytes).
   */
  initialRwndBytes?: number;
  /**
   * SCTP multi-homing (RFC 4960 §6.4): the sender's addresses, node names, each attached to the
   * network by its own links. Default [src]. Packets to a destination address leave from the
   * source address nearest to it (fewest hops; the one listed first on ties).
   */
  srcAddrs?: string[];
  /**
   * SCTP multi-homing: the peer's addresses, node names; the first is the primary path
   * (RFC 4960 §6.4). One path per address, each with its own cwnd, ssthresh,
   * partial_bytes_acked, RTO, error counter and state (§7.2, §8.2). Default [dst].
   */
  dstAddrs?: string[];
  /**
   * SCTP: Path.Max.Retrans (RFC 4960 §15, default 5; ns-2 pathMaxRetrans_ 5). A path's error
   * counter counts its T3-rtx expiries and unanswered HEARTBEATs since data sent there was last
   * acknowledged or a HEARTBEAT answered; the path is inactive once the counter exceeds this, i.e.
   * at the Path.Max.Retrans + 1-th strike (§8.2), and new data fails over (sctp/path-manager.ts).
   */
  pathMaxRetrans?: number;
  /**
   * SCTP: Association.Max.Retrans (RFC 4960 §15, default 10; ns-2 associationMaxRetrans_ 10): the
   * association aborts when its count of consecutive strikes over all paths exceeds it (§8.1;
   * under `ns2` rules a multi-homed association counts strikes on active paths only, as ns-2).
   */
  assocMaxRetrans?: number;
  /** SCTP: RTO.Max, seconds (RFC 4960 §15, default 60). RTO.Min is minRtoS, RTO.Initial initialRtoS. */
  maxRtoS?: number;
  /**
   * SCTP: HB.interval, seconds (RFC 4960 §8.3, default 30; ns-2 heartbeatInterval_ 30): an idle
   * path (no first transmission or HEARTBEAT sent to it in the period) gets a HEARTBEAT every
   * RTO + HB.interval (with jitter of ±50 % of the RTO, seeded stream 'sctp.hb'). 0 turns
   * heartbeats off. Single-homed associations send none (as before this field).
   */
  hbIntervalS?: number;
  /**
   * SCTP: Concurrent Multipath Transfer (Iyengar et al.; ns-2 Agent/SCTP/CMT): new data goes to
   * every active path round robin, with split fast retransmit, cwnd update for CMT and delayed
   * ack for CMT. Default false (new data to the primary path only).
   */
  cmt?: boolean;
  /** SCTP: outbound streams (RFC 4960 §5.1 OS, default 1); messages are assigned round robin. */
  streams?: number;
  /** SCTP: messages are sent unordered (U bit, RFC 4960 §6.6): delivered on arrival. Default false. */
  unordered?: boolean;
  /**
   * SCTP: PR-SCTP timed reliability (RFC 3758 §4): a message not acknowledged within this many
   * seconds of being offered is abandoned and skipped with FORWARD-TSN. Default unset: reliable.
   */
  prLifetimeS?: number;
  /**
   * SCTP: PR-SCTP limited retransmissions (ns-2.35 reliability_ of its unreliable streams): a
   * chunk already retransmitted this many times is abandoned instead of being resent (0: sent
   * once, never retransmitted) and skipped with FORWARD-TSN (RFC 3758 §3.5). Default unset.
   */
  prMaxRetransmissions?: number;
  /**
   * TCP: pace the sender (tcp/pacing.ts): after each packet the send loop waits its size at the
   * pacing rate, as ns-3.37's and Linux's TCP pacing. The rate is BBR's own (pacing_gain × bw)
   * for BBR, else Linux's 2 × cwnd/srtt in slow start and 1.2 × cwnd/srtt after. Default
   * (undefined): on for BBR, off for every other sender.
   */
  pacing?: boolean;
  /** Record each delivery to the application (trace/deliveries.ts). Default false. */
  recordDeliveries?: boolean;
}

export interface SimConfig {
  nodes: string[];
  links: LinkConfig[];
  flows: FlowConfig[];
  losses: LossConfig[];
  /** Simulation end, seconds. */
  stopS: number;
  /** The router whose queue the router plot shows (e.g. 'R1'). */
  router: string;
  /** The bottleneck link leaving the router (router → next hop). */
  bottleneck: { from: string; to: string };
  /**
   * Seed of the run's named random streams other than loss (applications, link delay
   * variation): each consumer derives its own stream from it and its name (core/streams.ts).
   * Default 0.
   */
  seed?: number;
  /** Links failing and recovering during the run (LinkEvent). Default none: a static network. */
  linkEvents?: LinkEvent[];
  /**
   * Shared media (radio cells, net/medium.ts): their ports join the routing after every link
   * of `links`. Default none.
   */
  media?: MediumConfig[];
}

/**
 * ns-2.35's TCP clock phase (boot_time_) in its default runs: Random::uniform(0.01) drawn at the
 * agent reset, the second draw of ns-2's default random stream. With it, RTT samples (and so
 * RTOs) count ticks exactly as ns-2 does.
 */
export const NS2_TICK_PHASE_S = 0.005558807158637237;
