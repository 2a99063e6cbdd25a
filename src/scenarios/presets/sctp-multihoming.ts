/**
 * SCTP multi-homing (RFC 4960 §6.4, §8; issue 13): failover during a transfer on the dual-homed
 * pair, and Vicuña et al. (2008) §4.5's multi-homed mobile with and without CMT. Numbers in the notices were
 * read off engine runs of these presets; tests/scenarios/sctp-presets.test.ts re-checks them.
 */
import type { Preset } from './types';

const GROUP = 'SCTP multi-homing (RFC 4960 §6.4, §8; Vicuña et al. 2008 §4.5)';

export const SCTP_FAILOVER: Preset = {
  id: 'sctp-failover',
  title: 'SCTP failover: the primary path fails mid-transfer',
  group: GROUP,
  topology: 'dual-homed',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    pmr: 2,
    rtomin: 0.5,
    rtomax: 2,
    rtoinit: 1,
    hb: 1,
    fail: [{ link: 'primary', at: 5 }],
    repair: [{ link: 'primary', at: 14 }],
    stop: 25,
  },
  view: { from: 4, to: 18 },
  student:
    'An SCTP association has two paths; at 5 s a link on the main one breaks. Watch the timer expire three times on the dead path, its timeout doubling, until at 8.559 s SCTP fails over to the backup; after the repair the data comes back.',
  notice:
    'One SCTP association carries a bulk transfer from S to K over two disjoint 2 Mb/s, 25 ms paths: the primary to K0, the backup to K1 (Path.Max.Retrans 2, RTO.Min 0.5 s, RTO.Max 2 s, HB.interval 1 s). The primary’s middle link A0–B0 fails at 5 s. ' +
    'T3-rtx expires on K0 at 5.383 s (error count 1, RTO doubled to 1 s), 6.500 s (2, RTO 2 s) and 8.559 s (3 = Path.Max.Retrans + 1): K0 becomes inactive and new data fails over to K1. From the first expiry on, the retransmissions already go to K1 (RFC 4960 §6.4.1), so the transfer never stops. ' +
    'Meanwhile the idle K1 gets a HEARTBEAT every RTO + HB.interval (± half an RTO), and the inactive K0 one RTO + HB.interval ± RTO/2 after the previous one, with the RTO its timeout doubled (RFC 4960 §8.3; here RTO.Max 2 s, so 2–4 s apart): at 11.415 s (timed out at 13.415 s) and at 14.621 s. The link is back since 14 s, so that one is answered at 14.676 s: K0 recovers (error count 0) and new data returns to the primary. ' +
    'The CLI’s --out paths lists each of these rows.',
};

/** What the multi-homed mobile's cells simplify, one sentence closing both notices. */
const CELLS_SIMPLIFIED =
  'Still simplified: one mobile (the paper has many multi-homed clients spread in both cells), always in range of both (no mobility, handover, distance, rate adaptation or fading), one SCTP bulk association (the paper’s FTP and VoIP clients: the vicuna-… presets), each connection’s queue in a cell 50 packets; link=wired puts the old point-to-point accesses back (1.5 Mb/s, 2 ms, 1 % loss; 0.8 Mb/s, 15 ms), with no MAC.';

export const MOBILE_MULTIHOMED: Preset = {
  id: 'mobile-multihomed',
  title: 'Multi-homed mobile: Wi-Fi primary, WiMAX backup (Vicuña et al. 2008 §4.5)',
  group: GROUP,
  topology: 'multihomed-mobile',
  open: 'end',
  steps: ['episode', 'decision'],
  // Path.Max.Retrans 2 and RTO.Max 4 s, so a failed Wi-Fi (fail=wifi@20) fails over within the run.
  scenario: { hb: 5, pmr: 2, rtomax: 4 },
  student:
    'A phone in a Wi-Fi and a WiMAX cell downloads a file over SCTP. New data goes over the Wi-Fi (the primary), whose radio retries lost frames; WiMAX carries HEARTBEATs. Add fail=wifi@20 to the address to watch the transfer move.',
  notice:
    'A server sends a bulk SCTP transfer to a mobile with two interfaces (Vicuña et al. 2008 §3.1.3, Figure 4, §4.5): M0 a station of an 802.11g cell whose access point is AP (54 Mb/s, DCF basic access, 1 % of frames lost on the air and retried by the MAC; the primary) and M1 a station of an 802.16 cell whose base station is BS (OFDM 64QAM 3/4, 5 ms frames), both behind the shared 2 Mb/s, 10 ms wired link n1 – n0 with its 25-packet queue, which is the bottleneck. ' +
    'Without CMT every new DATA chunk goes to the primary M0: in 60 s 9 955 DATA packets, 14.5 MB (1.93 Mb/s) arrive; the Wi-Fi MAC retries 99 data frames and 98 SACK frames and drops none, so the transport’s 28 fast retransmissions repair drops in the bottleneck queue, never on the air. M1 carries only a HEARTBEAT every 5.7–7.1 s (RTO + HB.interval 5 s, ± half the RTO); one of them is dropped in the full bottleneck queue (sent at 30.230 s, timed out at 31.230 s). ' +
    'Fail the Wi-Fi (fail=wifi@20, the AP – M0 pair of the cell): after Path.Max.Retrans + 1 = 3 T3-rtx expiries (21.007, 23.050 and 27.090 s; RTO.Max 4 s) M0 is inactive and the transfer moves to WiMAX, which delivers 5 295 packets after 20 s. Open mobile-multihomed-cmt to use both at once. ' +
    CELLS_SIMPLIFIED,
};

export const MOBILE_MULTIHOMED_CMT: Preset = {
  id: 'mobile-multihomed-cmt',
  title: 'Multi-homed mobile with CMT: Wi-Fi and WiMAX at once (Vicuña et al. 2008 §4.5)',
  group: GROUP,
  topology: 'multihomed-mobile',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { hb: 5, pmr: 2, rtomax: 4, cmt: true },
  student:
    'The same phone with Concurrent Multipath Transfer: data goes over Wi-Fi and WiMAX at once, each path with its own cwnd. Watch which path each packet takes; the total does not grow, as the shared 2 Mb/s wired link is the bottleneck.',
  notice:
    'The mobile of mobile-multihomed (M0 in an 802.11g cell, 1 % frame errors retried by the MAC, the primary; M1 in an 802.16 cell; the shared 2 Mb/s, 10 ms wired link the bottleneck) with Concurrent Multipath Transfer: new data goes to both addresses round robin, starting with the primary and moving on when a path’s cwnd is full (Vicuña et al. 2008 §2.3), each path with its own cwnd. ' +
    'Look at which path each packet takes in the router and time-sequence plots and at the two cwnd lines: in 60 s 5 043 DATA packets go to M0 and 5 015 to M1, each path repairing its own losses in the bottleneck queue (split fast retransmit; 108 fast retransmissions, no timeout). The paper’s CMT chose the Wi-Fi interface more often, its WiMAX dropping more (§4.5, Fig. 7a, 7b); here neither cell drops a packet (the MAC retries every lost frame, the base station schedules without collisions), so the split is even. ' +
    '14.49 MB arrive, as many as without CMT (14.50 MB): the shared 2 Mb/s link caps both, and the paper found no gain in throughput from CMT either (§5); its gain is a transfer already spread over both paths when one collapses (fail=wifi@20: M0 inactive at 27.130 s, 5 544 packets over WiMAX after 20 s). ' +
    CELLS_SIMPLIFIED,
};

export const SCTP_MULTIHOMING_PRESETS: readonly Preset[] = [
  SCTP_FAILOVER,
  MOBILE_MULTIHOMED,
  MOBILE_MULTIHOMED_CMT,
];
