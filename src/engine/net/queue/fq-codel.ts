/**
 * FQ-CoDel (RFC 8290): packets are hashed by flow into `flows` queues (§4.1.1), each run by its
 * own CoDel loop (codel-law.ts), and served by deficit round robin with a byte `quantum`
 * (§4.2), new flows ahead of old ones (§4.3–4.4: a queue that becomes active joins the new
 * list with a full quantum; a new queue that uses its quantum or empties moves to the old
 * list; an old queue that empties leaves). When the packets held reach the limit, up to 64 are
 * dropped from the head of the queue with the most bytes until half its bytes are gone
 * (§4.1.3, ns-3.37 FqCoDelDrop with DropBatchSize 64; DropCause.overflow).
 *
 * As ns-3.37's FqCoDelQueueDisc: flows 1024, quantum = the device MTU (1500 bytes; RFC 8290
 * suggests the MTU plus link header, 1514), each flow queue's CoDel with target 5 ms, interval
 * 100 ms and MinBytes 1500. The hash is of the flow id (one flow = one 5-tuple here): MurmurHash3's
 * 32-bit finaliser (fmix32), modulo `flows`, no perturbation — deterministic, so two flows
 * share a queue only if their ids collide modulo `flows`.
 *
 * Limit: (packets held + 1) ≥ the link's queueLimit triggers the fat-flow drop after the
 * arriving packet is queued (drop-tail's convention for `queue`, so queue = N holds N − 1).
 *
 * State samples (QueueContext.state, on change): a = queues in the new and old lists (active
 * flows); b = the CoDel count of the queue just served while it is dropping, else 0.
 *
 * Units: seconds, bytes, packets.
 */
import { DropCause } from '../../trace/types';
import type { Packet } from '../packet';
import { CoDelLaw, type CoDelActions, type CoDelParams } from './codel-law';
import type { QueueContext, QueueDisc } from './queue-disc';
import { TimedFifo } from './timed-fifo';

/** LinkConfig.queue of an FQ-CoDel link. */
export interface FqCoDelConfig extends CoDelParams {
  kind: 'fq-codel';
  /** Number of flow queues (RFC 8290 §5.2.1 "flows"; 1024). */
  flows: number;
  /** Bytes a queue may send per round (§4.2 "quantum"). */
  quantumBytes: number;
}

/** ns-3.37's defaults: 1024 flows, quantum 1500 (the device MTU), CoDel 5 ms / 100 ms, ECN on. */
export const FQ_CODEL_DEFAULTS: Readonly<Omit<FqCoDelConfig, 'kind'>> = {
  flows: 1024,
  quantumBytes: 1500,
  targetS: 0.005,
  intervalS: 0.1,
  ecn: true,
};

/** Packets dropped at most per overflow (ns-3.37 DropBatchSize; Linux drop_batch_size). */
const DROP_BATCH = 64;
const INACTIVE = 0;
const NEW = 1;
const OLD = 2;

interface FlowQueue {
  readonly fifo: TimedFifo;
  readonly law: CoDelLaw;
  deficit: number;
  status: number;
}

/** MurmurHash3's 32-bit finaliser (fmix32) of a flow id. */
export function flowHash(flow: number): number {
  let h = flow >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** Names of the state samples' `a` and `b` (AQM_STATE_NAMES). */
export const FQ_CODEL_STATE_NAMES = ['active_flows', 'count'] as const;

export class FqCoDel implements QueueDisc {
  readonly kind = 'fq-codel';
  /** Flow queues by bucket, created on first use. */
  private readonly byBucket = new Map<number, FlowQueue>();
  /** Flow queues in the order they were created (the fat-flow search's order, as ns-3). */
  private readonly created: FlowQueue[] = [];
  private readonly newFlows: FlowQueue[] = [];
  private readonly oldFlows: FlowQueue[] = [];
  private held = 0;
  private heldBytes = 0;
  private readonly act: CoDelActions;
  private lastA = 0;
  private lastB = 0;

  /**
   * @param cfg flows, quantum (bytes), the flow queues' CoDel target / interval (s), ECN
   * @param limit LinkConfig.queueLimit, packets (≥ 1)
   * @param ctx the link: drops, marks, state samples
   */
  constructor(
    private readonly cfg: FqCoDelConfig,
    private readonly limit: number,
    private readonly ctx: QueueContext,
  ) {
    this.act = {
      drop: (p) => {
        this.held--;
        this.heldBytes -= p.size;
        ctx.drop(p, DropCause.aqm);
      },
      mark: (p) => ctx.mark(p),
    };
  }

  get length(): number {
    return this.held;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  enqueue(p: Packet): void {
    const bucket = flowHash(p.flow) % this.cfg.flows;
    let q = this.byBucket.get(bucket);
    if (q === undefined) {
      q = { fifo: new TimedFifo(), law: new CoDelLaw(this.cfg), deficit: 0, status: INACTIVE };
      this.byBucket.set(bucket, q);
      this.created.push(q);
    }
    if (q.status === INACTIVE) {
      q.status = NEW;
      q.deficit = this.cfg.quantumBytes;
      this.newFlows.push(q);
    }
    q.fifo.push(p, this.ctx.now());
    this.held++;
    this.heldBytes += p.size;
    if (this.held >= this.limit) this.fatFlowDrop();
    this.report(this.lastB);
  }

  /** flows, quantum (bytes), the flow queues' target and interval (s) (LinkInfo.aqmParams). */
  params(): Record<string, number> {
    const c = this.cfg;
    return {
      flows: c.flows,
      quantumBytes: c.quantumBytes,
      targetS: c.targetS,
      intervalS: c.intervalS,
    };
  }

  dequeue(): Packet | null {
    const now = this.ctx.now();
    for (;;) {
      let q: FlowQueue | undefined;
      let fromNew = false;
      while (q === undefined && this.newFlows.length > 0) {
        const head = this.newFlows[0]!;
        if (head.deficit <= 0) {
          head.deficit += this.cfg.quantumBytes;
          head.status = OLD;
          this.oldFlows.push(head);
          this.newFlows.shift();
        } else {
          q = head;
          fromNew = true;
        }
      }
      while (q === undefined && this.oldFlows.length > 0) {
        const head = this.oldFlows[0]!;
        if (head.deficit <= 0) {
          head.deficit += this.cfg.quantumBytes;
          this.oldFlows.push(head);
          this.oldFlows.shift();
        } else q = head;
      }
      if (q === undefined) {
        this.report(this.lastB);
        return null;
      }
      const p = q.law.dequeue(q.fifo, now, this.act);
      if (p === null) {
        // An empty new queue moves to the old list (RFC 8290 §4.2); an empty old one leaves.
        if (fromNew) {
          q.status = OLD;
          this.oldFlows.push(q);
          this.newFlows.shift();
        } else {
          q.status = INACTIVE;
          this.oldFlows.shift();
        }
        continue;
      }
      this.held--;
      this.heldBytes -= p.size;
      q.deficit -= p.size;
      this.report(q.law.dropping ? q.law.count : 0);
      return p;
    }
  }

  drain(out: (p: Packet) => void): void {
    for (const q of this.created) {
      while (q.fifo.size > 0) out(q.fifo.shift());
      q.law.onEmpty();
      q.status = INACTIVE;
    }
    this.newFlows.length = 0;
    this.oldFlows.length = 0;
    this.held = 0;
    this.heldBytes = 0;
    this.report(0);
  }

  /** RFC 8290 §4.1.3: drop from the head of the fattest queue until half its bytes are gone. */
  private fatFlowDrop(): void {
    let fat: FlowQueue | null = null;
    for (const q of this.created) if (fat === null || q.fifo.bytes > fat.fifo.bytes) fat = q;
    const threshold = Math.floor(fat!.fifo.bytes / 2);
    let len = 0;
    let count = 0;
    do {
      const p = fat!.fifo.shift();
      this.held--;
      this.heldBytes -= p.size;
      len += p.size;
      this.ctx.drop(p, DropCause.overflow);
    } while (++count < DROP_BATCH && len < threshold);
  }

  /** One state sample when the active-flow count or the served queue's CoDel count changed. */
  private report(b: number): void {
    const a = this.newFlows.length + this.oldFlows.length;
    if (a === this.lastA && b === this.lastB) return;
    this.lastA = a;
    this.lastB = b;
    this.ctx.state(a, b);
  }
}
