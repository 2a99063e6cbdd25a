/**
 * The address bar holds the whole state: the scenario (the scenario module's URL codec) plus
 * view keys. Parsing never throws and never guesses: bad values are reported and ignored.
 */
import { DEFAULT_SCENARIO, parseScenarioQuery, scenarioToQuery, type Scenario } from '../deps/scenarios';
import { ALL_PANELS, type CwndUnitsName, type ErrorItem, type PanelId, type PredictKind, type ThemeName } from '../store/types';
import { senderOptions } from './scenarioQuery';

export const VIEW_KEYS = ['e', 't', 'mod', 'units', 'theme', 'compare', 'panels', 'zoom', 'predict', 'pres'] as const;
const THEMES: readonly ThemeName[] = ['light', 'dark', 'projector'];
const PREDICTS: readonly PredictKind[] = ['fast-retransmit', 'rto', 'partial-ack'];
/**
 * Most senders `compare` may list: the sidebar lets you tick 2–4, but a comparison preset
 * brings its own list (Caro et al. Figure 5 has six senders), and its link must load again.
 */
export const MAX_COMPARE = 6;

export interface ViewState {
  e?: number;
  t?: number;
  mod?: number;
  units?: CwndUnitsName;
  theme?: ThemeName;
  compare?: string[];
  panels?: PanelId[];
  zoom?: [number, number] | null;
  predict?: PredictKind | null;
  pres?: boolean;
}

export interface ParsedLocation {
  scenario: Scenario;
  view: ViewState;
  errors: ErrorItem[];
  warnings: string[];
}

const clip = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n)}…` : s);

export function parseLocation(search: string): ParsedLocation {
  const all = new URLSearchParams(search);
  const scenarioParams = new URLSearchParams();
  const view: ViewState = {};
  const errors: ErrorItem[] = [];
  const bad = (key: string, raw: string, why: string) =>
    errors.push({ key, message: `${key}: “${clip(raw)}” ${why}` });

  for (const [key, raw] of all) {
    if (!(VIEW_KEYS as readonly string[]).includes(key)) {
      scenarioParams.append(key, raw);
      continue;
    }
    switch (key) {
      case 'e': {
        const v = Number(raw);
        if (/^\d+$/.test(raw)) view.e = v;
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
      case 'units':
        if (raw === 'packets' || raw === 'bytes') view.units = raw;
        else bad(key, raw, 'is not one of packets, bytes');
        break;
      case 'theme':
        if ((THEMES as readonly string[]).includes(raw)) view.theme = raw as ThemeName;
        else bad(key, raw, `is not one of ${THEMES.join(', ')}`);
        break;
      case 'compare': {
        const list = raw.split(',').map((x) => x.trim()).filter(Boolean);
        const opts = senderOptions();
        const unknown = list.filter((x) => !opts.includes(x));
        if (unknown.length > 0) bad(key, raw, `names unknown senders (${opts.join(', ')})`);
        else if (list.length < 2 || list.length > MAX_COMPARE)
          bad(key, raw, `must list 2 to ${MAX_COMPARE} senders`);
        else if (new Set(list).size !== list.length) bad(key, raw, 'lists a sender twice');
        else view.compare = list;
        break;
      }
      case 'panels': {
        const list = raw.split(',').map((x) => x.trim()).filter(Boolean);
        const unknown = list.filter((x) => !(ALL_PANELS as readonly string[]).includes(x));
        if (unknown.length > 0) bad(key, raw, `names unknown panels (${ALL_PANELS.join(', ')})`);
        else view.panels = ALL_PANELS.filter((p) => list.includes(p));
        break;
      }
      case 'zoom': {
        const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(raw);
        const a = m ? Number(m[1]) : NaN;
        const b = m ? Number(m[2]) : NaN;
        if (m && b > a) view.zoom = [a, b];
        else bad(key, raw, 'must be a time range like 1.5-3.2');
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
    }
  }

  const parsed = parseScenarioQuery(scenarioParams.toString());
  if (parsed.ok) {
    const warnings = (parsed.warnings as unknown[]).map((w) =>
      typeof w === 'string' ? w : String((w as { message?: unknown }).message ?? w),
    );
    return { scenario: parsed.scenario, view, errors, warnings };
  }
  return {
    scenario: DEFAULT_SCENARIO,
    view,
    errors: [...parsed.errors.map((e) => ({ key: String(e.key), message: String(e.message) })), ...errors],
    warnings: ['The address held an invalid scenario; showing the default scenario instead.'],
  };
}

const num = (v: number) => String(Number(v.toFixed(6)));

export function buildQuery(scenario: Scenario, view: ViewState): string {
  const q = new URLSearchParams(scenarioToQuery(scenario));
  if (view.compare && view.compare.length >= 2) q.set('compare', view.compare.join(','));
  if (view.e !== undefined) q.set('e', String(view.e));
  else if (view.t !== undefined) q.set('t', num(view.t));
  if (view.mod !== undefined && view.mod !== 50) q.set('mod', String(view.mod));
  if (view.units && view.units !== 'packets') q.set('units', view.units);
  if (view.theme && view.theme !== 'light') q.set('theme', view.theme);
  if (view.panels && view.panels.length !== ALL_PANELS.length) q.set('panels', view.panels.join(','));
  if (view.zoom) q.set('zoom', `${num(view.zoom[0])}-${num(view.zoom[1])}`);
  if (view.predict) q.set('predict', view.predict);
  if (view.pres !== undefined) q.set('pres', view.pres ? '1' : '0');
  return q.toString().replace(/%2C/g, ',');
}
