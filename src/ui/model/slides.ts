/**
 * A lecture: an ordered list of slides, each a view of a scenario (its query, the cursor, the
 * zoom, the view keys below) and a sentence for the class, carried by one URL key `slides` (with
 * `slide` = the slide on screen, 1-based).
 *
 * Encoding: base64url (RFC 4648 §5, no padding) of the UTF-8 JSON array of slides, each
 * `{"q":"preset=ff-1-drops&sender=reno","e":120,"z":[1.6,2.6],"v":"compare=newreno,sack","s":"The 3rd duplicate ACK…"}`
 * (`z` may be "full"; `e` and `z` may be left out; `"r":"A1"` names the router shown in a
 * multi-homed run, left out for the run's own). JSON keeps it decodable with any tool; the
 * whole address must fit the scenario module's MAX_QUERY_CHARS, which bounds the work.
 *
 * What a slide carries of the view:
 * - always: the scenario (`q`), the cursor (`e`), the zoom (`z`), the router shown (`r`);
 * - `v`, the slide's view keys as the address writes them: `compare` (runs side by side),
 *   `panels` (which panels, the lower tab among them), `units`, `mod`, `flow` (the log's flow
 *   filter), `hide` (flows hidden) and `predict` (predict mode: Play stops before the chosen
 *   kind of event and asks). A key absent from `v` is at its default on that slide. Slides made
 *   before `v` existed have none: they keep the page's `panels`, `units` and `mod` as they always
 *   did, and open one run.
 * - never: the theme and presentation mode (the room's choice, kept from the page); the run the
 *   explanation log narrates in compare mode, the log's search, the playback speed and a
 *   sweep's results, which no address holds — "Add this view as a slide" names each of these
 *   that the view on screen has set (lecture.ts `slideLosses`), never dropping one silently.
 *
 * Each slide is checked on its own (zod schema, then the scenario module's parser for `q`, then
 * `v` as the address's view keys would be), so a bad slide is named (`slides: slide 2: …`) and
 * the good ones are kept.
 */
import { z } from 'zod';
import { limits, parseScenarioQuery, VIEW_KEYS } from '../deps/scenarios';
import { routerSyntaxProblem } from './routerView';

const { MAX_QUERY_CHARS } = limits;

export interface Slide {
  /** The scenario's query (scenario keys only). */
  q: string;
  /** Cursor: event index. */
  e?: number;
  /** Zoom: a time window, or 'full'. Absent: the preset's story window. */
  z?: [number, number] | 'full';
  /** The router shown (view key `router`, routerView.ts). Absent: the run's own. */
  r?: string;
  /**
   * The slide's view keys (SLIDE_VIEW_KEYS) as a query, e.g. `compare=newreno,sack&units=bytes`;
   * "" = every one at its default. Absent (a slide made before it existed): the page's.
   */
  v?: string;
  /** The sentence shown with the slide. */
  s: string;
}

/** The view keys a slide carries in `v` (the others are the room's, or in e / z / r). */
export const SLIDE_VIEW_KEYS = [
  'compare',
  'panels',
  'units',
  'mod',
  'flow',
  'hide',
  'predict',
] as const;

/** Most slides one lecture holds. */
export const MAX_SLIDES = 30;
/** Longest sentence, characters. */
export const MAX_SENTENCE = 300;

const SlideSchema = z
  .object({
    q: z.string().min(1, 'q: no scenario').max(MAX_QUERY_CHARS, 'q: too long'),
    e: z.number().int('e: not a whole number').min(0, 'e: below 0').optional(),
    z: z
      .union([
        z.literal('full'),
        z
          .tuple([z.number().min(0), z.number().min(0)])
          .refine(([a, b]) => b > a, 'the end must come after the start'),
      ])
      .optional(),
    r: z
      .string()
      .refine((r) => routerSyntaxProblem(r) === null, 'r: not a node name (e.g. A1)')
      .optional(),
    v: z.string().max(MAX_QUERY_CHARS, 'v: too long').optional(),
    s: z.string().max(MAX_SENTENCE, `s: longer than ${MAX_SENTENCE} characters`),
  })
  .strict();

/**
 * Why a slide's view keys `v` do not hold for its scenario `q` (each problem as the address
 * would name it), or null. Given by the address reader (urlState.ts), which knows the keys.
 */
export type SlideViewCheck = (q: string, v: string) => string | null;

export interface SlidesReading {
  slides: Slide[];
  /** One message per problem, each naming the key and, for a bad slide, the slide. */
  errors: string[];
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  // Padding is accepted (a hand-made value), though the app writes none.
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** The `slides` value for these slides. */
export function writeSlides(slides: readonly Slide[]): string {
  const plain = slides.map((s) => ({
    q: s.q,
    ...(s.e !== undefined ? { e: s.e } : {}),
    ...(s.z !== undefined ? { z: s.z } : {}),
    ...(s.r !== undefined ? { r: s.r } : {}),
    ...(s.v !== undefined ? { v: s.v } : {}),
    s: s.s,
  }));
  return toBase64Url(new TextEncoder().encode(JSON.stringify(plain)));
}

function issueText(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map((i) => {
      const key = i.path.length > 0 ? String(i.path[0]) : '';
      return key && !i.message.startsWith(`${key}:`) ? `${key}: ${i.message}` : i.message;
    })
    .join('; ');
}

/** Why this item is not a good slide, or null. */
function slideProblem(item: unknown, checkView?: SlideViewCheck): string | null {
  const r = SlideSchema.safeParse(item);
  if (!r.success) return issueText(r.error.issues);
  const params = new URLSearchParams(r.data.q);
  const view = [...params.keys()].filter((k) => (VIEW_KEYS as readonly string[]).includes(k));
  if (view.length > 0) return `q: holds view keys (${view.join(', ')}); give them as e, z and v`;
  const p = parseScenarioQuery(r.data.q);
  if (!p.ok) return `q: ${p.errors.map((e) => e.message).join('; ')}`;
  if (r.data.v !== undefined) {
    const keys = [...new URLSearchParams(r.data.v).keys()];
    const other = keys.filter((k) => !(SLIDE_VIEW_KEYS as readonly string[]).includes(k));
    if (other.length > 0)
      return `v: holds keys a slide does not carry there (${other.join(', ')}); it carries ${SLIDE_VIEW_KEYS.join(', ')}`;
    const why = checkView?.(r.data.q, r.data.v) ?? null;
    if (why) return `v: ${why}`;
  }
  return null;
}

/**
 * Read a `slides` value: the good slides, and a message per problem. Never throws. `checkView`
 * checks each slide's view keys against its scenario (the address reader passes its own).
 */
export function readSlides(raw: string, checkView?: SlideViewCheck): SlidesReading {
  const bytes = fromBase64Url(raw);
  let data: unknown;
  if (bytes) {
    try {
      data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      data = undefined;
    }
  }
  if (data === undefined)
    return { slides: [], errors: ['slides: not a lecture (base64url of a JSON list of slides)'] };
  if (!Array.isArray(data) || data.length === 0)
    return { slides: [], errors: ['slides: not a list of slides'] };
  const errors: string[] = [];
  if (data.length > MAX_SLIDES)
    errors.push(
      `slides: ${data.length} slides; the limit is ${MAX_SLIDES} (the rest are left out)`,
    );
  const slides: Slide[] = [];
  const items: unknown[] = data.slice(0, MAX_SLIDES);
  items.forEach((item, i) => {
    const why = slideProblem(item, checkView);
    if (why) errors.push(`slides: slide ${i + 1}: ${why}`);
    else slides.push(item as Slide);
  });
  return { slides, errors };
}

/** The `slide` value: 1…n, else a message. */
export function readSlideIndex(raw: string, n: number): { index: number } | { error: string } {
  const v = Number(raw);
  if (!/^\d+$/.test(raw) || v < 1)
    return { error: `slide: “${raw.slice(0, 20)}” is not a slide number (1, 2, …)` };
  if (v > n) return { error: `slide: ${v} is past the last slide (${n})` };
  return { index: v - 1 };
}
