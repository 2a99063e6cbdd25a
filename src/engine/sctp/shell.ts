import type { FlowConfig } from '../config';
import type { Scheduler } from '../core/scheduler';
import type { Packet } from '../net/packet';
import type { NoteCode } from '../trace/notes';
import type { TriggerKind } from '../trace/types';
import type { CmtState } from './cmt';
import type { SctpCongestionOps } from './congestion';
import type { SctpHeartbeats } from './heartbeat';
import type { SctpPath } from './path';
import type { SctpPathManager } from './path-manager';
import type { Chunk, Mark } from './queue';
import type { SctpReasonCode } from './reasons';
import type { SctpRules } from './rules';
import type { SctpVariant } from './variant';

/**
 * What the SCTP sender shell's helpers (SACK processing, output, the path timers, CMT, PR-SCTP,
 * association setup, shutdown, the application feed) use of it. `SctpSender` implements it;
 * the helpers import this interface, not the class, so they and the shell do not import each
 * other. Units: bytes, seconds, TSNs.
 */
export interface SctpShell {
  readonly cfg: FlowConfig;
  readonly sched: Scheduler;
  readonly variant: SctpVariant;
  /** The variant's congestion ops (congestion.ts), with CMT's cuts under CMT. */
  readonly cc: SctpCongestionOps;
  readonly rules: SctpRules;
  readonly paths: SctpPath[];
  readonly pm: SctpPathManager;
  readonly hb: SctpHeartbeats;
  readonly cmt: CmtState | null;
  /** The application feed (app-feed.ts), as the helpers read it. */
  readonly feed: { readonly finite: boolean; limit(): number };
  /** PR-SCTP (pr-sctp.ts), as the helpers call it. */
  readonly pr: {
    readonly abandoned: number;
    noteOffered(offered: number, now: number): void;
    beforeNewTsns(offered: number): void;
    beforeRetransmit(c: Chunk): boolean;
    onT3(): void;
    afterSack(): void;
  };
  readonly mtu: number;
  readonly threshold: number;
  readonly maxBurst: number;
  readonly queue: Chunk[];
  inDecision: boolean;
  cumAckPoint: number;
  htna: number;
  recover: number;
  inRecovery: boolean;
  highestTsnSent: number;
  peerRwnd: number;
  applyMaxBurst: boolean;
  burstLength: number;
  markedPending: boolean;
  timedOut: boolean;
  packetsSent: number;
  timeouts: number;
  fastRetransmits: number;
  sentInDecision: number;
  readonly nextNewTsn: number;
  begin(): void;
  rule(code: SctpReasonCode): void;
  noteRfc(code: NoteCode, value: number): void;
  end(
    fallback: SctpReasonCode,
    kind: TriggerKind,
    cumAck?: number,
    dupacks?: number,
    event?: number,
  ): void;
  flightOf(p: SctpPath): number;
  totalFlight(): number;
  beginData(rwnd: number): void;
  mark(c: Chunk, why: Mark): void;
  anyMarked(): boolean;
  noteMarked(): void;
  sendNew(): void;
  nextChunkBytes(): number;
  takeTsn(): number;
  newUid(): number;
  countSent(tsn: number, retx: boolean): void;
  sendOnPath(pkt: Packet, p: SctpPath): void;
  sendControl(pkt: Packet): void;
  startT3(p: SctpPath): void;
  stopT3(p: SctpPath): void;
  rttUpdate(txTime: number, p?: SctpPath): void;
  backoffRto(p?: SctpPath): void;
  stopPathTimers(): void;
  abort(): void;
}
