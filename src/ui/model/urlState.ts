/**
 * The address bar holds the whole state: the scenario (the scenario module's URL codec) plus
 * view keys (the scenario module's VIEW_KEYS; their meaning is here). Parsing never throws and
 * never guesses: a bad value is reported with its key and ignored, and every good key is kept
 * (readScenarioQuery), so one typo does not lose the rest of a link.
 */
import {
  getPreset,
  presetCompare,
  compareKnobKey,
  readScenarioQuery,
  readFlowList,
  VIEW_KEYS,
  writeFlowList,
  type ProfileId,
  type Scenario,
  type ViewKey,
} from '../deps/scenarios';
import {
  ALL_PANELS,
  type CwndUnitsName,
  type ErrorItem,
  type PanelId,
  type PredictKind,
  type ThemeName,
} from '../store/types';
import { compareBudgetError } from './budget';
import { defaultPanelsFor } from './defaultPanels';
import { compareListProblems, scenarioProfile } from './compareEntries';
import { FULL_RUN_ZOOM, zoomParam } from './storyView';
import { lectureState } from './lectureState';
import { routerSyntaxProblem } from './routerView';
import { presetOf, queryTextOf } from './scenarioQuery';
import { readSlideIndex, readSlides, SLIDE_VIEW_KEYS, writeSlides, type Slide } from './slides';

export { VIEW_KEYS };
const THEMES: readonly ThemeName[] = ['light', 'dark', 'projector'];
const PREDICTS: readonly PredictKind[] = ['fast-retransmit', 'rto', 'partial-ack'];
/**
 * Most runs `compare` may list: the sidebar makes 2–4, but a comparison preset brings its own
 * list (Caro et al. Figure 5 has six senders), and its link must load again.
 */
export const MAX_COMPARE = 6;

export interface ViewState {
  e?: number;
  t?: number;
  mod?: number;
  /**
   * The router the router plot and the queue view show, by node name (routerView.ts); checked
   * against the run when it arrives. Absent: the run's own router.
   */
  router?: string;
  units?: CwndUnitsName;
  theme?: ThemeName;
  /** Compared runs: `sender` or `sender@profile` (compareEntries.ts). */
  compare?: string[];
  panels?: PanelId[];
  /**
   * The time range shown: a window, or null for the full run (`zoom=full`). Absent: the
   * preset's story window (storyView.ts), or the full run for a preset without one.
   */
  zoom?: [number, number] | null;
  predict?: PredictKind | null;
  pres?: boolean;
  /** The log's flow filter: 0-based flow id (the URL says flow k + 1), or null for all flows. */
  flow?: number | null;
  /** A lecture's slides (slides.ts); absent: the lecture held by lectureState, if any. */
  slides?: Slide[];
  /** The lecture's slide on screen, 0-based (the URL says k + 1). */
  slide?: number;
  /**
   * Flows hidden in the panels (the flow list): 0-based flow ids, ascending (the URL says
   * 1-based numbers and ranges, `hide=4,8,10-20`). Absent or empty: every flow shown.
   */
  hide?: number[];
  /** The embed view (`embed=1`): transport bar and panels only, for an iframe (EmbedApp). */
  embed?: boolean;
}

export interface ParsedLocation {
  /** No problem at all: the address is one the app would write itself (up to key order). */
  ok: boolean;
  /** A valid scenario: every scenario key with a good value applied, the others at defaults. */
  scenario: Scenario;
  view: ViewState;
  /** Every problem, each naming its key (scenario keys first, then view keys). */
  errors: ErrorItem[];
  warnings: string[];
  /** Keys whose value was not used ('query' when the whole query was refused). */
  badKeys: string[];
  /** The text given for each bad key that appeared once (to show in its form field). */
  raw: Record<string, string>;
}

const clip = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Read the view keys' raw values (as readScenarioQuery returns them). */
function readView(
  values: Partial<Record<ViewKey, string>>,
  bad: (key: ViewKey, raw: string, why: string) => void,
  flowCount: number,
  ownProfile: ProfileId,
): ViewState {
  const view: ViewState = {};
  for (const key of VIEW_KEYS) {
    const raw = values[key];
    if (raw === undefined) continue;
    switch (key) {
      case 'e': {
        const v = Number(raw);
        if (/^\d+$/.test(raw) && Number.isSafeInteger(v)) view.e = v;
        else bad(key, raw, 'is not an event index (0, 1, 2, …)');
        break;
      }
      case 't': {
        const v = Number(raw);
        if (raw.trim() !== '' && Number.isFinite(v) && v >= 0) view.t = v;
        else bad(key, raw, 'is not a time in seconds');
        break;
      }
      case 'mod': {
        const v = Number(raw);
        if (/^\d+$/.test(raw) && v >= 2 && v <= 1000) view.mod = v;
        else bad(key, raw, 'must be a whole number from 2 to 1000');
        break;
      }
      case 'router': {
        const why = routerSyntaxProblem(raw);
        if (why) bad(key, raw, why);
        else view.router = raw;
        break;
      }
      case 'units':
        if (raw === 'packets' || raw === 'bytes') view.units = raw;
        else bad(key, raw, 'is not one of packets, bytes');
        break;
      case 'theme':
        if ((THEMES as readonly string[]).includes(raw)) view.theme = raw as ThemeName;
        else bad(key, raw, `is not one of ${THEMES.join(', ')}`);
        break;
      case 'compare': {
        // Entries `sender` or `sender@profile` (compareEntries.ts); each bad one named.
        const list = raw
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        const problems = compareListProblems(list, ownProfile, MAX_COMPARE);
        for (const p of problems) bad(key, p.entry ?? raw, p.why);
        if (problems.length === 0) view.compare = list;
        break;
      }
      case 'panels': {
        const list = raw
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        const unknown = list.filter((x) => !(ALL_PANELS as readonly string[]).includes(x));
        if (unknown.length > 0) bad(key, raw, `names unknown panels (${ALL_PANELS.join(', ')})`);
        else view.panels = ALL_PANELS.filter((p) => list.includes(p));
        break;
      }
      case 'zoom': {
        if (raw === FULL_RUN_ZOOM) {
          view.zoom = null;
          break;
        }
        const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(raw);
        const a = m ? Number(m[1]) : NaN;
        const b = m ? Number(m[2]) : NaN;
        if (m && Number.isFinite(a) && Number.isFinite(b) && b > a) view.zoom = [a, b];
        else bad(key, raw, `must be a time range like 1.5-3.2, or ${FULL_RUN_ZOOM}`);
        break;
      }
      case 'predict':
        if ((PREDICTS as readonly string[]).includes(raw)) view.predict = raw as PredictKind;
        else bad(key, raw, `is not one of ${PREDICTS.join(', ')}`);
        break;
      case 'pres':
        if (raw === '1' || raw === '0') view.pres = raw === '1';
        else bad(key, raw, 'must be 1 or 0');
        break;
      case 'flow': {
        const v = Number(raw);
        if (!/^\d+$/.test(raw) || v < 1) bad(key, raw, 'is not a flow number (1, 2, …)');
        else if (v > flowCount)
          bad(
            key,
            raw,
            `names no flow of this scenario (it has ${flowCount} flow${flowCount === 1 ? '' : 's'})`,
          );
        else view.flow = v - 1;
        break;
      }
      case 'slides': {
        // Each bad slide is named; the good ones are kept (slides.ts).
        const r = readSlides(raw, slideViewProblem);
        for (const why of r.errors) bad(key, '', why);
        if (r.slides.length > 0) view.slides = r.slides;
        break;
      }
      case 'slide':
        break; // read below, once the number of slides is known
      case 'embed':
        if (raw === '1' || raw === '0') view.embed = raw === '1';
        else bad(key, raw, 'must be 1 or 0');
        break;
      case 'hide': {
        // Every bad entry is named; with any, no flow is hidden (the key stays at its default).
        const r = readFlowList(raw, flowCount);
        for (const p of r.problems) bad(key, p.entry, p.why);
        if (r.problems.length === 0) view.hide = r.flows;
        break;
      }
    }
  }
  if (values.slide !== undefined) {
    const r = readSlideIndex(values.slide, view.slides?.length ?? 0);
    if ('error' in r) bad('slide', '', r.error);
    else view.slide = r.index;
  }
  return view;
}

/**
 * A slide's view keys `v` read as the address would read them with its scenario `q`: the
 * problems with them (the compare list, the panels, a flow the scenario lacks…), or null.
 */
function slideViewProblem(q: string, v: string): string | null {
  if (v === '') return null;
  const p = parseLocation(`?${q}&${v}`);
  const own = new Set<string>(SLIDE_VIEW_KEYS);
  const mine = p.errors.filter((e) => own.has(e.key)).map((e) => e.message);
  return mine.length > 0 ? mine.join('; ') : null;
}

/** The text of each key given exactly once (URLSearchParams decoding), for the form fields. */
function rawValues(search: string, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (keys.length === 0 || keys.includes('query')) return out;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return out;
  }
  for (const k of keys) {
    const all = params.getAll(k);
    if (all.length === 1) out[k] = all[0]!;
  }
  return out;
}

/**
 * Read an address (`location.search`): the scenario with every good key applied, the view, and
 * every problem with its key. Never throws; bounded work (the query limit is checked first).
 */
export function parseLocation(search: string): ParsedLocation {
  const reading = readScenarioQuery(search);
  const errors: ErrorItem[] = reading.errors.map((e) => ({
    key: String(e.key),
    message: String(e.message),
  }));
  const badKeys = [...reading.badKeys];
  const bad = (key: string, raw: string, why: string) => {
    // A message that names its key itself (the lecture's) is given as it is.
    errors.push({
      key,
      message: raw === '' && why.startsWith(`${key}:`) ? why : `${key}: “${clip(raw)}” ${why}`,
    });
    if (!badKeys.includes(key)) badKeys.push(key);
  };
  const view = readView(
    reading.view,
    bad,
    reading.scenario.flows.length,
    scenarioProfile(reading.scenario),
  );
  const warnings = reading.warnings.map((w) => String(w));
  // A comparison preset opened by a link that names no sender of its own runs its senders
  // side by side (Preset.compare), as choosing it in the picker does.
  const own = presetCompare(getPreset(presetOf(reading.scenario) ?? ''));
  if (own && view.compare === undefined && !choosesOwnRuns(search, own)) {
    const over = compareBudgetError(reading.scenario, [...own]);
    if (over)
      warnings.push(
        `compare: the preset's ${own.length} senders together are over the run budget (${over.message}); showing one run`,
      );
    else view.compare = [...own];
  }
  // Compare mode keeps one trace per run in the page: together they share the run budget.
  if (view.compare) {
    const over = compareBudgetError(reading.scenario, view.compare);
    if (over) {
      errors.push(over);
      badKeys.push('compare');
      delete view.compare;
    }
  }
  return {
    ok: errors.length === 0,
    scenario: reading.scenario,
    view,
    errors,
    warnings,
    badKeys,
    raw: rawValues(search, badKeys),
  };
}

/**
 * Whether the address chooses senders itself (`compare`, `sender`, `flows`, a flow's `sender`
 * key such as `f2.sender`, or v1's `sender2`): then a comparison preset does not open its own
 * compare list. The app always writes `sender` or `flows`, so its own links keep their choice.
 */
/**
 * Whether a link makes its own choice of what a comparison preset compares: `compare` or a
 * sender key for a list of senders; `compare` or the compared key itself (`aqm=pie`) for a
 * list of one key's values (`aqm:droptail,aqm:codel`).
 */
function choosesOwnRuns(search: string, list: readonly string[]): boolean {
  const knob = compareKnobKey(list);
  if (!knob) return namesSenders(search);
  try {
    const q = new URLSearchParams(search);
    return q.has('compare') || q.has(knob);
  } catch {
    return true;
  }
}

function namesSenders(search: string): boolean {
  let keys: string[];
  try {
    keys = [...new URLSearchParams(search).keys()];
  } catch {
    return true;
  }
  return keys.some(
    (k) =>
      k === 'compare' ||
      k === 'sender' ||
      k === 'flows' ||
      /^sender\d+$/.test(k) ||
      /^f\d+\.sender$/.test(k),
  );
}

const num = (v: number) => String(Number(v.toFixed(6)));

/**
 * The scenario's part of the address (scenarioToQuery, as URLSearchParams writes it), once per
 * scenario object: the store replaces the scenario on every edit and never changes one in place,
 * so a cursor step (a view key) rewrites only the view keys, not every flow's keys.
 */
const scenarioParts = new WeakMap<Scenario, string>();
function scenarioPart(scenario: Scenario): string {
  let part = scenarioParts.get(scenario);
  if (part === undefined) {
    part = new URLSearchParams(queryTextOf(scenario)).toString();
    scenarioParts.set(scenario, part);
  }
  return part;
}

/**
 * The address's query (no leading '?') of a scenario and a view: the scenario's keys
 * (scenarioToQuery) then the view keys that differ from their defaults. O(view keys) for a
 * scenario written before (its part is cached).
 */
export function buildQuery(scenario: Scenario, view: ViewState): string {
  // View keys only: the scenario's part is joined on below (the two never share a key).
  const q = new URLSearchParams();
  if (view.compare && view.compare.length >= 2) q.set('compare', view.compare.join(','));
  if (view.e !== undefined) q.set('e', String(view.e));
  else if (view.t !== undefined) q.set('t', num(view.t));
  if (view.mod !== undefined && view.mod !== 50) q.set('mod', String(view.mod));
  // The caller leaves out the run's own router (routerView.ts routerParam).
  if (view.router) q.set('router', view.router);
  if (view.units && view.units !== 'packets') q.set('units', view.units);
  if (view.theme && view.theme !== 'light') q.set('theme', view.theme);
  // Left out while it is the scenario's default (defaultPanels.ts: the rate panel for BBR).
  if (
    view.panels &&
    view.panels.join() !== defaultPanelsFor(scenario, 'light', view.compare).join()
  )
    q.set('panels', view.panels.join(','));
  // A zoom equal to the preset's story window is its default, left out like a default key.
  const zoom = zoomParam(scenario, view.zoom);
  if (zoom === 'window' && view.zoom) q.set('zoom', `${num(view.zoom[0])}-${num(view.zoom[1])}`);
  else if (zoom === 'full' && view.zoom === null) q.set('zoom', FULL_RUN_ZOOM);
  if (view.predict) q.set('predict', view.predict);
  if (view.pres !== undefined) q.set('pres', view.pres ? '1' : '0');
  if (view.flow !== undefined && view.flow !== null) q.set('flow', String(view.flow + 1));
  // The lecture travels with every address while one is open (lectureState.ts).
  const lecture = view.slides ? { slides: view.slides, index: view.slide ?? null } : lectureState();
  if (lecture.slides.length > 0) {
    q.set('slides', writeSlides(lecture.slides));
    if (lecture.index !== null) q.set('slide', String(lecture.index + 1));
  }
  // Hidden flows the scenario has (a flow list of another run is left out by the caller).
  const hide = view.hide?.filter((f) => f < scenario.flows.length) ?? [];
  if (hide.length > 0) q.set('hide', writeFlowList(hide));
  if (view.embed) q.set('embed', '1');
  // Commas, `@` (compare=newreno@rfc) and `:` (compare=aqm:codel) are legal in a query as they
  // are: written plainly.
  const viewPart = q.toString();
  const all = viewPart === '' ? scenarioPart(scenario) : `${scenarioPart(scenario)}&${viewPart}`;
  return all.replace(/%2C/g, ',').replace(/%40/g, '@').replace(/%3A/g, ':');
}
