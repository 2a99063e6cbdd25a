/**
 * The per-flow part of a SimConfig built from scenario keys: shared by every topology so a key
 * means the same thing everywhere.
 */
import { NS2_TICK_PHASE_S, type FlowConfig, type ScriptedDrop, type SenderId } from '../../engine';
import { effectiveFrtx, protocolOf } from '../senders';
import type { DropSpec, Scenario } from '../types';

/** Transport details a topology fixes (not URL keys). */
export interface FlowProfile {
  /** Time the bulk source starts, s. */
  startS: number;
  /** Header bytes per data packet on the wire, by protocol. */
  headerBytes: { tcp: number; sctp: number };
  /**
   * ns-2 artefact: with no SYN, ns-2's TCP sends its first data packet (seqno 0) without the
   * TCP/IP header (1000 instead of 1040 bytes). Keeping it makes every later time equal to
   * ns-2's instead of 0.44 ms late; the engine applies it only to TCP without a handshake.
   */
  ns2FirstPacketWithoutHeader: boolean;
  /** Minimum RTO, s (ns-2 minrto_; RFC 2988 §2.4 recommends 1 s). */
  minRtoS: number;
  /** RTO clock granularity, s (ns-2 tcpTick_). */
  tickS: number;
  /** RTO before the first RTT sample, s (RFC 2988 §2.1: 3 s). */
  initialRtoS: number;
  /**
   * SCTP path MTU, bytes (FlowConfig.pathMtuBytes: cwnd counts in MTU − 32 while a chunk counts
   * its own size). Raised to mss + the SCTP headers if a larger mss needs it. Unset: the MTU is
   * the chunk size.
   */
  sctpPathMtuBytes?: number;
}

/** One flow's config from the scenario's per-flow keys. */
export function flowConfig(
  s: Scenario,
  id: number,
  sender: SenderId,
  src: string,
  dst: string,
  profile: FlowProfile,
): FlowConfig {
  return {
    id,
    sender,
    src,
    dst,
    startS: profile.startS,
    mssBytes: s.mss,
    headerBytes: profile.headerBytes[protocolOf(sender)],
    windowPkts: s.window,
    initialCwndPkts: s.icwnd,
    maxburst: s.maxburst,
    bugfix: s.bugfix,
    dupackThreshold: effectiveFrtx(sender, s.frtx),
    delayedAck: s.delack,
    handshake: s.handshake,
    firstPacketWithoutHeader: profile.ns2FirstPacketWithoutHeader && !s.handshake,
    minRtoS: profile.minRtoS,
    tickS: profile.tickS,
    // ns-2's clock phase for every TCP flow, so RTOs match ns-2 on any topology.
    tickPhaseS: NS2_TICK_PHASE_S,
    initialRtoS: profile.initialRtoS,
    ...(profile.sctpPathMtuBytes !== undefined && protocolOf(sender) === 'sctp'
      ? { pathMtuBytes: Math.max(profile.sctpPathMtuBytes, s.mss + profile.headerBytes.sctp) }
      : {}),
  };
}

/** The engine's scripted drops for one flow. */
export function scriptedDrops(flow: number, drops: readonly DropSpec[]): ScriptedDrop[] {
  return drops.map((d) => ({ flow, packet: d.packet, transmission: d.transmission }));
}

/** Scripted drops of both flows (flow 2's only when it exists). */
export function allScriptedDrops(s: Scenario): ScriptedDrop[] {
  return [...scriptedDrops(0, s.drops), ...(s.sender2 ? scriptedDrops(1, s.drops2) : [])];
}
