/**
 * The Fall & Floyd topology (Fall & Floyd, "Simulation-based Comparisons of Tahoe, Reno, and
 * SACK TCP", CCR 1996; reused by Caro et al. 2003 §3, Figure 1), as ns-2.35's
 * test-suite-tcpVariants.tcl builds it:
 *
 *   S1 ──8 Mb/s, 0 ms, queue 50── R1 ──800 kb/s, 100 ms, queue 8── K1
 *
 * One bulk flow S1 → K1 starts at 1.0 s; runs stop at 6.0 s. Data packets carry 1000 bytes of
 * payload + 40 bytes of header; every packet is ACKed; cwnd starts at 1 with no handshake.
 * The scenario keys `bw`, `delay` and `queue` act on R1–K1 (both directions), and the loss
 * point (scripted drops and random loss) sits in front of R1's queue towards K1, so a dropped
 * packet never enters it. With `sender2`, flow 2 runs S2 → K1 over its own S2–R1 link (same as
 * S1–R1) and shares R1–K1 with flow 1.
 */
import type { LinkConfig, SimConfig } from '../../engine';
import type { Scenario, ScenarioDefaults } from '../types';
import { allScriptedDrops, flowConfig, type FlowProfile } from './flows';
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

const ACCESS_BPS = 8e6;
const ACCESS_QUEUE = 50;

const PROFILE: FlowProfile = {
  startS: 1.0,
  // SCTP packets are 1040 bytes here too: ns-2.35's SCTP sends 1008-byte DATA chunks (16-byte
  // chunk header + data) + 12-byte common header + 20-byte IP header = 1040 on this topology,
  // so both protocols see the same serialisation times (10.4 ms at 800 kb/s).
  headerBytes: { tcp: 40, sctp: 40 },
  // The ns-2 artefact (see FlowProfile): packet 1 goes out as 1000 bytes, which keeps every
  // time in these runs identical to ns-2.35's traces.
  ns2FirstPacketWithoutHeader: true,
  minRtoS: 1,
  tickS: 0.01,
  initialRtoS: 3,
};

export const FALL_FLOYD_DEFAULTS: ScenarioDefaults = {
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
  mss: 1000,
  stop: 6.0,
  maxburst: 0,
  bugfix: true,
  icwnd: 1,
  frtx: null,
  handshake: false,
  delack: false,
};

function build(s: Scenario): SimConfig {
  const two = s.sender2 !== null;
  const links: LinkConfig[] = [
    { a: 'S1', b: 'R1', bandwidthBps: ACCESS_BPS, delayS: 0, queueLimit: ACCESS_QUEUE },
    { a: 'R1', b: 'K1', bandwidthBps: s.bw, delayS: s.delay, queueLimit: s.queue },
  ];
  const flows = [flowConfig(s, 0, s.sender, 'S1', 'K1', PROFILE)];
  if (s.sender2 !== null) {
    links.push({ a: 'S2', b: 'R1', bandwidthBps: ACCESS_BPS, delayS: 0, queueLimit: ACCESS_QUEUE });
    flows.push(flowConfig(s, 1, s.sender2, 'S2', 'K1', PROFILE));
  }
  return {
    nodes: two ? ['S1', 'S2', 'R1', 'K1'] : ['S1', 'R1', 'K1'],
    links,
    flows,
    losses: [{ from: 'R1', to: 'K1', drops: allScriptedDrops(s), lossRate: s.loss, seed: s.seed }],
    stopS: s.stop,
    router: 'R1',
    bottleneck: { from: 'R1', to: 'K1' },
  };
}

export const FALL_FLOYD: Topology = {
  id: 'fall-floyd',
  title: 'Fall & Floyd: S1 – R1 – K1, 800 kb/s bottleneck',
  source: 'Fall & Floyd 1996 §2; Caro et al. 2003 §3, Figure 1; ns-2.35 test-suite-tcpVariants.tcl',
  defaults: FALL_FLOYD_DEFAULTS,
  startS: PROFILE.startS,
  build,
};
