/**
 * One plot of the capture view: a TimePlot (the simulator's plot frame) on a connection's
 * spec, on the capture view's shared cursor (a packet row; a second connection takes the row
 * at the cursor's time) and shared zoom, with SVG / PNG export as the panels have.
 */
import { useMemo, useRef } from 'react';
import { rowAtOrBefore } from '../../capture/flight';
import type { ConnectionAnalysis } from '../../deps/capture';
import { exportSvg } from '../../deps/panels';
import { downloadBlob, downloadText, svgToPng } from '../../export/download';
import { PanelRoot } from '../../panels/PanelRoot';
import { TimePlot, type TimePlotSpec } from '../../panels/TimePlot';
import type { PacketRef, Theme } from '../../panels/types';

export interface CapturePlotProps {
  analysis: ConnectionAnalysis;
  spec: TimePlotSpec;
  /** data-testid suffix and file name part ("timeseq", "flight", "rtt"). */
  name: string;
  theme: Theme;
  /** The shared cursor, seconds since the capture's first packet; −1 = the end. */
  cursor: number;
  /** Shared zoom in capture seconds (null: this connection's span). */
  xDomain: [number, number] | null;
  onXDomain: (d: [number, number] | null) => void;
  /** Move the shared cursor (capture seconds). */
  onSeek: (t: number) => void;
  highlight: PacketRef | null;
  onHover: (h: PacketRef | null) => void;
  /** Base of exported file names (the capture's name). */
  fileBase: string;
  /** The plot's data as CSV, offered beside SVG and PNG (the time–sequence plot's packets). */
  csv?: () => string;
  /** Lay the plot out but draw it in a later task (TimePlot's deferDraw). */
  deferDraw?: boolean;
}

export function CapturePlot(p: CapturePlotProps) {
  const ref = useRef<HTMLElement>(null);
  const P = p.analysis.packets;
  const end = P.length ? P.time[P.length - 1]! : 1;
  // The plots are in the connection's own time (its analysis's, as the log's sentences say);
  // the shared cursor and zoom are capture times, offset by the connection's start.
  const t0 = p.analysis.summary.start;
  const local = p.cursor < 0 ? end : p.cursor - t0;
  const cursor = p.cursor < 0 ? P.length - 1 : rowAtOrBefore(p.analysis, local);
  // One array per zoom (a new one would redraw the plot's static layer).
  const [z0, z1] = p.xDomain ?? [t0, t0 + Math.max(end, 1e-3)];
  const xDomain = useMemo<[number, number]>(() => [z0 - t0, z1 - t0], [z0, z1, t0]);
  const file = `${p.fileBase}-conn${p.analysis.summary.id + 1}-${p.name}`;
  const svg = () => (ref.current ? exportSvg(ref.current) : '');
  return (
    <section
      ref={ref}
      className="panel capture-plot"
      data-testid={`capture-${p.name}`}
      data-slot={p.name}
    >
      <header>
        <span className="secondary capture-export">
          <button type="button" onClick={() => downloadText(svg(), `${file}.svg`, 'image/svg+xml')}>
            SVG
          </button>
          <button
            type="button"
            onClick={() => void svgToPng(svg()).then((b) => downloadBlob(b, `${file}.png`))}
          >
            PNG
          </button>
          {p.csv && (
            <button type="button" onClick={() => downloadText(p.csv!(), `${file}.csv`, 'text/csv')}>
              CSV
            </button>
          )}
        </span>
      </header>
      <div className="panel-body">
        <PanelRoot theme={p.theme}>
          <TimePlot
            spec={p.spec}
            panel={`capture-${p.name}`}
            theme={p.theme}
            cursor={cursor}
            cursorTime={local}
            highlight={p.highlight}
            onHover={p.onHover}
            onSeek={(row) => p.onSeek(t0 + (P.time[row] ?? 0))}
            xDomain={xDomain}
            onXDomain={(d) => p.onXDomain(d && [d[0] + t0, d[1] + t0])}
            deferDraw={p.deferDraw}
          />
        </PanelRoot>
      </div>
    </section>
  );
}
