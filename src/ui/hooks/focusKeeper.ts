/**
 * Keyboard focus after a click: the visualizer's keys (Space, ←/→, PgUp/PgDn, Home/End) keep
 * working after a click anywhere in the app. Two traps it closes (issue 21):
 *
 * - Focus that falls out of the page. A control that a click removes (predict's Continue, the
 *   compare picker's ✕, a button that hides itself) leaves the focus on `<body>`, where no key
 *   reaches the visualizer. It goes to the visualizer.
 * - A toggle that keeps the focus after a mouse click. After ticking a compare sender, pressing
 *   Present or choosing a tab, the lecturer's Space would press that control again (untick the
 *   sender, leave presentation mode) instead of playing. A pointer's click (mouse, pen, touch)
 *   on a button, checkbox, radio, tab or fold hands the focus to the visualizer.
 *
 * The keyboard user's focus is kept: a click made with a key (Enter or Space on a focused control
 * reports `detail` 0) leaves it where it is, as do text fields, selects and the scrubber (they
 * take keys of their own), controls in a dialog, and a click whose control moved the focus on
 * purpose (Reveal focusing Continue).
 */
import { useEffect, type RefObject } from 'react';
import { isTextField } from './keyboard';

/** Controls Space would press again: buttons, checkboxes, radios, tabs, a fold's summary. */
export function isToggle(el: Element): boolean {
  if (el instanceof HTMLButtonElement) return true;
  if (el instanceof HTMLInputElement)
    return ['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type);
  if (el instanceof HTMLElement && el.tagName === 'SUMMARY') return true;
  const role = el.getAttribute('role');
  return role === 'tab' || role === 'button' || role === 'checkbox' || role === 'switch';
}

/** The control a click on `target` works: the element itself, its control, or its label's. */
function clickedControl(target: Element): Element | null {
  const label = target.closest('label');
  if (label?.control) return label.control;
  return target.closest('button, input, select, textarea, summary, [role="tab"], [role="button"]');
}

/**
 * Where the focus goes once a click's own work is done: `'visualizer'`, or `'stay'` where it is.
 * `pointer`: the click came from a pointer (`MouseEvent.detail` ≥ 1), not a key; `clicked`: the
 * click's target; `active`: the focused element now (null or `<body>`: focus fell out).
 */
export function focusAfterClick(click: {
  pointer: boolean;
  clicked: Element | null;
  active: Element | null;
}): 'visualizer' | 'stay' {
  const { active, clicked } = click;
  if (!active || !active.isConnected || active === active.ownerDocument.body) return 'visualizer';
  if (!click.pointer || !clicked) return 'stay';
  if (active.closest('[role="dialog"]')) return 'stay';
  if (isTextField(active)) return 'stay';
  if (active instanceof HTMLInputElement && active.type === 'range') return 'stay';
  if (!isToggle(active)) return 'stay';
  // The click's own control still has the focus (it did not move it on purpose).
  return clickedControl(clicked) === active ? 'visualizer' : 'stay';
}

/**
 * Applies focusAfterClick to every click in the document, a task after the click (after the
 * control's default action, React's render and its effects): `visualizer` is the element that
 * takes the focus.
 */
export function useFocusKeeper(visualizer: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One click may dispatch more (a label's click, then its control's, which reports detail 0;
    // an export's click on a download link): they are one click, the first one's target, and a
    // pointer's if any came from one.
    let pending: { pointer: boolean; clicked: Element | null } | null = null;
    const onClick = (e: MouseEvent) => {
      const pointer = e.detail > 0;
      if (pending) pending.pointer ||= pointer;
      else pending = { pointer, clicked: e.target instanceof Element ? e.target : null };
      clearTimeout(timer);
      timer = setTimeout(() => {
        const click = pending!;
        pending = null;
        const vis = visualizer.current;
        if (!vis?.isConnected) return;
        if (focusAfterClick({ ...click, active: document.activeElement }) === 'visualizer')
          vis.focus({ preventScroll: true });
      }, 0);
    };
    // Capture: the outer click is seen before the clicks its handlers dispatch (an export's
    // download link), so it is the one remembered.
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      clearTimeout(timer);
    };
  }, [visualizer]);
}
