/**
 * Walking and building a lecture (slides.ts, held in lectureState.ts).
 *
 * Going to slide k writes slide k's address — its scenario, `e`, `zoom`, `router`, its view
 * keys `v` (compare, panels, units, mod, flow, hide, predict), the lecture and `slide=k` — as a
 * new history entry and applies it as back/forward would, keeping the page's theme and
 * presentation mode (a slide without `v`, made before it existed, keeps the page's panels,
 * units and mod too). "Add this view as a slide" takes the scenario, cursor, zoom, router and
 * view keys on screen with the instructor's sentence, and names what the view has that no slide
 * can carry (slideLosses); the lecture link opens slide 1.
 *
 * The lecture is read from the address when this module loads (before the controller reads it,
 * so the first address the app writes keeps it) and again on back/forward. A link with `slides`
 * but no `slide` (and no problem) opens on slide 1.
 */
import { applyLocation, currentQuery } from '../app/controller';
import { limits, scenarioToQuery } from '../deps/scenarios';
import { mainTrace, useApp } from '../store';
import { useLecture, lectureState } from './lectureState';
import { routerParam } from './routerView';
import { parseQuery } from './scenarioQuery';
import { MAX_SENTENCE, MAX_SLIDES, SLIDE_VIEW_KEYS, type Slide } from './slides';
import { buildQuery, parseLocation, type ViewState } from './urlState';

/**
 * The view keys a slide keeps from the page: the theme and presentation mode, and for a slide
 * without `v` also mod, units and panels (the scenario, cursor, zoom and router belong to the
 * slide).
 */
function pageView(): ViewState {
  const s = useApp.getState();
  return {
    mod: s.modulus,
    units: s.cwndUnits,
    theme: s.theme,
    panels: s.panels,
    pres: s.presentation !== (s.theme === 'projector') ? s.presentation : undefined,
  };
}

/** The address (query) of slide k of these slides, with the page's view keys `base`. */
export function slideSearch(slides: readonly Slide[], k: number, base: ViewState = {}): string {
  const slide = slides[k]!;
  const r = parseQuery(slide.q);
  if (!r.ok) throw new Error(`slide ${k + 1}: ${slide.q}`); // readSlides checked it
  // The slide's own view keys (readSlides checked them against q), or the page's.
  const own: ViewState =
    slide.v === undefined
      ? { mod: base.mod, units: base.units, panels: base.panels }
      : slide.v === ''
        ? {}
        : parseLocation(`?${slide.q}&${slide.v}`).view;
  return buildQuery(r.scenario, {
    compare: own.compare,
    mod: own.mod,
    units: own.units,
    panels: own.panels,
    flow: own.flow,
    hide: own.hide,
    predict: own.predict,
    theme: base.theme,
    pres: base.pres,
    e: slide.e,
    router: slide.r,
    zoom: slide.z === undefined ? undefined : slide.z === 'full' ? null : slide.z,
    slides: [...slides],
    slide: k,
  });
}

const urlOf = (q: string) =>
  `${window.location.pathname}${q ? `?${q}` : ''}${window.location.hash}`;

/** Take the lecture from an address (page load, back/forward). */
export function loadLecture(search: string): void {
  const p = parseLocation(search);
  useLecture.setState({
    slides: p.view.slides ?? [],
    index: p.view.slide ?? null,
    message: null,
    warning: null,
  });
}

/** Go to slide k (0-based): a new history entry, applied like back/forward. */
export function goToSlide(k: number): void {
  const { slides } = lectureState();
  if (k < 0 || k >= slides.length) return;
  const search = slideSearch(slides, k, pageView());
  useLecture.setState({ index: k, message: null });
  window.history.pushState(null, '', urlOf(search));
  applyLocation(search);
}

/** The next (+1) or previous (−1) slide; from a view that is no slide, +1 goes to slide 1. */
export function stepSlide(d: 1 | -1): boolean {
  const { slides, index } = lectureState();
  if (slides.length === 0) return false;
  const k = index === null ? (d > 0 ? 0 : -1) : index + d;
  if (k < 0 || k >= slides.length) return false;
  goToSlide(k);
  return true;
}

/** The view keys on screen a slide carries (SLIDE_VIEW_KEYS), as the address writes them. */
function viewParams(): string {
  const all = new URLSearchParams(currentQuery());
  const out = new URLSearchParams();
  for (const k of SLIDE_VIEW_KEYS) {
    const v = all.get(k);
    if (v !== null) out.set(k, v);
  }
  return out.toString().replace(/%2C/g, ',').replace(/%40/g, '@');
}

/** The view on screen as a slide with this sentence. */
export function currentSlide(sentence: string): Slide {
  const s = useApp.getState();
  const r = routerParam(mainTrace(s), s.routerNode);
  return {
    q: scenarioToQuery(s.scenario),
    e: s.cursor,
    z: s.xDomain ?? 'full',
    ...(r !== undefined ? { r } : {}),
    v: viewParams(),
    s: sentence.trim(),
  };
}

/**
 * What the view on screen has that a slide cannot carry (slides.ts), one phrase each: the
 * compared run the log narrates, a sweep's results, an open prediction question.
 */
export function slideLosses(): string[] {
  const s = useApp.getState();
  const out: string[] = [];
  const runs = s.run.senders;
  if (s.compare.length >= 2 && s.logRun > 0 && runs[s.logRun])
    out.push(
      `the explanation log narrating the ${runs[s.logRun]} run (a slide’s log narrates the first run, ${runs[0]})`,
    );
  if (s.panels.includes('sweep') && s.sweep.status !== 'idle')
    out.push('the sweep’s runs (the slide opens the sweep panel; run the sweep there again)');
  if (s.predict.pending)
    out.push('the open prediction question (the slide keeps predict mode: Play asks again)');
  return out;
}

/** Append the view on screen as a slide; a message (and no change) when it cannot be. */
export function addSlide(sentence: string): string | null {
  const { slides } = lectureState();
  const fail = (m: string) => {
    useLecture.setState({ message: m });
    return m;
  };
  if (sentence.trim() === '') return fail('Write the sentence for this slide first.');
  if (sentence.trim().length > MAX_SENTENCE)
    return fail(
      `The sentence has ${sentence.trim().length} characters; the limit is ${MAX_SENTENCE}.`,
    );
  if (slides.length >= MAX_SLIDES) return fail(`A lecture holds at most ${MAX_SLIDES} slides.`);
  const next = [...slides, currentSlide(sentence)];
  // Every address of the lecture carries all of it: the longest is a slide's with the longest q.
  let longest = 0;
  for (let k = 0; k < next.length; k++)
    longest = Math.max(longest, slideSearch(next, k, pageView()).length);
  if (longest > limits.MAX_QUERY_CHARS)
    return fail(
      `With this slide the lecture link would be ${longest} characters; the limit is ${limits.MAX_QUERY_CHARS}. Shorten the sentences or start a second lecture.`,
    );
  const losses = slideLosses();
  useLecture.setState({
    slides: next,
    index: next.length - 1,
    message: null,
    warning: losses.length
      ? `Slide ${next.length} added; a slide cannot keep ${losses.join('; ')}.`
      : null,
  });
  window.history.replaceState(null, '', urlOf(currentQuery()));
  return null;
}

/** Close the lecture (the view on screen stays). */
export function clearLecture(): void {
  useLecture.setState({ slides: [], index: null, message: null, warning: null });
  window.history.replaceState(null, '', urlOf(currentQuery()));
}

/** The link that opens the lecture at slide 1. */
export function lectureLink(): string | null {
  const { slides } = lectureState();
  if (slides.length === 0) return null;
  const { origin, pathname } = window.location;
  return `${origin}${pathname}?${slideSearch(slides, 0, pageView())}`;
}

/** Whether the scenario on screen differs from the current slide's. */
export function slideEdited(): boolean {
  const { slides, index } = lectureState();
  if (index === null || !slides[index]) return false;
  return scenarioToQuery(useApp.getState().scenario) !== slides[index].q;
}

/** At load: the address's lecture; with `slides` but no `slide`, the address of slide 1. */
function initFromLocation(): void {
  const search = window.location.search;
  const p = parseLocation(search);
  const slides = p.view.slides ?? [];
  const hasSlideKey = new URLSearchParams(search).has('slide');
  // A link with problems stays as typed (the banner names each bad slide); ] opens slide 1.
  if (slides.length > 0 && !hasSlideKey && p.errors.length === 0) {
    window.history.replaceState(null, '', urlOf(slideSearch(slides, 0, p.view)));
    useLecture.setState({ slides, index: 0, message: null });
    return;
  }
  useLecture.setState({ slides, index: p.view.slide ?? null, message: null });
}

if (typeof window !== 'undefined') {
  initFromLocation();
  window.addEventListener('popstate', () => loadLecture(window.location.search));
}
