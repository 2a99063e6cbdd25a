/**
 * The papers' experiments as presets: the runs behind Alamgir et al.'s Table 2 (000_… §4–6) and
 * the GEO fairness paper's Tables II and III (004_… §III, §V, §VI). Each is meant to be run over
 * many seeds (`npm run sim -- … --seeds 1-30 --out metrics`, or the app's sweep panel) and its
 * means compared with the published row and with ns-2.35's means on the same setup
 * (tests/fixtures/ns2-tables/).
 *
 * Both papers ran ns-2 (000_… §4) with ns-2's defaults for everything they do not state, so the
 * flows use profile `ns2` (profiles.ts) and SCTP is `sctp-4960`, what ns-2.35's Agent/SCTP runs.
 * Their error module drops data packets on the satellite link itself: the loss point is at the
 * far end of the link (a lost packet has used the link); ACKs and control chunks are never lost.
 */
import { ALAMGIR, GEO_SHARING } from './papers';
import type { SenderId } from '../../engine';
import { GEO_TABLE_I } from '../topologies/geo-shared';
import type { Ns2Claim, Preset } from './types';

/**
 * The table's claim: tests/experiments/<id>.test.ts against tests/fixtures/ns2-tables/<id>.json,
 * whose rows hold ns-2's runs of seeds 1 … ns2Seeds. Each cell's bound is src/metrics/table-stats.ts's
 * agreementBound: about 4, so that sampling alone fails a whole table at most 1 % of the time.
 */
const tablePin = (id: string, rowKey: string, ns2Seeds: number): Ns2Claim[] => [
  {
    kind: 'table',
    fixture: `${id}.json`,
    what: `the table’s means over seeds 1–30, every row (${rowKey}) and every metric, agree with ns-2.35’s means over ${ns2Seeds} seeds on the same setup: Welch’s |t| within a bound of about 4, which sampling alone exceeds somewhere in the table at most 1 % of the time`,
  },
];

const TCP: SenderId = 'sack';
const SCTP: SenderId = 'sctp-4960';

export const ALAMGIR_TABLE2: Preset = {
  id: 'alamgir-table2',
  ns2: tablePin('alamgir-table2', 'loss', 60),
  title: 'TCP-SACK vs SCTP over a lossy GEO link (Alamgir et al. Table 2)',
  group: 'Alamgir et al. 2007 (SCTP and TCP over a satellite link)',
  topology: 'satellite-dumbbell',
  open: 'end',
  steps: ['episode', 'decision'],
  lossPosition: 'wire',
  scenario: {
    flows: [{ sender: TCP }, { sender: SCTP }],
    profile: 'ns2',
    loss: 0.01,
    stop: 1000,
  },
  student:
    'A TCP flow and an SCTP flow share a lossy satellite link for 1000 s. Compare their throughput shares in the metrics panel: at 1 % loss Alamgir et al. (undated) measured 56.3 % for SCTP and 43.7 % for TCP.',
  notice:
    'Flow 1 (TCP-SACK, N0 → N4) and flow 2 (SCTP, N1 → N5) share the 3 Mb/s, 250 ms satellite link through 10-packet router buffers; every data packet on it is lost with probability loss (0.008–0.03 in the paper), after it has used the link. ' +
    'Payload 1448 bytes, 64 KB receive windows (TCP 45 packets, SCTP a_rwnd 65536 bytes) and initial ssthresh, no delayed ACKs, 1000 s. ' +
    'Not in the paper, chosen here: ns-2.35’s own defaults for the rest (TCP initial window 2 with a SYN segment, limited transmit, minimum RTO 0.2 s; SCTP RFC 4960 with a 4380-byte initial cwnd, Max.Burst 4 and a handshake), 10 Mb/s 2 ms access links, both flows starting at 0 s. ' +
    'The paper’s Table 2 at loss 0.01: TCP 43.7 %, SCTP 56.3 % of the throughput, SCTP 27.6 % ahead, link utilisation 17.8 %; run it over 30 seeds to compare. ' +
    'SCTP’s path MTU is ns-2’s default 1500 bytes, so cwnd counts 1468-byte MTUs while a chunk is 1464 bytes and a window of k MTUs holds k + 1 chunks (RFC 4960 §6.1 B: send while outstanding < cwnd); an ns-2 setup with mtu_ 1496 (the SCTP packet as the MTU) gives SCTP less at high loss — at 0.03 55.7 % instead of 57.4 % of the throughput, Jain 0.987 instead of 0.978 — and ackclock does the same (tests/fixtures/ns2-tables/README.md, “Two setups of Table 2”).',
  published: {
    source: `${ALAMGIR}, Table 2`,
    rowKey: 'loss',
    columns: ['pct_tput_tcp', 'pct_tput_sctp', 'pct_increase', 'link_util'],
    rows: [
      { key: 0.008, values: [49.8, 50.2, 6.1, 20.9] },
      { key: 0.009, values: [46.7, 53.3, 13.3, 19] },
      { key: 0.01, values: [43.7, 56.3, 27.6, 17.8] },
      { key: 0.015, values: [44.1, 55.9, 25.6, 14.4] },
      { key: 0.02, values: [45.8, 54.2, 17.0, 12.4] },
      { key: 0.025, values: [46.7, 53.3, 13.3, 10.8] },
      { key: 0.03, values: [46.8, 53.2, 12.7, 9.8] },
    ],
  },
};

/** n sources alternating TCP-SACK (odd flows) and SCTP (even flows). */
const alternating = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ sender: i % 2 === 0 ? TCP : SCTP }));

function geoRow(n: number, bwBps: number | null) {
  const row = GEO_TABLE_I.find((r) => r.sources === n) ?? GEO_TABLE_I[0]!;
  return { flows: alternating(n), queue: row.queue, bw: bwBps ?? row.bwBps };
}

const GEO_NOTICE =
  'n sources (n = 2, 4, 6 or 8: key n) alternate TCP-SACK (odd flows) and SCTP (even flows) into router R1, whose 250 ms satellite link reaches one destination K1; Table I gives the router buffer (10 / 40 / 80 / 160 packets, both directions of the satellite link) for each n. ' +
  'Every data packet on the satellite link is lost with probability 1.5 %, after it has used the link; 1448-byte payloads (1488-byte packets), 64 KB windows and initial ssthresh, no delayed ACKs, 500 s. ' +
  'Not in the paper, chosen here: 10 Mb/s 2 ms access links, all sources starting at 0 s, and ns-2.35’s defaults for the rest (TCP initial window 2 with a SYN segment, limited transmit, minimum RTO 0.2 s; SCTP RFC 4960 with a 4380-byte initial cwnd, Max.Burst 4, a handshake).';

export const GEO_TABLE2: Preset = {
  id: 'geo-table2',
  ns2: tablePin('geo-table2', 'n', 150),
  title: 'n TCP and SCTP sources share a GEO link (GEO fairness paper, Table II)',
  group: 'SCTP and TCP sharing a satellite network',
  topology: 'geo-shared',
  open: 'end',
  steps: ['episode', 'decision'],
  lossPosition: 'wire',
  scenario: { profile: 'ns2', handshake: null, loss: 0.015, stop: 500 },
  sizes: { values: [2, 4, 6, 8], default: 2, scenario: (n) => geoRow(n, null) },
  student:
    'Sources, half TCP and half SCTP, share a satellite link that loses 1.5 % of the packets. In the metrics panel SCTP gets a little more throughput, yet Jain’s fairness index stays near 1: the link is shared fairly.',
  notice:
    `${GEO_NOTICE} The satellite link runs at 2 / 4 / 7 / 11 Mb/s for n = 2 / 4 / 6 / 8 (Table I). ` +
    'Table II (% increase of SCTP over TCP, link utilisation %, Jain’s index): n = 2: 23.9, 21.5, 0.988; 4: 26.1, 21.6, 0.986; 6: 19.24, 18.4, 0.992; 8: 21.6, 15.8, 0.989.',
  published: {
    source: `${GEO_SHARING}, Table II`,
    rowKey: 'n',
    columns: ['pct_increase', 'link_util', 'jain'],
    rows: [
      { key: 2, values: [23.9, 21.5, 0.988] },
      { key: 4, values: [26.1, 21.6, 0.986] },
      { key: 6, values: [19.24, 18.4, 0.992] },
      { key: 8, values: [21.6, 15.8, 0.989] },
    ],
  },
};

export const GEO_TABLE3: Preset = {
  id: 'geo-table3',
  ns2: tablePin('geo-table3', 'n', 60),
  title: 'n TCP and SCTP sources on a 0.2 Mb/s GEO link (GEO fairness paper, Table III)',
  group: 'SCTP and TCP sharing a satellite network',
  topology: 'geo-shared',
  open: 'end',
  steps: ['episode', 'decision'],
  lossPosition: 'wire',
  scenario: { profile: 'ns2', handshake: null, loss: 0.015, stop: 500 },
  sizes: { values: [2, 4, 6, 8], default: 2, scenario: (n) => geoRow(n, 0.2e6) },
  student:
    'The sources of geo-table2 on a much slower satellite link (0.2 Mb/s), which they keep nearly full. Open the metrics panel: compare the link utilisation with geo-table2’s and the shares of TCP and SCTP.',
  notice:
    `${GEO_NOTICE} As in §VI, the satellite link runs at 0.2 Mb/s for every n, so it is nearly full. ` +
    'Table III (% increase of SCTP over TCP, link utilisation %, Jain’s index): n = 2: 17.3, 96, 0.994; 4: 15.8, 90.5, 0.995; 6: 30.6, 99.7, 0.983; 8: 14.9, 96.1, 0.995.',
  published: {
    source: `${GEO_SHARING}, Table III`,
    rowKey: 'n',
    columns: ['pct_increase', 'link_util', 'jain'],
    rows: [
      { key: 2, values: [17.3, 96, 0.994] },
      { key: 4, values: [15.8, 90.5, 0.995] },
      { key: 6, values: [30.6, 99.7, 0.983] },
      { key: 8, values: [14.9, 96.1, 0.995] },
    ],
  },
};

/** The topologies' own presets: their defaults, for experiments of your own. */
export const SATELLITE_DUMBBELL_PRESET: Preset = {
  id: 'satellite-dumbbell',
  title: 'Satellite dumbbell, your own flows',
  group: 'Alamgir et al. 2007 (SCTP and TCP over a satellite link)',
  topology: 'satellite-dumbbell',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {},
  student:
    'A TCP flow and an SCTP flow share a satellite link with 1 % random loss: Alamgir et al.’s (2007) network, ready for your own experiment. Watch how often each flow’s window is cut by a loss, then add or change flows in the sidebar.',
  notice:
    'Alamgir et al.’s network with its defaults: TCP-SACK (flow 1) and Original SCTP (flow 2) share the 3 Mb/s, 250 ms link with 1 % random loss in front of the router’s 10-packet queue, 1000 s, profile ff96. ' +
    'Add flows with flows=…, change one with f2.…=, or open alamgir-table2 for the paper’s Table 2 setup.',
};

export const GEO_SHARED_PRESET: Preset = {
  id: 'geo-shared',
  title: 'GEO shared link, your own flows',
  group: 'SCTP and TCP sharing a satellite network',
  topology: 'geo-shared',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {},
  student:
    'A TCP flow and an SCTP flow share a satellite link with 1.5 % random loss: the GEO sharing study’s network, ready for your own experiment. Watch each flow’s window and share, then add flows in the sidebar or open geo-table2.',
  notice:
    'The GEO fairness paper’s network with its n = 2 defaults: TCP-SACK (flow 1) and Original SCTP (flow 2), both with a handshake, share the 2 Mb/s, 250 ms link with 1.5 % random loss in front of R1’s 10-packet queue, 500 s, profile ff96. ' +
    'Add flows with flows=…, or open geo-table2 / geo-table3 for the paper’s tables.',
};

export const TABLE_PRESETS: readonly Preset[] = [
  ALAMGIR_TABLE2,
  GEO_TABLE2,
  GEO_TABLE3,
  SATELLITE_DUMBBELL_PRESET,
  GEO_SHARED_PRESET,
];
