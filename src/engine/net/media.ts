import type { MediumConfig } from '../config';
import type { MacStats, MediumInfo } from '../trace/types';
import type { MediumContext, SharedMedium } from './medium';
import { WifiCell } from './wifi/cell';
import { WimaxCell, wimaxLabel } from './wimax/cell';
import { wifiLabel } from './wifi/wifi-phy';

/**
 * The factory of each kind of shared medium (SimConfig.media; medium.ts): one line per kind.
 * @throws Error for an inconsistent medium (unknown node, AP not a member…).
 */
export function makeMedium(cfg: MediumConfig, ctx: MediumContext): SharedMedium {
  switch (cfg.kind) {
    case 'wifi':
      return new WifiCell(cfg, ctx);
    case 'wimax':
      return new WimaxCell(cfg, ctx);
  }
}

/** Trace.media's entry for a medium: its kind, label, members and counters. */
export function mediumInfo(
  cfg: MediumConfig,
  stats: MacStats[],
  occupancy: { busyS: number; deliveredBytes: number },
): MediumInfo {
  switch (cfg.kind) {
    case 'wifi':
      return {
        kind: cfg.kind,
        label: wifiLabel(cfg),
        nodes: [...cfg.nodes],
        ...(cfg.ap !== undefined ? { ap: cfg.ap } : {}),
        stats,
        ...occupancy,
      };
    case 'wimax':
      return {
        kind: cfg.kind,
        label: wimaxLabel(cfg),
        nodes: [...cfg.nodes],
        ap: cfg.bs,
        stats,
        ...occupancy,
      };
  }
}
