/**
 * The wired dumbbell of Vicuña, Jiménez & Hayel, "Performance of SCTP in Wi-Fi and WiMAX
 * networks with multi-homed mobiles" (003_… §3, §3.1.1, Figure 2): servers on one side, clients
 * on the other, a 2 Mb/s, 10 ms bottleneck between routers n1 (servers' side) and n0 (clients'
 * side), 100 Mb/s links for clients and servers, and "random RTT uniformly distributed between
 * 42 ms and 624 ms" for every connection or association.
 *
 *   S1 ─┐                                   ┌─ C1
 *   S2 ─┼─ n1 ══ 2 Mb/s, 10 ms, queue 25 ══ n0 ─┼─ C2      flow k: server Sk → client Ck
 *   …  ─┘                                   └─ …         (reverse=1: Ck → Sk, the noise)
 *
 * Data goes server → client, as the paper measures it (throughput, queueing delay and drops on
 * n1 → n0); a flow with `reverse` (the paper's noise clients, "in the ACK direction") goes
 * client → server. Round-trip times: the j-th flow (0-based) of each class (same application and
 * direction) gets RTT_j = 42 + 582 · frac(0.5 + j · 0.618034…) ms (a golden-ratio sequence: spread
 * evenly over 42–624 ms for any number of clients, and adding a client changes no other
 * client's), split evenly between its server's and its client's 100 Mb/s link around the
 * bottleneck's 2 × 10 ms. Chosen here rather than drawn per seed, so a run's RTTs are the same
 * for every seed and visible in the network; the paper draws them at random.
 */
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import type { LinkConfig, SimConfig } from '../../engine';
import { cellOf } from '../link-medium';
import type { FlowSpec, Scenario } from '../types';
import { dumbbell, type AccessLink } from './dumbbell';
import type { Topology } from './types';

/** 003_… §3.1.1: every connection's RTT is between these, s. */
export const VICUNA_RTT_RANGE_S = [0.042, 0.624] as const;
/** 003_… §3.1.1: the bottleneck's one-way delay, s. */
const BOTTLENECK_DELAY_S = 0.01;
/** 003_… §3: client and server data rate (wired network), bit/s. */
const ACCESS_BPS = 100e6;
/** Access queues, packets (ns-2's default queue limit; never the bottleneck at 100 Mb/s). */
const ACCESS_QUEUE = 50;

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The round trip of the j-th (0-based) flow of a class, s (see the module comment). */
export function vicunaRttS(j: number): number {
  const [lo, hi] = VICUNA_RTT_RANGE_S;
  const u = (0.5 + j * GOLDEN) % 1;
  return lo + (hi - lo) * u;
}

/** Index of flow i among the flows before it with the same application and direction. */
function classIndex(flows: readonly FlowSpec[], i: number): number {
  const f = flows[i]!;
  let j = 0;
  for (let k = 0; k < i; k++) if (flows[k]!.app === f.app && flows[k]!.reverse === f.reverse) j++;
  return j;
}

/** Flow i's server and client links: each carries half of the RTT beyond the bottleneck's. */
function accessOf(flows: readonly FlowSpec[], i: number): { source: AccessLink; sink: AccessLink } {
  const oneWay = Math.max(0, (vicunaRttS(classIndex(flows, i)) / 2 - BOTTLENECK_DELAY_S) / 2);
  const link = { bandwidthBps: ACCESS_BPS, delayS: oneWay, queueLimit: ACCESS_QUEUE };
  return { source: link, sink: link };
}

/**
 * Table 2's common values: 2 Mb/s, queue 25; TCP NewReno with 1460-byte segments (path MTU
 * 1500), SCTP with 1468-byte chunks (§3); 200 s runs (the paper: 3600 s), ns-2's defaults
 * (profile ns2, TCP window 20) for what the paper does not give.
 */
export const VICUNA_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'newreno',
  sender2: null,
  drops: [],
  drops2: [],
  loss: 0,
  seed: 1,
  bw: 2e6,
  delay: BOTTLENECK_DELAY_S,
  queue: 25,
  window: 20,
  rwnd: null,
  mss: 1460,
  stop: 200,
  start: 0,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: null,
  delack: false,
  profile: 'ns2',
  recovery: null,
};

const WIRED: Topology = dumbbell({
  id: 'vicuna-wired',
  title: 'Vicuña et al.: servers – n1 ══ 2 Mb/s, 10 ms ══ n0 – clients',
  source: 'Vicuña et al. 003_… §3, §3.1.1 (Figure 2), Table 2',
  defaults: VICUNA_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'n1', right: 'n0', sink: (i) => `C${i + 1}` },
  access: { bandwidthBps: ACCESS_BPS, delayS: 0, queueLimit: ACCESS_QUEUE },
  sinkAccess: { bandwidthBps: ACCESS_BPS, delayS: 0, queueLimit: ACCESS_QUEUE },
  accessOf,
  link: {
    headerBytes: { tcp: 40, sctp: 48 },
    ns2FirstPacketWithoutHeader: false,
    tickS: 0.01,
    initialRtoS: 3,
  },
});

/** Each connection's queue in the cell, packets (ns-2's interface queue, 50). */
const CELL_QUEUE = 50;

/**
 * The network of `s`: the wired dumbbell, or with `link` = wifi-b, wifi-g or wimax the
 * wireless topology of 003_… §3.1.2 (Figure 3): n0 is the access point / base station and the
 * clients C1…Cn its stations, in one cell (link-medium.ts), instead of their 100 Mb/s links;
 * each client's share of the RTT moves to its server's link, so every flow keeps its RTT.
 */
function build(s: Scenario, opts?: { lossPosition?: 'queue' | 'wire' }): SimConfig {
  // (`link` is the clients' medium here, not the bottleneck's as on the other dumbbells)
  const cfg = WIRED.build({ ...s, link: 'wired' }, opts);
  if (s.link === 'wired') return cfg;
  const isClient = (l: LinkConfig) => l.a === 'n0' && l.b !== 'n1';
  const clients = cfg.links.filter(isClient);
  const extra = new Map(clients.map((l) => [l.b, l.delayS]));
  const links = cfg.links
    .filter((l) => !isClient(l))
    .map((l) => {
      const k = l.a.startsWith('S') ? Number(l.a.slice(1)) : 0;
      const d = k > 0 ? extra.get(`C${k}`) : undefined;
      return d === undefined ? l : { ...l, delayS: l.delayS + d };
    });
  const cell = cellOf(
    s,
    'n0',
    clients.map((l) => l.b),
    CELL_QUEUE,
  )!;
  return { ...cfg, links, media: [cell] };
}

export const VICUNA_WIRED: Topology = {
  ...WIRED,
  title:
    'Vicuña et al.: servers – n1 ══ 2 Mb/s, 10 ms ══ n0 – clients (wired, Wi-Fi or WiMAX: link)',
  source:
    'Vicuña et al. 003_… §3, §3.1.1 (Figure 2), §3.1.2 (Figure 3: link=wifi-g, link=wimax), Table 2',
  build,
};
