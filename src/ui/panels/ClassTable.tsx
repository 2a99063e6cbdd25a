/**
 * The metrics panel's table by class (application kind / protocol): per class its flows, summed
 * throughput and delivered rate, mean and largest one-way delay, RFC 3550 jitter (mean over its
 * flows) and loss rate — the metrics module's classMetrics, nothing recomputed. Exact values ride
 * on data-* attributes for tests.
 */
import type { Trace } from '../../engine';
import { classMetrics, type RunMetrics } from '../deps/metrics';
import { fmtDelay } from './delay';
import { flowClasses, classStyle } from './flowClasses';
import { PALETTE } from './palette';
import { fmtRate } from './tput';
import type { Theme } from './types';

const attr = (v: number | null) => (v === null ? '' : String(v));
const delay = (v: number | null) => (v === null ? '—' : fmtDelay(v));

export function ClassTable({
  trace,
  metrics,
  theme,
}: {
  trace: Trace;
  metrics: RunMetrics;
  theme: Theme;
}) {
  const rows = classMetrics(metrics);
  // The class's colour and glyph as the other panels draw it (by its first flow's order).
  const index = new Map(flowClasses(trace).map((c) => [c.key, c.index]));
  const c = PALETTE[theme];
  return (
    <table className="ackp-mtable" data-testid="class-table">
      <caption>By class (application kind / protocol)</caption>
      <thead>
        <tr>
          <th scope="col">class</th>
          <th scope="col">flows</th>
          <th scope="col" title="Payload first sent per second, the class's flows added up">
            throughput
          </th>
          <th
            scope="col"
            title="Payload delivered per second over each flow's active time, added up"
          >
            delivered
          </th>
          <th scope="col" title="Mean one-way delay of every data packet the class delivered">
            delay
          </th>
          <th scope="col" title="Largest one-way delay in the class">
            max
          </th>
          <th
            scope="col"
            title="RFC 3550 interarrival jitter after each flow's last packet, mean over the class's flows"
          >
            jitter
          </th>
          <th scope="col" title="Data transmissions dropped / sent, the class's flows together">
            loss
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const st = classStyle(index.get(r.flowClass) ?? 0);
          return (
            <tr
              key={r.flowClass}
              data-class={r.flowClass}
              data-delay-mean={attr(r.delayMeanS)}
              data-jitter={attr(r.jitterS)}
              data-loss={attr(r.lossRate)}
            >
              <th scope="row">
                <span style={{ color: c[st.color] }} aria-hidden="true">
                  {st.symbol}
                </span>{' '}
                {r.flowClass}
              </th>
              <td>{r.flows}</td>
              <td>{fmtRate(r.tputBps)}</td>
              <td>{r.deliveredBps === null ? '—' : fmtRate(r.deliveredBps)}</td>
              <td>{delay(r.delayMeanS)}</td>
              <td>{delay(r.delayMaxS)}</td>
              <td>{delay(r.jitterS)}</td>
              <td>{r.lossRate === null ? '—' : `${(r.lossRate * 100).toFixed(2)} %`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
