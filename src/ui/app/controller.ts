/**
 * Wires the store to the outside world, outside React: runs the engine when the scenario or
 * the compared senders change, and keeps the address bar in step with the state (pushState
 * for scenario changes, replaceState while scrubbing; back/forward restore).
 */
import type { Scenario } from '../deps/scenarios';
import { buildQuery, parseLocation, type ViewState } from '../model/urlState';
import { presetOf, senderOf, withSender } from '../model/scenarioQuery';
import { lastEventAtOrBefore } from '../model/traceIndex';
import { ALL_PANELS, useApp, mainTrace, type AppState } from '../store';
import { requestRun } from '../worker/bridge';

/** Cursor time to restore once the next run arrives (keeps the place across reruns). */
let pendingTime: number | null = null;
let pendingEvent: number | null = null;
let applyingHistory = false;
/** The pending place came from the address (out-of-range values are reported, not guessed). */
let pendingFromUrl = false;

export function runsFor(
  scenario: Scenario,
  compare: readonly string[],
): { sender: string; scenario: Scenario }[] {
  if (compare.length >= 2) {
    return compare.flatMap((sender) => {
      const s = withSender(scenario, sender);
      return s ? [{ sender, scenario: s }] : [];
    });
  }
  return [{ sender: senderOf(scenario), scenario }];
}

export function startRun(): Promise<void> {
  const s = useApp.getState();
  return requestRun(runsFor(s.scenario, s.compare));
}

function viewOf(s: AppState): ViewState {
  const trace = mainTrace(s);
  return {
    e: trace ? s.cursor : (pendingEvent ?? undefined),
    compare: s.compare,
    mod: s.modulus,
    units: s.cwndUnits,
    theme: s.theme,
    panels: s.panels,
    zoom: s.xDomain,
    predict: s.predict.kind,
    pres: s.presentation !== (s.theme === 'projector') ? s.presentation : undefined,
  };
}

export function currentQuery(): string {
  const s = useApp.getState();
  return buildQuery(s.scenario, viewOf(s));
}

/** Apply an address (first load or back/forward). */
export function applyLocation(search: string): void {
  const p = parseLocation(search);
  const st = useApp.getState();
  applyingHistory = true;
  try {
    st.setUrlProblems(p.errors, p.warnings);
    useApp.setState({
      theme: p.view.theme ?? 'light',
      presentation: p.view.pres ?? p.view.theme === 'projector',
      modulus: p.view.mod ?? 50,
      cwndUnits: p.view.units ?? 'packets',
      panels:
        p.view.panels ??
        (p.view.theme === 'projector' ? ['router', 'cwnd', 'log'] : [...ALL_PANELS]),
      compare: p.view.compare ?? [],
      xDomain: p.view.zoom ?? null,
      playing: false,
    });
    st.setPredictKind(p.view.predict ?? null);
    pendingEvent = p.view.e ?? null;
    pendingTime = pendingEvent === null ? (p.view.t ?? 0) : null;
    pendingFromUrl = p.view.e !== undefined || p.view.t !== undefined;
    if (pendingEvent !== null) useApp.setState({ cursor: pendingEvent });
    st.setScenario(p.scenario);
  } finally {
    applyingHistory = false;
  }
}

let lastPushed = '';
let replaceTimer: ReturnType<typeof setTimeout> | null = null;

function syncUrl(push: boolean): void {
  if (applyingHistory || typeof window === 'undefined') return;
  const q = currentQuery();
  const url = `${window.location.pathname}${q ? `?${q}` : ''}${window.location.hash}`;
  if (push) {
    if (replaceTimer) clearTimeout(replaceTimer);
    replaceTimer = null;
    if (q !== lastPushed) window.history.pushState(null, '', url);
    lastPushed = q;
    return;
  }
  if (replaceTimer) return;
  replaceTimer = setTimeout(() => {
    replaceTimer = null;
    const q2 = currentQuery();
    const url2 = `${window.location.pathname}${q2 ? `?${q2}` : ''}${window.location.hash}`;
    window.history.replaceState(null, '', url2);
    lastPushed = q2;
  }, 120);
}

/** Start the controller; returns a function that stops it. */
export function startController(opts: { location?: boolean } = {}): () => void {
  const useLocation = opts.location ?? true;
  if (useLocation) {
    applyLocation(window.location.search);
    lastPushed = currentQuery();
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}?${lastPushed}${window.location.hash}`,
    );
  }
  void startRun();

  const unsub = useApp.subscribe((s, prev) => {
    const scenarioChanged =
      s.scenario !== prev.scenario || s.compare.join() !== prev.compare.join();
    if (scenarioChanged) {
      if (!applyingHistory && mainTrace(prev)) {
        // Another preset starts from its beginning; a rerun of the same one (edited drops,
        // another sender) keeps the place in time.
        const t = mainTrace(prev);
        const samePreset = presetOf(s.scenario) === presetOf(prev.scenario);
        pendingTime = samePreset && t ? ((t.packets.time[prev.cursor] as number | undefined) ?? 0) : null;
        pendingEvent = samePreset ? null : 0;
        pendingFromUrl = false;
      }
      void startRun();
    }
    // A finished run: restore the place.
    if (s.run.results !== prev.run.results && s.run.results.length > 0) {
      const t = mainTrace(s);
      const n = t?.packets.length ?? 0;
      const reject = (key: string, message: string) => {
        const st = useApp.getState();
        st.setUrlProblems([...st.urlErrors, { key, message }], st.urlWarnings);
        st.seek(0, { bypassPredict: true });
      };
      if (pendingEvent !== null) {
        if (pendingFromUrl && pendingEvent >= n)
          reject(
            'e',
            `e: event ${pendingEvent} is past the last event of this run (${n - 1}); starting at event 0`,
          );
        else s.seek(pendingEvent, { bypassPredict: true });
      } else if (pendingTime !== null && t) {
        if (pendingFromUrl && pendingTime > t.stopS)
          reject(
            't',
            `t: ${pendingTime} s is after the end of this run (${t.stopS} s); starting at event 0`,
          );
        else s.seek(lastEventAtOrBefore(t, pendingTime), { bypassPredict: true });
      }
      pendingEvent = null;
      pendingTime = null;
      pendingFromUrl = false;
    }
    if (useLocation) {
      const viewChanged =
        s.cursor !== prev.cursor ||
        s.theme !== prev.theme ||
        s.modulus !== prev.modulus ||
        s.cwndUnits !== prev.cwndUnits ||
        s.panels !== prev.panels ||
        s.xDomain !== prev.xDomain ||
        s.presentation !== prev.presentation ||
        s.predict.kind !== prev.predict.kind;
      if (scenarioChanged) syncUrl(true);
      else if (viewChanged || s.run.results !== prev.run.results) syncUrl(false);
    }
  });

  const onPop = () => applyLocation(window.location.search);
  if (useLocation) window.addEventListener('popstate', onPop);
  return () => {
    unsub();
    if (useLocation) window.removeEventListener('popstate', onPop);
  };
}
