/**
 * A comparison preset's senders (Preset.compare), declared once on the preset: the app opens
 * compare mode with them — from the picker, and from a link that names no sender of its own
 * (no `compare`, `sender`, `flows` or per-flow `sender` key) — and the notice says so with the
 * sentence below, so its text and the behaviour cannot disagree.
 */
import { senderMeta, type SenderId } from '../../engine';
import type { Preset } from './types';

/** The senders the preset runs side by side (two or more), or null for a one-run preset. */
export function presetCompare(preset: Preset | undefined): readonly SenderId[] | null {
  const list = preset?.compare;
  return list && list.length >= 2 ? list : null;
}

const WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

/** "three", "six", or the digits. */
export function countWord(n: number): string {
  return WORDS[n] ?? String(n);
}

/**
 * The notice's sentence about compare mode, from the preset's list: "Opens in compare mode, its
 * three senders side by side: UDP, SACK and SCTP (RFC 4960)." null for a one-run preset.
 */
export function compareSentence(preset: Preset): string | null {
  const list = presetCompare(preset);
  if (!list) return null;
  const names = list.map((s) => senderMeta(s)?.name ?? s);
  const text = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Opens in compare mode, its ${countWord(list.length)} senders side by side: ${text}.`;
}
