import { useId, useState } from 'react';
import { EXPORT_PANELS, exportSvg, PANEL_TITLES, panelOf } from '../deps/panels';
import { compareCsv, runCsv, type CsvKind } from '../export/csv';
import { downloadBlob, downloadText, svgToPng } from '../export/download';
import { runsFor } from '../app/controller';
import { exportOffscreen, type ExportPlotId } from '../export/offscreen';
import { downloadComparePcap, downloadPcap, fileSafe, pcapTitle } from '../export/pcap';
import { compareSvg } from '../export/svg';
import { routerFileTag } from '../model/routerView';
import { mainTrace, useApp } from '../store';

/** A file-name-safe run name: `newreno@rfc` → `newreno-rfc`. */
const fileName = fileSafe;

/**
 * The size an off-screen plot is drawn at: the lower slot's panel body (where it would be
 * shown), else the router plot's, else 960 × 400 CSS pixels.
 */
function offscreenSize(): { w: number; h: number } {
  for (const sel of ['.panel:not(.panel-router) > .panel-body', '.panel-router > .panel-body']) {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    if (r && r.width > 200 && r.height > 120)
      return { w: Math.round(r.width), h: Math.round(r.height) };
  }
  return { w: 960, h: 400 };
}

/**
 * Export, one file per click: the chosen plot as SVG or PNG (in compare mode every run, or one
 * run, with the runs' names) — any plot, whether or not its tab is open: one not on screen is
 * drawn off-screen for the file (export/offscreen.tsx) —, the router or cwnd rows as CSV (in
 * compare mode every run's, with its sender and profile), the pcap trace (in compare mode one
 * pcap per run, zipped, each named with its run). The router rows are the shown router's (a multi-homed
 * run's router choice, the `router` view key); when that is not the run's own router its name
 * ends the names of the router CSV and of the figures that show it (`…-router-A1.csv`,
 * `…-router-A1.svg`, `…-queue-A1.png`, `…-compare-A1.svg`).
 */
export function ExportMenu() {
  const id = useId();
  const trace = useApp(mainTrace);
  const scenario = useApp((s) => s.scenario);
  const panels = useApp((s) => s.panels);
  const compare = useApp((s) => s.compare.length >= 2);
  const results = useApp((s) => s.run.results);
  const senders = useApp((s) => s.run.senders);
  const routerNode = useApp((s) => s.routerNode);
  const [choice, setChoice] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = () =>
    `ackclock-${new URLSearchParams(window.location.search).get('preset') ?? 'scenario'}`;
  const comparing = compare && results.length >= 2;
  // `-A1` when another router than the run's own is shown; '' otherwise.
  const atRouter = routerFileTag(trace, routerNode);

  const options: { value: string; label: string }[] = comparing
    ? [
        { value: 'compare', label: 'all compared runs' },
        ...senders.map((s, i) => ({ value: `run:${i}`, label: `${s} run` })),
      ]
    : EXPORT_PANELS.map((p) => ({
        value: p,
        label: panels.includes(p) ? PANEL_TITLES[p] : `${PANEL_TITLES[p]} (not on screen)`,
      }));
  const chosen = options.find((o) => o.value === choice) ?? options[0];

  const figure = async (png: boolean) => {
    setError(null);
    try {
      if (!chosen) throw new Error('no visible plot to export');
      let text: string;
      let name: string;
      if (comparing) {
        const root = document.querySelector('[data-testid="compare"]');
        if (!root) throw new Error('no compared run to export');
        const run = chosen.value.startsWith('run:') ? Number(chosen.value.slice(4)) : undefined;
        text = compareSvg(root, run);
        name =
          (run === undefined ? 'compare' : `compare-${fileName(senders[run] ?? String(run + 1))}`) +
          atRouter;
      } else {
        const id = chosen.value as ExportPlotId;
        const slot = document.querySelector(`[data-slot="${id}"]`);
        const el = slot?.querySelector('.panel-body') ?? slot;
        if (el && el.querySelector('.ackp-area svg')) text = exportSvg(el);
        else {
          // Not on screen (another tab is open): drawn off-screen for the file.
          setBusy(true);
          const { w, h } = offscreenSize();
          text = await exportOffscreen(id, w, h);
        }
        // A plot of the chosen router (the `router` view key) names it.
        name = id + (panelOf(id).showsRouter ? atRouter : '');
      }
      if (png) downloadBlob(await svgToPng(text), `${base()}-${name}.png`);
      else downloadText(text, `${base()}-${name}.svg`, 'image/svg+xml');
    } catch (e) {
      setError(`${chosen?.label ?? 'plot'}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const csv = (kind: CsvKind) => {
    if (!trace) return;
    setError(null);
    const tag = kind === 'router' ? atRouter : '';
    if (comparing) {
      const runs = results.map((r, i) => ({ trace: r.trace, name: senders[i] ?? `run ${i + 1}` }));
      const text = compareCsv(runs, kind, routerNode);
      downloadText(text, `${base()}-compare-${kind}${tag}.csv`, 'text/csv');
    } else downloadText(runCsv(trace, kind, routerNode), `${base()}-${kind}${tag}.csv`, 'text/csv');
  };
  const pcap = () => {
    if (!trace) return;
    setError(null);
    try {
      if (comparing) {
        const made = runsFor(scenario, useApp.getState().compare);
        downloadComparePcap(
          results.map((r, i) => ({
            trace: r.trace,
            scenario: made[i]?.scenario ?? null,
            name: senders[i] ?? `run-${i + 1}`,
          })),
          base(),
        );
      } else downloadPcap(trace, scenario, base());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <span className="header-group secondary" role="group" aria-label="Export">
      Export:{' '}
      <label htmlFor={id} className="sr-only">
        Plot to export
      </label>
      <select
        id={id}
        value={chosen?.value ?? ''}
        disabled={!trace || options.length === 0}
        onChange={(e) => setChoice(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={!trace || !chosen || busy}
        onClick={() => void figure(false)}
        title={chosen ? `${chosen.label} as one SVG file` : undefined}
      >
        SVG
      </button>
      <button
        type="button"
        disabled={!trace || !chosen || busy}
        onClick={() => void figure(true)}
        title={chosen ? `${chosen.label} as one PNG file` : undefined}
      >
        PNG
      </button>
      <button
        type="button"
        disabled={!trace}
        onClick={() => csv('router')}
        title={
          (comparing ? 'router events of every compared run' : 'router events') +
          (atRouter ? ` at ${atRouter.slice(1)}` : '') +
          ', one CSV file'
        }
      >
        router CSV
      </button>
      <button
        type="button"
        disabled={!trace}
        onClick={() => csv('cwnd')}
        title={
          comparing
            ? 'cwnd samples of every compared run, one CSV file'
            : 'cwnd samples, one CSV file'
        }
      >
        cwnd CSV
      </button>
      <button
        type="button"
        disabled={!trace}
        onClick={pcap}
        title={
          comparing
            ? `${pcapTitle(trace)}; every compared run, one pcap each, in one zip file`
            : pcapTitle(trace)
        }
      >
        pcap
      </button>
      {busy && (
        <span role="status" className="secondary">
          drawing {chosen?.label ?? 'the plot'}…
        </span>
      )}
      {error && <span role="alert">{error}</span>}
    </span>
  );
}
