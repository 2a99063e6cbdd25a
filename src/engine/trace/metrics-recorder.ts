/**
 * The metrics-only sink (`record: 'metrics'`): counts packet events and decisions and keeps the
 * per-flow accumulators (accumulators.ts); records no columns, decisions or samples. Link and
 * flow counters live in the links and senders, as in a full run.
 */
import type { Packet } from '../net/packet';
import { CwndIntegral, type FlowAccumulators } from './accumulators';
import type { TraceSink } from './sink';
import { PacketEventKind, PacketType } from './types';

export class MetricsRecorder implements TraceSink {
  readonly recordsDecisions = false;
  /** Packet events so far. */
  events = 0;
  /** Decisions so far. */
  decisionCount = 0;
  private readonly cwnd: CwndIntegral[];

  constructor(flows: number) {
    this.cwnd = Array.from({ length: flows }, () => new CwndIntegral());
  }

  packetEvent(time: number, kind: PacketEventKind, _node: number, _link: number, p: Packet): number {
    if (kind === PacketEventKind.send && p.type === PacketType.data) this.cwnd[p.flow]!.firstData(time);
    return this.events++;
  }

  decision(): number {
    return this.decisionCount++;
  }

  sample(time: number, flow: number, _decision: number, _phase: number, cwndPkts: number): void {
    this.cwnd[flow]!.change(time, cwndPkts);
  }

  accumulators(stopS: number): FlowAccumulators[] {
    return this.cwnd.map((c) => c.finish(stopS));
  }
}
