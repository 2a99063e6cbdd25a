/**
 * The wireless hop of a topology (issue 28): the run key `link` says what medium carries it —
 * `wired` (a point-to-point link, every topology's default), an 802.11 cell (`wifi-b`: 11 Mb/s
 * DSSS, `wifi-g`: 54 Mb/s ERP-OFDM; engine net/wifi/) or an 802.16-like cell (`wimax`: engine
 * net/wimax/, with the keys `wimaxframe` and `wimaxdl`). A topology lists the media its wireless hop
 * can be (Topology.media) and builds the cell with `cellOf`; `link` on a topology without one is
 * an error naming the key. Imports no presets (the topologies import it).
 */
import type { MediumConfig } from '../engine';
import { quote } from './format';
import type { Topology } from './topologies/types';
import type { Scenario, ScenarioError } from './types';

export { LINK_MEDIA, type LinkMedium } from './link-media';

/**
 * The cell of a wireless hop: `ap` (the access point or base station) and `stations`, each
 * connection's queue `queueLimit` packets; null for `wired`.
 */
export function cellOf(
  s: Pick<Scenario, 'link' | 'wimaxframe' | 'wimaxdl'>,
  ap: string,
  stations: readonly string[],
  queueLimit: number,
): MediumConfig | null {
  const nodes = [ap, ...stations];
  switch (s.link) {
    case 'wired':
      return null;
    case 'wifi-b':
    case 'wifi-g':
      return { kind: 'wifi', phy: s.link === 'wifi-b' ? 'b' : 'g', nodes, ap, queueLimit };
    case 'wimax':
      return {
        kind: 'wimax',
        nodes,
        bs: ap,
        queueLimit,
        ...(s.wimaxframe !== 0.005 ? { frameS: s.wimaxframe } : {}),
        ...(s.wimaxdl !== 0.5 ? { dlShare: s.wimaxdl } : {}),
      };
  }
}

/** `link` names a medium the preset's network has no wireless hop for: an error naming it. */
export function linkMediumErrors(s: Scenario, topology: Topology): ScenarioError[] {
  if (s.link === 'wired' || topology.media?.includes(s.link)) return [];
  const can = topology.media?.length ? ` (it can be ${topology.media.join(', ')})` : '';
  return [
    {
      key: 'link',
      message: `link: ${quote(s.link)} — ${topology.title} has no wireless hop of that kind${can}`,
    },
  ];
}
