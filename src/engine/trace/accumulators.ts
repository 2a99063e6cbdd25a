/**
 * Accumulators that a metrics-only run keeps instead of the trace, and that a full trace yields
 * from its columns: the same numbers either way, because both feed the same streaming classes
 * with the same events in the same order (tests/engine/record-modes.test.ts). src/metrics/
 * turns them into the paper metrics.
 *
 * Per flow (FlowAccumulators):
 * - firstDataS: time the flow sent its first data packet carrying payload (seconds; NaN if it
 *   sent none) — ns-2's SYN segment (FlowConfig.synSegment, packet 1) does not count;
 * - cwndPktSeconds: ∫ cwnd dt from firstDataS to the end of the run, cwnd in packets (SCTP:
 *   MTUs of the path, as the senders report cwnd); the time-averaged cwnd is
 *   cwndPktSeconds / (stopS − firstDataS);
 * - uniquePackets, uniqueBytes, binBytes: first transmissions of payload (packet-tally.ts);
 * - dataSent, dataDropped, arrivals, one-way delay and interarrival jitter of its data
 *   transmissions (delay-tally.ts).
 * Per run: the bottleneck link's data departures, drops and queueing delay (packet-tally.ts).
 */
import { isTcpSender, type SimConfig } from '../config';
import type {
  BottleneckAccumulators,
  FlowAccumulators,
  FlowDelay,
  RunAccumulators,
} from './accumulator-types';
import { DEFAULT_BIN_S, PacketTally } from './packet-tally';
import { AfterReader } from './after-vars';
import { DelayTally, SendTimes } from './delay-tally';
import { PacketEventKind, PacketType, type Trace } from './types';
import { V } from './vars';

export { DEFAULT_BIN_S, MAX_BINS, binCount } from './packet-tally';
export type { BottleneckAccumulators, FlowAccumulators, FlowDelay, RunAccumulators };

/**
 * Per flow, the 1-based number of its first packet that carries payload: 2 after ns-2's SYN
 * segment (FlowConfig.synSegment on a TCP flow), else 1.
 */
export function firstPayloadPackets(cfg: SimConfig): Int32Array {
  return Int32Array.from(cfg.flows, (f) =>
    f.synSegment === true && isTcpSender(f.sender) ? 2 : 1,
  );
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
  finish(stopS: number): { firstDataS: number; cwndPktSeconds: number } {
    this.advance(stopS);
    return { firstDataS: this.firstDataS, cwndPktSeconds: this.sum };
  }
}

/** Joins the cwnd integrals, the packet tally and the delay tally into RunAccumulators. */
export function joinAccumulators(
  cwnd: readonly CwndIntegral[],
  tally: PacketTally,
  delay: DelayTally,
  stopS: number,
): RunAccumulators {
  const t = tally.finish();
  const d = delay.finish();
  return {
    binS: tally.binS,
    flows: cwnd.map((c, f) => ({ ...c.finish(stopS), ...t.flows[f]!, ...d[f]! })),
    bottleneck: t.bottleneck,
  };
}

/**
 * The run's accumulators: as recorded by a metrics-only run, or computed from a full trace's
 * packet, transmission and sample columns. `cfg` is the config the trace was run from (it
 * says which flows send ns-2's SYN segment); `binS` the throughput bin width in seconds (a
 * metrics-only run was binned when it ran: RunOptions.binS).
 * @throws RangeError for a binS that is not a positive number, that makes more than MAX_BINS
 *   bins, or that differs from a metrics-only run's.
 */
export function runAccumulators(
  trace: Trace,
  cfg: SimConfig,
  binS = trace.accumulators?.binS ?? DEFAULT_BIN_S,
): RunAccumulators {
  if (trace.accumulators) {
    if (binS !== trace.accumulators.binS) {
      throw new RangeError(
        `this metrics-only run was binned at ${trace.accumulators.binS} s, not ${binS} s: run it with that binS`,
      );
    }
    return trace.accumulators;
  }
  const bnFrom = trace.nodes.indexOf(trace.links[trace.bottleneck]!.from);
  const tally = new PacketTally(cfg, binS);
  tally.watch(trace.bottleneck, bnFrom);
  const delay = new DelayTally(cfg);
  const sendTimes = new SendTimes(cfg.flows.length);
  const cwnd = trace.flows.map(() => new CwndIntegral());
  const firstPayload = firstPayloadPackets(cfg);
  const p = trace.packets;
  const uidOf = p.uid;
  const { flow: flowOf, type: typeOf, packet: packetOf, retx: retxOf } = trace.transmissions;
  const d = trace.decisions;
  const s = trace.samples;
  // Merge the two streams in engine order: a sample at time t comes after the packet events
  // of its decision, and the first data packet of a start decision is sent before its sample.
  let j = 0;
  /** Feed the packet events up to time `t` (inclusive). */
  const scanTo = (t: number): void => {
    for (; j < p.length && p.time[j]! <= t; j++) {
      const time = p.time[j]!;
      const kind = p.kind[j]!;
      const uid = uidOf[j]!;
      const flow = flowOf[uid]!;
      const type = typeOf[uid]!;
      const packet = packetOf[uid]!;
      if (
        kind === PacketEventKind.send &&
        type === PacketType.data &&
        packet >= firstPayload[flow]!
      )
        cwnd[flow]!.firstData(time);
      tally.packet(
        time,
        kind,
        p.node[j]!,
        p.link[j]!,
        flow,
        type,
        packet,
        retxOf[uid] === 1,
        uid,
        p.cause[j]!,
      );
      let sentAt = NaN;
      if (type === PacketType.data) {
        if (kind === PacketEventKind.send) sendTimes.push(flow, uid, time);
        else if (kind === PacketEventKind.deliver) sentAt = sendTimes.pop(flow, uid);
      }
      delay.packet(time, kind, flow, type, packet, sentAt);
    }
  };
  const after = new AfterReader(d);
  for (let k = 0; k < s.length; k++) {
    const row = s.decision[k]!;
    const t = d.time[row]!;
    scanTo(t);
    cwnd[d.flow[row]!]!.change(t, after.get(row, V.cwnd));
  }
  scanTo(Infinity);
  return joinAccumulators(cwnd, tally, delay, trace.stopS);
}

/** The flows' accumulators (runAccumulators(trace, cfg).flows). */
export function flowAccumulators(trace: Trace, cfg: SimConfig): FlowAccumulators[] {
  return runAccumulators(trace, cfg).flows;
}
