/**
 * A run's delay, jitter and loss per class (application kind / protocol) and in all, from the
 * panels' per-packet delays (one-way delay of each delivered data packet, RFC 3550 jitter per
 * flow): for the delay panel's header and the flow list. Pure.
 */
import type { Trace } from '../../engine';
import { flowClasses, fmtDelay, lossPct, packetDelays, type FlowClass } from '../deps/panels';

export interface TrafficRow {
  /** 'all' or the class key ("voip/udp"). */
  key: string;
  flows: number;
  /** Data packets delivered at their destination. */
  packets: number;
  /** Mean and largest one-way delay over those packets, s (NaN: none). */
  meanDelayS: number;
  maxDelayS: number;
  /** Mean over the flows of their RFC 3550 jitter after their last packet, s (NaN: none). */
  jitterS: number;
  /** Data transmissions sent and dropped. */
  sent: number;
  dropped: number;
}

function rowOf(trace: Trace, key: string, flows: readonly number[]): TrafficRow {
  const pd = packetDelays(trace);
  let packets = 0;
  let sum = 0;
  let max = NaN;
  let jSum = 0;
  let jN = 0;
  let sent = 0;
  let dropped = 0;
  for (const f of flows) {
    const fd = pd[f];
    if (!fd) continue;
    sent += fd.sent;
    dropped += fd.dropped;
    for (let j = 0; j < fd.delay.length; j++) {
      const d = fd.delay[j]!;
      sum += d;
      if (!(max >= d)) max = d;
    }
    packets += fd.delay.length;
    if (fd.jitter.length > 0) {
      jSum += fd.jitter[fd.jitter.length - 1]!;
      jN++;
    }
  }
  return {
    key,
    flows: flows.length,
    packets,
    meanDelayS: packets ? sum / packets : NaN,
    maxDelayS: max,
    jitterS: jN ? jSum / jN : NaN,
    sent,
    dropped,
  };
}

/** One row per class of the run, in class order. */
export function classTraffic(trace: Trace): TrafficRow[] {
  return flowClasses(trace).map((c: FlowClass) => rowOf(trace, c.key, c.flows));
}

/** Every flow together. */
export function allTraffic(trace: Trace): TrafficRow {
  return rowOf(
    trace,
    'all',
    trace.flows.map((f) => f.id),
  );
}

/** "one-way delay 45.2 ms on average (max 120 ms), jitter 2.1 ms, 1.20 % of data lost". */
export function trafficText(r: TrafficRow): string {
  if (r.packets === 0) return 'no data packet delivered';
  return (
    `one-way delay ${fmtDelay(r.meanDelayS)} on average (max ${fmtDelay(r.maxDelayS)}), ` +
    `jitter ${fmtDelay(r.jitterS)}, ${lossPct(r).toFixed(2)} % of data lost`
  );
}

/** The delay panel's header line: every flow together. */
export function delayHeadline(trace: Trace): string {
  return trafficText(allTraffic(trace));
}
