/**
 * The satellite dumbbell of Alamgir, Atiquzzaman & Ivancic, "Effect of Congestion Control on
 * the Performance of SCTP and TCP in a Wireless Environment" (§4.1 Figure 2 and Table 1, §4.2):
 *
 *   N0 ─L0─┐                        ┌─L3─ N4      L0, L1, L3, L4: 10 Mb/s, 2 ms
 *          N2 ──L2: 3 Mb/s, 250 ms── N3           L2: the GEO satellite link (bottleneck)
 *   N1 ─L1─┘                        └─L4─ N5      router buffers at N2, N3: 10 packets
 *
 * Flow 1 (`sender`, the paper's TCP with SACK) runs N0 → N4; flow 2 (`sender2`, the paper's
 * SCTP) runs N1 → N5 (N1 and N5 exist only when there is a second flow). `bw`, `delay` and
 * `queue` act on L2; random loss (the paper's error module, 0.008–0.03, 0.01 in §6.1 on) and
 * scripted drops sit in front of N2's queue towards N3. One-way bulk traffic, no delayed ACKs,
 * 1448-byte payloads, receiver windows of 64 KB (= 45 packets of 1448 bytes), ssthresh starting
 * at the window, 1000 s runs (§6).
 *
 * Not in the paper, chosen here: the flows start at 0 s; the hosts' own queues (N0→N2,
 * N1→N2) hold 50 packets (ns-2's default) so only the routers drop; minimum RTO 1 s
 * (RFC 2988 §2.4); SCTP headers are IP 20 + common header 12 + DATA chunk header 16 = 48 bytes
 * (RFC 4960 §3, §3.3.1), TCP's 40. SCTP's path MTU is 1500 bytes (ns-2's mtu_ default), so
 * its cwnd counts in MTUs of 1500 − 32 = 1468 bytes (ns-2 uiMaxDataSize) while a chunk counts
 * its 1448 bytes in the outstanding data: a cwnd of 17 MTUs holds 18 chunks, as in §6.1's
 * Fig. 9 (cwnd 17, packets up to 80 out when 63 is missed). sender2 defaults to Original SCTP:
 * §6.1's Fig. 9 narrative (new data on the first three dupacks, fast retransmit on the 4th,
 * cwnd halved, no fast recovery) is RFC 2960's behaviour. Presets for this paper set the rest
 * (presets/alamgir-fig8.ts, presets/sctp-alamgir-fig9.ts).
 */
import type { LinkConfig, SimConfig } from '../../engine';
import type { Scenario, ScenarioDefaults } from '../types';
import { allScriptedDrops, flowConfig, type FlowProfile } from './flows';
import type { Topology } from './types';

const ACCESS = { bandwidthBps: 10e6, delayS: 0.002 };
const HOST_QUEUE = 50;
const ROUTER_QUEUE = 10;
/** ns-2's Agent/SCTP mtu_ default: cwnd counts in 1468-byte MTUs, a 1448-byte chunk in 1448. */
const PATH_MTU = 1500;

export const SATELLITE_DUMBBELL_DEFAULTS: ScenarioDefaults = {
  sender: 'sack',
  sender2: 'sctp-2960',
  drops: [],
  drops2: [],
  loss: 0.01,
  seed: 1,
  bw: 3e6,
  delay: 0.25,
  queue: ROUTER_QUEUE,
  window: 45,
  mss: 1448,
  stop: 1000,
  maxburst: 0,
  bugfix: true,
  icwnd: 1,
  frtx: null,
  handshake: false,
  delack: false,
};

/** Options a preset family may change without new URL keys. */
export interface SatelliteDumbbellOptions {
  /** Topology id when a preset family registers a variant (default 'satellite-dumbbell'). */
  id?: string;
  /** Start of flow 1 and flow 2, s (default 0 and 0). */
  startS?: number;
  start2S?: number;
}

/** Build the topology; `satelliteDumbbellTopology()` gives the registered default. */
export function satelliteDumbbellTopology(opts: SatelliteDumbbellOptions = {}): Topology {
  const profile: FlowProfile = {
    startS: opts.startS ?? 0,
    headerBytes: { tcp: 40, sctp: 48 },
    ns2FirstPacketWithoutHeader: false,
    minRtoS: 1,
    tickS: 0.01,
    initialRtoS: 3,
    sctpPathMtuBytes: PATH_MTU,
  };
  const profile2: FlowProfile = { ...profile, startS: opts.start2S ?? profile.startS };

  function build(s: Scenario): SimConfig {
    const links: LinkConfig[] = [
      { a: 'N0', b: 'N2', ...ACCESS, queueLimit: HOST_QUEUE },
      { a: 'N2', b: 'N3', bandwidthBps: s.bw, delayS: s.delay, queueLimit: s.queue },
      { a: 'N3', b: 'N4', ...ACCESS, queueLimit: ROUTER_QUEUE },
    ];
    const nodes = ['N0', 'N2', 'N3', 'N4'];
    const flows = [flowConfig(s, 0, s.sender, 'N0', 'N4', profile)];
    if (s.sender2 !== null) {
      nodes.splice(1, 0, 'N1');
      nodes.push('N5');
      links.push({ a: 'N1', b: 'N2', ...ACCESS, queueLimit: HOST_QUEUE });
      links.push({ a: 'N3', b: 'N5', ...ACCESS, queueLimit: ROUTER_QUEUE });
      flows.push(flowConfig(s, 1, s.sender2, 'N1', 'N5', profile2));
    }
    return {
      nodes,
      links,
      flows,
      losses: [
        { from: 'N2', to: 'N3', drops: allScriptedDrops(s), lossRate: s.loss, seed: s.seed },
      ],
      stopS: s.stop,
      router: 'N2',
      bottleneck: { from: 'N2', to: 'N3' },
    };
  }

  return {
    id: opts.id ?? 'satellite-dumbbell',
    title: 'Satellite dumbbell: TCP and SCTP share a 3 Mb/s, 250 ms link',
    source: 'Alamgir, Atiquzzaman & Ivancic, §4.1 (Figure 2, Table 1) and §4.2',
    defaults: SATELLITE_DUMBBELL_DEFAULTS,
    startS: profile.startS,
    build,
  };
}
