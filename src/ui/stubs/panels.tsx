/**
 * Temporary stand-ins for src/ui/panels (RouterPlot, CwndPlot, TimeSeqPlot, QueueView), with
 * the same props. Deliberately plain sketches; `deps/panels.ts` switches to the real panels
 * once they land.
 */
import { useMemo } from 'react';
import { PacketEventKind, PacketType, type Trace } from '../../engine';

export type Theme = 'light' | 'dark' | 'projector';
export interface PanelProps {
  trace: Trace;
  cursor: number;
  cursorTime: number;
  highlight: { flow: number; packet: number } | null;
  onHover: (h: { flow: number; packet: number } | null) => void;
  onSeek: (eventIndex: number) => void;
  xDomain: [number, number] | null;
  onXDomain?: (d: [number, number] | null) => void;
  theme: Theme;
  flows?: number[];
}
/** Optional knobs of the real panels (accepted, mostly ignored here). */
export interface PlotOptions {
  legend?: boolean;
  className?: string;
}
export interface RouterPlotProps extends PanelProps, PlotOptions {
  modulus?: number;
}

/** Okabe–Ito, with amber in place of yellow. */
export const PALETTE = {
  data: '#0072B2',
  ack: '#009E73',
  window: '#E69F00',
  sack: '#CC79A7',
  drop: '#D55E00',
  other: '#56B4E9',
  grey: '#7f7f7f',
} as const;

export function exportSvg(el: Element): string {
  const svg = el instanceof SVGSVGElement ? el : el.querySelector('svg');
  if (!svg) throw new Error('no SVG to export');
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new XMLSerializer().serializeToString(clone);
}

const W = 600;
const H = 220;
const M = { l: 34, r: 8, t: 8, b: 20 };

function domain(trace: Trace, xDomain: [number, number] | null): [number, number] {
  if (xDomain) return xDomain;
  const n = trace.packets.length;
  const t0 = n > 0 ? (trace.packets.time[0] as number) : 0;
  return [Math.max(0, t0 - 0.05), trace.stopS];
}

function Sketch(props: PanelProps & { children: (x: (t: number) => number) => React.ReactNode; label: string }) {
  const [a, b] = domain(props.trace, props.xDomain);
  const x = (t: number) => M.l + ((t - a) / (b - a || 1)) * (W - M.l - M.r);
  const cx = x(props.cursorTime);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label} className="sketch" preserveAspectRatio="none">
      <rect x={M.l} y={M.t} width={W - M.l - M.r} height={H - M.t - M.b} className="sketch-frame" />
      {props.children(x)}
      <line x1={cx} x2={cx} y1={M.t} y2={H - M.b} className="sketch-cursor" />
      <text x={M.l} y={H - 4} className="sketch-axis">{a.toFixed(1)} s</text>
      <text x={W - M.r} y={H - 4} textAnchor="end" className="sketch-axis">{b.toFixed(1)} s</text>
    </svg>
  );
}

export function RouterPlot(p: RouterPlotProps) {
  const M0 = p.modulus ?? 50;
  const [a, b] = domain(p.trace, p.xDomain);
  const { trace, onSeek } = p;
  // Static marks drawn once per trace/zoom; the cursor only moves a line and a veil.
  const marks = useMemo(() => {
    const P = trace.packets;
    const x = (t: number) => M.l + ((t - a) / (b - a || 1)) * (W - M.l - M.r);
    const y = (v: number) => H - M.b - (v / M0) * (H - M.t - M.b);
    const out: React.ReactNode[] = [];
    for (let i = 0; i < P.length && out.length < 4000; i++) {
      const t = P.time[i] as number;
      if (t < a || t > b) continue;
      const at = P.node[i] === trace.router;
      const k = P.kind[i];
      const X = x(t);
      if (k === PacketEventKind.arrive && at && P.type[i] === PacketType.data) {
        const Y = y((P.packet[i] as number) % M0);
        out.push(<rect key={i} x={X - 1.5} y={Y - 1.5} width={3} height={3} fill={PALETTE.data} onClick={() => onSeek(i)} />);
      } else if (k === PacketEventKind.depart && P.link[i] === trace.bottleneck) {
        const Y = y((P.packet[i] as number) % M0);
        out.push(<rect key={i} x={X - 1.5} y={Y - 1.5} width={3} height={3} fill="none" stroke={PALETTE.data} strokeWidth={0.8} onClick={() => onSeek(i)} />);
      } else if (k === PacketEventKind.drop && at) {
        const Y = y((P.packet[i] as number) % M0);
        out.push(<path key={i} d={`M${X - 3},${Y - 3}L${X + 3},${Y + 3}M${X - 3},${Y + 3}L${X + 3},${Y - 3}`} stroke={PALETTE.drop} strokeWidth={2} onClick={() => onSeek(i)} />);
      } else if (k === PacketEventKind.arrive && at && P.type[i] === PacketType.ack) {
        const Y = y((P.cumAck[i] as number) % M0);
        out.push(<circle key={i} cx={X} cy={Y} r={1.5} fill={PALETTE.ack} onClick={() => onSeek(i)} />);
      }
    }
    return <g>{out}</g>;
  }, [trace, a, b, M0, onSeek]);
  const cx = M.l + ((p.cursorTime - a) / (b - a || 1)) * (W - M.l - M.r);
  return (
    <Sketch {...p} label="Router plot (placeholder)">
      {() => (
        <>
          {marks}
          <rect x={Math.max(M.l, cx)} y={M.t} width={Math.max(0, W - M.r - Math.max(M.l, cx))} height={H - M.t - M.b} fill="var(--bg, #fff)" opacity={0.7} pointerEvents="none" />
        </>
      )}
    </Sketch>
  );
}

export function CwndPlot(p: PanelProps) {
  const [a, b] = domain(p.trace, p.xDomain);
  const samples = p.trace.samples;
  const paths = useMemo(() => {
    const maxY = Math.max(4, ...samples.map((s) => Math.max(s.cwnd, Math.min(s.ssthresh, 64))));
    const x = (t: number) => M.l + ((t - a) / (b - a || 1)) * (W - M.l - M.r);
    const y = (v: number) => H - M.b - (Math.min(v, maxY) / maxY) * (H - M.t - M.b);
    let cw = '';
    let ss = '';
    for (const s of samples) {
      cw += `${cw ? 'L' : 'M'}${x(s.time).toFixed(1)},${y(s.cwnd).toFixed(1)}`;
      ss += `${ss ? 'L' : 'M'}${x(s.time).toFixed(1)},${y(s.ssthresh).toFixed(1)}`;
    }
    return (
      <>
        <path d={ss} fill="none" stroke={PALETTE.window} strokeWidth={2} strokeDasharray="6 4" />
        <path d={cw} fill="none" stroke={PALETTE.data} strokeWidth={2} />
      </>
    );
  }, [samples, a, b]);
  return (
    <Sketch {...p} label="cwnd and ssthresh (placeholder)">
      {() => paths}
    </Sketch>
  );
}

export function TimeSeqPlot(p: PanelProps) {
  return (
    <Sketch {...p} label="Time–sequence plot (placeholder)">
      {() => null}
    </Sketch>
  );
}

export function QueueView(p: PanelProps) {
  const q = p.trace.packets.qlen[p.cursor] ?? 0;
  return (
    <div className="sketch-queue" role="img" aria-label={`Queue view (placeholder): ${q} waiting`}>
      queue after event: {q}
    </div>
  );
}
