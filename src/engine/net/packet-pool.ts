/**
 * Recycled TCP data packets: a run sends one Packet object per transmission (≈ 160 bytes each,
 * about a fifth of what the long SACK run allocates), and each lives only from its send to its
 * delivery. The network takes back a data packet once the receiver it was delivered to has read
 * it (Endpoint.recyclesData), and the TCP sender fills a taken one instead of allocating; a
 * dropped packet is left to the garbage collector (a link still holds it until its delivery
 * event runs). Object identity only: every field is written again, so traces are unchanged.
 */
import { NO_BLOCKS, type Packet } from './packet';
import { PacketType } from '../trace/types';

/** Packets kept for reuse at most (more are left to the garbage collector). */
const POOL_MAX = 4096;

export class PacketPool {
  private readonly free: Packet[] = [];

  /**
   * A data packet from `src` to `dst` of `size` bytes with uid `uid`: a taken one with every field
   * written again, or a new one of the same shape (one hidden class for both). The caller sets
   * seq, retx and sentAt; cumAck, forSeq and tsEcho are 0 and blocks empty (a data packet's).
   */
  dataPacket(uid: number, flow: number, src: number, dst: number, size: number): Packet {
    const p = this.free.pop();
    if (p === undefined)
      return {
        uid,
        flow,
        type: PacketType.data,
        src,
        dst,
        size,
        seq: 0,
        retx: false,
        sentAt: 0,
        cumAck: 0,
        blocks: NO_BLOCKS,
        forSeq: 0,
        tsEcho: 0,
        ecn: 0,
        ecnFlags: 0,
      };
    p.uid = uid;
    p.flow = flow;
    p.type = PacketType.data;
    p.src = src;
    p.dst = dst;
    p.size = size;
    p.cumAck = 0;
    p.blocks = NO_BLOCKS;
    p.forSeq = 0;
    p.tsEcho = 0;
    p.ecn = 0;
    p.ecnFlags = 0;
    return p;
  }

  /** `p` is read no more: keep it for a later take(). */
  give(p: Packet): void {
    if (this.free.length < POOL_MAX) this.free.push(p);
  }
}
