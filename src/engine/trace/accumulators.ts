/**
 * Per-flow accumulators that a metrics-only run keeps instead of the trace, and that a full
 * trace yields from its columns: the same numbers either way (tests/engine/record-modes.test.ts).
 *
 * - firstDataS: time the flow sent its first data packet (seconds; NaN if it sent none).
 * - cwndPktSeconds: ∫ cwnd dt from firstDataS to the end of the run, cwnd in packets (SCTP:
 *   MTUs of the path, as the senders report cwnd); the time-averaged cwnd is
 *   cwndPktSeconds / (stopS − firstDataS).
 */
import { PacketEventKind, PacketType, type Trace } from './types';
import { NV, V } from './vars';

export interface FlowAccumulators {
  /** Seconds; NaN when the flow sent no data. */
  firstDataS: number;
  /** Packet·seconds (SCTP: MTU·seconds). */
  cwndPktSeconds: number;
}

/** Streams cwnd changes of one flow into ∫ cwnd dt from its first data packet on. */
export class CwndIntegral {
  firstDataS = NaN;
  private lastCwnd = 0;
  private lastS = 0;
  private sum = 0;

  /** The flow's first data packet was sent at `t` (seconds); later calls are ignored. */
  firstData(t: number): void {
    if (Number.isNaN(this.firstDataS)) {
      this.firstDataS = t;
      this.lastS = Math.max(this.lastS, t);
    }
  }

  private advance(t: number): void {
    if (Number.isNaN(this.firstDataS) || t <= this.lastS) {
      this.lastS = Math.max(this.lastS, t);
      return;
    }
    this.sum += this.lastCwnd * (t - this.lastS);
    this.lastS = t;
  }

  /** cwnd became `cwndPkts` at `t` (seconds, non-decreasing). */
  change(t: number, cwndPkts: number): void {
    this.advance(t);
    this.lastCwnd = cwndPkts;
  }

  /** The accumulators at the end of the run (`stopS`, seconds). */
  finish(stopS: number): FlowAccumulators {
    this.advance(stopS);
    return { firstDataS: this.firstDataS, cwndPktSeconds: this.sum };
  }
}

/**
 * The flows' accumulators: as recorded by a metrics-only run, or computed from a full trace's
 * packet and sample columns.
 */
export function flowAccumulators(trace: Trace): FlowAccumulators[] {
  if (trace.accumulators) return trace.accumulators;
  const acc = trace.flows.map(() => new CwndIntegral());
  const p = trace.packets;
  const d = trace.decisions;
  const s = trace.samples;
  // Merge the two streams in engine order: a sample at time t comes after the packet events
  // of its decision, and the first data packet of a start decision is sent before its sample.
  let j = 0;
  const seen = new Uint8Array(trace.flows.length);
  /** Feed the packet events up to time `t` (inclusive): each flow's first data packet. */
  const scanTo = (t: number): void => {
    for (; j < p.length && p.time[j]! <= t; j++) {
      const f = p.flow[j]!;
      if (!seen[f] && p.kind[j] === PacketEventKind.send && p.type[j] === PacketType.data) {
        seen[f] = 1;
        acc[f]!.firstData(p.time[j]!);
      }
    }
  };
  for (let k = 0; k < s.length; k++) {
    const row = s.decision[k]!;
    const t = d.time[row]!;
    scanTo(t);
    acc[d.flow[row]!]!.change(t, d.after[row * NV + V.cwnd]!);
  }
  scanTo(Infinity);
  return acc.map((a) => a.finish(trace.stopS));
}
