/**
 * Networks with multi-homed hosts (RFC 4960 §6.4; issue 13), each host's addresses being nodes
 * of their own (an interface = a node attached by its own links; Topology.multihoming says
 * which nodes belong to which host). Every flow runs between the same two hosts; an SCTP flow
 * gets both hosts' addresses (FlowConfig.srcAddrs / dstAddrs, the primary first: the first
 * listed below, or the flow's `primary` key), a TCP or UDP flow the first address of each.
 *
 * dual-homed — two disjoint paths between host S (S0, S1) and host K (K0, K1), each through its
 * own pair of routers:
 *
 *   S0 ─ A0 ══ primary: bw, delay, queue ══ B0 ─ K0
 *   S1 ─ A1 ══ backup:  bw, delay, queue ══ B1 ─ K1
 *
 * `bw`, `delay`, `queue` and `jitter` set both middle links (the paths are alike unless a link
 * fails); random loss (`loss`, `burst`, `losson`) and scripted drops sit on the primary's
 * A0 → B0, in front of its queue. Access links 100 Mb/s, 1 ms, queue 100.
 *
 * multihomed-mobile — 003_… §3.1.3 (Fig. 4) and §4.5: a wired server S reaches a mobile M over a
 * shared wired link n1 ══ n0 (`bw`, `delay`, `queue`, `jitter`: the paper's 2 Mb/s, 10 ms
 * bottleneck, queue 25), then either a Wi-Fi access AP ~ M0 (the primary) or a WiMAX access
 * BS ~ M1 (the backup):
 *
 *                        ┌─ AP ~~ Wi-Fi ~~ M0 ─┐
 *   S ─ n1 ══ wired ══ n0┤                     ├ mobile M
 *                        └─ BS ~~ WiMAX ~~ M1 ─┘
 *
 * Data goes server → mobile, as the paper measures it. The accesses follow `link` (default
 * `wifi-g`): with an 802.11 value, AP ~ M0 is an 802.11 cell of that PHY (wifi-b / wifi-g) and
 * BS ~ M1 an 802.16 cell (link-medium.ts; each connection's queue 50 packets, ns-2's interface
 * queue); `loss` is then the Wi-Fi cell's frame error rate (retried by its MAC, as in
 * wifi-cell.ts), the WiMAX cell is clean, and the scripted drops act on n0 → AP, in front of
 * the Wi-Fi cell. With `link=wired` each access is a point-to-point link instead — a rate, a
 * delay and a loss chosen here (Wi-Fi-like 1.5 Mb/s, 2 ms, `loss` on AP → M0; WiMAX-like
 * 0.8 Mb/s, 15 ms) — with no MAC; `link=wimax` puts both accesses in 802.16 cells (`loss` then
 * on n0 → AP). One mobile:
 * the paper's many multi-homed clients spread in both cells are one host here.
 */
import type { LinkConfig, LossConfig, MediumConfig, SimConfig } from '../../engine';
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import type { LinkLayer } from '../profiles';
import { cellOf } from '../link-medium';
import { flowAddresses } from '../sctp-config';
import type { Scenario } from '../types';
import { scenarioLossPoint } from '../loss-config';
import { flowConfig, scenarioLink } from './flows';
import type { Multihoming, Topology } from './types';

interface MultihomedSpec {
  id: string;
  title: string;
  source: string;
  defaults: FlatDefaults;
  nodes: readonly string[];
  /** The links, in order, from the scenario's run keys. */
  links(s: Scenario): LinkConfig[];
  /**
   * The radio cells some of the hosts' interfaces sit in (SimConfig.media), from the run keys;
   * absent or empty: every hop is a link. `frameErrors`: the random loss is a cell's frame
   * error rate (in `media`), so the loss point keeps only the scripted drops.
   */
  media?(s: Scenario): { media: MediumConfig[]; frameErrors: boolean };
  /** The loss point (random loss and scripted drops): the primary path's, from the run keys. */
  loss: (s: Scenario) => { from: string; to: string };
  /** The router and bottleneck of the router plot. */
  router: string;
  bottleneck: { from: string; to: string };
  multihoming: Multihoming;
  linkAliases: Readonly<Record<string, readonly [string, string]>>;
  link: LinkLayer;
}

/** A loss point without its random part (no rate, no Gilbert chain): its scripted drops only. */
function scriptedOnly(point: LossConfig): LossConfig {
  const { gilbert: _, ...rest } = point;
  return { ...rest, lossRate: 0 };
}

function multihomed(spec: MultihomedSpec): Topology {
  const m = spec.multihoming;
  function build(s: Scenario, opts: { lossPosition?: 'queue' | 'wire' } = {}): SimConfig {
    const flows = s.flows.map((f, i) => {
      const ends = flowAddresses(f, m);
      // flowConfig swaps src and dst for `reverse`; flowAddresses has done so already.
      const base = flowConfig({ ...f, reverse: false }, i, ends.src, ends.dst, spec.link);
      return { ...base, ...ends };
    });
    const cells = spec.media?.(s);
    const at = spec.loss(s);
    const point = scenarioLossPoint(s, at.from, at.to, opts.lossPosition);
    return {
      nodes: [...spec.nodes],
      links: spec.links(s),
      ...(cells && cells.media.length > 0 ? { media: cells.media } : {}),
      flows,
      // with the random loss a cell's frame error rate, the loss point keeps the scripted drops
      losses: [cells?.frameErrors ? scriptedOnly(point) : point],
      stopS: s.stop,
      router: spec.router,
      bottleneck: { ...spec.bottleneck },
      seed: s.seed,
    };
  }
  return {
    id: spec.id,
    title: spec.title,
    source: spec.source,
    defaults: spec.defaults,
    build,
    linkAliases: spec.linkAliases,
    multihoming: m,
  };
}

/** IP 20 + SCTP common header 12 + DATA chunk header 16; TCP/IP 40. */
const LINK: LinkLayer = {
  headerBytes: { tcp: 40, sctp: 48 },
  ns2FirstPacketWithoutHeader: false,
  tickS: 0.001,
  initialRtoS: 3,
  sctpPathMtuBytes: 1500,
};

const ACCESS = { bandwidthBps: 100e6, delayS: 0.001, queueLimit: 100 };

/** One SCTP bulk transfer S → K (RFC 4960 rules), 2 Mb/s and 25 ms per path, 30 s. */
export const DUAL_HOMED_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'sctp-4960',
  sender2: null,
  drops: [],
  drops2: [],
  loss: 0,
  seed: 1,
  bw: 2e6,
  delay: 0.025,
  queue: 20,
  window: 1000,
  rwnd: null,
  mss: 1000,
  stop: 30,
  start: 0,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: null,
  delack: false,
  profile: 'rfc',
  recovery: null,
};

export const DUAL_HOMED: Topology = multihomed({
  id: 'dual-homed',
  title: 'Dual-homed hosts: S (S0, S1) and K (K0, K1) over two disjoint paths',
  source: 'RFC 4960 §6.4 (multi-homed endpoints); 003_… §2.3, Figure 1 (two interfaces per host)',
  defaults: DUAL_HOMED_DEFAULTS,
  nodes: ['S0', 'S1', 'A0', 'A1', 'B0', 'B1', 'K0', 'K1'],
  links: (s) => [
    { a: 'S0', b: 'A0', ...ACCESS },
    scenarioLink(s, 'A0', 'B0'),
    { a: 'B0', b: 'K0', ...ACCESS },
    { a: 'S1', b: 'A1', ...ACCESS },
    scenarioLink(s, 'A1', 'B1'),
    { a: 'B1', b: 'K1', ...ACCESS },
  ],
  loss: () => ({ from: 'A0', to: 'B0' }),
  router: 'A0',
  bottleneck: { from: 'A0', to: 'B0' },
  multihoming: { hosts: { S: ['S0', 'S1'], K: ['K0', 'K1'] }, src: 'S', dst: 'K' },
  linkAliases: { primary: ['A0', 'B0'], backup: ['A1', 'B1'], bottleneck: ['A0', 'B0'] },
  link: LINK,
});

/**
 * 003_…'s bottleneck (2 Mb/s, 10 ms, queue 25); SCTP bulk server → mobile over an 802.11g and
 * an 802.16 cell, 1 % Wi-Fi frame errors, 60 s.
 */
export const MOBILE_DEFAULTS: FlatDefaults = {
  ...DUAL_HOMED_DEFAULTS,
  link: 'wifi-g',
  loss: 0.01,
  bw: 2e6,
  delay: 0.01,
  queue: 25,
  mss: 1468,
  stop: 60,
};

/** `link=wired`: the Wi-Fi-like and WiMAX-like accesses (chosen here; see the module comment). */
const WIFI = { bandwidthBps: 1.5e6, delayS: 0.002, queueLimit: 50 };
const WIMAX = { bandwidthBps: 0.8e6, delayS: 0.015, queueLimit: 50 };
/** Each connection's queue in a cell, packets (ns-2's interface queue). */
const CELL_QUEUE = 50;

/** The mobile's cells: AP ~ M0 (the Wi-Fi access, an 802.11 cell) and BS ~ M1 (802.16). */
function mobileCells(s: Scenario): { media: MediumConfig[]; frameErrors: boolean } {
  if (s.link === 'wired') return { media: [], frameErrors: false };
  const ap = cellOf(s, 'AP', ['M0'], CELL_QUEUE)!;
  const bs = cellOf({ ...s, link: 'wimax' }, 'BS', ['M1'], CELL_QUEUE)!;
  const fer = ap.kind === 'wifi' && s.loss > 0 ? { ...ap, frameErrorRate: s.loss } : ap;
  return { media: [fer, bs], frameErrors: ap.kind === 'wifi' };
}

export const MULTIHOMED_MOBILE: Topology = multihomed({
  id: 'multihomed-mobile',
  title: 'Multi-homed mobile: Wi-Fi primary, WiMAX backup, shared wired link',
  source: 'Vicuña et al. 003_… §3.1.3 (Figure 4) and §4.5; link=wired: no MAC layer modelled',
  defaults: MOBILE_DEFAULTS,
  nodes: ['S', 'n1', 'n0', 'AP', 'BS', 'M0', 'M1'],
  links: (s) => [
    { a: 'S', b: 'n1', ...ACCESS },
    scenarioLink(s, 'n1', 'n0'),
    { a: 'n0', b: 'AP', ...ACCESS },
    ...(s.link === 'wired' ? [{ a: 'AP', b: 'M0', ...WIFI }] : []),
    { a: 'n0', b: 'BS', ...ACCESS },
    ...(s.link === 'wired' ? [{ a: 'BS', b: 'M1', ...WIMAX }] : []),
  ],
  media: mobileCells,
  loss: (s) => (s.link === 'wired' ? { from: 'AP', to: 'M0' } : { from: 'n0', to: 'AP' }),
  router: 'n1',
  bottleneck: { from: 'n1', to: 'n0' },
  multihoming: { hosts: { S: ['S'], M: ['M0', 'M1'] }, src: 'S', dst: 'M' },
  linkAliases: {
    wired: ['n1', 'n0'],
    bottleneck: ['n1', 'n0'],
    wifi: ['AP', 'M0'],
    primary: ['AP', 'M0'],
    wimax: ['BS', 'M1'],
    backup: ['BS', 'M1'],
  },
  link: LINK,
});
