/**
 * Proportional Rate Reduction (RFC 9937) against Reno's and NewReno's classic fast recovery
 * (RFC 5681 §3.2, RFC 6582) on the Fall & Floyd path and drop list (../topologies/fall-floyd.ts),
 * under the `rfc` profile, where SACK TCP recovers with PRR (the `recovery` key's auto value)
 * and Reno and NewReno with their own rules. cwnd starts at 1 (`icwnd=1`), so slow start meets
 * the scripted drops as in Fall & Floyd (1996) instead of overflowing the queue first. Every
 * number in the notice was read off engine runs with the preset's defaults;
 * tests/scenarios/prr-preset.test.ts re-checks them.
 */
import type { Preset } from './types';

export const PRR_VS_RENO: Preset = {
  id: 'prr-vs-reno',
  title: 'PRR against Reno’s fast recovery: drops 15, 27 and 29',
  group: 'PRR (RFC 9937)',
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    profile: 'rfc',
    icwnd: 1,
    drops: [
      { packet: 15, transmission: 1 },
      { packet: 27, transmission: 1 },
      { packet: 29, transmission: 1 },
    ],
  },
  // The drop of 15 (1.870 s) to Reno's timeout (3.493 s).
  view: { from: 1.8, to: 3.6 },
  compare: ['reno', 'newreno', 'sack'],
  student:
    'The same three packets are lost for each sender. Reno and NewReno send nothing new for the first 9 duplicate ACKs, then one packet per ACK; PRR (SACK TCP) sends about one packet for every two ACKs while cwnd steps down to 8.5.',
  notice:
    'Packets 15, 27 and 29 are dropped at R1 (Fall & Floyd’s three-drop list), profile rfc with cwnd starting at 1: the 3rd duplicate ACK for 14 reaches S1 at 2.281 s and every sender retransmits 15 with ssthresh 8.5, half of the 17 packets in flight. ' +
    'Reno and NewReno follow RFC 5681 §3.2: cwnd = ssthresh + 3, inflated by one per further duplicate ACK, so nothing new leaves for the first 9 duplicate ACKs and then one packet per ACK (32, 33, 34 at 2.354–2.375 s); Reno leaves recovery on the partial ACK at 2.493 s and resends 27 only after a timeout at 3.493 s, NewReno resends 27 and 29 on partial ACKs (RFC 6582) and ends recovery at 2.917 s. ' +
    'SACK TCP recovers with PRR (RFC 9937 §6): sndcnt = ⌈prr_delivered × ssthresh / RecoverFS⌉ − prr_out spreads the cut over the round trip — 32, 33 and 34 leave at 2.312, 2.333 and 2.354 s, about one per two ACKs, while cwnd = pipe + sndcnt steps down from 14 to 8.5 — and PRR’s reduction bound (PRR-CRB, PRR-SSRB once pipe ≤ ssthresh) lets it resend 27 and 29 at 2.483 and 2.524 s and end recovery at 2.736 s with cwnd = ssthresh = 8.5. ' +
    'recovery=classic gives SACK TCP its classic pipe-based recovery on the same drops.',
};

export const PRR_PRESETS: readonly Preset[] = [PRR_VS_RENO];
