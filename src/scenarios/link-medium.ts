/**
 * A topology's cell from the run keys (issue 28): `link` says what medium carries its wireless
 * hop — `wired` (a point-to-point link), an 802.11 cell (`wifi-b`, `wifi-g`; engine net/wifi/,
 * `rts`, topologies/wifi-cell.ts) or an 802.16-like cell (`wimax`: engine net/wimax/, with the
 * keys `wimaxframe` and `wimaxdl`). `cellOf` builds the SimConfig.media entry of a cell whose
 * access point or base station is `ap`; the dumbbells' cell (their bottleneck) comes from
 * wifi-cell.ts scenarioCell, which hands `wimax` to `wimaxCell` here.
 */
import type { MediumConfig, WimaxCellConfig } from '../engine';
import type { Scenario } from './types';

/** The 802.16 cell of `nodes` with base station `bs`, each connection's queue `queueLimit`. */
export function wimaxCell(
  s: Pick<Scenario, 'wimaxframe' | 'wimaxdl'>,
  nodes: string[],
  bs: string,
  queueLimit: number,
): WimaxCellConfig {
  return {
    kind: 'wimax',
    nodes,
    bs,
    queueLimit,
    ...(s.wimaxframe !== 0.005 ? { frameS: s.wimaxframe } : {}),
    ...(s.wimaxdl !== 0.5 ? { dlShare: s.wimaxdl } : {}),
  };
}

/**
 * The cell of a wireless hop: `ap` (the access point or base station) and `stations`, each
 * connection's queue `queueLimit` packets; null for `wired`.
 */
export function cellOf(
  s: Pick<Scenario, 'link' | 'rts' | 'wimaxframe' | 'wimaxdl'>,
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
      return {
        kind: 'wifi',
        phy: s.link === 'wifi-b' ? 'b' : 'g',
        nodes,
        ap,
        queueLimit,
        ...(s.rts ? { rtsThresholdBytes: 0 } : {}),
      };
    case 'wimax':
      return wimaxCell(s, nodes, ap, queueLimit);
  }
}
