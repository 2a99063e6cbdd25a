/**
 * The bufferbloat path of the BBR presets: flows Sk → one shared sink K over 100 Mb/s, 1 ms
 * access links and a 10 Mb/s, 19 ms bottleneck from router R — a 40 ms round trip without
 * queueing, a bandwidth-delay product of ≈ 48 packets of 1040 bytes, and a drop-tail queue of
 * 100 packets (about two BDPs: "deep"). The path of the bufferbloat labs that put Reno, CUBIC
 * and BBR side by side (10 Mb/s, 40 ms) and of Cardwell et al. (2016)'s argument: a loss-based
 * sender fills whatever queue there is, so its round trip grows by up to queue / rate (here
 * 100 × 1040 × 8 / 10 Mb/s ≈ 83 ms), while BBR keeps about one BDP in flight and the queue
 * nearly empty. Not a paper's exact setup: chosen so a 25 s run (≈ 30 000 packets) shows
 * BBR's start-up and two PROBE_RTT visits in the browser. No random loss (the queue's
 * overflows are the losses), a receiver window of 1000 packets (never the limit), one flow
 * (BBR) starting at 0 s. Profile ff96 like every topology.
 */
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import { dumbbell } from './dumbbell';
import type { Topology } from './types';

export const BUFFERBLOAT_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'bbr',
  sender2: null,
  drops: [],
  drops2: [],
  loss: 0,
  seed: 1,
  bw: 10e6,
  delay: 0.019,
  queue: 100,
  window: 1000,
  rwnd: null,
  mss: 1000,
  stop: 25,
  start: 0,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: null,
  delack: false,
  profile: 'ff96',
  recovery: null,
};

export const BUFFERBLOAT: Topology = dumbbell({
  id: 'bufferbloat-path',
  title: 'Bufferbloat path: 10 Mb/s, 40 ms round trip, deep queue',
  source:
    'not from a paper: the 10 Mb/s, 40 ms path of bufferbloat labs and of Cardwell et al. (2016), see the docstring',
  defaults: BUFFERBLOAT_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'R', right: null, sink: () => 'K' },
  access: { bandwidthBps: 100e6, delayS: 0.001, queueLimit: 100 },
  link: {
    headerBytes: { tcp: 40, sctp: 48 },
    ns2FirstPacketWithoutHeader: false,
    tickS: 0.01,
    initialRtoS: 3,
    sctpPathMtuBytes: 1500,
  },
});
