import type { NoteCode } from './notes';
import type { PrrRow } from './prr-rows';
import type { ReasonCode } from './reasons';
import type { TraceSink } from './sink';
import type { Phase, TriggerKind } from './types';
import { NV, V, phaseCode } from './vars';

/** What a sender exposes so its decisions and state samples can be recorded. */
export interface DecisionSource {
  readonly flow: number;
  now(): number;
  /** Write the sender's variables into out[0 … NV) in vars.ts order (NaN = not used). */
  writeVars(out: Float64Array): void;
  /** Write only cwnd and the `sampleOn` variables (a metrics-only run reads no others). */
  writeKeyVars(out: Float64Array): void;
  phase(): Phase;
  /** cwnd in bytes. */
  cwndBytes(): number;
  /** ssthresh in bytes. */
  ssthreshBytes(): number;
  /** Variables (vars.ts indices) whose change records a new state sample. */
  readonly sampleOn: readonly number[];
  /** A phase change records a new state sample too. */
  readonly sampleOnPhase: boolean;
}

/**
 * Writes down one sender's decisions: `begin()` snapshots the variables, the sender names the
 * rule it applies with `rule(code)` and reports packets with `sent(n)`, and `end()` hands the
 * decision (variables before and after, packets sent) to the sink and, if cwnd or ssthresh
 * moved, a state sample. Shared by the TCP and SCTP senders. Write-only: a sender keeps its own
 * state and never reads anything back from here.
 *
 * No allocation per decision: the vectors and the packet list are reused scratch arrays that
 * the sink copies. In a metrics-only run (`sink.recordsDecisions` false) only `after` is read.
 */
export class DecisionLog<Code extends ReasonCode> {
  private code: Code | null = null;
  private noteCode: string | null = null;
  private noteValue = 0;
  /** PRR's variables for this decision (tcp/prr.ts), or null. */
  private prrRow: PrrRow | null = null;
  private packets = new Int32Array(16);
  private nPackets = 0;
  private readonly before = new Float64Array(NV);
  private readonly after = new Float64Array(NV);
  private readonly lastKey: Float64Array;
  private lastPhase = -1;
  private sampled = false;
  private readonly full: boolean;
  /** The row of the last decision recorded (−1: none, or decisions are not kept). */
  lastRow = -1;

  constructor(
    private readonly sink: TraceSink,
    private readonly src: DecisionSource,
  ) {
    this.full = sink.recordsDecisions;
    this.lastKey = new Float64Array(src.sampleOn.length);
  }

  begin(): void {
    if (this.full) this.src.writeVars(this.before);
    this.nPackets = 0;
    this.code = null;
    this.noteCode = null;
    this.prrRow = null;
  }

  /**
   * Attach PRR's variables to this decision (trace/prr-rows.ts; `decision` is filled in at
   * end()). Kept only in a full trace; the row is copied there, so the caller may reuse it.
   */
  prr(row: PrrRow): void {
    this.prrRow = row;
  }

  /**
   * Attach a note to this decision: what another rule set would have set (`value`), e.g.
   * `rfc.exit-cwnd`. Only recorded in a full trace; the last call wins.
   */
  note(code: NoteCode, value: number): void {
    this.noteCode = code;
    this.noteValue = value;
  }

  /** Name the rule being applied (the last call wins). */
  rule(code: Code): void {
    this.code = code;
  }

  /** A packet (1-based number / TSN) sent by this decision. */
  sent(packet: number): void {
    if (!this.full) return;
    if (this.nPackets >= this.packets.length) {
      const next = new Int32Array(this.packets.length * 2);
      next.set(this.packets);
      this.packets = next;
    }
    this.packets[this.nPackets++] = packet;
  }

  /**
   * Close the decision. `kind` says what triggered it; for an ACK, `cumAck` (1-based), the
   * duplicate-ACK / missing-report count after it, and the index of its 'deliver' event.
   */
  end(fallback: Code, kind: TriggerKind, cumAck = 0, dupacks = 0, event = -1): void {
    const after = this.after;
    if (!this.full) {
      // Metrics only: count the decision; only the sample key is read.
      this.src.writeKeyVars(after);
      this.sink.decision(0, 0, '', kind, 0, 0, -1, this.packets, 0, after, after);
      this.sample(-1);
      return;
    }
    this.src.writeVars(after);
    const row = this.sink.decision(
      this.src.now(),
      this.src.flow,
      this.code ?? fallback,
      kind,
      cumAck,
      dupacks,
      event,
      this.packets,
      this.nPackets,
      this.full ? this.before : after,
      after,
    );
    if (this.noteCode !== null) this.sink.note(row, this.noteCode, this.noteValue);
    this.lastRow = row;
    if (this.prrRow !== null) {
      this.prrRow.decision = row;
      this.sink.prr(this.prrRow);
    }
    this.sample(row);
  }

  /** Record a state sample if cwnd/ssthresh (or another sample key) changed since the last one. */
  private sample(row: number): void {
    const keys = this.src.sampleOn;
    const last = this.lastKey;
    const after = this.after;
    let changed = !this.sampled;
    for (let k = 0; k < keys.length; k++) {
      const v = after[keys[k]!]!;
      if (v !== last[k]) changed = true;
      last[k] = v;
    }
    if (!changed && !this.src.sampleOnPhase) return; // the phase is read only when needed
    const phase = phaseCode(this.src.phase());
    if (phase !== this.lastPhase) changed = this.src.sampleOnPhase || changed;
    this.lastPhase = phase;
    if (!changed) return;
    this.sampled = true;
    this.sink.sample(
      this.src.now(),
      this.src.flow,
      this.full ? row : -1,
      phase,
      after[V.cwnd]!,
      this.src.cwndBytes(),
      this.src.ssthreshBytes(),
    );
  }
}
