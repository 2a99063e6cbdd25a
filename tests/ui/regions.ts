/**
 * Test helper: Testing Library queries scoped to one part of the app. Its label and role queries
 * visit every element of their container — a label query asks each form control for its labels,
 * a role query computes each element's visibility — so on the whole rendered app (plots, the
 * explanation log) one query costs seconds in a test DOM; scoped to the part that holds the control,
 * it asks the same question of a few dozen elements. Each throws, naming the part, when that part
 * is not in the document.
 */
import { within } from '@testing-library/react';

function region(selector: string, what: string) {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`no ${what} (${selector}) in the document`);
  return within(el);
}

/** The header: preset and sender pickers, theme, help. */
export const header = () => region('header.app-header', 'header');
/** The transport bar: play, step, the event scrubber, the readout. */
export const playback = () => region('section[aria-label="Playback"]', 'transport bar');
/** The scenario sidebar: the parameter form, Apply & run, run on every valid change. */
export const sidebar = () => region('#scenario-sidebar', 'scenario sidebar');
/** The run status: progress, Cancel, fingerprint, exports. */
export const runInfo = () => region('[data-testid="run-info"]', 'run info');
/** The explanation log: its rows (options) and its search box. */
export const log = () => region('[data-testid="explanation-log"]', 'explanation log');
