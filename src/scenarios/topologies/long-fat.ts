/**
 * A long fat pipe for window-growth comparisons (CUBIC, RFC 9438 §1: "fast and long-distance
 * networks"): flows Sk → one shared sink K over 100 Mb/s, 1 ms access links and a 10 Mb/s,
 * 50 ms bottleneck from router R — about 0.1 s RTT, a bandwidth-delay product of ≈ 120
 * packets of 1040 bytes, and a drop-tail queue of 60 (half the BDP). Not from a paper: chosen
 * here so Reno's one packet per RTT is visibly slow to refill the pipe after a loss while a run
 * stays small enough for the browser (60 s ≈ 70 000 packets). No random loss (the queue's
 * overflows are the losses), a receiver window of 1000 packets (never the limit), every flow
 * starting at 0 s; flow 1 SACK TCP and flow 2 CUBIC, which share SACK recovery and differ only
 * in their window. Profile ff96 like every topology; the cubic-vs-reno preset sets `rfc`.
 */
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import { dumbbell } from './dumbbell';
import type { Topology } from './types';

export const LONG_FAT_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'sack',
  sender2: 'cubic',
  drops: [],
  drops2: [],
  loss: 0,
  seed: 1,
  bw: 10e6,
  delay: 0.05,
  queue: 60,
  window: 1000,
  rwnd: null,
  mss: 1000,
  stop: 60,
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

export const LONG_FAT: Topology = dumbbell({
  id: 'long-fat',
  title: 'Long fat pipe: 10 Mb/s, 50 ms bottleneck',
  source: 'not from a paper: a long fat network in the sense of RFC 9438 §1 (see the docstring)',
  defaults: LONG_FAT_DEFAULTS,
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
