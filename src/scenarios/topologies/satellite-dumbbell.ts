/**
 * The satellite dumbbell of Alamgir, Atiquzzaman & Ivancic, "Effect of Congestion Control on
 * the Performance of SCTP and TCP in a Wireless Environment" (§4.1 Figure 2 and Table 1, §4.2):
 *
 *   N0 ─L0─┐                        ┌─L3─ N4      L0, L1, L3, L4: 10 Mb/s, 2 ms
 *          N2 ──L2: 3 Mb/s, 250 ms── N3           L2: the GEO satellite link (bottleneck)
 *   N1 ─L1─┘                        └─L4─ N5      router buffers at N2, N3: 10 packets
 *
 * Flow 1 (the paper's TCP with SACK) runs N0 → N4; flow 2 (the paper's SCTP) runs N1 → N5
 * (N1 and N5 exist only when there is a second flow); flow k ≥ 3 runs Sk → Kk over links like
 * L1 and L4. `bw`, `delay` and `queue` act on L2; random loss (the paper's error module,
 * 0.008–0.03, 0.01 in §6.1 on) and scripted drops sit in front of N2's queue towards N3, or at
 * the far end of L2 when the preset says so (alamgir-table2: a lost packet used the link). One-way bulk traffic, no delayed ACKs,
 * 1448-byte payloads, receiver windows of 64 KB (= 45 packets of 1448 bytes), ssthresh starting
 * at the window, 1000 s runs (§6).
 *
 * Not in the paper, chosen here: the flows start at 0 s (key `start`); the hosts' own queues (N0→N2,
 * N1→N2) hold 50 packets (ns-2's default) so only the routers drop; minimum RTO 1 s
 * (RFC 2988 §2.4); SCTP headers are IP 20 + common header 12 + DATA chunk header 16 = 48 bytes
 * (RFC 4960 §3, §3.3.1), TCP's 40; profile ff96 unless a preset says ns2. SCTP's path MTU is 1500 bytes (ns-2's mtu_ default), so
 * its cwnd counts in MTUs of 1500 − 32 = 1468 bytes (ns-2 uiMaxDataSize) while a chunk counts
 * its 1448 bytes in the outstanding data: a cwnd of 17 MTUs holds 18 chunks, as in §6.1's
 * Fig. 9 (cwnd 17, packets up to 80 out when 63 is missed). sender2 defaults to Original SCTP:
 * §6.1's Fig. 9 narrative (new data on the first three dupacks, fast retransmit on the 4th,
 * cwnd halved, no fast recovery) is RFC 2960's behaviour. Presets for this paper set the rest
 * (presets/alamgir-fig8.ts, presets/sctp-alamgir-fig9.ts).
 */
import { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from '../app-defaults';
import type { FlatDefaults } from '../flat';
import { dumbbell } from './dumbbell';
import type { Topology } from './types';

const ACCESS = { bandwidthBps: 10e6, delayS: 0.002 };
const HOST_QUEUE = 50;
const ROUTER_QUEUE = 10;
/** ns-2's Agent/SCTP mtu_ default: cwnd counts in 1468-byte MTUs, a 1448-byte chunk in 1448. */
const PATH_MTU = 1500;

export const SATELLITE_DUMBBELL_DEFAULTS: FlatDefaults = {
  ...APP_FLOW_DEFAULTS,
  ...PATH_RUN_DEFAULTS,
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
  rwnd: null,
  mss: 1448,
  stop: 1000,
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

/** The paper's network for any number of flows (flows 1 and 2 on the paper's nodes). */
export const SATELLITE_DUMBBELL: Topology = dumbbell({
  id: 'satellite-dumbbell',
  title: 'Satellite dumbbell: TCP and SCTP share a 3 Mb/s, 250 ms link',
  source: 'Alamgir, Atiquzzaman & Ivancic, §4.1 (Figure 2, Table 1) and §4.2',
  defaults: SATELLITE_DUMBBELL_DEFAULTS,
  names: {
    source: (i) => (i < 2 ? `N${i}` : `S${i + 1}`),
    left: 'N2',
    right: 'N3',
    sink: (i) => (i < 2 ? `N${i + 4}` : `K${i + 1}`),
  },
  access: { ...ACCESS, queueLimit: HOST_QUEUE },
  sinkAccess: { ...ACCESS, queueLimit: ROUTER_QUEUE },
  link: {
    headerBytes: { tcp: 40, sctp: 48 },
    ns2FirstPacketWithoutHeader: false,
    tickS: 0.01,
    initialRtoS: 3,
    sctpPathMtuBytes: PATH_MTU,
  },
});
