/**
 * Decisions and state samples of a full trace, stored as typed columns while the engine runs
 * (types.ts DecisionColumns / SampleColumns). No object per row: a row is materialised only
 * when asked for (records.ts).
 */
import { grown, nextCapacity, trimmed } from './growable';
import type { DecisionColumns, SampleColumns, TriggerKind } from './types';
import { AFTER_CHECKPOINT } from './after-vars';
import { NV } from './vars';

export class DecisionTable {
  private cap = 256;
  private n = 0;
  private readonly codeIndex = new Map<string, number>();
  private readonly codes: string[] = [];
  private time = new Float64Array(this.cap);
  private flow = new Uint16Array(this.cap);
  private code = new Uint16Array(this.cap);
  private trigger = new Uint8Array(this.cap);
  private cumAck = new Int32Array(this.cap);
  private dupacks = new Int32Array(this.cap);
  private event = new Int32Array(this.cap);
  private changed = new Uint16Array(this.cap);
  private packetStart = new Int32Array(this.cap + 1);
  private beforeStart = new Int32Array(this.cap + 1);
  private afterMask = new Uint16Array(this.cap);
  private afterStart = new Int32Array(this.cap + 1);
  private flowPrev = new Int32Array(this.cap);
  private afterList = new Float64Array(this.cap * 4);
  private nAfterList = 0;
  /** Per flow: its last row (-1 before its first), rows so far, and the vector after it. */
  private lastRow: number[] = [];
  private rowsOfFlow: number[] = [];
  private lastVec: Float64Array[] = [];
  private packetList = new Int32Array(this.cap);
  private nPacketList = 0;
  private beforeList = new Float64Array(this.cap * 4);
  private nBeforeList = 0;
  private readonly noteRow: number[] = [];
  private readonly noteCode: number[] = [];
  private readonly noteValue: number[] = [];

  private sCap = 256;
  private sN = 0;
  private sDecision = new Int32Array(this.sCap);
  private sPhase = new Uint8Array(this.sCap);
  private sCwnd = new Float64Array(this.sCap);
  private sSsthresh = new Float64Array(this.sCap);

  get length(): number {
    return this.n;
  }

  /** See Recorder.project: room for the whole run at the rate so far (+5 %). */
  project(done: number): void {
    const need = Math.ceil((this.n / done) * 1.05);
    if (need > this.cap * 1.25) this.growRows(need, true);
    const sNeed = Math.ceil((this.sN / done) * 1.05);
    if (sNeed > this.sCap * 1.25) this.growSamples(sNeed, true);
    this.packetList = projected(this.packetList, this.nPacketList, done);
    this.beforeList = projected(this.beforeList, this.nBeforeList, done);
    this.afterList = projected(this.afterList, this.nAfterList, done);
  }

  /** `exact`: a projection's capacity as asked (no 1.5× step past it). */
  private growRows(atLeast = this.n + 1, exact = false): void {
    const c = exact ? atLeast : nextCapacity(this.cap, atLeast);
    this.time = grown(this.time, c);
    this.flow = grown(this.flow, c);
    this.code = grown(this.code, c);
    this.trigger = grown(this.trigger, c);
    this.cumAck = grown(this.cumAck, c);
    this.dupacks = grown(this.dupacks, c);
    this.event = grown(this.event, c);
    this.changed = grown(this.changed, c);
    this.packetStart = grown(this.packetStart, c + 1);
    this.beforeStart = grown(this.beforeStart, c + 1);
    this.afterMask = grown(this.afterMask, c);
    this.afterStart = grown(this.afterStart, c + 1);
    this.flowPrev = grown(this.flowPrev, c);
    this.cap = c;
  }

  add(
    time: number,
    flow: number,
    code: string,
    trigger: TriggerKind,
    cumAck: number,
    dupacks: number,
    event: number,
    packets: Int32Array,
    nPackets: number,
    before: Float64Array,
    after: Float64Array,
  ): number {
    if (this.n >= this.cap) this.growRows();
    const i = this.n++;
    this.time[i] = time;
    this.flow[i] = flow;
    this.code[i] = this.codeOf(code);
    this.trigger[i] = trigger;
    this.cumAck[i] = cumAck;
    this.dupacks[i] = dupacks;
    this.event[i] = event;

    if (this.nPacketList + nPackets > this.packetList.length) {
      this.packetList = grown(
        this.packetList,
        nextCapacity(this.packetList.length, this.nPacketList + nPackets),
      );
    }
    for (let k = 0; k < nPackets; k++) this.packetList[this.nPacketList++] = packets[k]!;
    this.packetStart[i + 1] = this.nPacketList;

    if (this.nBeforeList + NV > this.beforeList.length) {
      this.beforeList = grown(
        this.beforeList,
        nextCapacity(this.beforeList.length, this.nBeforeList + NV),
      );
    }
    let mask = 0;
    for (let k = 0; k < NV; k++) {
      const a = before[k]!;
      const b = after[k]!;
      // A variable counts as changed when both values exist and differ (NaN = not used).
      if (a !== b && a === a && b === b) {
        mask |= 1 << k;
        this.beforeList[this.nBeforeList++] = a;
      }
    }
    this.changed[i] = mask;
    this.beforeStart[i + 1] = this.nBeforeList;
    this.addAfter(i, flow, after);
    return i;
  }

  /**
   * The vector after row i, stored sparsely (types.ts DecisionColumns.afterMask): the values
   * that differ from after the flow's previous row, all of them on its first row and on every
   * AFTER_CHECKPOINT-th row.
   */
  private addAfter(i: number, flow: number, after: Float64Array): void {
    while (this.lastRow.length <= flow) {
      this.lastRow.push(-1);
      this.rowsOfFlow.push(0);
      this.lastVec.push(new Float64Array(NV));
    }
    const prev = this.lastRow[flow]!;
    const vec = this.lastVec[flow]!;
    const full = this.rowsOfFlow[flow]! % AFTER_CHECKPOINT === 0;
    if (this.nAfterList + NV > this.afterList.length) {
      this.afterList = grown(
        this.afterList,
        nextCapacity(this.afterList.length, this.nAfterList + NV),
      );
    }
    let mask = 0;
    for (let k = 0; k < NV; k++) {
      const b = after[k]!;
      const a = vec[k]!;
      // Object.is: NaN equals NaN, 0 and -0 differ (the vectors read back bit for bit).
      if (full || !(a === b ? a !== 0 || 1 / a === 1 / b : a !== a && b !== b)) {
        mask |= 1 << k;
        this.afterList[this.nAfterList++] = b;
        vec[k] = b;
      }
    }
    this.afterMask[i] = mask;
    this.afterStart[i + 1] = this.nAfterList;
    this.flowPrev[i] = prev;
    this.lastRow[flow] = i;
    this.rowsOfFlow[flow]!++;
  }

  private codeOf(code: string): number {
    let ci = this.codeIndex.get(code);
    if (ci === undefined) {
      ci = this.codes.length;
      this.codes.push(code);
      this.codeIndex.set(code, ci);
    }
    return ci;
  }

  /** A note on row `decision` (sparse: few decisions have one). */
  addNote(decision: number, code: string, value: number): void {
    this.noteRow.push(decision);
    this.noteCode.push(this.codeOf(code));
    this.noteValue.push(value);
  }

  addSample(decision: number, phase: number, cwndBytes: number, ssthreshBytes: number): void {
    if (this.sN >= this.sCap) this.growSamples(this.sN + 1);
    const j = this.sN++;
    this.sDecision[j] = decision;
    this.sPhase[j] = phase;
    this.sCwnd[j] = cwndBytes;
    this.sSsthresh[j] = ssthreshBytes;
  }

  private growSamples(atLeast: number, exact = false): void {
    const c = exact ? atLeast : nextCapacity(this.sCap, atLeast);
    this.sDecision = grown(this.sDecision, c);
    this.sPhase = grown(this.sPhase, c);
    this.sCwnd = grown(this.sCwnd, c);
    this.sSsthresh = grown(this.sSsthresh, c);
    this.sCap = c;
  }

  /** Trimmed columns of the decisions. */
  decisions(): DecisionColumns {
    const n = this.n;
    return {
      length: n,
      codes: this.codes.slice(),
      time: trimmed(this.time, n),
      flow: trimmed(this.flow, n),
      code: trimmed(this.code, n),
      trigger: trimmed(this.trigger, n),
      cumAck: trimmed(this.cumAck, n),
      dupacks: trimmed(this.dupacks, n),
      event: trimmed(this.event, n),
      packetStart: trimmed(this.packetStart, n + 1),
      packetList: trimmed(this.packetList, this.nPacketList),
      afterMask: trimmed(this.afterMask, n),
      afterStart: trimmed(this.afterStart, n + 1),
      afterList: trimmed(this.afterList, this.nAfterList),
      flowPrev: trimmed(this.flowPrev, n),
      changed: trimmed(this.changed, n),
      beforeStart: trimmed(this.beforeStart, n + 1),
      beforeList: trimmed(this.beforeList, this.nBeforeList),
      noteRow: Int32Array.from(this.noteRow),
      noteCode: Uint16Array.from(this.noteCode),
      noteValue: Float64Array.from(this.noteValue),
    };
  }

  /** Trimmed columns of the samples. */
  samples(): SampleColumns {
    const n = this.sN;
    return {
      length: n,
      decision: trimmed(this.sDecision, n),
      phase: trimmed(this.sPhase, n),
      cwndBytes: trimmed(this.sCwnd, n),
      ssthreshBytes: trimmed(this.sSsthresh, n),
    };
  }
}

/** Empty decision columns (a metrics-only run). */
export function emptyDecisions(): DecisionColumns {
  return new DecisionTable().decisions();
}

/** Empty sample columns (a metrics-only run). */
export function emptySamples(): SampleColumns {
  return new DecisionTable().samples();
}

/**
 * `a`, or a copy with room for what the whole run will write at the rate so far (+5 %) when that
 * passes its length by a quarter (`used` elements written, `done` of the run).
 */
function projected<T extends Float64Array | Int32Array>(a: T, used: number, done: number): T {
  const need = Math.ceil((used / done) * 1.05);
  return need > a.length * 1.25 ? grown(a, need) : a;
}
