/**
 * "SCTP and TCP sharing a satellite network" §V-C (Figures 10–11): SACK TCP and Original SCTP
 * share the GEO link (n = 2: 2 Mb/s, 10-packet router buffer) and each loses its segment 8 in
 * slow start; cwnd starts at 2 packets (the paper's SACK for 7 finds cwnd 9 and clocks out 15
 * and 16 in both flows). Numbers read off engine runs; tests/engine/sctp/presets.test.ts
 * re-checks them.
 */
import type { Preset } from './types';

export const GEO_SEGMENT8: Preset = {
  id: 'geo-segment-8',
  title: 'Segment 8 lost: SACK TCP vs SCTP on a GEO link (§V-C)',
  group: 'SCTP and TCP sharing a satellite network',
  topology: 'geo-shared',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    sender: 'sack',
    sender2: 'sctp-2960',
    drops: [{ packet: 8, transmission: 1 }],
    drops2: [{ packet: 8, transmission: 1 }],
    loss: 0,
    icwnd: 2,
    stop: 10,
  },
  // Both drops of segment 8 (1.531 and 2.541 s) to SCTP's slow-start step (3.589 s).
  view: { from: 1.4, to: 4.0 },
  student:
    'A TCP flow and an SCTP flow on a satellite link each lose their 8th packet. TCP sends no new data until its 6th duplicate ACK, SCTP sends some on its first three; after the repair SCTP’s window grows back faster.',
  notice:
    'Both flows lose segment 8 in slow start and learn of it with cwnd 9: the SACK for 7 clocks out 15 and 16 in each. ' +
    'TCP (flow 1) sends nothing on its first two duplicate ACKs, fast-retransmits 8 on the 3rd (2.056 s) with cwnd 9 → 4 and 6 packets still counted in flight, and sends new data (17) only on the 6th. ' +
    'SCTP (flow 2, 4-way handshake first) sends 17, 18 and 19 on its first three duplicate SACKs, retransmits 8 on the 4th (3.072 s) and halves cwnd from 13032 to 6516 bytes with 8 packets (11584 bytes) outstanding; 20–23 leave on the 8th–11th duplicates. ' +
    'The SACK for 19 (3.589 s) finds cwnd = ssthresh, so slow start takes cwnd to 7964 bytes at once and sends 24 and 25, while TCP creeps from 4 to 4.25, 4.485, 4.708, 4.921 and 5.124.',
};

export const SCTP_SATELLITE_PRESETS: readonly Preset[] = [GEO_SEGMENT8];
