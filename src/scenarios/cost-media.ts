/**
 * Shared media (SimConfig.media) as the run-cost estimate sees them (cost.ts, cost-paths.ts):
 * each cell becomes point-to-point links, one per pair it carries (AP or base station ↔ each
 * station; every pair of an ad hoc cell), each at the cell's PHY rate — more than the cell can
 * carry, as every station's link gets the whole rate, so the bound stays a bound — and the
 * scheduler events a cell runs besides its packets' (an 802.16 cell's two frame events per
 * frame, while it is busy).
 */
import { wifiPhy, type LinkConfig, type MediumConfig, type SimConfig } from '../engine';

/** 802.16 OFDM 64QAM 3/4's PHY rate, bit/s (net/wimax/params.ts: 108 bytes per 40 µs symbol). */
const WIMAX_BPS = 8 * 108 * 25_000;

/** The links a cell stands for in the estimate. */
function linksOfMedium(m: MediumConfig): LinkConfig[] {
  const hub = m.kind === 'wimax' ? m.bs : m.ap;
  const bandwidthBps = m.kind === 'wimax' ? WIMAX_BPS : wifiPhy(m).dataRateBps;
  const link = (a: string, b: string): LinkConfig => ({
    a,
    b,
    bandwidthBps,
    delayS: m.kind === 'wimax' ? (m.delayS ?? 0) : 0,
    queueLimit: m.queueLimit,
  });
  if (hub !== undefined) return m.nodes.filter((n) => n !== hub).map((n) => link(hub, n));
  return m.nodes.flatMap((a, i) => m.nodes.slice(i + 1).map((b) => link(a, b)));
}

const CACHE = new WeakMap<SimConfig, readonly LinkConfig[]>();

/** The config's links followed by its media's (the engine's order: media after every link). */
export function linksWithMedia(cfg: SimConfig): readonly LinkConfig[] {
  if (!cfg.media || cfg.media.length === 0) return cfg.links;
  let all = CACHE.get(cfg);
  if (!all) {
    all = [...cfg.links, ...cfg.media.flatMap(linksOfMedium)];
    CACHE.set(cfg, all);
  }
  return all;
}

/** Scheduler events the media run besides their packets' (an upper bound). */
export function mediaSchedulerEvents(cfg: SimConfig): number {
  let events = 0;
  for (const m of cfg.media ?? []) {
    if (m.kind === 'wimax') events += Math.ceil((2 * cfg.stopS) / (m.frameS ?? 0.005)) + 2;
  }
  return events;
}
