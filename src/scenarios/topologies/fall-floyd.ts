/**
 * The Fall & Floyd topology (Fall & Floyd, "Simulation-based Comparisons of Tahoe, Reno, and
 * SACK TCP", CCR 1996; reused by Caro et al. 2003 §3, Figure 1), as ns-2.35's
 * test-suite-tcpVariants.tcl builds it:
 *
 *   S1 ──8 Mb/s, 0 ms, queue 50── R1 ──800 kb/s, 100 ms, queue 8── K1
 *
 * One bulk flow S1 → K1 starts at 1.0 s; runs stop at 6.0 s. Data packets carry 1000 bytes of
 * payload + 40 bytes of header; every packet is ACKed; cwnd starts at 1 with no handshake
 * (profile ff96). The scenario keys `bw`, `delay` and `queue` act on R1–K1 (both directions),
 * and the loss point (scripted drops and random loss) sits in front of R1's queue towards K1,
 * so a dropped packet never enters it. Flow k runs Sk → K1 over its own Sk–R1 link (same as
 * S1–R1) and shares R1–K1 with the others.
 */
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import { dumbbell } from './dumbbell';
import type { Topology } from './types';

/** The drop lists of the Fall & Floyd scenarios (Caro et al. add the 5-drop one), packet numbers. */
export const FALL_FLOYD_DROP_LISTS: readonly (readonly number[])[] = [
  [],
  [15],
  [15, 29],
  [15, 27, 29],
  [15, 25, 27, 29],
  [15, 23, 25, 27, 29],
];

export const FALL_FLOYD_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
  sender: 'reno',
  sender2: null,
  drops: [],
  drops2: [],
  loss: 0,
  seed: 1,
  bw: 800e3,
  delay: 0.1,
  queue: 8,
  window: 28,
  rwnd: null,
  mss: 1000,
  stop: 6.0,
  start: 1.0,
  maxburst: null,
  bugfix: true,
  icwnd: null,
  frtx: null,
  handshake: null,
  delack: false,
  profile: 'ff96',
  recovery: null,
};

export const FALL_FLOYD: Topology = dumbbell({
  id: 'fall-floyd',
  title: 'Fall & Floyd: S1 – R1 – K1, 800 kb/s bottleneck',
  source: 'Fall & Floyd 1996 §2; Caro et al. 2003 §3, Figure 1; ns-2.35 test-suite-tcpVariants.tcl',
  defaults: FALL_FLOYD_DEFAULTS,
  names: { source: (i) => `S${i + 1}`, left: 'R1', right: null, sink: () => 'K1' },
  access: { bandwidthBps: 8e6, delayS: 0, queueLimit: 50 },
  link: {
    // SCTP packets are 1040 bytes here too: ns-2.35's SCTP sends 1008-byte DATA chunks (16-byte
    // chunk header + data) + 12-byte common header + 20-byte IP header = 1040 on this topology,
    // so both protocols see the same serialisation times (10.4 ms at 800 kb/s).
    headerBytes: { tcp: 40, sctp: 40 },
    // The ns-2 artefact (see LinkLayer): packet 1 goes out as 1000 bytes, which keeps every
    // time in these runs identical to ns-2.35's traces.
    ns2FirstPacketWithoutHeader: true,
    tickS: 0.01,
    initialRtoS: 3,
  },
});
