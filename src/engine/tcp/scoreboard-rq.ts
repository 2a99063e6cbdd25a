/**
 * The SACK sender's scoreboard as ns-2's Sack1 keeps it (tcp/scoreboard-rq.cc): the set of
 * SACKed ranges above the cumulative ACK, and h_seqno, the next candidate for retransmission.
 * Sequence numbers are ns-2's 0-based seqnos; ranges are [start, end) as SACK blocks carry them.
 */
export class SackScoreboard {
  /** Disjoint, sorted, non-adjacent SACKed ranges [start, end). */
  private ranges: Array<[number, number]> = [];
  private hSeqno = -1;
  /** Highest cumulative ACK seen so far + 1. */
  private sackMin = -1;
  /** Whether the last update changed anything (ns-2 CheckUpdate). */
  changed = false;

  private total(): number {
    let t = 0;
    for (const [a, b] of this.ranges) t += b - a;
    return t;
  }

  clear(): void {
    this.ranges = [];
    this.hSeqno = -1;
  }

  /** Merge a SACK block [left, right) into the ranges (ns-2 ReassemblyQueue::add). */
  private add(left: number, right: number): void {
    if (right <= left) return;
    const out: Array<[number, number]> = [];
    let a = left;
    let b = right;
    let placed = false;
    for (const r of this.ranges) {
      if (r[1] < a) out.push(r);
      else if (r[0] > b) {
        if (!placed) {
          out.push([a, b]);
          placed = true;
        }
        out.push(r);
      } else {
        a = Math.min(a, r[0]);
        b = Math.max(b, r[1]);
      }
    }
    if (!placed) out.push([a, b]);
    this.ranges = out;
    // ns-2's reassembly queue advances its rcv_nxt (= sack_min) over a block starting at it.
    const first = this.ranges[0];
    if (first && this.sackMin >= first[0] && first[1] > this.sackMin) this.sackMin = first[1];
  }

  /** ns-2 UpdateScoreBoard(last_ack, tcph). */
  update(lastAck: number, blocks: ReadonlyArray<readonly [number, number]>): void {
    const oldTotal = this.total();
    this.changed = false;
    if (this.sackMin <= lastAck) {
      this.sackMin = lastAck + 1;
      if (this.ranges.length) {
        // cleartonxt: drop what lies below sack_min.
        this.ranges = this.ranges
          .filter(([, e]) => e > this.sackMin)
          .map(([s, e]) => [Math.max(s, this.sackMin), e] as [number, number]);
        this.changed = true;
      }
    }
    for (const [l, r] of blocks) this.add(l, r);
    this.changed = this.changed || oldTotal !== this.total();
  }

  /**
   * ns-2 nexthole(seq): the first unSACKed seqno ≥ seq that has SACKed data above it, or -1.
   */
  private nextHole(seq: number): number {
    for (let i = 0; i < this.ranges.length; i++) {
      const [s, e] = this.ranges[i]!;
      if (s > seq) return seq;
      if (s <= seq && e >= seq) return i + 1 < this.ranges.length ? e : -1;
    }
    return -1;
  }

  /** ns-2 GetNextRetran: next hole not yet retransmitted, or -1. */
  nextRetran(): number {
    if (this.hSeqno < this.sackMin) this.hSeqno = this.sackMin;
    const seq = this.nextHole(this.hSeqno);
    if (seq <= 0) return -1; // ns-2 tests `> 0`
    if (seq > this.hSeqno) this.hSeqno = seq;
    return seq;
  }

  /** ns-2 GetNextUnacked(seq). */
  nextUnacked(seq: number): number {
    for (const [s, e] of this.ranges) {
      if (s > seq) return seq;
      if (s <= seq && e >= seq) return e;
    }
    return -1;
  }

  markRetran(seq: number): void {
    if (seq >= this.hSeqno) this.hSeqno = seq + 1;
  }

  // --- what PRR's RFC 6675 pipe and NextSeg() read (tcp/prr.ts) ---

  /** Packets SACKed above the cumulative ACK. */
  sackedTotal(): number {
    return this.total();
  }

  /** Whether seqno is SACKed. */
  isSacked(seq: number): boolean {
    for (const [s, e] of this.ranges) if (seq >= s && seq < e) return true;
    return false;
  }

  /** The highest SACKed seqno, or -1 when nothing is SACKed. */
  highestSacked(): number {
    const last = this.ranges[this.ranges.length - 1];
    return last ? last[1] - 1 : -1;
  }

  /**
   * RFC 6675 §4 IsLost() in packets: an unSACKed seqno is lost when at least `dupThresh`
   * SACKed packets lie above it. Returns the seqno of the dupThresh-th highest SACKed packet
   * (every unSACKed seqno below it is lost), or -1 when fewer are SACKed.
   */
  lostBelow(dupThresh: number): number {
    let need = dupThresh;
    for (let i = this.ranges.length - 1; i >= 0; i--) {
      const [s, e] = this.ranges[i]!;
      if (e - s >= need) return e - need;
      need -= e - s;
    }
    return -1;
  }
}
