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

export const MOBILE_MULTIHOMED: Preset = {
  id: 'mobile-multihomed',
  title: 'Multi-homed mobile: lossy Wi-Fi primary, WiMAX backup (Vicuña et al. 2008 §4.5)',
  group: GROUP,
  topology: 'multihomed-mobile',
  open: 'end',
  steps: ['episode', 'decision'],
  // Path.Max.Retrans 2 and RTO.Max 4 s, so a failed Wi-Fi (fail=wifi@20) fails over within the run.
  scenario: { hb: 5, pmr: 2, rtomax: 4 },
  student:
    'A phone with Wi-Fi and WiMAX downloads a file over SCTP. New data goes over the lossy Wi-Fi (the primary path); WiMAX carries little but HEARTBEATs. Add fail=wifi@20 to the address to watch the transfer move to WiMAX.',
  notice:
    'A server sends a bulk SCTP transfer to a mobile with two interfaces: M0 on a Wi-Fi-like access (1.5 Mb/s, 2 ms, 1 % random loss; the primary) and M1 on a slower WiMAX-like one (0.8 Mb/s, 15 ms, no loss), after a shared 2 Mb/s, 10 ms wired link (Vicuña et al. 2008 §4.5, Figure 4). ' +
    'Without CMT every new DATA chunk goes to the primary M0: its losses are repaired by 61 fast retransmissions and one T3-rtx expiry in 60 s (that retransmission goes to M1, RFC 4960 §6.4.1), and 10.7 MB (1.43 Mb/s) arrive; otherwise M1 carries only a HEARTBEAT every 5.5–6.5 s (RTO 1 s + HB.interval 5 s, ± half the RTO), answered, so the backup is known to be alive. ' +
    'Fail the Wi-Fi (fail=wifi@20): after Path.Max.Retrans + 1 = 3 T3-rtx expiries (20.985, 23.138 and 27.214 s; RTO.Max 4 s) M0 is inactive and the transfer moves to WiMAX, which delivers 2 170 packets after 20 s. Open mobile-multihomed-cmt to use both at once. ' +
    'No MAC layer is modelled (no contention, link-layer retransmission or rate adaptation; the paper’s 54 Mb/s Wi-Fi and 22 Mb/s WiMAX deliver far less under their MACs): each access is a rate, a delay and a loss, chosen here.',
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
    'The same phone with Concurrent Multipath Transfer: data goes over Wi-Fi and WiMAX at once, each with its own cwnd. Watch which path each packet takes; the total hardly grows, as the shared 2 Mb/s wired link is the bottleneck.',
  notice:
    'The mobile of mobile-multihomed (Wi-Fi-like primary M0: 1.5 Mb/s, 2 ms, 1 % loss; WiMAX-like M1: 0.8 Mb/s, 15 ms; a shared 2 Mb/s, 10 ms wired link) with Concurrent Multipath Transfer: new data goes to both addresses round robin, starting with the primary and moving on when a path’s cwnd is full (Vicuña et al. 2008 §2.3), each path with its own cwnd. ' +
    'Look at which path each packet takes in the router and time-sequence plots and at the two cwnd lines: in 60 s 3 673 DATA packets go to M0 and 3 963 to M1, each path repairing its own losses (split fast retransmit; 36 fast retransmissions, no timeout). ' +
    '11.1 MB arrive against 10.7 MB without CMT, 3.5 % more: the shared 2 Mb/s link caps both, and the paper found no gain in throughput from CMT either (§5); its gain is a transfer already spread over both paths when one collapses (fail=wifi@20: M0 inactive at 27.546 s, 2 282 packets over WiMAX after 20 s). ' +
    'No MAC layer is modelled (no contention, link-layer retransmission or rate adaptation): each access is a rate, a delay and a loss, chosen here.',
};

export const SCTP_MULTIHOMING_PRESETS: readonly Preset[] = [
  SCTP_FAILOVER,
  MOBILE_MULTIHOMED,
  MOBILE_MULTIHOMED_CMT,
];
