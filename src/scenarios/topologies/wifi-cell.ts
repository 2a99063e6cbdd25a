/**
 * 802.11 cells in the topologies (issue 28): the run keys `link` (wifi-b / wifi-g), `rts`,
 * `queue` and `loss` → the engine's WifiCellConfig (SimConfig.media), and the `wifi-cell`
 * topology of the `wifi-saturation` preset — n stations S1 … Sn in one cell with the access
 * point AP, flow k from Sk to AP (Bianchi's saturated cell; IEEE JSAC 2000).
 *
 * In a cell, `queue` is each member's interface queue (ns-2's drop-tail rule) and `loss` its
 * frame error rate (a lost frame is retried by the MAC, not lost to the transport unless its
 * retry limit is reached); `bw`, `delay` and `jitter` belong to wired links only.
 */
import type { MediumConfig, SimConfig } from '../../engine';
import { wimaxCell } from '../link-medium';
import type { FlatDefaults } from '../flat';
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { LinkLayer } from '../profiles';
import type { Scenario } from '../types';
import { flowConfig } from './flows';
import type { Topology } from './types';

/**
 * The cell the run keys describe, with `nodes` as its members and `ap` its access point
 * (absent: ad hoc); null when `link` is `wired`.
 */
export function scenarioCell(s: Scenario, nodes: string[], ap?: string): MediumConfig | null {
  if (s.link === 'wired') return null;
  // an 802.16 cell (link-medium.ts): its base station the AP, or the first member
  if (s.link === 'wimax') return wimaxCell(s, nodes, ap ?? nodes[0]!, s.queue);
  return {
    kind: 'wifi',
    phy: s.link === 'wifi-g' ? 'g' : 'b',
    nodes,
    ...(ap !== undefined ? { ap } : {}),
    queueLimit: s.queue,
    ...(s.rts ? { rtsThresholdBytes: 0 } : {}),
    ...(s.loss > 0 ? { frameErrorRate: s.loss } : {}),
  };
}

/** UDP/IP headers on the wire, an RTO clock for TCP flows (ms ticks). */
const LINK: LinkLayer = {
  headerBytes: { tcp: 40, sctp: 48 },
  ns2FirstPacketWithoutHeader: false,
  tickS: 0.001,
  initialRtoS: 1,
  sctpPathMtuBytes: 1500,
};

/** Saturated UDP: CBR far above a station's share, 1000-byte payloads, queues of 50. */
export const WIFI_CELL_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'udp',
  sender2: null,
  drops: [],
  drops2: [],
  loss: 0,
  seed: 1,
  bw: 11e6,
  delay: 0,
  queue: 50,
  window: 64,
  rwnd: null,
  mss: 1000,
  stop: 10,
  start: 0,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: null,
  delack: true,
  profile: 'ff96',
  recovery: null,
  app: 'cbr',
  size: 1000,
  pps: 2000,
  link: 'wifi-b',
};

/** n stations and the AP in one cell; flow k: Sk → AP. */
export const WIFI_CELL: Topology = {
  id: 'wifi-cell',
  title: 'n stations and an access point in one 802.11 cell',
  source: 'Bianchi, IEEE JSAC 2000 (saturated stations in one cell); IEEE 802.11-2016 §10.3',
  defaults: WIFI_CELL_DEFAULTS,
  build(s: Scenario): SimConfig {
    const stations = s.flows.map((_, i) => `S${i + 1}`);
    const nodes = ['AP', ...stations];
    // A wired run of this topology: each station on its own link to AP.
    const cell = scenarioCell(s, nodes, 'AP');
    return {
      nodes,
      links: cell
        ? []
        : stations.map((a) => ({
            a,
            b: 'AP',
            bandwidthBps: s.bw,
            delayS: s.delay,
            queueLimit: s.queue,
          })),
      ...(cell ? { media: [cell] } : {}),
      flows: s.flows.map((f, i) => flowConfig(f, i, stations[i]!, 'AP', LINK)),
      losses: [],
      stopS: s.stop,
      router: 'S1',
      bottleneck: { from: 'S1', to: 'AP' },
      seed: s.seed,
    };
  },
  linkAliases: { bottleneck: ['S1', 'AP'] },
};
