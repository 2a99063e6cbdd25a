/**
 * Dainotti, Loreto, Pescapé & Ventre, "SCTP performance evaluation over heterogeneous networks"
 * (002_…): constant-rate traffic — payload size PS × packet rate PR (Table I) — from one host to
 * another over TCP, SCTP or UDP, on five paths: an Ethernet cable (eth2eth, 100 Mb/s), an
 * 802.11b channel in ad-hoc mode (w2w-ah) or through an access point (w2w-ap), and an access
 * point joining Ethernet and 802.11b (e2w, w2e), all 11 Mb/s nominal.
 *
 * Each preset is one CBR flow (key app=cbr, size = PS, pps = PR) with compare mode listing UDP,
 * TCP and SCTP, and its sweep the paper's axis (PR for eth2eth, PS for the others). The paths
 * are modelled as rate, delay, delay variation and random or bursty loss (topologies/dainotti.ts);
 * the values of delay, jitter, loss and burst are chosen here, not measured in the paper, and
 * each notice says where the model departs from the testbed.
 */
import type { SenderId } from '../../engine';
import type { Preset } from './types';

const GROUP = 'Dainotti et al. 2007 (SCTP, TCP and UDP over heterogeneous paths)';

/** Compare mode: UDP, TCP (SACK, as Linux 2.6 ran it) and SCTP (RFC 4960, LK-SCTP's errata level). */
const COMPARE: readonly SenderId[] = ['udp', 'sack', 'sctp-4960'];

/** Table I: eth2eth's packet rates (PS 512 bytes: about 40 to 95 Mb/s). */
const ETH_PR = [9766, 12207, 14648, 17090, 19531, 20752, 21973, 23193] as const;
/** Table I: the wireless and heterogeneous scenarios' payload sizes, bytes. */
const WIRELESS_PS = [32, 64, 128, 256, 512, 1024, 1460] as const;

const NO_MAC =
  'No MAC layer is modelled: no contention between the data and its ACKs on the shared channel, no link-layer retransmission or rate adaptation, no 802.11 framing overhead (the paper’s channels deliver well under their nominal 11 Mb/s), so the protocols meet congestion later here than in the testbed, and the Linux implementations’ costs (the paper blames LK-SCTP for most of SCTP’s deficit) are not modelled either.';

const CHOSEN =
  'Chosen here, not in the paper: profile rfc (the paper ran Linux 2.6 stacks), queues of 100 packets, 10 s runs (the paper’s test length is not given; it averages 20 repetitions: run seeds 1–20).';

export const DAINOTTI_ETH2ETH: Preset = {
  id: 'dainotti-eth2eth',
  title: 'CBR over an Ethernet cable, 100 Mb/s (Dainotti et al. eth2eth)',
  group: GROUP,
  topology: 'host-pair',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { bw: 100e6, delay: 0.0001, size: 512, pps: 19531, stop: 5 },
  compare: COMPARE,
  sweep: { key: 'pps', values: ETH_PR, seeds: 20 },
  student:
    'A steady stream of packets crosses a fast 100 Mb/s cable over UDP, TCP and SCTP in turn. Each adds its own header to every packet, and TCP and SCTP send ACKs back, so each reaches the cable’s limit at its own rate (Dainotti et al. 2007).',
  notice:
    'One constant-rate flow of 512-byte payloads (PS) at PR packets a second crosses a 100 Mb/s cable (0.1 ms, no loss, no jitter): the paper’s reference path, with PR from 9 766 to 23 193 pps (about 40 to 95 Mb/s; sweep pps). ' +
    'The paper found UDP and SCTP reaching 87 Mb/s and TCP about 94 Mb/s, with low jitter until the link congests. ' +
    'Here the headers decide where each protocol saturates: 28 bytes for UDP, 40 for TCP, 48 for SCTP on every 512-byte payload, and SCTP and TCP also carry the ACKs back. ' +
    `${CHOSEN} The path is a single full-duplex link with no host or driver costs.`,
};

const wireless = (
  id: string,
  title: string,
  topology: string,
  scenario: Preset['scenario'],
  path: string,
  paper: string,
  plain: string,
): Preset => ({
  id,
  title,
  group: GROUP,
  topology,
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { size: 512, pps: 1000, ...scenario },
  compare: COMPARE,
  sweep: { key: 'size', values: WIRELESS_PS, seeds: 20 },
  student: `${plain} Over UDP a lost packet stays lost; TCP and SCTP resend it, at the cost of delay: compare the three runs (Dainotti et al. 2007).`,
  notice:
    `${path} One constant-rate flow sends PS-byte payloads at 1 000 packets a second (the paper’s medium rate; Table I’s PS from 32 to 1 460 bytes: sweep size; set pps=100 or 10000 for the low and high rates). ${paper} ` +
    `${NO_MAC} ${CHOSEN}`,
});

export const DAINOTTI_W2W_AH = wireless(
  'dainotti-w2w-ah',
  'CBR between two 802.11b hosts, ad hoc (Dainotti et al. w2w-ah)',
  'host-pair',
  { bw: 11e6, delay: 0.001, jitter: 0.004, loss: 0.01, burst: 2 },
  'Two wireless hosts talk directly: the medium is an 11 Mb/s link with 1 ms delay, up to 4 ms of extra delay per packet (jitter) and 1 % loss in bursts of 2 packets on average (a Gilbert–Elliott chain), both directions sharing nothing.',
  'The paper: at the medium rate SCTP falls short from PS = 512 (2.02 Mb/s delivered of 4.10 asked) and its jitter reaches 12.4 ms at PS = 1460; UDP keeps the asked rate longest under congestion.',
  'A steady stream of packets goes directly between two laptops over a lossy, jittery wireless-like link.',
);

export const DAINOTTI_W2W_AP = wireless(
  'dainotti-w2w-ap',
  'CBR between two 802.11b hosts via an access point (Dainotti et al. w2w-ap)',
  'host-pair',
  { bw: 5.5e6, delay: 0.002, jitter: 0.006, loss: 0.02, burst: 2 },
  'Two wireless hosts talk through an access point, so every packet crosses the one 11 Mb/s channel twice: modelled as one link of half the rate (5.5 Mb/s), 2 ms delay, up to 6 ms jitter, 2 % loss in bursts of 2 packets on average.',
  'The paper: the worst path at the medium rate (UDP cannot follow even PS = 32; SCTP delivers 1.70 of 2.05 Mb/s at PS = 256) and mean SCTP jitter of 1.2–6.1 ms.',
  'A steady stream of packets goes between two laptops via an access point, crossing a lossy radio channel twice.',
);

export const DAINOTTI_E2W = wireless(
  'dainotti-e2w',
  'CBR from a wired host to a wireless one (Dainotti et al. e2w)',
  'wired-wireless',
  { bw: 11e6, delay: 0.001, jitter: 0.002, loss: 0.005, burst: 2 },
  'The source is on 100 Mb/s Ethernet to the access point AP, which sends over an 11 Mb/s channel to the sink: 1 ms, up to 2 ms jitter, 0.5 % loss in bursts of 2 packets on average; AP’s queue is the one that fills.',
  'The paper: TCP and UDP follow the asked rate up to 4.10 Mb/s, SCTP only up to 2.05 Mb/s (at most 4.14 Mb/s at PS = 1024), with the worst jitter of the three.',
  'A wired computer streams packets via an access point to a laptop on a lossy, jittery wireless-like channel.',
);

export const DAINOTTI_W2E = wireless(
  'dainotti-w2e',
  'CBR from a wireless host to a wired one (Dainotti et al. w2e)',
  'wireless-wired',
  { bw: 11e6, delay: 0.001, jitter: 0.002, loss: 0.005, burst: 2 },
  'The source sends over an 11 Mb/s channel (1 ms, up to 2 ms jitter, 0.5 % loss in bursts of 2) to the access point AP, which forwards on 100 Mb/s Ethernet to the sink; the sender’s own interface queue (R1) is the one that fills.',
  'The paper: SCTP’s throughput below TCP’s and UDP’s again, its jitter comparable to TCP’s; at 10 000 pps TCP does best, UDP worst. In this model e2w and w2e differ only in which side of the channel the queue is on; the testbed’s differences come from the 802.11 MAC at the station and at the AP.',
  'A laptop streams packets over a lossy, jittery wireless-like channel to an access point and a wired computer.',
);

export const DAINOTTI_PRESETS: readonly Preset[] = [
  DAINOTTI_ETH2ETH,
  DAINOTTI_W2W_AH,
  DAINOTTI_W2W_AP,
  DAINOTTI_E2W,
  DAINOTTI_W2E,
];
