/**
 * A preset: a named starting point for the class — a topology, overrides of its defaults, and a
 * short "what to notice" text. Every preset is also a test fixture (tests/scenarios/).
 */
import type { SenderId } from '../../engine';
import type { FlatDefaults } from '../flat';

export interface Preset {
  /** URL id (`preset=`): lowercase letters, digits and dashes. */
  id: string;
  /** Title for a picker. */
  title: string;
  /** Paper / section the preset comes from, for grouping in a picker, e.g. 'Fall & Floyd 1996'. */
  group: string;
  /**
   * What to notice, 2–4 sentences for the class: concrete packet numbers, times and what the
   * senders do. True for every sender the preset is meant for; say which when it is not.
   */
  notice: string;
  /** One or two extra sentences per sender, shown after the notice when that sender is chosen. */
  senderNotes?: Partial<Record<SenderId, string>>;
  /** Topology id (src/scenarios/topologies/). */
  topology: string;
  /**
   * Overrides of the topology's defaults (flat form, see flat.ts: per-flow keys apply to every
   * flow, `sender`/`drops` to flow 1, `sender2`/`drops2` to flow 2, `flows` lists them all).
   */
  scenario: Partial<FlatDefaults>;
  /**
   * A table preset's sizes: the URL key `n` picks a row (e.g. the number of sources), and
   * `scenario(n)` gives the overrides for that row, laid on top of `scenario`.
   */
  sizes?: {
    values: readonly number[];
    default: number;
    scenario(n: number): Partial<FlatDefaults>;
  };
  /**
   * Where the bottleneck's loss point sits (LossConfig.position): 'queue' (default, in front
   * of the router's queue) or 'wire' (at the far end of the link: a lost packet used the link).
   */
  lossPosition?: 'queue' | 'wire';
  /** Published values the preset's run is compared with (shown beside the measured ones). */
  published?: PublishedTable;
  /** Senders to show side by side in compare mode (e.g. Caro et al. Figure 5), if any. */
  compare?: readonly SenderId[];
  /**
   * The time window of the preset's story, seconds (`from` < `to`): the app opens the preset
   * zoomed to it when the address gives no `zoom`, so the loss episode the notice talks about
   * fills the plots; the full run is one key away. Absent: the preset opens on the full run
   * (e.g. the table presets, whose story is the whole run's averages).
   */
  view?: PresetView;
}

/** A time window of a run, seconds from the start of the simulation. */
export interface PresetView {
  from: number;
  to: number;
}

/** A paper's table: one row per size `n` or per value of a key, the columns as metric ids. */
export interface PublishedTable {
  /** Where the numbers are, e.g. '000_… Table 2'. */
  source: string;
  /** The key the rows vary ('loss' or 'n'). */
  rowKey: string;
  /** Metric ids (src/metrics) of the columns, in the paper's order. */
  columns: readonly string[];
  rows: readonly { key: number; values: readonly number[] }[];
}
