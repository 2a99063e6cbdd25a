import type { Packet } from '../net/packet';

/** The ACK as the sender sees it, in ns-2's 0-based sequence numbers. */
export interface AckInfo {
  /** Highest in-order seqno (0-based); packet number = seqno + 1. */
  seqno: number;
  /** SACK blocks as ns-2 carries them: [left, right) in 0-based seqnos, most recent first. */
  sack: ReadonlyArray<readonly [number, number]>;
  tsEcho: number;
  event: number;
}

const NO_SACK: AckInfo['sack'] = Object.freeze([]);

/**
 * An arriving ACK as the sender's rules read it (AckInfo: ns-2's 0-based seqnos, SACK blocks
 * as [left, right)), written into one reused record per sender: no object or arrays per ACK.
 * Valid until the next ACK: the rules read it while they run and never keep it.
 */
export class AckReader {
  private readonly ack: AckInfo = { seqno: 0, sack: NO_SACK, tsEcho: 0, event: -1 };
  /** The SACK block list and the pairs in it, reused. */
  private readonly list: [number, number][] = [];
  private readonly pairs: [number, number][] = [];

  /** ACK packet `p`, delivered as packet event `event`. */
  read(p: Packet, event: number): AckInfo {
    const ack = this.ack;
    ack.seqno = p.cumAck - 1;
    ack.sack = p.blocks.length === 0 ? NO_SACK : this.blocksOf(p);
    ack.tsEcho = p.tsEcho;
    ack.event = event;
    return ack;
  }

  /** p's blocks (1-based, inclusive) as ns-2 carries them: [first − 1, last), 0-based. */
  private blocksOf(p: Packet): AckInfo['sack'] {
    const out = this.list;
    out.length = 0;
    for (let i = 0; i < p.blocks.length; i++) {
      const b = p.blocks[i]!;
      let t = this.pairs[i];
      if (t === undefined) t = this.pairs[i] = [0, 0];
      t[0] = b[0] - 1;
      t[1] = b[1];
      out.push(t);
    }
    return out;
  }
}
