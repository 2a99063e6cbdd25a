/**
 * The lecture open in the page (slides.ts): its slides and the slide on screen. Kept apart from
 * the app's store so that the address (urlState.ts `buildQuery`) can carry the lecture without
 * the store knowing about it; navigation is in lecture.ts.
 */
import { create } from 'zustand';
import type { Slide } from './slides';

export interface Lecture {
  slides: readonly Slide[];
  /** The slide on screen, 0-based; null when the view is not one of the slides (yet). */
  index: number | null;
  /** The last problem the lecture controls met (e.g. a slide that would make the link too long). */
  message: string | null;
  /** What the last slide added could not carry of the view on screen (slides.ts), or null. */
  warning: string | null;
}

export const useLecture = create<Lecture>(() => ({
  slides: [],
  index: null,
  message: null,
  warning: null,
}));

/** The lecture now. */
export function lectureState(): Lecture {
  return useLecture.getState();
}

/** No lecture: the state a page opens with (a test file's fresh start). */
const initial = useLecture.getState();
export function resetLecture(): void {
  useLecture.setState(initial, true);
}
