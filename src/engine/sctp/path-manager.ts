import type { FlowConfig } from '../config';
import { PATH_NOTE_CODES, type PathNoteCode } from '../trace/notes';
import { PathEvent, type PathEventName } from '../trace/path-events';
import type { TraceSink } from '../trace/sink';
import { ASSOCIATION_MAX_RETRANS, RTO_MAX_S } from './chunks';
import { Mark, type Chunk } from './queue';
import type { SctpPath } from './path';
import type { SctpRules } from './rules';

/** RFC 4960 §15 Path.Max.Retrans (ns-2 pathMaxRetrans_ 5). */
export const PATH_MAX_RETRANS = 5;

/**
 * The association's paths and their state (RFC 4960 §6.4, §8.1–§8.3; ns-2.35 sctp.cc's
 * spPrimaryDest / spNewTxDest, GetNextDest, Timeout, SendBufferDequeueUpTo and
 * ProcessHeartbeatAckChunk):
 *
 * - `paths[0]` is the primary path (FlowConfig.dstAddrs[0]); new data goes to `txPath`, the
 *   primary while it is active, else the next active path in dstAddrs order (`failover`).
 * - Each path counts its errors (`strike`: a T3-rtx expiry or an unanswered HEARTBEAT, §8.2,
 *   §8.3); after Path.Max.Retrans + 1 strikes (errorCount > Path.Max.Retrans) the path is
 *   inactive. Strikes on an active path also count toward the association's error count
 *   (§8.1; ns-2 counts none on an inactive path); above Association.Max.Retrans the sender
 *   aborts.
 * - A DATA chunk acknowledged for the first time (not retransmitted after a timeout, not
 *   Gap-Acked before) or a HEARTBEAT-ACK clears the path's error counter (`clear`): an inactive
 *   path is active again (`recovered`) and new data returns to the primary once it is (`primary`).
 *
 * Path events (trace/path-events.ts) are written only when there is more than one path; so are
 * `change` rows (`flushChanges`: cwnd, ssthresh, RTO or error count differ from the last row).
 * Values in rows: bytes, seconds.
 */
export class SctpPathManager {
  readonly paths: SctpPath[];
  /** The primary path (RFC 4960 §6.4): paths[0]. */
  readonly primary: SctpPath;
  /** Where new data goes (ns-2 spNewTxDest): the primary unless it failed over. */
  txPath: SctpPath;
  /** More than one path: path events and packet paths are recorded. */
  readonly multi: boolean;
  /** Path.Max.Retrans (FlowConfig.pathMaxRetrans). */
  readonly pathMaxRetrans: number;
  /** Association.Max.Retrans (FlowConfig.assocMaxRetrans). */
  readonly assocMaxRetrans: number;
  /** RTO.Max, seconds (FlowConfig.maxRtoS). */
  readonly maxRtoS: number;
  /** Consecutive strikes over all active paths with nothing acknowledged (RFC 4960 §8.1). */
  assocErrors = 0;
  /** Last row's (cwnd, ssthresh, rto, errorCount) per path, for `change` rows. */
  private readonly last: number[][];

  constructor(
    paths: SctpPath[],
    cfg: FlowConfig,
    private readonly rules: SctpRules,
    private readonly rec: TraceSink,
    private readonly now: () => number,
  ) {
    this.paths = paths;
    this.primary = paths[0]!;
    this.txPath = this.primary;
    this.multi = paths.length > 1;
    this.pathMaxRetrans = cfg.pathMaxRetrans ?? PATH_MAX_RETRANS;
    this.assocMaxRetrans = cfg.assocMaxRetrans ?? ASSOCIATION_MAX_RETRANS;
    this.maxRtoS = cfg.maxRtoS ?? RTO_MAX_S;
    this.flowId = cfg.id;
    this.last = paths.map((p) => [p.cwnd, p.ssthresh, p.rto, p.errorCount]);
  }

  private readonly flowId: number;

  /** The path of destination node `node` (a HEARTBEAT-ACK's source address), or undefined. */
  pathOfNode(node: number): SctpPath | undefined {
    return this.paths.find((p) => p.node === node);
  }

  /**
   * ns-2 GetNextDest: the next active path after `p` in dstAddrs order, wrapping around; `p`
   * itself when it is the only active one. With every path inactive, the path after `p`
   * (ns-2's default dormantAction_ 0, DORMANT_HOP).
   */
  nextActive(p: SctpPath): SctpPath {
    const n = this.paths.length;
    for (let k = 1; k <= n; k++) {
      const q = this.paths[(p.index + k) % n]!;
      if (q.active) return q;
    }
    return this.paths[(p.index + 1) % n]!;
  }

  /**
   * Where the marked chunk `c` (the first marked one of a retransmission) is resent (RFC 4960
   * §6.4: "retransmit a chunk that timed out to an active destination transport address that is
   * different from the last destination address to which the DATA chunk was sent"). Under `ns2`
   * every retransmission goes to the next active path (sctp.cc RtxMarkedChunks with rtxToAlt_ 1,
   * fast retransmissions too); under `rfc` a fast retransmission stays on its path while that is
   * active (§7.2.4 says nothing of an alternate). Single-homed: the one path.
   */
  destinationForRetransmit(c: Chunk): SctpPath {
    if (this.rules === 'rfc' && c.marked === Mark.fast && c.path.active) return c.path;
    return this.nextActive(c.path);
  }

  /**
   * One strike on path `p` (RFC 4960 §8.2 / §8.3; ns-2 Timeout): error counter + 1; on an
   * active path the association's count + 1 too, and above Path.Max.Retrans the path becomes
   * inactive — new data fails over if it went there. Returns true when the association's count
   * exceeds Association.Max.Retrans (§8.1: the caller aborts).
   */
  strike(p: SctpPath, kind: 't3-expiry' | 'heartbeat-timeout'): boolean {
    p.errorCount++;
    this.event(p, kind);
    if (!p.active) return false;
    this.assocErrors++;
    if (p.errorCount > this.pathMaxRetrans) {
      p.active = false;
      this.event(p, 'inactive');
      if (p === this.txPath) {
        this.txPath = this.nextActive(p);
        if (this.txPath !== p) this.event(p, 'failover');
      }
    }
    return this.assocErrors > this.assocMaxRetrans;
  }

  /**
   * Clear path `p`'s error counter (RFC 4960 §8.2: a DATA chunk newly acknowledged; §8.3: a
   * HEARTBEAT-ACK): an inactive path is active again, and new data returns to the primary when
   * the primary is the path cleared (ns-2 SendBufferDequeueUpTo, ProcessHeartbeatAckChunk).
   */
  clear(p: SctpPath): void {
    p.errorCount = 0;
    if (!p.active) {
      p.active = true;
      this.event(p, 'recovered');
    }
    if (p === this.primary && this.txPath !== this.primary) {
      this.txPath = this.primary;
      this.event(p, 'primary');
    }
  }

  /** The association ends (§8.1): an `abort` row on every path. */
  aborted(): void {
    for (const p of this.paths) this.event(p, 'abort');
  }

  /**
   * Write a path event row with the path's values now (multi-homed only); `note`: what RFC 4960
   * would do here, in a run under ns-2's rules (trace/notes.ts PATH_NOTE_CODES).
   */
  event(p: SctpPath, name: PathEventName, note?: { code: PathNoteCode; value: number }): void {
    if (!this.multi) return;
    this.row(p, PathEvent[name], note);
  }

  /** A `change` row for every path whose cwnd, ssthresh, RTO or error count moved (multi-homed only). */
  flushChanges(): void {
    if (!this.multi) return;
    for (const p of this.paths) {
      const l = this.last[p.index]!;
      if (l[0] !== p.cwnd || l[1] !== p.ssthresh || l[2] !== p.rto || l[3] !== p.errorCount) {
        this.row(p, PathEvent.change);
      }
    }
  }

  private row(p: SctpPath, event: number, note?: { code: PathNoteCode; value: number }): void {
    const l = this.last[p.index]!;
    l[0] = p.cwnd;
    l[1] = p.ssthresh;
    l[2] = p.rto;
    l[3] = p.errorCount;
    this.rec.pathEvent({
      time: this.now(),
      flow: this.flowId,
      path: p.index,
      event,
      state: p.active ? 0 : 1,
      cwnd: p.cwnd,
      ssthresh: p.ssthresh,
      rto: p.rto,
      errorCount: p.errorCount,
      ...(note ? { note: PATH_NOTE_CODES.indexOf(note.code) + 1, noteValue: note.value } : {}),
    });
  }
}
