/**
 * A preset: a named starting point for the class — a topology, overrides of its defaults, and a
 * short "what to notice" text. Every preset is also a test fixture (tests/scenarios/).
 */
import type { SenderId } from '../../engine';
import type { ScenarioDefaults } from '../types';

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
  /** Overrides of the topology's defaults. */
  scenario: Partial<ScenarioDefaults>;
  /** Senders to show side by side in compare mode (e.g. Caro et al. Figure 5), if any. */
  compare?: readonly SenderId[];
}
