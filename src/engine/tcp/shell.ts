import type { TcpRules } from '../config';
import type { Scheduler, Timer } from '../core/scheduler';
import type { Network } from '../net/network';
import type { TcpRuleCode } from '../trace/reasons';
import type { Phase, TriggerKind } from '../trace/types';
import type { TcpState } from './state';

/**
 * What the sender shell's own helpers (app-feed.ts, close.ts, idle.ts) use of it: the window
 * variables they may set (the idle rules restart or validate cwnd), the decision calls, the
 * clock, the network and the retransmission timer. `TcpSender` implements it; the helpers
 * import this interface, not the class, so they and the shell do not import each other.
 * Units as TcpState: packets, seconds, ns-2's 0-based seqnos.
 */
export interface TcpShell extends TcpState {
  cwnd: number;
  ssthresh: number;
  phase: Phase;
  /** Between begin() and end(); a helper that decides nothing clears it (no decision row). */
  inDecision: boolean;
  readonly rules: TcpRules;
  readonly packetsSent: number;
  readonly fastrecov: boolean;
  readonly sched: Scheduler;
  readonly net: Network;
  /** Node indexes of the sender and the receiver. */
  readonly node: number;
  readonly dst: number;
  readonly rtxTimer: Timer;
  /** The retransmission timeout now, s (RFC 6298 as ns-2 computes it). */
  rtoSeconds(): number;
  begin(): void;
  rule(code: TcpRuleCode): void;
  end(
    fallback: TcpRuleCode,
    kind: TriggerKind,
    cumAck?: number,
    dupacks?: number,
    event?: number,
  ): void;
  /** The variant's send_much with the flow's maxburst. */
  sendMore(): void;
}
