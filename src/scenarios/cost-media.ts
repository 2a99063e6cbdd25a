/**
 * Shared media (SimConfig.media) as the run-cost estimate sees them (cost.ts, cost-paths.ts):
 * each cell becomes point-to-point links, one per pair it carries (AP or base station ↔ each
 * station; every pair of an ad hoc cell), each at the cell's PHY rate — more than the cell can
 * carry, as every station's link gets the whole rate, so the bound stays a bound — and the
 * scheduler events a cell runs besides its packets' (an 802.16 cell's two frame events per
 * frame, while it is busy), and what an 802.11 cell's MAC adds (mediumCost).
 */
import { wifiPhy, type LinkConfig, type MediumConfig, type SimConfig } from '../engine';
import { COST_CONSTANTS } from './cost-constants';

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

/**
 * What 802.11 cells (SimConfig.media) add (an 802.16 cell: its MAC rows only, one per burst):
 * the MAC's scheduler events (channel access, the end of each exchange, each failed sender's timeout: at most 2 per packet event; a run's scheduler
 * events all told, per packet event, measured 0.83 on wifi-saturation n = 50, 1.37 on
 * dainotti-w2w-ap, 0.85 on vicuna-wifi-e-sctp-sctp n = 100 — 0.57 on its wired twin) and
 * its rows (Trace.mac: every attempt, outcome and backoff, and a freeze row per waiting member
 * whenever the medium goes busy — measured 0.6, 0.8, 1.4 and 5.3 rows per packet event on
 * wifi-saturation n = 5, dainotti-w2w-ah, dainotti-w2w-ap and wifi-saturation n = 50; bounded
 * by 1.5 + senders / 8 + acking / 32). `acking` are the members that only answer: a flow's
 * destination that is no flow's source and not the access point — it sends ACKs only, each
 * followed by a short backoff, and freezes rarely (003's Wi-Fi presets at their largest n,
 * 20–60 such clients: 0.0007–0.0010 freeze rows per packet event each); `senders` all others.
 */
export function mediumCost(
  cfg: SimConfig,
  packetEvents: number,
): { schedulerEvents: number; bytes: number } {
  const media = cfg.media ?? [];
  if (media.length === 0) return { schedulerEvents: 0, bytes: 0 };
  // An 802.16 cell: one MAC row per burst, fewer than its packet events; its frame events are
  // cost-media.ts mediaSchedulerEvents'.
  const wifi = media.filter((m) => m.kind === 'wifi');
  if (wifi.length === 0)
    return { schedulerEvents: 0, bytes: packetEvents * COST_CONSTANTS.bytesPerMacRow };
  const sources = new Set(cfg.flows.map((f) => f.src));
  const sinks = new Set(cfg.flows.map((f) => f.dst));
  let perEvent = 0;
  for (const m of wifi) {
    const acking = m.nodes.filter((x) => x !== m.ap && !sources.has(x) && sinks.has(x)).length;
    perEvent = Math.max(perEvent, (m.nodes.length - acking) / 8 + acking / 32);
  }
  const rows = Math.ceil(packetEvents * (1.5 + perEvent));
  return {
    schedulerEvents: Math.ceil(MEDIUM_SCHEDULER_EVENTS_PER_PACKET_EVENT * packetEvents),
    bytes: rows * COST_CONSTANTS.bytesPerMacRow,
  };
}

/** A shared medium's scheduler events per packet event, at most (mediumCost). */
export const MEDIUM_SCHEDULER_EVENTS_PER_PACKET_EVENT = 2;
