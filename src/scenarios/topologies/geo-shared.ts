/**
 * The GEO network of "SCTP and TCP sharing a satellite network: throughput and fairness"
 * (§III-A Figure 2, §III-B Table I, §III-C): n sources (half TCP, half SCTP) reach one router
 * over identical links with 2 ms delay; the router feeds a GEO satellite link (250 ms one way)
 * to one destination node that runs a separate agent per source.
 *
 *   S1 ─┐
 *   S2 ─┼─ R1 ──satellite: bw, 250 ms, queue── K1
 *   …  ─┘
 *
 * Table I (router buffer and satellite bandwidth grow with n) is GEO_TABLE_I (the presets
 * geo-table2 / geo-table3 pick a row with `n`); the defaults are the n = 2 row: 10 packets,
 * 2 Mb/s, flow 1 on S1 and flow 2 on S2. The paper's error module drops data on the satellite link with probability 1.5 %;
 * the loss point (random loss and scripted drops, e.g. §V-C's loss of segment 8 in both flows:
 * drops=8&drops2=8) sits in front of R1's queue towards K1. 64 KB receiver windows, ssthresh
 * starting at the window, SACK TCP, no delayed ACKs, 500 s runs (§V). §V-C: TCP opens with a
 * three-way handshake and SCTP with a four-way one, so handshake defaults to 1 here.
 *
 * Payload: §III-C item 4 says 1488 bytes, but every SCTP cwnd value in §V-B/§V-C is a
 * multiple of 1448 (13032 = 9 · 1448, 6516 = 4.5 · 1448, 11584 = 8 · 1448), so mss defaults to
 * 1448 (as in the companion paper by the same authors) and the window to 45 packets (64 KB).
 *
 * Not in the paper, chosen here: source links 10 Mb/s (as in the companion paper's Table 1);
 * flows start at 0 s; host queues 50 packets; minimum RTO 1 s; SCTP headers 48 bytes, TCP 40;
 * sender2 defaults to Original SCTP (the §II/§V-C narrative: fast retransmit on the 4th
 * dupack, no fast recovery).
 */
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import { dumbbell } from './dumbbell';
import type { Topology } from './types';

/** Table I: router buffer (packets) and satellite bandwidth (bit/s) for n sources. */
export const GEO_TABLE_I: readonly { sources: number; queue: number; bwBps: number }[] = [
  { sources: 2, queue: 10, bwBps: 2e6 },
  { sources: 4, queue: 40, bwBps: 4e6 },
  { sources: 6, queue: 80, bwBps: 7e6 },
  { sources: 8, queue: 160, bwBps: 11e6 },
];

export const GEO_SHARED_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'sack',
  sender2: 'sctp-2960',
  drops: [],
  drops2: [],
  loss: 0.015,
  seed: 1,
  bw: 2e6,
  delay: 0.25,
  queue: 10,
  window: 45,
  rwnd: null,
  mss: 1448,
  stop: 500,
  start: 0,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: true,
  delack: false,
  profile: 'ff96',
  recovery: null,
};

/** The GEO network for any number of sources; flow k runs Sk → K1. */
export const GEO_SHARED: Topology = dumbbell({
  id: 'geo-shared',
  title: 'GEO satellite: TCP and SCTP sources share a 250 ms link',
  source: 'SCTP and TCP sharing a satellite network, §III (Figure 2, Table I) and §V',
  defaults: GEO_SHARED_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'R1', right: null, sink: () => 'K1' },
  access: { bandwidthBps: 10e6, delayS: 0.002, queueLimit: 50 },
  link: {
    headerBytes: { tcp: 40, sctp: 48 },
    ns2FirstPacketWithoutHeader: false,
    tickS: 0.01,
    initialRtoS: 3,
  },
  bottleneckFirst: true,
});
