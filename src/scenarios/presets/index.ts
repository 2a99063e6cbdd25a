/**
 * The preset registry: every preset the app offers, in picker order.
 *
 * To add presets (e.g. the SCTP ones of Caro et al. or Alamgir et al.): write one file per
 * preset or one small file per family in this folder exporting `Preset` objects (see
 * fall-floyd.ts), then add them to PRESETS below. Use an existing topology id or register a
 * new topology in ../topologies/index.ts. Give each a `group` naming the paper and section and a
 * `notice` whose claims you checked against an engine run — tests/scenarios/ runs every preset
 * and pins the numbers the notices state — a `student` text for the class (numbers only from the
 * notice: tests/scenarios/student-texts.test.ts), and, when the notice tells an episode, the
 * `view` window the app opens on (tests/scenarios/preset-views.test.ts checks it holds the
 * episode) with `open: 'story'`, else `open: 'end'`; and the `steps` its story needs.
 */
import type { SenderId } from '../../engine';
import { FALL_FLOYD_PRESETS } from './fall-floyd';
import { SCTP_CARO_PRESETS } from './sctp-caro';
import { SCTP_SATELLITE_PRESETS } from './sctp-satellite';
import { ALAMGIR_FIG8 } from './alamgir-fig8';
import { SCTP_ALAMGIR_PRESETS } from './sctp-alamgir-fig9';
import { TABLE_PRESETS } from './tables';
import { CUBIC_PRESETS } from './cubic';
import { BBR_PRESETS } from './bbr';
import { AQM_PRESETS } from './aqm';
import { PRR_PRESETS } from './prr';
import { DAINOTTI_PRESETS } from './dainotti';
import { VICUNA_PRESETS } from './vicuna';
import { VICUNA_WIRELESS_PRESETS } from './vicuna-wireless';
import { SCTP_MULTIHOMING_PRESETS } from './sctp-multihoming';
import { SCTP_STREAMS_PRESETS } from './sctp-streams';
import { WIFI_PRESETS } from './wifi';
import { compareSentence } from './compare';
import type { Preset } from './types';

export type {
  Preset,
  PresetOpen,
  PresetSweep,
  PresetView,
  PublishedTable,
  StepLevel,
} from './types';
export { compareKnobKey, compareSentence, presetCompare } from './compare';

export const PRESETS: readonly Preset[] = [
  ...FALL_FLOYD_PRESETS,
  ...SCTP_CARO_PRESETS,
  ...SCTP_SATELLITE_PRESETS,
  ALAMGIR_FIG8,
  ...SCTP_ALAMGIR_PRESETS,
  ...TABLE_PRESETS,
  ...CUBIC_PRESETS,
  ...PRR_PRESETS,
  ...BBR_PRESETS,
  ...AQM_PRESETS,
  ...DAINOTTI_PRESETS,
  ...VICUNA_PRESETS,
  ...VICUNA_WIRELESS_PRESETS,
  ...SCTP_MULTIHOMING_PRESETS,
  ...SCTP_STREAMS_PRESETS,
  ...WIFI_PRESETS,
];

const BY_ID = new Map<string, Preset>(PRESETS.map((p) => [p.id, p]));

/** The preset with this id, or undefined. */
export function getPreset(id: string): Preset | undefined {
  return BY_ID.get(id);
}

/**
 * The notice followed by the note for this sender, if the preset has one, and by the sentence
 * naming a comparison preset's senders (compare.ts).
 */
export function presetNotice(preset: Preset, sender: SenderId): string {
  const note = preset.senderNotes?.[sender];
  const compare = compareSentence(preset);
  return [preset.notice, note, compare].filter(Boolean).join(' ');
}
