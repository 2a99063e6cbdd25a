/**
 * Alamgir, Atiquzzaman & Ivancic, "Effect of Congestion Control on the Performance of SCTP and
 * TCP in a Wireless Environment", §6.1, Fig. 8: TCP-SACK loses packet 7 at cwnd 8, sends nothing
 * on the first two dupacks, fast-retransmits 7 on the 3rd (cwnd 8 → 4) and sends 15–17 on the
 * 5th–7th. The TCP counterpart of presets/sctp-alamgir-fig9.ts.
 *
 * One TCP flow alone on the paper's network, no random loss. cwnd starts at 2 packets: with 2,
 * the ACKs of 3–6 raise cwnd to 8 and 7–14 are out when the loss is found, as the paper says
 * (seven dupacks for 8–14); the paper does not state its initial window. Packet 7 is dropped
 * at the scenario's loss point in front of the satellite link, when cwnd is still 5; the paper's
 * loss is on the link itself, by when cwnd is 8 — every event after the drop is the same
 * (tests/engine/narratives-tcp.test.ts checks the paper's sentences with the loss at N3).
 *
 * Numbers in the notice are read off an engine run of the preset and re-checked by
 * tests/scenarios/alamgir-fig8-notice.test.ts.
 */
import type { Preset } from './types';

export const ALAMGIR_FIG8: Preset = {
  id: 'alamgir-fig8',
  title: 'TCP-SACK loses packet 7 at cwnd 8 (Alamgir et al. Fig. 8)',
  group: 'Alamgir et al. 2007 (SCTP and TCP over a satellite link)',
  topology: 'satellite-dumbbell',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    sender: 'sack',
    sender2: null,
    drops: [{ packet: 7, transmission: 1 }],
    loss: 0,
    icwnd: 2,
    stop: 4,
  },
  // The drop of 7 (1.032 s) to the duplicate ACKs (1.545–1.569 s) and what they send.
  view: { from: 0.9, to: 1.7 },
  student:
    'A TCP-SACK sender on a satellite link loses packet 7 at a window of 8 packets. Step through the seven duplicate ACKs: the 3rd fast-retransmits 7 and halves the window; new packets leave from the 5th on (Alamgir et al. 2007, Fig. 8).',
  notice:
    'One TCP-SACK flow alone on the paper’s satellite link (no SCTP flow, no random loss), cwnd starting at 2 packets, so the ACKs of 3–6 raise it to 8 and clock out 7–14. ' +
    'Packet 7 is dropped in front of the satellite link; seven duplicate ACKs for 6 follow, 3.97 ms apart, from 1.545 to 1.569 s (the paper’s times are 1.318 s later). ' +
    'The first two send nothing (8 packets unacknowledged, cwnd 8); the 3rd (1.553 s) fast-retransmits 7 and halves cwnd to 4 with 5 packets still in flight; the 4th sends nothing, and the 5th, 6th and 7th send 15, 16 and 17. ' +
    'Compare alamgir-fig9: SCTP sends new data on its first three duplicate SACKs.',
};
