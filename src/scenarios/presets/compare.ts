/**
 * A comparison preset's senders (Preset.compare) or one key's values (Preset.compareValues),
 * declared once on the preset: the app opens compare mode with them — from the picker, and from
 * a link that chooses none of its own (no `compare`, `sender`, `flows` or per-flow `sender` key;
 * for values, no `compare` and not that key) — and the notice says so with the
 * sentence below, so its text and the behaviour cannot disagree.
 */
import { senderMeta } from '../../engine';
import type { Preset } from './types';

/**
 * The runs the preset shows side by side (two or more senders, or `key:value` entries of one
 * key), or null for a one-run preset.
 */
export function presetCompare(preset: Preset | undefined): readonly string[] | null {
  const list = preset?.compare ?? preset?.compareValues;
  return list && list.length >= 2 ? list : null;
}

/** The key a knob list compares (`aqm` for `aqm:droptail,aqm:codel`), or null for senders. */
export function compareKnobKey(list: readonly string[]): string | null {
  const m = /^([a-z][a-z0-9.]*):/.exec(list[0] ?? '');
  return m ? m[1]! : null;
}

const WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

/** "three", "six", or the digits. */
export function countWord(n: number): string {
  return WORDS[n] ?? String(n);
}

/**
 * The notice's sentence about compare mode, from the preset's list: "Opens in compare mode, its
 * three senders side by side: UDP, SACK and SCTP (RFC 4960).", or for one key's values "Opens
 * in compare mode, the same flows through two runs side by side: aqm = droptail and aqm =
 * codel." null for a one-run preset.
 */
export function compareSentence(preset: Preset): string | null {
  const list = presetCompare(preset);
  if (!list) return null;
  const knob = compareKnobKey(list);
  const names = list.map((s) => (knob ? s.replace(':', ' = ') : (senderMeta(s)?.name ?? s)));
  const text = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return knob
    ? `Opens in compare mode, the same flows through ${countWord(list.length)} runs side by side: ${text}.`
    : `Opens in compare mode, its ${countWord(list.length)} senders side by side: ${text}.`;
}
