/**
 * Alamgir, Atiquzzaman & Ivancic, "Effect of Congestion Control on the Performance of SCTP and
 * TCP in a Wireless Environment", §6.1, Fig. 9: Original SCTP loses packet 63 at cwnd 17, sends
 * 81, 82 and 83 on the first three dupacks, retransmits 63 on the 4th and halves cwnd.
 *
 * Why this is not the paper's run: the paper's loss happens 141 s into a 1000 s run of TCP and
 * SCTP sharing the link with 1 % random loss, which the engine's random loss cannot replay. So
 * the preset runs one SCTP flow alone, without random loss, and changes the start: cwnd starts
 * at 12 MTUs, the router holds 13 packets instead of 10, and TSN 24 is dropped so that its fast
 * retransmit halves cwnd from 34.69 to 17.34 MTUs. Slow start has to pass cwnd 34 without an
 * overflow for that; on the paper's 10-packet buffer we found no initial cwnd (1 to 13) and no
 * one or two scripted drops before 63 that get cwnd into 17–17.75 MTUs by TSN 63 (with 12
 * packets it takes a second drop). Everything else is the paper's: 3 Mb/s and 250 ms,
 * 1448-byte payloads, 64 KB receiver window and initial ssthresh, no delayed SACKs, Original
 * SCTP's 4 missing reports.
 *
 * 18 chunks at cwnd 17: ns-2's SCTP counts cwnd in MTUs of mtu_ − 32 = 1468 bytes while a
 * 1448-byte chunk adds 1448 to the outstanding data, so cwnd 17.34 MTUs (25460 bytes) lets an
 * 18th chunk go (17 · 1448 = 24616 < 25460) but not a 19th (18 · 1448 = 26064): the paper's
 * 63–80 before the dupacks and 81–83 on them. If a chunk counted a whole MTU, cwnd 17 would
 * hold 17 chunks (63–79) and the first three dupacks would release 80–82.
 *
 * Every number in the notice was read off an engine run of the preset and is re-checked by
 * tests/engine/sctp/alamgir-fig9.test.ts, which also checks the paper's sentences one by one.
 */
import type { Preset } from './types';

export const ALAMGIR_FIG9: Preset = {
  id: 'alamgir-fig9',
  title: 'SCTP loses packet 63 at cwnd 17 (Alamgir et al. Fig. 9)',
  group: 'Alamgir et al. 2007 (SCTP and TCP over a satellite link)',
  topology: 'satellite-dumbbell',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    sender: 'sctp-2960',
    sender2: null,
    drops: [
      { packet: 24, transmission: 1 },
      { packet: 63, transmission: 1 },
    ],
    loss: 0,
    icwnd: 12,
    queue: 13,
    stop: 4,
  },
  // The drop of TSN 63 (1.571 s) to 84–91 going out on the later duplicate SACKs.
  view: { from: 1.5, to: 2.3 },
  student:
    'An SCTP sender on a satellite link loses packet 63 at a window of about 17 packets. Unlike TCP (alamgir-fig8) it sends new data on its first three duplicate SACKs, then retransmits 63 and halves its window (Alamgir et al. 2007, Fig. 9).',
  notice:
    'One Original SCTP association alone on the paper’s satellite link (no TCP flow, no random loss). cwnd counts 1468-byte MTUs while a 1448-byte chunk counts 1448 bytes, so cwnd 17.34 holds 18 chunks. ' +
    'To get there by TSN 63 the preset starts cwnd at 12, gives the router 13 buffers instead of the paper’s 10 and drops TSN 24, whose fast retransmit halves cwnd from 34.69 to 17.34; TSN 63 is dropped at 1.571 s, and the first SACK for 62 (1.636 s) sends 69–80, so 63–80 are out when the duplicates arrive. ' +
    'The first three duplicate SACKs (from 2.086 s) each report one more chunk received and clock out 81, 82 and 83 with cwnd unchanged; the 4th (2.098 s) retransmits 63 at once although 17 chunks are outstanding, and halves cwnd to 8.67. ' +
    'The 5th–12th send nothing; from the 13th on, 84–91 go out one per SACK. Compare alamgir-fig8: TCP sends nothing on its first two duplicate ACKs.',
};

export const SCTP_ALAMGIR_PRESETS: readonly Preset[] = [ALAMGIR_FIG9];
