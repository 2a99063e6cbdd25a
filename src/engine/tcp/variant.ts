import type { TcpSenderId } from '../config';
import type { AckInfo, TcpSender } from './sender';

/**
 * A TCP variant: the rules that differ between Tahoe, Reno, NewReno, SACK and FACK, plugged into
 * the shared sender shell. Each function reads and updates the shell's variables through its
 * ns-2 primitives and names the rule it applies with `s.rule(code)`; the shell records the
 * decision (old → new values) around every call.
 */
export interface TcpVariant {
  readonly id: TcpSenderId;
  /** Whether the receiver sends SACK blocks. */
  readonly sack: boolean;
  /** Extra per-sender state. */
  init?(s: TcpSender): void;
  /** Effective send window in packets (ns-2 window()). */
  window(s: TcpSender): number;
  /** The window as a double for precisionReduce_ cuts (ns-2 windowd()); default min(cwnd, wnd). */
  windowd?(s: TcpSender): number;
  /** An ACK arrived. */
  onAck(s: TcpSender, ack: AckInfo): void;
  /** The retransmission timer expired. */
  onTimeout(s: TcpSender): void;
  /** FACK only: the forward-most SACKed packet (snd.fack), 1-based, for the decision record. */
  fack?(s: TcpSender): number;
  /** Send what the window allows (ns-2 send_much). */
  sendMuch(s: TcpSender, force: boolean, maxburst: number): void;
}

/** ns-2 TcpAgent::window(): ⌊min(cwnd, wnd)⌋. */
export function basicWindow(s: TcpSender): number {
  return s.cwnd < s.wnd ? Math.trunc(s.cwnd) : Math.trunc(s.wnd);
}

/** 1st, 2nd, 3rd… */
export function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
