/**
 * Stack profiles: which ns-2.35 settings a flow's sender runs with. A profile fills the
 * engine's stack fields (FlowConfig; their docstrings cite the ns-2 code and RFC passage) and
 * gives the "auto" value of the flow keys that may be left to it (icwnd, maxburst, handshake,
 * rwnd). An explicit key always wins over the profile.
 *
 * - `ff96` — the Fall & Floyd test-suite settings (ns-2.35 tcl/test/test-suite-tcpVariants.tcl),
 *   under which the Fall & Floyd and Caro et al. presets agree with ns-2.35 packet for packet:
 *   TCP cwnd starts at 1 with no SYN, integer window cuts, no limited transmit, minimum RTO 1 s,
 *   NewReno without partial window deflation ("Slow-but-Steady"); SCTP cwnd starts at 1 MTU,
 *   a chunk counts its user data only, rwnd = window chunks, no Max.Burst.
 * - `ns2` — ns-2.35's own defaults (tcl/lib/ns-default.tcl, sctp/sctp.cc), what a plain ns-2
 *   script gets: TCP `windowInit_` 2, `syn_` 1 (packet 1 is a 40-byte SYN segment),
 *   `delay_growth_` 1, `singledup_` 1 (RFC 3042 limited transmit), `precisionReduce_` 1,
 *   `minrto_` 0.2 s, NewReno `partial_window_deflation_` 1 and `newreno_changes1_` 1
 *   (`updated_rttvar_` and `rfc2988_` are the engine's only path); SCTP `mtu_` 1500 (cwnd
 *   counted in 1468-byte MTUs), initial cwnd min(4·MTU, max(2·MTU, 4380)) = 4380 bytes
 *   (RFC 4960 §7.2.1, sctp.cc Reset), `initialRwnd_` 65536 bytes, Max.Burst 4 (RFC 4960 §6.1),
 *   a DATA chunk counting its 16-byte header in outstanding data and rwnd (sctp.cc
 *   GenOneDataChunk), and the association set up (INIT … COOKIE-ACK, one HEARTBEAT) before data.
 *
 * - `rfc` — the RFC text where ns-2.35 departs from it (FlowConfig.rules = 'rfc'): TCP cuts
 *   ssthresh to max(FlightSize/2, 2) (RFC 5681 eq. 4), fast-retransmits a lost first window
 *   (RFC 6582 §3.2 step 1: recover starts at the ISN), sets cwnd = ssthresh when fast recovery
 *   ends (RFC 6582 §3.2 step 3), starts with RFC 5681 §3.1's initial window (eq. 1: 4 segments
 *   for an SMSS ≤ 1095 bytes, 3 up to 2190, else 2) after a SYN / SYN-ACK handshake, limited
 *   transmit (RFC 3042), minimum RTO 1 s (RFC 6298 §2.4), NewReno's partial deflation and
 *   "Impatient" timer (RFC 6582 §3.2 step 5). SCTP flows get `ns2`'s settings (path MTU 1500,
 *   Max.Burst 4, handshake, 16-byte chunk headers counted, rwnd 65536) with FlowConfig.rules =
 *   'rfc', under which the sender follows RFC 4960 where sctp.cc departs
 *   (src/engine/sctp/rules.ts): chunks marked for retransmission leave the flight size until
 *   resent (§6.1 C, §6.2.1 C1 / D ii), cwnd counts in path MTUs as written (1500 bytes, not
 *   ns-2's 1468) with the initial cwnd min(4·MTU, max(2·MTU, 4380)) of that MTU (§7.2.1),
 *   partial_bytes_acked takes every newly acked byte in congestion avoidance (§7.2.2), and every
 *   T3-rtx expiry sets ssthresh = max(cwnd/2, 4·MTU) (§6.3.3 E1, §7.2.3).
 *
 * src/engine/README.md tabulates the TCP fields; tests/engine/ns2-defaults.test.ts and
 * tests/engine/sctp/ns2-runs.test.ts compare `ns2` runs with ns-2.35 event for event.
 */
import {
  isSctpSender,
  isTcpSender,
  isUdpSender,
  senderTraits,
  type FlowConfig,
  type RecoveryMode,
  type SenderId,
} from '../engine';
import { UDP_HEADER_BYTES } from '../engine';
import type { FlowSpec, ProfileId } from './types';

export const PROFILE_IDS: readonly ProfileId[] = ['ff96', 'ns2', 'rfc'];

export const PROFILE_LABELS: Readonly<Record<ProfileId, string>> = {
  ff96: 'Fall & Floyd test suite',
  ns2: 'ns-2.35 defaults',
  rfc: 'RFC text (5681, 6582, 4960)',
};

/** ns-2.35 Agent/SCTP mtu_: cwnd counts in MTUs of mtu_ − 32 = 1468 bytes. */
export const NS2_SCTP_MTU = 1500;
/** ns-2.35 Agent/SCTP initial cwnd for mtu_ 1500: min(4·1468, max(2·1468, 4380)) bytes. */
export const NS2_SCTP_INITIAL_CWND_BYTES = 4380;
/** IP 20 + SCTP common header 12: ns-2's cwnd unit (uiMaxDataSize) is mtu_ − 32. */
const NS2_SCTP_MTU_OVERHEAD = 32;

/**
 * ns-2.35's SCTP initial cwnd for a path MTU (sctp.cc Reset; RFC 4960 §7.2.1):
 * min(4·M, max(2·M, 4380)) bytes with M = mtu − 32 — 4380 for the default mtu_ 1500, more when
 * a large mss raises the MTU (never below one MTU).
 */
export function ns2SctpInitialCwndBytes(pathMtuBytes: number): number {
  return rfc4960SctpInitialCwndBytes(pathMtuBytes - NS2_SCTP_MTU_OVERHEAD);
}

/**
 * RFC 4960 §7.2.1's initial cwnd with the path MTU as written: min(4·MTU, max(2·MTU, 4380))
 * bytes — the `rfc` profile's (the SCTP sender's cwnd unit is then the path MTU too:
 * src/engine/sctp/rules.ts). Equal to ns-2's for path MTUs of 1127–2190 bytes.
 */
export function rfc4960SctpInitialCwndBytes(pathMtuBytes: number): number {
  return Math.min(4 * pathMtuBytes, Math.max(2 * pathMtuBytes, 4380));
}
/** ns-2.35 Agent/SCTP initialRwnd_, bytes. */
export const NS2_SCTP_RWND_BYTES = 65536;
/** RFC 2960 §3.3.1 DATA chunk header, bytes; ns-2.35 counts it in outstanding data. */
const DATA_CHUNK_HEADER = 16;
/** IP 20 + SCTP common header 12 + DATA chunk header 16. */
const NS2_SCTP_HEADER_BYTES = 48;

/** What the topology fixes about a flow (not URL keys). */
export interface LinkLayer {
  /** Header bytes per data packet on the wire, by protocol. */
  headerBytes: { tcp: number; sctp: number };
  /**
   * ns-2 artefact: with no SYN, ns-2's TCP sends its first data packet (seqno 0) without the
   * TCP/IP header; kept on the Fall & Floyd network so times equal ns-2.35's (FlowConfig).
   */
  ns2FirstPacketWithoutHeader: boolean;
  /** RTO clock granularity, s (ns-2 tcpTick_). */
  tickS: number;
  /** RTO before the first RTT sample, s (RFC 2988 §2.1: 3 s). */
  initialRtoS: number;
  /** SCTP path MTU under `ff96`, bytes; unset = the MTU unit is the chunk (FlowConfig.pathMtuBytes). */
  sctpPathMtuBytes?: number;
}

/**
 * RFC 5681 §3.1 eq. 1, the initial window in segments for an SMSS in bytes: 2 above 2190, 3
 * above 1095, else 4 (RFC 3390 §1's min(4·MSS, max(2·MSS, 4380)) rounded down to segments).
 */
export function rfc5681InitialWindow(smssBytes: number): number {
  if (smssBytes > 2190) return 2;
  if (smssBytes > 1095) return 3;
  return 4;
}

/**
 * The flow's "auto" initial window in packets (SCTP: MTUs), or null when bytes decide (SCTP
 * under `ns2` and `rfc`, RFC 4960 §7.2.1).
 */
export function autoIcwnd(f: FlowSpec): number | null {
  if (f.profile === 'ff96' || isUdpSender(f.sender)) return 1;
  if (!isTcpSender(f.sender)) return null;
  return f.profile === 'rfc' ? rfc5681InitialWindow(f.mss) : 2;
}

/** The flow's "auto" Max.Burst (0 = none): ns-2.35's SCTP sends at most 4 per SACK (RFC 4960 §6.1). */
export function autoMaxburst(profile: ProfileId, sender: SenderId): number {
  return profile !== 'ff96' && isSctpSender(sender) ? 4 : 0;
}

/**
 * The flow's "auto" handshake: ns-2.35's SCTP always sets up its association first; under `rfc`
 * TCP opens its connection with SYN / SYN-ACK too (RFC 793 §3.4) instead of ns-2's SYN segment.
 */
export function autoHandshake(profile: ProfileId, sender: SenderId): boolean {
  if (isUdpSender(sender)) return false;
  if (profile === 'rfc') return true;
  return profile === 'ns2' && !isTcpSender(sender);
}

/**
 * Bytes one of an SCTP flow's DATA chunks takes in the receiver window: its user data (`mss`),
 * plus the chunk header under `ns2` (sctp.cc counts it). An `rwnd` below this holds no chunk:
 * the association could never deliver anything.
 */
export function rwndChunkBytes(f: FlowSpec): number {
  return f.mss + (f.profile !== 'ff96' ? DATA_CHUNK_HEADER : 0);
}

/** The `recovery` key's values. */
export const RECOVERY_MODES: readonly RecoveryMode[] = ['classic', 'prr'];

/**
 * Whether a sender can recover with PRR (RFC 9937): the SACK-based ones whose recovery is SACK's
 * pipe rules (SACK, CUBIC: traits.recovery 'sack'). Not FACK — its recovery is its own sending
 * rule (awnd from snd.fack, Mathis & Mahdavi 1996 §3), which PRR would replace wholesale — and
 * not the Reno family, Vegas or SCTP, which have no SACK scoreboard to count pipe from.
 */
export function prrCapable(sender: SenderId): boolean {
  return senderTraits(sender)?.recovery === 'sack';
}

/** The flow's "auto" recovery: PRR under `rfc` for the senders that can (RFC 9937), else classic. */
export function autoRecovery(profile: ProfileId, sender: SenderId): RecoveryMode {
  return profile === 'rfc' && prrCapable(sender) ? 'prr' : 'classic';
}

/** A flow's resolved keys: the explicit values, or the profile's where the key is auto. */
export function effectiveRecovery(f: FlowSpec): RecoveryMode {
  return f.recovery ?? autoRecovery(f.profile, f.sender);
}

export function effectiveHandshake(f: FlowSpec): boolean {
  return f.handshake ?? autoHandshake(f.profile, f.sender);
}

export function effectiveMaxburst(f: FlowSpec): number {
  return f.maxburst ?? autoMaxburst(f.profile, f.sender);
}

/**
 * The engine's stack fields for a flow: the profile's settings with the explicit keys on top.
 * Returns the part of FlowConfig a profile decides (the caller adds ids, nodes and timing).
 */
export function stackFields(
  f: FlowSpec,
  link: LinkLayer,
): Pick<
  FlowConfig,
  | 'headerBytes'
  | 'initialCwndPkts'
  | 'maxburst'
  | 'handshake'
  | 'firstPacketWithoutHeader'
  | 'minRtoS'
  | 'synSegment'
  | 'delayGrowth'
  | 'limitedTransmit'
  | 'precisionReduce'
  | 'newrenoPartialWindowDeflation'
  | 'newrenoImpatient'
  | 'pathMtuBytes'
  | 'dataChunkHeaderBytes'
  | 'initialCwndBytes'
  | 'initialRwndBytes'
  | 'rules'
> {
  if (isUdpSender(f.sender)) {
    // UDP (RFC 768): 8-byte header + 20-byte IPv4 header, no connection, nothing to time.
    return {
      headerBytes: UDP_HEADER_BYTES,
      initialCwndPkts: 1,
      maxburst: 0,
      handshake: false,
      firstPacketWithoutHeader: false,
      minRtoS: 1,
    };
  }
  const tcp = isTcpSender(f.sender);
  const handshake = effectiveHandshake(f);
  const maxburst = effectiveMaxburst(f);
  if (f.profile === 'ff96') {
    const mtu = link.sctpPathMtuBytes;
    return {
      headerBytes: tcp ? link.headerBytes.tcp : link.headerBytes.sctp,
      initialCwndPkts: f.icwnd ?? 1,
      maxburst,
      handshake,
      firstPacketWithoutHeader: link.ns2FirstPacketWithoutHeader && !handshake,
      minRtoS: 1,
      ...(!tcp && mtu !== undefined
        ? { pathMtuBytes: Math.max(mtu, f.mss + link.headerBytes.sctp) }
        : {}),
      ...(!tcp && f.rwnd !== null ? { initialRwndBytes: f.rwnd } : {}),
    };
  }
  if (tcp && f.profile === 'rfc') {
    return {
      headerBytes: link.headerBytes.tcp,
      initialCwndPkts: f.icwnd ?? autoIcwnd(f)!,
      maxburst,
      handshake,
      firstPacketWithoutHeader: false,
      minRtoS: 1,
      synSegment: false,
      delayGrowth: false,
      limitedTransmit: true,
      precisionReduce: true,
      newrenoPartialWindowDeflation: true,
      newrenoImpatient: true,
      rules: 'rfc',
    };
  }
  if (tcp) {
    return {
      headerBytes: link.headerBytes.tcp,
      initialCwndPkts: f.icwnd ?? autoIcwnd(f)!,
      maxburst,
      handshake,
      firstPacketWithoutHeader: false,
      minRtoS: 0.2,
      synSegment: !handshake,
      delayGrowth: true,
      limitedTransmit: true,
      precisionReduce: true,
      newrenoPartialWindowDeflation: true,
      newrenoImpatient: true,
    };
  }
  const header = Math.max(link.headerBytes.sctp, NS2_SCTP_HEADER_BYTES);
  const pathMtuBytes = Math.max(NS2_SCTP_MTU, f.mss + header);
  return {
    headerBytes: header,
    initialCwndPkts: f.icwnd ?? 1,
    ...(f.icwnd === null
      ? {
          initialCwndBytes:
            f.profile === 'rfc'
              ? rfc4960SctpInitialCwndBytes(pathMtuBytes)
              : ns2SctpInitialCwndBytes(pathMtuBytes),
        }
      : {}),
    maxburst,
    handshake,
    firstPacketWithoutHeader: false,
    minRtoS: 1,
    pathMtuBytes,
    dataChunkHeaderBytes: DATA_CHUNK_HEADER,
    initialRwndBytes: f.rwnd ?? NS2_SCTP_RWND_BYTES,
    ...(f.profile === 'rfc' ? { rules: 'rfc' as const } : {}),
  };
}
