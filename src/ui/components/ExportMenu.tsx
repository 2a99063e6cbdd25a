import { useState } from 'react';
import { CWND_COLUMNS, cwndRows, ROUTER_COLUMNS, routerRows, toCsv } from '../deps/outputs';
import { exportSvg } from '../deps/panels';
import { downloadBlob, downloadText, svgToPng } from '../export/download';
import { downloadPcap, pcapTitle } from '../export/pcap';
import { mainTrace, useApp } from '../store';

function visiblePlots(): { id: string; el: Element }[] {
  return [...document.querySelectorAll('[data-slot]')]
    .filter((el) => el.querySelector('svg'))
    .map((el) => ({ id: (el as HTMLElement).dataset.slot ?? 'plot', el: el.querySelector('.panel-body') ?? el }));
}

/** Export the visible plots (SVG, PNG) and the trace (router and cwnd CSV, pcap). */
export function ExportMenu() {
  const trace = useApp(mainTrace);
  const scenario = useApp((s) => s.scenario);
  const [error, setError] = useState<string | null>(null);
  const base = () => `ackclock-${new URLSearchParams(window.location.search).get('preset') ?? 'scenario'}`;

  const svgs = async (png: boolean) => {
    setError(null);
    try {
      const plots = visiblePlots();
      if (plots.length === 0) throw new Error('no visible plot to export');
      for (const p of plots) {
        const text = exportSvg(p.el);
        if (png) downloadBlob(await svgToPng(text), `${base()}-${p.id}.png`);
        else downloadText(text, `${base()}-${p.id}.svg`, 'image/svg+xml');
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const csv = () => {
    if (!trace) return;
    downloadText(toCsv(routerRows(trace), ROUTER_COLUMNS), `${base()}-router.csv`, 'text/csv');
    downloadText(toCsv(cwndRows(trace), CWND_COLUMNS), `${base()}-cwnd.csv`, 'text/csv');
  };
  const pcap = () => {
    if (!trace) return;
    setError(null);
    try {
      downloadPcap(trace, scenario, base());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <span className="header-group secondary" role="group" aria-label="Export">
      Export:
      <button type="button" disabled={!trace} onClick={() => void svgs(false)}>
        SVG
      </button>
      <button type="button" disabled={!trace} onClick={() => void svgs(true)}>
        PNG
      </button>
      <button type="button" disabled={!trace} onClick={csv}>
        CSV
      </button>
      <button type="button" disabled={!trace} onClick={pcap} title={pcapTitle(trace)}>
        pcap
      </button>
      {error && <span role="alert">{error}</span>}
    </span>
  );
}
