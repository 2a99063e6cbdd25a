/**
 * Round trip: a run → its pcap export (at the bottleneck's upstream router, the default) →
 * the capture import → per TCP flow, our counts beside the simulator's own.
 *
 * The simulator's truth: retransmissions from its flow counters (and the router's `arrive`
 * rows with retx = 1, which must agree); duplicate ACKs from the router's `ack` rows by RFC
 * 5681 §2's rule as the capture point can apply it (the same cumulative ACK as the highest so
 * far while a higher packet has been sent: an ACK with nothing outstanding is not a duplicate);
 * fast retransmits and timeouts from the flow counters.
 */
import { readCapture } from '../../src/capture';
import { resolveQuery } from '../../src/cli/scenario';
import { run, type SimConfig } from '../../src/engine';
import { tracePcap } from '../../src/pcap';
import { routerRows } from '../../src/trace/outputs';

export interface FlowCounts {
  flow: number;
  /** [ours, the simulator's] */
  retransmissions: [number, number];
  duplicateAcks: [number, number];
  /** Our recovery episodes begun by a fast retransmit vs the simulator's fast retransmits. */
  fastRetransmits: [number, number];
  /** Our RTO retransmissions that ended a silence vs the simulator's timer expiries. */
  timeouts: [number, number];
}

/** First flow's sender port in the export (src/pcap/flows.ts). */
const PORT0 = 49152;

/** The round trip of a query's run. */
export function roundTrip(query: string): FlowCounts[] {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`bad query ${query}`);
  return roundTripOf(r.config, query);
}

/** The round trip of a config's run (`query` names it in an error). */
export function roundTripOf(config: SimConfig, query: string): FlowCounts[] {
  const trace = run(config);
  const reader = readCapture(tracePcap(trace, config).bytes);
  const rows = routerRows(trace);
  return reader
    .connections()
    .map((c) => {
      const flow = c.sender.port - PORT0;
      const stats = trace.flowStats[flow]!;
      let retx = 0;
      let dup = 0;
      let hi = -1;
      let sent = 0;
      for (const x of rows) {
        if (x.flow !== flow) continue;
        if (x.event === 'arrive') {
          sent = Math.max(sent, x.packet!);
          retx += x.retx;
        } else if (x.event === 'ack') {
          if (x.cum_ack! === hi && sent > hi) dup++;
          else if (x.cum_ack! > hi) hi = x.cum_ack!;
        }
      }
      if (retx !== stats.retransmissions) throw new Error(`router rows ≠ counters in ${query}`);
      const a = reader.analyse(c.id);
      return {
        flow,
        retransmissions: [c.retransmissions, stats.retransmissions],
        duplicateAcks: [c.duplicate_acks, dup],
        fastRetransmits: [
          a.recoveries.filter((x) => x.trigger === 'fast').length,
          stats.fastRetransmits,
        ],
        timeouts: [
          a.retransmissions.filter((x) => x.cls === 'rto' && x.delay >= 0.2).length,
          stats.timeouts,
        ],
      } satisfies FlowCounts;
    })
    .sort((x, y) => x.flow - y.flow);
}
