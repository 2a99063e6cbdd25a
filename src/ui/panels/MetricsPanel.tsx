/**
 * The run's metrics (src/metrics): per flow a throughput bar in the flow's colour ending in its
 * glyph, its share, fast-retransmit episodes, timeouts and mean cwnd; for the run link
 * utilisation, Jain's fairness index, the increase of SCTP over TCP (when both run), the
 * bottleneck's loss rate and queueing delay. "Up to the cursor" recomputes the shares, Jain's
 * index and utilisation from the throughput bins up to the cursor. Every number is the metrics
 * module's; exact values ride on data-* attributes for tests.
 */
import { path as d3path } from 'd3';
import { useMemo, useState } from 'react';
import type { Trace } from '../../engine';
import type { RunMetrics } from '../deps/metrics';
import { ClassTable } from './ClassTable';
import type { PanelDescriptor } from './descriptor';
import { glyphPaint, glyphPath } from './glyphs';
import { metricsView, type MetricsSpan, type MetricsView } from './metricsView';
import { flowStyle, METRICS, PALETTE } from './palette';
import { PanelRoot } from './PanelRoot';
import { fmtRate } from './tput';
import { flowLabel, fmtTime } from './traceCache';
import type { Theme } from './types';
import './panels.css';

export interface MetricsPanelProps {
  trace: Trace;
  metrics: RunMetrics | null;
  metricsError?: string | null;
  /** Time of the cursor, s ("up to the cursor"). */
  cursorTime: number;
  theme: Theme;
}

const pct = (v: number | null, digits = 1) => (v === null ? '—' : `${v.toFixed(digits)} %`);
const signed = (v: number | null) => (v === null ? '—' : `${v >= 0 ? '+' : ''}${v.toFixed(1)} %`);
const num = (v: number | null, digits = 2) => (v === null ? '—' : v.toFixed(digits));
const attr = (v: number | null) => (v === null ? '' : String(v));

function FlowGlyph({ flow, theme }: { flow: number; theme: Theme }) {
  const st = flowStyle(flow);
  const c = PALETTE[theme];
  const size = METRICS[theme].markPx * 1.5;
  const box = Math.ceil(size + 4);
  const p = d3path();
  glyphPath(p, st.glyph, box / 2, box / 2, size);
  const fill = glyphPaint(st.glyph) === 'fill';
  return (
    <svg width={box} height={box} aria-hidden="true" className="ackp-mglyph">
      <path
        d={p.toString()}
        fill={fill ? c[st.color] : c.bg}
        stroke={c[st.color]}
        strokeWidth={METRICS[theme].strokePx}
      />
    </svg>
  );
}

/** Screen-reader summary of the table. */
export function metricsSummary(trace: Trace, v: MetricsView): string {
  const flows = v.flows.map(
    (f) => `${flowLabel(trace, f.flow)} ${fmtRate(f.tputBps)} (${pct(f.pct)})`,
  );
  return (
    `Metrics ${v.span === 'run' ? 'of the whole run' : `up to ${fmtTime(v.endS)}`}: ` +
    `link utilisation ${pct(v.linkUtilPct)}, Jain's index ${v.jain === null ? 'undefined (no TCP or SCTP flow)' : v.jain.toFixed(3)}` +
    (v.pctIncrease !== null ? `, SCTP ${signed(v.pctIncrease)} over TCP` : '') +
    `; ${flows.join(', ')}.`
  );
}

function Kpi(props: {
  id: string;
  label: string;
  title: string;
  value: number | null;
  text: string;
}) {
  return (
    <div className="ackp-kpi" data-testid={`metric-${props.id}`} title={props.title}>
      <dt>{props.label}</dt>
      <dd data-value={attr(props.value)}>{props.text}</dd>
    </div>
  );
}

export function MetricsPanel(props: MetricsPanelProps) {
  const { trace, metrics, theme, cursorTime } = props;
  const [span, setSpan] = useState<MetricsSpan>('run');
  const view = useMemo(
    () => (metrics ? metricsView(metrics, span, cursorTime) : null),
    [metrics, span, cursorTime],
  );
  if (!metrics || !view) {
    return (
      <PanelRoot theme={theme}>
        <p className="ackp-empty" role="status">
          No metrics for this run{props.metricsError ? `: ${props.metricsError}` : '.'}
        </p>
      </PanelRoot>
    );
  }
  const c = PALETTE[theme];
  const maxBps = view.flows.reduce((x, f) => Math.max(x, f.tputBps), 0);
  return (
    <PanelRoot theme={theme} className="ackp-metrics">
      <div className="ackp-controls" role="group" aria-label="Metrics over">
        {(['run', 'cursor'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={span === s}
            onClick={() => setSpan(s)}
            title={
              s === 'run'
                ? 'The metrics of the whole run (as the CLI and the sweep report them)'
                : 'Shares, Jain’s index and utilisation of what was sent up to the cursor (0.1 s bins)'
            }
          >
            {s === 'run' ? 'whole run' : 'up to the cursor'}
          </button>
        ))}
        <span className="ackp-muted" data-testid="metrics-span">
          {span === 'run'
            ? `0 – ${fmtTime(view.endS)}`
            : `0 – ${fmtTime(view.endS)} (cursor’s bin)`}
        </span>
      </div>
      <div
        className="ackp-mscroll"
        role="region"
        aria-label={metricsSummary(trace, view)}
        tabIndex={0}
      >
        <dl className="ackp-kpis">
          <Kpi
            id="link-util"
            label="link utilisation"
            title="Payload first sent by all flows · 8 / (bottleneck capacity · time), Alamgir et al. eq. 3"
            value={view.linkUtilPct}
            text={pct(view.linkUtilPct)}
          />
          <Kpi
            id="jain"
            label="Jain’s index"
            title="(Σ x)² / (n · Σ x²) of the TCP and SCTP flows’ payload bytes (UDP flows do not count): 1 = equal shares, 1/n = one flow takes all"
            value={view.jain}
            text={view.jain === null ? '—' : view.jain.toFixed(3)}
          />
          {view.protocols && (
            <Kpi
              id="pct-increase"
              label="SCTP over TCP"
              title="Increase of the mean SCTP flow’s throughput over the mean TCP flow’s, Alamgir et al. eq. 2"
              value={view.pctIncrease}
              text={signed(view.pctIncrease)}
            />
          )}
          <Kpi
            id="loss-rate"
            label="loss at bottleneck"
            title="Data packets dropped at the bottleneck / data packets that reached it (whole run)"
            value={view.lossRate}
            text={view.lossRate === null ? '—' : `${(view.lossRate * 100).toFixed(2)} %`}
          />
          <Kpi
            id="queue-delay"
            label="mean queueing delay"
            title="Mean wait of a data packet in the bottleneck queue (whole run)"
            value={view.meanQueueDelayS}
            text={
              view.meanQueueDelayS === null ? '—' : `${(view.meanQueueDelayS * 1000).toFixed(1)} ms`
            }
          />
        </dl>
        <table className="ackp-mtable" data-testid="metrics-table">
          <thead>
            <tr>
              <th scope="col">flow</th>
              <th scope="col" className="ackp-barcol">
                throughput
              </th>
              <th scope="col" title="Share of all payload bytes first sent (Alamgir et al. eq. 1)">
                share
              </th>
              <th scope="col" title="Fast-retransmit episodes (whole run)">
                FR
              </th>
              <th scope="col" title="Retransmission timeouts (whole run)">
                RTO
              </th>
              <th
                scope="col"
                title="Time-averaged cwnd from the first data packet, packets (SCTP: MTUs), whole run"
              >
                mean cwnd
              </th>
            </tr>
          </thead>
          <tbody>
            {view.flows.map((f) => {
              const st = flowStyle(f.flow);
              const w = maxBps > 0 ? (f.tputBps / maxBps) * 100 : 0;
              return (
                <tr
                  key={f.flow}
                  data-flow={f.flow + 1}
                  data-tput-bps={f.tputBps}
                  data-pct={attr(f.pct)}
                  data-fr={f.frEpisodes}
                  data-timeouts={f.timeouts}
                  data-mean-cwnd={attr(f.meanCwndPkts)}
                >
                  <th scope="row">
                    <FlowGlyph flow={f.flow} theme={theme} /> {flowLabel(trace, f.flow)}
                  </th>
                  <td className="ackp-barcol">
                    <span className="ackp-bar">
                      <span
                        className="ackp-barfill"
                        style={{ width: `${w}%`, background: c[st.color] }}
                      />
                    </span>
                    <span className="ackp-barval">{fmtRate(f.tputBps)}</span>
                  </td>
                  <td>{pct(f.pct)}</td>
                  <td>{f.frEpisodes}</td>
                  <td>{f.timeouts}</td>
                  <td>{num(f.meanCwndPkts, 1)}</td>
                </tr>
              );
            })}
          </tbody>
          {view.protocols && (
            <tfoot>
              {view.protocols.map((p) => (
                <tr key={p.protocol} data-protocol={p.protocol} data-pct={attr(p.pct)}>
                  <th scope="row">
                    {p.protocol.toUpperCase()} flows ({p.flows})
                  </th>
                  <td className="ackp-barcol">mean {fmtRate(p.meanTputBps)} per flow</td>
                  <td>{pct(p.pct)}</td>
                  <td colSpan={3} />
                </tr>
              ))}
            </tfoot>
          )}
        </table>
        <ClassTable trace={trace} metrics={metrics} theme={theme} />
      </div>
    </PanelRoot>
  );
}

const fmtPct = (v: number) => `${v.toFixed(1)} %`;

/** The metrics panel in the app: a lower tab, a table row per flow (not a figure). */
export const metricsPanel = {
  id: 'metrics',
  title: 'Metrics',
  slot: 'lower',
  heightFactor: (flows) => flows,
  summary: (_trace, { metrics: m }) =>
    m
      ? `${m.flows.length} flow${m.flows.length === 1 ? '' : 's'} · Jain ${m.jain === null ? '—' : m.jain.toFixed(3)} · utilisation ${fmtPct(m.linkUtilPct)}`
      : '',
  Component: ({ trace, view, cursorTime, theme }) => (
    <MetricsPanel
      trace={trace}
      metrics={view.metrics}
      metricsError={view.metricsError}
      cursorTime={cursorTime}
      theme={theme}
    />
  ),
} as const satisfies PanelDescriptor<'metrics'>;
