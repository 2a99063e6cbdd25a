import type { Recorder } from './recorder';
import { diffVars } from './diff';
import type { ReasonCode } from './reasons';
import type { Phase, SenderVars, Trigger } from './types';

/** What a sender exposes so its decisions and state samples can be recorded. */
export interface DecisionSource {
  readonly flow: number;
  now(): number;
  vars(): SenderVars;
  phase(): Phase;
  /** cwnd and ssthresh in bytes. */
  windowBytes(): { cwnd: number; ssthresh: number };
  /** A new state sample is recorded when this key changes (e.g. "cwnd|ssthresh"). */
  sampleKey(): string;
}

/**
 * Records one sender's decisions: `begin()` snapshots the variables, the sender names the rule
 * it applies with `rule(code)` and reports packets with `sent(n)`, and `end()` writes the
 * Decision (old → new values) and, if the sample key changed, a StateSample. Shared by the TCP
 * and SCTP senders; only the sender decides, this only writes down.
 */
export class DecisionLog<Code extends ReasonCode> {
  private code: Code | null = null;
  private packets: number[] = [];
  private before: SenderVars | null = null;
  private lastKey: string | null = null;

  constructor(
    private readonly rec: Recorder,
    private readonly src: DecisionSource,
  ) {}

  begin(): void {
    this.before = this.src.vars();
    this.packets = [];
    this.code = null;
  }

  /** Name the rule being applied (the last call wins). */
  rule(code: Code): void {
    this.code = code;
  }

  /** The rule named so far in this decision, if any. */
  get current(): Code | null {
    return this.code;
  }

  /** A packet (1-based number / TSN) sent by this decision. */
  sent(packet: number): void {
    this.packets.push(packet);
  }

  /** Packets sent so far in this decision. */
  get sentCount(): number {
    return this.packets.length;
  }

  /** Packets sent so far in this decision, in order. */
  get sentPackets(): readonly number[] {
    return this.packets;
  }

  end(fallback: Code, trigger: Trigger): void {
    const after = this.src.vars();
    const before = this.before ?? after;
    this.rec.decisions.push({
      id: this.rec.decisions.length,
      time: this.src.now(),
      flow: this.src.flow,
      code: this.code ?? fallback,
      trigger,
      packets: this.packets,
      changes: diffVars(before, after),
      after,
    });
    this.sample();
    this.before = null;
  }

  /** Record a state sample if the sample key changed since the last one. */
  sample(): void {
    const key = this.src.sampleKey();
    if (key === this.lastKey) return;
    this.lastKey = key;
    const w = this.src.windowBytes();
    this.rec.samples.push({
      ...this.src.vars(),
      time: this.src.now(),
      flow: this.src.flow,
      phase: this.src.phase(),
      cwndBytes: w.cwnd,
      ssthreshBytes: w.ssthresh,
    });
  }
}
