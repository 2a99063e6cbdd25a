interface Entry {
  ack: boolean;
  sack: boolean;
  retran: boolean;
  /** snd_nxt when the entry was retransmitted (FACK's lost-retransmission check). */
  sndNxt: number;
}

/**
 * FACK's scoreboard as ns-2 keeps it (tcp/scoreboard.cc, modified for FACK by PSC): one entry
 * per seqno from the first unacknowledged one up to the highest SACKed, with ACKed, SACKed and
 * retransmitted flags. 0-based seqnos; SACK blocks are [left, right).
 */
export class FackScoreboard {
  private entries = new Map<number, Entry>();
  private first = 0;
  private length = 0;

  private entry(i: number): Entry {
    let e = this.entries.get(i);
    if (!e) {
      e = { ack: false, sack: false, retran: false, sndNxt: 0 };
      this.entries.set(i, e);
    }
    return e;
  }

  private fresh(i: number): void {
    this.entries.set(i, { ack: false, sack: false, retran: false, sndNxt: 0 });
  }

  clear(): void {
    this.length = 0;
  }

  /** ns-2 UpdateScoreBoard: returns how many retransmitted entries left the network. */
  update(lastAck: number, blocks: ReadonlyArray<readonly [number, number]>): number {
    let retranDecr = 0;
    if (this.length && this.first <= lastAck) {
      for (let i = this.first; i <= lastAck; i++) {
        const e = this.entry(i);
        this.first = this.first + 1;
        this.length--;
        e.ack = true;
        e.sack = true;
        if (e.retran) {
          e.retran = false;
          e.sndNxt = 0;
          retranDecr++;
        }
        if (this.length === 0) break;
      }
    }
    if (this.length === 0 && blocks.length) {
      const i = lastAck + 1;
      this.fresh(i);
      this.first = i;
      this.length = 1;
    }
    for (const [left, right] of blocks) {
      const lastSeq = this.first + this.length - 1;
      if (right > lastSeq) {
        for (let i = lastSeq + 1; i < right; i++) {
          this.fresh(i);
          this.length++;
        }
      }
      for (let i = this.first; i < right; i++) {
        const e = this.entry(i);
        if (i >= left && i < right) {
          e.sack = true;
          if (e.retran) {
            e.retran = false;
            retranDecr++;
          }
        }
      }
    }
    return retranDecr;
  }

  /** ns-2 CheckSndNxt: a retransmission sent before a now-SACKed packet was lost again. */
  checkSndNxt(blocks: ReadonlyArray<readonly [number, number]>): boolean {
    let force = false;
    for (const [, right] of blocks) {
      for (let i = this.first; i < right; i++) {
        const e = this.entry(i);
        if (e.retran && e.sndNxt < right) {
          e.retran = false;
          e.sndNxt = 0;
          force = true;
        }
      }
    }
    return force;
  }

  /** First entry neither ACKed, SACKed nor retransmitted, or -1. */
  nextRetran(): number {
    for (let i = this.first; i < this.first + this.length; i++) {
      const e = this.entry(i);
      if (!e.ack && !e.sack && !e.retran) return i;
    }
    return -1;
  }

  markRetran(seq: number, sndNxt: number): void {
    const e = this.entry(seq);
    e.retran = true;
    e.sndNxt = sndNxt;
  }
}
