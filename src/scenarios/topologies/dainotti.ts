/**
 * The paths of Dainotti, Loreto, Pescapé & Ventre, "SCTP performance evaluation over
 * heterogeneous networks" (002_… §4.1, Table I): two hosts, a traffic source and a sink, over
 * an Ethernet cable, an 802.11b channel, or an access point joining the two. The medium is the
 * bottleneck between the sending host's interface R1 and what follows it: a wired link
 * (`link=wired`: rate, delay, `jitter`, `loss`, `burst`, a drop-tail queue), or with
 * `link=wifi-b` (the wireless presets' default) an 802.11b DCF cell (wifi-cell.ts,
 * engine net/wifi/) whose members contend for the air, so the data and the ACKs coming back
 * share it, every frame pays preamble, MAC header, SIFS, ACK and backoff, and lost frames are
 * retried by the MAC.
 *
 *   host-pair          S1 ─1 Gb/s─ R1 ══ medium ══ K1                  (eth2eth; w2w-ah: ad hoc)
 *   wireless-pair-ap   S1 ─1 Gb/s─ R1 ~~ AP ~~ K1, one cell            (w2w-ap: twice over the air)
 *   wired-wireless     S1 ─100 Mb/s Ethernet─ AP ══ 802.11 ══ K1       (e2w)
 *   wireless-wired     S1 ─1 Gb/s─ R1 ══ 802.11 ══ AP ─100 Mb/s Ethernet─ K1   (w2e)
 *
 * The 1 Gb/s, zero-delay link from S1 stands for the inside of the sending host, so the queue
 * that fills is R1's (the host's interface queue) or the AP's. Not in the paper, chosen here:
 * every delay, loss and jitter value (presets/dainotti.ts says which), queues of 100 packets,
 * and the transport settings of profile `rfc` (the paper ran Linux 2.6 stacks, not ns-2).
 */
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import { dumbbell, type AccessLink } from './dumbbell';
import type { Topology } from './types';
import type { LinkLayer } from '../profiles';

/** One CBR flow of 512-byte payloads at 1000 packets/s (Table I's PS and medium PR), SCTP. */
export const DAINOTTI_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'sctp-4960',
  sender2: null,
  drops: [],
  drops2: [],
  loss: 0,
  seed: 1,
  bw: 11e6,
  delay: 0.001,
  queue: 100,
  window: 1000,
  rwnd: null,
  mss: 1460,
  stop: 10,
  start: 0,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: null,
  delack: true,
  profile: 'rfc',
  recovery: null,
  app: 'cbr',
  size: 512,
  pps: 1000,
};

/** Headers as on the wire: TCP/IP 40 (+12 for timestamps not modelled), SCTP 48, UDP 28. */
const LINK: LinkLayer = {
  headerBytes: { tcp: 40, sctp: 48 },
  ns2FirstPacketWithoutHeader: false,
  tickS: 0.001,
  initialRtoS: 1,
  sctpPathMtuBytes: 1500,
};

/** Inside the sending host: never the bottleneck. */
const HOST: AccessLink = { bandwidthBps: 1e9, delayS: 0, queueLimit: 1000 };
/** 100 Mb/s Ethernet between a host and the access point. */
const ETHERNET: AccessLink = { bandwidthBps: 100e6, delayS: 0.0001, queueLimit: 100 };

const SOURCE =
  'Dainotti et al. 002_… §4.1, Table I (rate, delay, jitter, loss: see presets/dainotti.ts)';

export const HOST_PAIR: Topology = dumbbell({
  id: 'host-pair',
  title: 'Two hosts over one medium (Ethernet cable or 802.11 channel)',
  source: SOURCE,
  defaults: DAINOTTI_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'R1', right: null, sink: () => 'K1' },
  access: HOST,
  link: LINK,
});

/** w2w-ap: both hosts are stations of the AP's cell; with link=wired, host-pair's R1–K1 link. */
export const WIRELESS_PAIR_AP: Topology = dumbbell({
  id: 'wireless-pair-ap',
  title: 'Two wireless hosts through an access point, one cell (w2w-ap)',
  source: SOURCE,
  defaults: DAINOTTI_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'R1', right: null, sink: () => 'K1' },
  access: HOST,
  link: LINK,
  cellAp: 'AP',
});

export const WIRED_WIRELESS: Topology = dumbbell({
  id: 'wired-wireless',
  title: 'Wired source, access point, wireless sink (e2w)',
  source: SOURCE,
  defaults: DAINOTTI_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'AP', right: null, sink: () => 'K1' },
  access: ETHERNET,
  link: LINK,
  cellAp: 'left',
});

export const WIRELESS_WIRED: Topology = dumbbell({
  id: 'wireless-wired',
  title: 'Wireless source, access point, wired sink (w2e)',
  source: SOURCE,
  defaults: DAINOTTI_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'R1', right: 'AP', sink: (i) => `K${i + 1}` },
  access: HOST,
  sinkAccess: ETHERNET,
  link: LINK,
  cellAp: 'far',
});
