/**
 * A lecture: an ordered list of slides, each a view of a scenario (its query, the cursor, the
 * zoom) and a sentence for the class, carried by one URL key `slides` (with `slide` = the slide
 * on screen, 1-based).
 *
 * Encoding: base64url (RFC 4648 §5, no padding) of the UTF-8 JSON array of slides, each
 * `{"q":"preset=ff-1-drops&sender=reno","e":120,"z":[1.6,2.6],"s":"The 3rd duplicate ACK…"}`
 * (`z` may be "full"; `e` and `z` may be left out; `"r":"A1"` names the router shown in a
 * multi-homed run, left out for the run's own). JSON keeps it decodable with any tool; the
 * whole address must fit the scenario module's MAX_QUERY_CHARS, which bounds the work.
 *
 * Each slide is checked on its own (zod schema, then the scenario module's parser for `q`), so a
 * bad slide is named (`slides: slide 2: …`) and the good ones are kept.
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
  /** The sentence shown with the slide. */
  s: string;
}

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
    s: z.string().max(MAX_SENTENCE, `s: longer than ${MAX_SENTENCE} characters`),
  })
  .strict();

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
function slideProblem(item: unknown): string | null {
  const r = SlideSchema.safeParse(item);
  if (!r.success) return issueText(r.error.issues);
  const params = new URLSearchParams(r.data.q);
  const view = [...params.keys()].filter((k) => (VIEW_KEYS as readonly string[]).includes(k));
  if (view.length > 0) return `q: holds view keys (${view.join(', ')}); give them as e and z`;
  const p = parseScenarioQuery(r.data.q);
  if (!p.ok) return `q: ${p.errors.map((e) => e.message).join('; ')}`;
  return null;
}

/** Read a `slides` value: the good slides, and a message per problem. Never throws. */
export function readSlides(raw: string): SlidesReading {
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
    const why = slideProblem(item);
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
