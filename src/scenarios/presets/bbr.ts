/**
 * BBR (v1: Cardwell et al. 2016; the BBR draft; Linux 4.9's tcp_bbr.c as ns-3.37's TcpBbr) on
 * the bufferbloat path of ../topologies/bufferbloat.ts (10 Mb/s, 40 ms round trip, BDP ≈ 48
 * packets): its start-up alone, its competition with CUBIC on a shallow and a deep queue, and
 * Reno, CUBIC and BBR side by side on a deep and a shallow queue (compare mode). Every number in
 * the notices was read off engine runs with the presets' defaults;
 * tests/scenarios/bbr-presets.test.ts re-checks them.
 */
import { BBR_DRAFT, CARDWELL, HOCK } from './papers';
import type { Preset } from './types';

const GROUP = 'BBR (Cardwell et al. 2016)';

/** The queue sizes the competition presets sweep (packets; the BDP is ≈ 48). */
const QUEUE_SWEEP = { key: 'queue', values: [5, 10, 20, 50, 100, 250], seeds: 1 } as const;

export const BBR_STARTUP: Preset = {
  id: 'bbr-startup',
  title: 'BBR alone: STARTUP, DRAIN, PROBE_BW and PROBE_RTT',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {},
  // STARTUP's overflow (0.356 s) through DRAIN to the first PROBE_BW cycles.
  view: { from: 0, to: 1.5 },
  student:
    'BBR measures the path: STARTUP doubles its rate each round trip until the pipe is full (the 100-packet queue overflows), DRAIN empties the queue, and an 8-phase cycle follows. Every 10 s cwnd drops to 4 packets (PROBE_RTT).',
  notice:
    `One BBR flow (v1, as Linux 4.9 and ns-3.37) on a 10 Mb/s bottleneck with a 40 ms round trip (BDP ≈ 48 packets) and a 100-packet drop-tail queue, 25 s. ` +
    `STARTUP (pacing and cwnd gain 2/ln 2 ≈ 2.89) doubles the delivery rate every round trip until the bandwidth estimate grows less than 25 % in three rounds; by then the queue has filled — 8 packets overflow at 0.356–0.605 s, repaired by fast retransmits at 0.480 and 0.728 s — and BBR enters DRAIN at 0.724 s (${CARDWELL}, ACM Queue; ${BBR_DRAFT} §4.3.2–4.3.3). ` +
    `DRAIN paces at 1/2.89 of the estimate and PROBE_BW begins at 0.842 s: its 8-phase gain cycle (1.25, 0.75, then six phases at 1) keeps fewer than 20 packets waiting, the link 94 % busy over the run and the mean queueing delay at 8 ms. ` +
    `With no lower RTT sample for 10 s, BBR enters PROBE_RTT at 10.291 s and 20.581 s — cwnd 4 packets for at least 200 ms and a round trip — and returns to PROBE_BW at 10.539 s and 20.840 s (${BBR_DRAFT} §4.3.5).`,
};

export const BBR_VS_CUBIC: Preset = {
  id: 'bbr-vs-cubic',
  title: 'BBR and CUBIC share a shallow queue (10 packets)',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { sender: 'bbr', sender2: 'cubic', queue: 10, stop: 30 },
  sweep: QUEUE_SWEEP,
  student:
    'BBR and CUBIC share a link whose queue holds only 10 packets. BBR keeps sending at its bandwidth estimate whatever it loses, while CUBIC backs off at every loss: BBR takes 96 % of the data.',
  notice:
    `BBR (flow 1) and CUBIC (flow 2) share the 10 Mb/s, 40 ms path with a 10-packet queue (a fifth of the BDP), 30 s. ` +
    `BBR v1 does not treat loss as congestion: it paces at its bandwidth estimate and keeps up to 2 × BDP in flight, so it loses 2.8 % of its packets and still carries 96 % of the data, while CUBIC, cutting its window at each of its losses, times out 12 times and carries 4 % (Jain’s index 0.54; the link 92 % busy). ` +
    `This is the known result that BBR v1 takes more than its share when the buffer is shallow (${HOCK} measured it in Linux); bbr-vs-cubic-deep shows the other side, and the preset’s sweep runs queues of 5 to 250 packets.`,
};

export const BBR_VS_CUBIC_DEEP: Preset = {
  id: 'bbr-vs-cubic-deep',
  title: 'BBR and CUBIC share a deep queue (250 packets)',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { sender: 'bbr', sender2: 'cubic', queue: 250, stop: 30 },
  sweep: QUEUE_SWEEP,
  student:
    'The same BBR and CUBIC flows, now with a 250-packet queue. CUBIC fills the queue until it overflows; BBR caps what it has in flight at twice its estimate of the pipe, so CUBIC takes 84 % of the data.',
  notice:
    `BBR (flow 1) and CUBIC (flow 2) on the 10 Mb/s, 40 ms path with a 250-packet queue (about 5 BDPs), 30 s. ` +
    `CUBIC grows its window until the queue overflows, so the queue stays long (mean queueing delay 181 ms); BBR’s in-flight cap of 2 × bandwidth estimate × min RTT leaves it the smaller part: 16 % of the data against CUBIC’s 84 % (Jain’s index 0.68), the link 96 % busy. ` +
    `With a 100-packet queue (queue=100) the two come close to even, 41 % and 59 %; the shallow queue of bbr-vs-cubic reverses the result.`,
};

/** Reno, CUBIC and BBR one at a time on the same path (compare mode). */
const RENO_CUBIC_BBR = ['reno', 'cubic', 'bbr'] as const;

export const BUFFERBLOAT_DEEP: Preset = {
  id: 'bufferbloat-deep',
  title: 'Bufferbloat: Reno, CUBIC and BBR on a 250-packet queue',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { queue: 250 },
  compare: RENO_CUBIC_BBR,
  student:
    'A 10 Mb/s, 40 ms path with a 250-packet queue, one flow at a time. Reno and CUBIC keep the link busy by filling the queue, adding 138 and 171 ms of queueing delay; BBR keeps it as busy with 8 ms.',
  notice:
    `One flow at a time on the 10 Mb/s, 40 ms path (BDP ≈ 48 packets) with a 250-packet drop-tail queue, 25 s: bufferbloat, a queue much deeper than the pipe. ` +
    `Reno keeps the link 90 % busy and CUBIC 95 %, both by filling the queue until it overflows: their packets wait 138 ms and 171 ms on average at the router, and a packet takes up to 228 ms one way instead of about 21 ms. ` +
    `BBR keeps the link 94 % busy with a mean queueing delay of 8 ms and no loss at all: it paces at its bandwidth estimate and keeps about one BDP in flight (${CARDWELL}).`,
};

export const BUFFERBLOAT_SHALLOW: Preset = {
  id: 'bufferbloat-shallow',
  title: 'Reno, CUBIC and BBR on a 10-packet queue',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { queue: 10 },
  compare: RENO_CUBIC_BBR,
  student:
    'The same path with a queue of only 10 packets, one flow at a time. Reno halves its window at each loss and leaves the link idle 29 % of the time; BBR keeps it busy but loses far more packets than Reno or CUBIC.',
  notice:
    `One flow at a time on the 10 Mb/s, 40 ms path with a 10-packet queue (a fifth of the BDP), 25 s. ` +
    `A queue this short cannot cover Reno’s halving: the link is 71 % busy (29 % idle) with Reno, 90 % with CUBIC, whose cut is to 0.7, and 90 % with BBR, which ignores loss. ` +
    `The price of BBR v1’s indifference to loss is loss: 2.8 % of its packets, against 0.15 % for Reno and 0.14 % for CUBIC (${HOCK} report the same of Linux’s BBR v1).`,
};

/** The topology's own preset: its defaults, for experiments of your own. */
export const BUFFERBLOAT_PRESET: Preset = {
  id: 'bufferbloat-path',
  title: 'Bufferbloat path, your own flows',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {},
  student:
    'A 10 Mb/s link with a 40 ms round trip and a 100-packet queue, about twice the 48 packets the pipe holds. Try a loss-based sender (reno, cubic) and BBR and compare how long the queue gets.',
  notice:
    'A 10 Mb/s, 19 ms bottleneck behind 100 Mb/s, 1 ms access links (40 ms round trip, BDP ≈ 48 packets of 1040 bytes) with a 100-packet drop-tail queue and no random loss: one BBR flow, 25 s, profile ff96. ' +
    'Add flows with flows=…, change the queue with queue=…, or open bbr-startup, bbr-vs-cubic and bufferbloat-deep for the stories with their numbers.',
};

export const BBR_PRESETS: readonly Preset[] = [
  BBR_STARTUP,
  BBR_VS_CUBIC,
  BBR_VS_CUBIC_DEEP,
  BUFFERBLOAT_DEEP,
  BUFFERBLOAT_SHALLOW,
  BUFFERBLOAT_PRESET,
];
