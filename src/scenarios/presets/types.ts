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
   * What to watch, for a student (two levels of narration: this first, `notice` folded under
   * it): 2–3 plain sentences in the words of a second-year networking course — what happens and
   * where to look — with numbers only where they hold for every sender the preset is meant for
   * (tests/scenarios/ checks them against a run). Papers are cited by author and year.
   */
  student: string;
  /**
   * What to notice, for the instructor: what the paper says and what the run does, 2–4
   * sentences with concrete packet numbers, times and what the senders do. True for every
   * sender the preset is meant for; say which when it is not. Papers cited by author and year.
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
  /**
   * The sweep the paper ran over this preset: the key its figure or table varies, the values,
   * and how many seeds each point averages (e.g. Vicuña et al. (2008) scenario A: n = 0, 5, …, 50 FTP clients
   * over 10 seeds). The CLI's `--sweep preset` and the app's sweep panel start from it.
   */
  sweep?: PresetSweep;
  /**
   * Senders to show side by side in compare mode (e.g. Caro et al. Figure 5), if any — the one
   * place a comparison preset says so: the picker and a link that chooses no senders itself open
   * compare mode with them, and the notice names them (compare.ts `compareSentence`).
   */
  compare?: readonly SenderId[];
  /**
   * Instead of senders, one key's values to show side by side, as `key:value` (`aqm:droptail`,
   * `aqm:codel`: the same traffic through two disciplines): the picker and a link that sets
   * neither `compare` nor that key open compare mode with them; the notice names them.
   */
  compareValues?: readonly CompareKnob[];
  /**
   * The time window of the preset's story, seconds (`from` < `to`): the app opens the preset
   * zoomed to it when the address gives no `zoom`, so the loss episode the notice talks about
   * fills the plots; the full run is one key away. Absent: the preset opens on the full run
   * (e.g. the table presets, whose story is the whole run's averages).
   */
  view?: PresetView;
  /**
   * Where the cursor stands when the preset opens (a link's own `e` or `t` wins; a rerun of the
   * same preset keeps its place): 'story' — the first event at or after the story window's start
   * (`view`; a preset needs one), so Play moves packets inside the window at once; 'end' — the
   * last event, for a preset whose story is the whole run (averages, shares, a long or
   * many-flow run), so every panel opens drawn solid rather than as a faint "future"; 'start' —
   * the first event; `{ t }` — the first event at or after t seconds.
   */
  open: PresetOpen;
  /**
   * The significant-step levels the preset's story needs, coarse first (one or two): PgDn /
   * PgUp and the transport's « » walk the first, Shift+PgDn / Shift+PgUp and Shift+→ / Shift+←
   * the second (the first again when there is one). 'episode': a loss episode (its first drop
   * or loss detection to the end of recovery), a timeout, a link going down, an SCTP path state
   * change (src/trace/episodes.ts); 'decision': every significant sender decision and
   * every drop.
   */
  steps: readonly StepLevel[];
  /**
   * What a committed ns-2.35 fixture pins of this preset's run, unedited: the app shows a
   * "matches ns-2.35" mark while the scenario is the preset as written and, for an entry with a
   * `sender`, that sender is the one chosen (a preset pinned for Reno but not for CUBIC).
   * tests/scenarios/preset-ns2.test.ts checks every claim against its fixture.
   */
  ns2?: readonly Ns2Claim[];
}

/** One ns-2.35 comparison a preset's run passes (see Preset.ns2). */
export interface Ns2Claim {
  /**
   * 'events': every router event and every cwnd/ssthresh change equal ns-2.35's run, packet
   * for packet at exact times; 'table': the table's means over seeds agree with ns-2.35's.
   */
  kind: 'events' | 'table';
  /** The sender the claim holds for; absent: the preset's own sender(s). */
  sender?: SenderId;
  /** The fixture: a run name of tests/fixtures/ns2 (`tcp-ff96-reno-d1`) or a file of ns2-tables. */
  fixture: string;
  /** What was compared, one sentence for the mark's tooltip. */
  what: string;
}

/** A preset's own sweep (Preset.sweep). */
export interface PresetSweep {
  /** A numeric scenario key: `n` for a table preset's sizes, or e.g. `queue`, `bw`, `pps`. */
  key: string;
  /** The values, in the order the paper plots them. */
  values: readonly number[];
  /** Seeds 1 … seeds per value (Vicuña et al. (2008) §3.3: 10 replications). */
  seeds: number;
}

/** Where a preset opens its cursor (Preset.open); `t` in seconds. */
export type PresetOpen = 'start' | 'story' | 'end' | { t: number };

/** A level of significant steps (Preset.steps). */
export type StepLevel = 'episode' | 'decision';

/** A time window of a run, seconds from the start of the simulation. */
export interface PresetView {
  from: number;
  to: number;
}

/** A paper's table: one row per size `n` or per value of a key, the columns as metric ids. */
export interface PublishedTable {
  /** Where the numbers are, by author and year: 'Alamgir et al. (undated), Table 2'. */
  source: string;
  /** The key the rows vary ('loss' or 'n'). */
  rowKey: string;
  /** Metric ids (src/metrics) of the columns, in the paper's order. */
  columns: readonly string[];
  rows: readonly { key: number; values: readonly number[] }[];
}

/** One value of one key, compared (`aqm:codel`, `ecn:1`): a run of the preset with it set. */
export type CompareKnob = `${string}:${string}`;
