import type { KeyboardEvent } from 'react';
import { cycleFlowFilter } from '../model/flows';
import { stepSlide } from '../model/lecture';
import { DEFAULT_STEP_LEVELS, STEP_LEVEL_HELP, STEP_LEVEL_NAMES } from '../model/stepLevels';
import { storyWindow } from '../model/storyView';
import { mainTrace, useApp } from '../store';
import type { StepLevel } from '../deps/scenarios';

export interface Shortcut {
  keys: string[];
  what: string;
}

/**
 * The shortcuts, with the step keys named for the levels of the preset on screen
 * (Preset.steps: PgDn walks the first, Shift+PgDn the second).
 */
export function shortcuts(levels: readonly StepLevel[] = DEFAULT_STEP_LEVELS): Shortcut[] {
  const coarse = levels[0] ?? 'episode';
  const fine = levels[1] ?? coarse;
  return [
    { keys: ['Space'], what: 'play / pause (at the last event: play again from the start)' },
    { keys: ['←', '→'], what: 'back / forward one event' },
    {
      keys: ['PgUp', 'PgDn'],
      what: `previous / next ${STEP_LEVEL_HELP[coarse]}`,
    },
    {
      keys: ['Shift+PgUp', 'Shift+PgDn', 'Shift+←', 'Shift+→'],
      what:
        fine === coarse
          ? `previous / next ${STEP_LEVEL_NAMES[fine]} (this preset steps by ${STEP_LEVEL_NAMES[fine]}s only)`
          : `previous / next ${STEP_LEVEL_HELP[fine]}`,
    },
    ...REST,
  ];
}

const REST: Shortcut[] = [
  { keys: ['Home', 'End'], what: 'first / last event' },
  { keys: ['+', '−'], what: 'zoom in / out (time axis, around the cursor)' },
  { keys: ['0'], what: 'full run (reset zoom)' },
  {
    keys: ['v'],
    what: 'the preset’s story: the time window it opens on (the loss episode its notice describes)',
  },
  {
    keys: ['drag'],
    what: 'on a plot: zoom to the dragged time range (boxes under 20 px are ignored)',
  },
  { keys: ['click'], what: 'on a mark: move the cursor to that event' },
  { keys: ['Enter'], what: 'on a log row: move the cursor there' },
  { keys: ['↑', '↓'], what: 'in the log: previous / next row' },
  {
    keys: ['f', 'Shift+F'],
    what: 'show the next / previous flow in the log (all flows, flow 1, 2, …)',
  },
  { keys: ['[', ']'], what: 'in a lecture (a link with slides): previous / next slide' },
  { keys: ['?'], what: 'this help' },
  { keys: ['Esc'], what: 'close help / dialog' },
];

/** The shortcuts of a scenario without a preset (episodes, then decisions). */
export const SHORTCUTS: Shortcut[] = shortcuts();

/** Text-entry targets keep their keys. Range inputs (the scrubber) do not. */
export function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement)
    return !['range', 'checkbox', 'radio', 'button', 'submit'].includes(t.type);
  return false;
}

/**
 * Keyboard shortcuts of the visualizer: attached to its container, so they apply only while
 * focus is inside it and not in a text field. Returns true when the key was handled.
 */
export function handleVisualizerKey(e: KeyboardEvent | globalThis.KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (isTextField(e.target)) return false;
  const s = useApp.getState();
  if (s.helpOpen) {
    if (e.key === 'Escape' || e.key === '?') {
      s.setHelpOpen(false);
      e.preventDefault();
      return true;
    }
    return false;
  }
  // Space on a control (button, checkbox, radio, a fold's summary) works that control.
  const t = e.target;
  const onButton =
    t instanceof HTMLButtonElement ||
    (t instanceof HTMLInputElement && (t.type === 'checkbox' || t.type === 'radio')) ||
    (t instanceof HTMLElement && t.tagName === 'SUMMARY');
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      if (onButton) return false;
      s.togglePlaying();
      break;
    case 'ArrowLeft':
      if (e.shiftKey) s.nextSignificant(-1, 1);
      else s.step(-1);
      break;
    case 'ArrowRight':
      if (e.shiftKey) s.nextSignificant(1, 1);
      else s.step(1);
      break;
    case 'PageUp':
      s.nextSignificant(-1, e.shiftKey ? 1 : 0);
      break;
    case 'PageDown':
      s.nextSignificant(1, e.shiftKey ? 1 : 0);
      break;
    case 'Home':
      s.first();
      break;
    case 'End':
      s.last();
      break;
    case '+':
    case '=':
      s.zoom(0.5);
      break;
    case '-':
    case '−':
      s.zoom(2);
      break;
    case '0':
      s.setXDomain(null);
      break;
    case 'v': {
      const story = storyWindow(s.scenario);
      if (!story) return false;
      s.setXDomain(story);
      break;
    }
    case '[':
    case ']':
      if (!stepSlide(e.key === ']' ? 1 : -1)) return false;
      break;
    case '?':
      s.setHelpOpen(true);
      break;
    case 'f':
    case 'F': {
      const n = mainTrace(s)?.flows.length ?? 0;
      if (n <= 1) return false;
      s.setFlowFilter(cycleFlowFilter(s.flowFilter, n, e.key === 'F' ? -1 : 1));
      break;
    }
    default:
      return false;
  }
  e.preventDefault();
  return true;
}
