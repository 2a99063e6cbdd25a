/**
 * Wires the store to the outside world, outside React: runs the engine when the scenario or
 * the compared senders change, and keeps the address bar in step with the state (pushState
 * for scenario changes, replaceState while scrubbing; back/forward restore).
 *
 * An address with problems (a bad value, an unknown or repeated key, a query over the limit)
 * is applied key by key — every good key kept — and left in the address bar exactly as typed
 * until the user changes something; then the app writes its own address again. A cancelled
 * run, or one refused before it starts, puts the scenario (and the address) back to the run on
 * screen, so a reload or a copied link never restarts it.
 */
import { DEFAULT_SCENARIO, type Scenario } from '../deps/scenarios';
import { compareProblem } from '../model/budget';
import { runNames, scenarioProfile, withEntry } from '../model/compareEntries';
import { buildQuery, parseLocation, type ParsedLocation, type ViewState } from '../model/urlState';
import { flowCount, presetOf, senderOf } from '../model/scenarioQuery';
import { lastEventAtOrBefore } from '../model/traceIndex';
import { flowsSignature } from '../model/flowVisibility';
import { initialZoom } from '../model/storyView';
import { openingEvent } from '../model/opening';
import { routerParam, routerProblem } from '../model/routerView';
import { defaultPanelsFor } from '../model/defaultPanels';
import { useApp, mainTrace, type AppState, type FieldProblem } from '../store';
import { cancelRun, requestRun } from '../worker/bridge';
import { addressWriter } from './addressWriter';

/** Cursor time to restore once the next run arrives (keeps the place across reruns). */
let pendingTime: number | null = null;
let pendingEvent: number | null = null;
/** The next run opens where its preset says (Preset.open): a link without `e` or `t`, or
 * another preset chosen. */
let pendingOpening = false;
let applyingHistory = false;
/** The pending place came from the address (out-of-range values are reported, not guessed). */
let pendingFromUrl = false;
/** The router choice came from the address: checked (and reported) when its run arrives. */
let routerFromUrl = false;
/** The address bar holds an address with problems, as typed: the app does not rewrite it. */
let pinned = false;
function setPinned(on: boolean): void {
  pinned = on;
  if (useApp.getState().urlPinned !== on) useApp.setState({ urlPinned: on });
}
/** The state changes being made are the app's own (placing the cursor after a run, undoing a
 * cancelled run), not the user's: they neither start a run nor release a pinned address. */
let automatic = false;
/** What the last run asked for, and what the run on screen was asked for. */
let requested: { scenario: Scenario; compare: string[] } | null = null;
let shown: { scenario: Scenario; compare: string[] } | null = null;

/**
 * The runs to make: one per compare entry (a sender, or a sender under a profile), each named
 * as its label reads (runNames: with its profile once any entry names one), else the scenario.
 */
export function runsFor(
  scenario: Scenario,
  compare: readonly string[],
): { sender: string; scenario: Scenario }[] {
  if (compare.length >= 2) {
    const names = runNames(compare, scenarioProfile(scenario));
    return compare.flatMap((entry, i) => {
      const s = withEntry(scenario, entry);
      return s ? [{ sender: names[i] ?? entry, scenario: s }] : [];
    });
  }
  return [{ sender: senderOf(scenario), scenario }];
}

export function startRun(): Promise<void> {
  const s = useApp.getState();
  // Compare mode keeps one trace per run: the runs must differ and together fit the budget.
  const over = compareProblem(s.scenario, s.compare);
  if (over) {
    refuse(over.message);
    return Promise.resolve();
  }
  requested = { scenario: s.scenario, compare: s.compare };
  return requestRun(runsFor(s.scenario, s.compare));
}

/** Put the scenario and the compared senders back to the run on screen (no new run). */
function restoreShown(): boolean {
  if (!shown) return false;
  const back = shown;
  automatic = true;
  try {
    useApp.setState({ scenario: back.scenario, compare: back.compare });
  } finally {
    automatic = false;
  }
  pendingEvent = null;
  pendingTime = null;
  pendingOpening = false;
  pendingFromUrl = false;
  return true;
}

/** Nothing on screen to go back to: the default scenario (a short run) instead. */
function startDefault(): void {
  useApp.setState({ compare: [] });
  useApp.getState().setScenario(DEFAULT_SCENARIO);
}

/** A run refused before it started: say why, and go back to the run on screen. */
function refuse(message: string): void {
  useApp.getState().runFailed(message);
  if (!restoreShown()) startDefault();
  writeAddress();
}

/**
 * Cancel the run in progress: the scenario, the form and the address go back to the run on
 * screen (or, if there is none yet, to the default scenario), so a reload does not restart it.
 */
export function cancel(): void {
  if (useApp.getState().run.status !== 'running') return;
  cancelRun();
  if (!restoreShown()) {
    startDefault();
    useApp.setState((st) => ({
      run: {
        ...st.run,
        error:
          'Run cancelled; there was no earlier run on screen, so the default scenario runs instead.',
      },
    }));
  }
  writeAddress();
}

/**
 * `hiddenFor` of flows hidden by a link (`hide=`) before its run has arrived: they are written
 * back to the address meanwhile, and belong to the first run that arrives (its signature).
 */
export const HIDDEN_FROM_LINK = 'link';

const signatures = new WeakMap<object, string>();
function signatureOf(trace: NonNullable<ReturnType<typeof mainTrace>>): string {
  let sig = signatures.get(trace);
  if (sig === undefined) {
    sig = flowsSignature(trace);
    signatures.set(trace, sig);
  }
  return sig;
}

/** The flows hidden in the run on screen (or by the link whose run is coming), for the URL. */
function hiddenOf(s: AppState): number[] | undefined {
  if (s.hiddenFlows.length === 0) return undefined;
  const trace = mainTrace(s);
  if (s.hiddenFor === HIDDEN_FROM_LINK) return s.hiddenFlows;
  return trace && s.hiddenFor === signatureOf(trace) ? s.hiddenFlows : undefined;
}

function viewOf(s: AppState): ViewState {
  const trace = mainTrace(s);
  return {
    e: trace ? s.cursor : (pendingEvent ?? undefined),
    compare: s.compare,
    mod: s.modulus,
    router: routerParam(trace, s.routerNode),
    units: s.cwndUnits,
    theme: s.theme,
    panels: s.panels,
    zoom: s.xDomain,
    predict: s.predict.kind,
    pres: s.presentation !== (s.theme === 'projector') ? s.presentation : undefined,
    flow: s.flowFilter,
    hide: hiddenOf(s),
    embed: s.embed,
  };
}

export function currentQuery(): string {
  const s = useApp.getState();
  return buildQuery(s.scenario, viewOf(s));
}

/**
 * The absolute address of the view on screen, as the full app (`embed: false`) or as the embed
 * view (`embed: true`, for an iframe), at the page's own path: the "open in ackclock" link and
 * the embed code.
 */
export function viewUrl(opts: { embed: boolean }): string {
  const s = useApp.getState();
  const q = buildQuery(s.scenario, { ...viewOf(s), embed: opts.embed });
  return `${window.location.origin}${window.location.pathname}?${q}`;
}

/** Each bad key's problem, for its form control: the messages naming it and the text given. */
function fieldProblemsOf(p: ParsedLocation): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  for (const e of p.errors) {
    const prev = out[e.key];
    if (prev) prev.message = `${prev.message}; ${e.message}`;
    else out[e.key] = { raw: p.raw[e.key] ?? null, message: e.message };
  }
  return out;
}

/** Apply an address (first load or back/forward); false when it had problems. */
export function applyLocation(search: string): boolean {
  const p = parseLocation(search);
  const st = useApp.getState();
  applyingHistory = true;
  try {
    st.setUrlProblems(p.errors, p.warnings);
    st.setFieldProblems(fieldProblemsOf(p));
    useApp.setState({
      theme: p.view.theme ?? 'light',
      presentation: p.view.pres ?? p.view.theme === 'projector',
      modulus: p.view.mod ?? 50,
      routerNode: p.view.router ?? null,
      cwndUnits: p.view.units ?? 'packets',
      panels: p.view.panels ?? defaultPanelsFor(p.scenario, p.view.theme ?? 'light', p.view.compare),
      compare: p.view.compare ?? [],
      flowFilter: p.view.flow ?? null,
      // The link's hidden flows belong to the run it starts (its signature is set on arrival).
      hiddenFlows: p.view.hide ?? [],
      hiddenFor: p.view.hide?.length ? HIDDEN_FROM_LINK : '',
      // No `zoom` in the address: the preset's story window (the full run is the `0` key).
      xDomain: initialZoom(p.scenario, p.view.zoom),
      embed: p.view.embed ?? false,
      playing: false,
    });
    st.setPredictKind(p.view.predict ?? null);
    pendingEvent = p.view.e ?? null;
    pendingTime = pendingEvent === null ? (p.view.t ?? null) : null;
    pendingFromUrl = p.view.e !== undefined || p.view.t !== undefined;
    // No place in the link: the preset's own opening (its story window, or its end).
    pendingOpening = !pendingFromUrl;
    routerFromUrl = p.view.router !== undefined;
    if (pendingEvent !== null) useApp.setState({ cursor: pendingEvent });
    st.setScenario(p.scenario);
  } finally {
    applyingHistory = false;
  }
  setPinned(!p.ok);
  return p.ok;
}

let lastPushed = '';

function urlOf(q: string): string {
  return `${window.location.pathname}${q ? `?${q}` : ''}${window.location.hash}`;
}

/** The view's address in place of the current entry, once the view rests (addressWriter.ts). */
const replaceWrite = addressWriter(() => {
  // The page may be gone by now (a test's DOM torn down before the debounce fired).
  if (pinned || !locationSynced || typeof window === 'undefined') return;
  const q = currentQuery();
  // Unchanged (a step back and forth): no write (each costs the browser milliseconds).
  if (q !== lastPushed || window.location.search !== (q ? `?${q}` : ''))
    window.history.replaceState(null, '', urlOf(q));
  lastPushed = q;
});

function syncUrl(push: boolean): void {
  if (applyingHistory || pinned || typeof window === 'undefined') return;
  // An embedded view never adds history entries: they would be the host page's (a slide deck,
  // an LMS page), whose Back button must leave that page, not step through the embed.
  if (push && !useApp.getState().embed) {
    replaceWrite.cancel();
    const q = currentQuery();
    if (q !== lastPushed) window.history.pushState(null, '', urlOf(q));
    lastPushed = q;
    return;
  }
  replaceWrite.schedule();
}

/** Write the current state's address in place of the current entry (after a cancel). */
function writeAddress(): void {
  if (!locationSynced || typeof window === 'undefined') return;
  setPinned(false);
  replaceWrite.cancel();
  lastPushed = currentQuery();
  window.history.replaceState(null, '', urlOf(lastPushed));
}

/** The user changed something while the address bar held a link with problems: the app
 * writes its own address again (a new history entry, so Back shows the link as typed). */
function release(): void {
  setPinned(false);
  useApp.getState().setUrlProblems([], useApp.getState().urlWarnings);
  syncUrl(true);
}

/** Whether the controller keeps the address bar (false in tests that opt out). */
let locationSynced = false;

/** Start the controller; returns a function that stops it. */
export function startController(opts: { location?: boolean } = {}): () => void {
  const useLocation = opts.location ?? true;
  locationSynced = useLocation;
  setPinned(false);
  // A controller started again (an embed remounted) starts from nothing the last one left.
  shown = null;
  requested = null;
  pendingTime = null;
  pendingEvent = null;
  pendingOpening = false;
  pendingFromUrl = false;
  routerFromUrl = false;
  applyingHistory = false;
  automatic = false;
  lastPushed = '';
  if (useLocation) {
    const ok = applyLocation(window.location.search);
    if (ok) {
      lastPushed = currentQuery();
      window.history.replaceState(null, '', urlOf(lastPushed));
    } else {
      // Left as typed; the first change the user makes pushes the app's own address.
      lastPushed = '';
    }
  }
  void startRun();

  const unsub = useApp.subscribe((s, prev) => {
    const scenarioChanged =
      s.scenario !== prev.scenario || s.compare.join() !== prev.compare.join();
    const user = !applyingHistory && !automatic;
    // A flow filter naming a flow the scenario no longer has shows every flow again.
    if (scenarioChanged && s.flowFilter !== null && s.flowFilter >= flowCount(s.scenario))
      useApp.getState().setFlowFilter(null);
    // Another preset shows its own router (a link naming one sets it as it is applied).
    if (
      scenarioChanged &&
      user &&
      s.routerNode !== null &&
      presetOf(s.scenario) !== presetOf(prev.scenario)
    ) {
      useApp.getState().setRouterNode(null);
      routerFromUrl = false;
    }
    // The default panels follow the scenario (a BBR or paced flow shows the rate panel below
    // the router plot) while the user has not chosen others.
    if (
      user &&
      scenarioChanged &&
      s.panels.join() === defaultPanelsFor(prev.scenario, s.theme, prev.compare).join()
    ) {
      const next = defaultPanelsFor(s.scenario, s.theme, s.compare);
      if (next.join() !== s.panels.join()) useApp.getState().setPanels(next);
    }
    if (scenarioChanged && user) {
      if (mainTrace(prev)) {
        // Another preset starts from its beginning; a rerun of the same one (edited drops,
        // another sender) keeps the place in time.
        const t = mainTrace(prev);
        const samePreset = presetOf(s.scenario) === presetOf(prev.scenario);
        pendingTime =
          samePreset && t ? ((t.packets.time[prev.cursor] as number | undefined) ?? 0) : null;
        pendingEvent = null;
        pendingOpening = !samePreset;
        pendingFromUrl = false;
      }
      void startRun();
    } else if (scenarioChanged && applyingHistory) {
      void startRun();
    }
    // A finished run: it is the one on screen now; restore the place.
    const finished = s.run.results !== prev.run.results && s.run.results.length > 0;
    if (finished) {
      shown = requested;
      const t = mainTrace(s);
      const n = t?.packets.length ?? 0;
      automatic = true;
      try {
        // Flows hidden by the link belong to this run: the ones it has stay hidden.
        if (t && s.hiddenFor === HIDDEN_FROM_LINK) {
          const ids = new Set(t.flows.map((f) => f.id));
          useApp.getState().setHiddenFlows(
            s.hiddenFlows.filter((f) => ids.has(f)),
            signatureOf(t),
          );
        }
        // A router this run cannot show: its own instead, said when the link named it.
        const node = useApp.getState().routerNode;
        const routerWhy = t && node !== null ? routerProblem(t, node) : null;
        if (routerWhy) {
          useApp.getState().setRouterNode(null);
          if (routerFromUrl) {
            const st = useApp.getState();
            st.setUrlProblems(
              [...st.urlErrors, { key: 'router', message: routerWhy }],
              st.urlWarnings,
            );
          }
        }
        routerFromUrl = false;
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
        } else if (pendingOpening && t)
          s.seek(openingEvent(t, s.scenario, s.xDomain), { bypassPredict: true });
      } finally {
        automatic = false;
      }
      pendingEvent = null;
      pendingTime = null;
      pendingOpening = false;
      pendingFromUrl = false;
    }
    if (useLocation && !applyingHistory && !automatic) {
      const viewChanged =
        s.cursor !== prev.cursor ||
        s.theme !== prev.theme ||
        s.modulus !== prev.modulus ||
        s.routerNode !== prev.routerNode ||
        s.cwndUnits !== prev.cwndUnits ||
        s.panels !== prev.panels ||
        s.xDomain !== prev.xDomain ||
        s.presentation !== prev.presentation ||
        s.predict.kind !== prev.predict.kind ||
        s.flowFilter !== prev.flowFilter ||
        s.hiddenFlows !== prev.hiddenFlows;
      // A run's arrival (and the cursor it clamps) is the app's doing, not the user's.
      const runArrived = s.run.results !== prev.run.results;
      if (pinned) {
        if (scenarioChanged || (viewChanged && !runArrived)) release();
      } else if (scenarioChanged) syncUrl(true);
      else if (viewChanged || runArrived) syncUrl(false);
    }
  });

  const onPop = () => {
    // The entry left keeps the address it had; the one come back to is applied as it is.
    replaceWrite.cancel();
    applyLocation(window.location.search);
  };
  // A page hidden or left writes the view's address now: a reload, a restored tab or a copied
  // address bar has the last step, not the one before the debounce.
  const onHide = () => replaceWrite.flush();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') replaceWrite.flush();
  };
  if (useLocation) {
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    unsub();
    locationSynced = false;
    // A stopped controller writes no address later (its debounced write would land in the
    // page of whatever runs next: a remounted embed, another test).
    replaceWrite.cancel();
    if (useLocation) {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}
