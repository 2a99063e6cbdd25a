/**
 * The RTT panel's model, per flow: each ACK's RTT sample (Karn's rule, from the engine's rate
 * trace `Trace.rates.rtt`), the minimum RTT — BBR's own min_rtt (RTprop, with its 10 s expiry)
 * for a BBR flow, else the running minimum of the samples shown, labelled as such — and the
 * path's base RTT: propagation and transmission both ways with empty queues, from the links the
 * flow crosses. Pure and DOM-free.
 */
import { PacketType, type Trace } from '../../engine';
import { MarkBuilder, type PointMarks } from './marks';
import { MarkKind } from './palette';
import { flowRateRows, rateModel, rateRowEvent, stepColumn } from './rates';
import { memo } from './traceCache';
import type { SeriesPoint } from './types';

/** Seconds as milliseconds: 0.041872 → "41.9 ms". */
export const fmtMs = (s: number) => `${(s * 1000).toFixed(1)} ms`;

export interface RttModel {
  flow: number;
  /** RTT samples, s (kind `rttSample`; `packet` = the rate row). */
  samples: PointMarks;
  /** Minimum RTT, s, step-after; BBR's min_rtt when `bbrMin`, else the samples' running minimum. */
  minRtt: SeriesPoint[];
  /** Whether `minRtt` is BBR's own (the engine's) rather than the running minimum. */
  bbrMin: boolean;
  /** The path's base RTT, s (NaN: no route found in the trace's links). */
  baseRtt: number;
  /** Largest sample or minimum, s (0: none). */
  max: number;
}

/** The links (indices into Trace.links) of the fewest-hop route from node `a` to node `b`. */
export function routeLinks(trace: Trace, a: string, b: string): number[] | null {
  const via = new Map<string, number>([[a, -1]]);
  const queue = [a];
  while (queue.length) {
    const n = queue.shift()!;
    if (n === b) break;
    trace.links.forEach((l, i) => {
      if (l.from === n && !via.has(l.to)) {
        via.set(l.to, i);
        queue.push(l.to);
      }
    });
  }
  if (!via.has(b)) return null;
  const out: number[] = [];
  for (let n = b; n !== a;) {
    const i = via.get(n)!;
    out.unshift(i);
    n = trace.links[i]!.from;
  }
  return out;
}

/** Wire size, bytes, of the flow's first full data packet and first ACK (0 when none was sent). */
function wireSizes(trace: Trace, flow: number): { data: number; ack: number } {
  const X = trace.transmissions;
  let data = 0;
  let ack = 0;
  for (let u = 0; u < X.length && (data === 0 || ack === 0); u++) {
    if (X.flow[u] !== flow) continue;
    if (X.type[u] === PacketType.ack) ack ||= X.size[u]!;
    else if (X.type[u] === PacketType.data && X.packet[u]! > 1) data ||= X.size[u]!;
  }
  return { data, ack };
}

/**
 * The base RTT of a flow's path, s: for each link from the source to the destination its
 * delay plus a data packet's transmission time, and back an ACK's; what an RTT sample would be
 * with every queue empty. NaN when the trace's links hold no route.
 */
export function baseRtt(trace: Trace, flow: number): number {
  const f = trace.flows.find((x) => x.id === flow);
  if (!f) return NaN;
  const fwd = routeLinks(trace, f.src, f.dst);
  const rev = routeLinks(trace, f.dst, f.src);
  if (!fwd || !rev) return NaN;
  const size = wireSizes(trace, flow);
  const leg = (links: number[], bytes: number) =>
    links.reduce((s, i) => {
      const l = trace.links[i]!;
      return s + l.delayS + (bytes * 8) / l.bandwidthBps;
    }, 0);
  return leg(fwd, size.data) + leg(rev, size.ack);
}

/** The RTT model of one flow (memoised per trace). */
export function rttModel(trace: Trace, flow: number): RttModel {
  return memo(trace, `rtt:${flow}`, () => {
    const R = trace.rates;
    const rows = flowRateRows(trace, flow);
    const b = new MarkBuilder();
    const bbrMin = rateModel(trace, flow).bbr;
    const running: SeriesPoint[] = [];
    let max = 0;
    if (R)
      for (let k = 0; k < rows.length; k++) {
        const i = rows[k]!;
        const r = R.rtt[i]!;
        if (Number.isNaN(r)) continue;
        if (r > max) max = r;
        b.push(MarkKind.rttSample, rateRowEvent(trace, i), R.time[i]!, r, flow, i);
        const last = running[running.length - 1];
        if (!last || r < last.v) running.push({ t: R.time[i]!, v: r });
      }
    const minRtt = bbrMin && R ? stepColumn(R.time, R.minRtt, rows) : running;
    for (const p of minRtt) if (p.v > max) max = p.v;
    return { flow, samples: b.build(), minRtt, bbrMin, baseRtt: baseRtt(trace, flow), max };
  });
}
