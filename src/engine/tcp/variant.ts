import type { TcpSenderId } from '../sender-ids';
import type { RecoveryFamily, VariantMeta } from '../variant-meta';
import type { RateInfo } from '../trace/rates';
import type { CongestionFamily } from './congestion';
import type { AckInfo, TcpSender } from './sender';

/**
 * A TCP variant: everything that makes Tahoe, Reno, NewReno, SACK, FACK or CUBIC what it is, in
 * one file of tcp/variants/ plus one line of the registry (tcp/variants/index.ts):
 * - identity (`id`, `meta`: names, compare colour/dash, fast-retransmit threshold);
 * - `congestion`: the window arithmetic as congestion ops (congestion.ts), per rule set;
 * - the loss detection and recovery rules (`onAck`, `onTimeout`, `sendMuch`) over the shell's
 *   ns-2 primitives, naming each rule with `s.rule(code)`; the shell records the decision
 *   (old → new values) around every call;
 * - `init`: the variant's own per-sender record `X` (a scoreboard, FACK's snd.fack), handed to
 *   every rule as `x` — the shell never looks inside;
 * Codes only this variant emits are defined in its file with `variantReasons` (trace/reasons.ts).
 */
export interface TcpVariant<Id extends TcpSenderId = TcpSenderId, X = unknown> {
  readonly id: Id;
  readonly meta: VariantMeta;
  /** Whether the receiver sends SACK blocks (RFC 2018; the pcap SYN says SACK-permitted). */
  readonly sack: boolean;
  /** Its loss recovery, for readers of the trace (variant-meta.ts RecoveryFamily). */
  readonly recovery: Extract<RecoveryFamily, 'go-back-n' | 'reno' | 'newreno' | 'sack' | 'fack'>;
  readonly congestion: CongestionFamily;
  /**
   * ns-2 quirk of the variant's own output(): every segment leaves as packetSize_ (mssBytes)
   * bytes, without the TCP/IP header TcpAgent::output adds (tcp-vegas.cc
   * VegasTcpAgent::output). Under `ns2` rules the shell sizes packets so; absent: with header.
   */
  readonly ns2Headerless?: boolean;
  /**
   * The congestion control sets the pacing rate itself and paces unless the flow says
   * `pacing: false` (BBR; tcp/pacing.ts). Absent: Linux's window-based rate when paced.
   */
  readonly ownPacing?: boolean;
  /** Its own values for the rate trace (BBR's model; trace/rates.ts RateInfo); absent: none. */
  rateInfo?(x: X): RateInfo;
  /** The variant's record; `cc` is its congestion ops' own record (made just before). */
  init(s: TcpSender, cc: unknown): X;
  /** Effective send window in packets (ns-2 window()). */
  window(s: TcpSender): number;
  /** The window as a double for precisionReduce_ cuts (ns-2 windowd()); default min(cwnd, wnd). */
  windowd?(s: TcpSender): number;
  /** The transfer starts (after the handshake, if any), before the first packets go out. */
  onStart?(s: TcpSender, x: X): void;
  /** An ACK arrived. */
  onAck(s: TcpSender, ack: AckInfo, x: X): void;
  /** The retransmission timer expired. */
  onTimeout(s: TcpSender, x: X): void;
  /** FACK only: the forward-most SACKed packet (snd.fack), 1-based, for the decision record. */
  fack?(s: TcpSender, x: X): number;
  /** Send what the window allows (ns-2 send_much). */
  sendMuch(s: TcpSender, force: boolean, maxburst: number, x: X): void;
}

/** Type a variant object (keeps its literal id, checks the rest). */
export function defineTcpVariant<const Id extends TcpSenderId, X>(
  v: TcpVariant<Id, X>,
): TcpVariant<Id, X> {
  return v;
}

/** ns-2 TcpAgent::window(): ⌊min(cwnd, wnd)⌋. */
export function basicWindow(s: TcpSender): number {
  return s.cwnd < s.wnd ? Math.trunc(s.cwnd) : Math.trunc(s.wnd);
}

/** For variants with no state of their own. */
export const noState = (): null => null;

/** 1st, 2nd, 3rd… */
export function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
