/**
 * The Fall & Floyd drop scenarios (Fall & Floyd 1996 §3–§6; Caro et al. 2003 §4 add 5 drops) on
 * the topology of ../topologies/fall-floyd.ts, plus the generic `fall-floyd` preset for drop
 * lists of your own.
 *
 * Every time and packet number below was read off engine runs with the preset's defaults
 * (for TCP these equal ns-2.35's traces of the same runs; SCTP runs use Caro et al.'s start —
 * cwnd 1, no handshake — so their times differ from ns-2.35's, which adds a handshake).
 * tests/scenarios/notices.test.ts re-checks them, so a change in the engine that makes a notice
 * false fails a test.
 */
import type { SenderId } from '../../engine';
import type { Ns2Claim, Preset } from './types';

const GROUP = 'Fall & Floyd 1996';

/**
 * The tests/fixtures/ns2 run of each TCP sender with `n` scripted drops: set `published`
 * (ns-2.35's names, Sack1 for SACK) and set `vegas` (Agent/TCP/Vegas).
 */
const NS2_FIXTURE: Partial<Record<SenderId, (n: number) => string>> = {
  tahoe: (n) => `tcp-ff96-tahoe-d${n}`,
  reno: (n) => `tcp-ff96-reno-d${n}`,
  newreno: (n) => `tcp-ff96-newreno-d${n}`,
  sack: (n) => `tcp-ff96-sack1-d${n}`,
  fack: (n) => `tcp-ff96-fack-d${n}`,
  vegas: (n) => `vegas-d${n}`,
};

/**
 * The ns-2.35 runs that pin the preset with `n` scripted drops, one per TCP sender (CUBIC and
 * the SCTP senders have none: ns-2.35's runs of them differ in setup).
 */
const ns2Pins = (n: number): Ns2Claim[] =>
  Object.entries(NS2_FIXTURE).map(([sender, fixture]) => ({
    kind: 'events',
    sender: sender as SenderId,
    fixture: fixture(n),
    what: 'every event at router R1 (arrival, departure, drop, ACK: packet and exact time) and every cwnd/ssthresh change up to 6.0 s equal ns-2.35’s run',
  }));

/** The queue overflow of slow start (31 at 1.922 s) to NewReno's exit from recovery (3.775 s). */
const OVERFLOW_VIEW = { from: 1.8, to: 3.8 };

export const FALL_FLOYD_PRESET: Preset = {
  id: 'fall-floyd',
  ns2: ns2Pins(0),
  title: 'Fall & Floyd network, your own drops',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {},
  view: OVERFLOW_VIEW,
  student:
    'One TCP connection crosses router R1, whose queue holds only 8 packets. Watch slow start double the window each round trip until the queue overflows; then script drops of your own in the sidebar and compare the senders.',
  notice:
    'One flow from S1 to K1 through router R1, whose 800 kb/s, 100 ms link to K1 holds at most 8 packets (7 waiting, 1 being sent). ' +
    'With no drops scripted, slow start overflows that queue: packet 31 is dropped at about 1.92 s and 46, 48, 50, 52, 54 and 56 between 2.13 and 2.19 s, whichever sender you pick but Vegas (which loses only 46, at 2.76 s). ' +
    'Set drops (e.g. 15,29) to script losses of your own and compare the senders.',
};

const FF0: Preset = {
  id: 'ff-0-drops',
  ns2: ns2Pins(0),
  title: 'No scripted drops: slow start overflows the queue',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: { drops: [] },
  view: OVERFLOW_VIEW,
  student:
    'Nothing is dropped on purpose: slow start doubles the window until R1’s 8-packet queue overflows and several packets of one window are lost. Switch senders: how each repairs the holes after the first is the lesson of Fall & Floyd (1996).',
  notice:
    'Nothing is dropped on purpose: slow start doubles cwnd each round trip until R1’s 8-packet queue overflows. ' +
    'Packet 31 is dropped at about 1.92 s, then every second packet from 46 to 56 (2.13–2.19 s), whatever the sender but Vegas and BBR; the 3rd duplicate ACK for 30 arrives at 2.292 s and every other TCP sender fast-retransmits 31. ' +
    'What each sender does about the six later holes is the lesson.',
  senderNotes: {
    tahoe:
      'Tahoe drops cwnd to 1 (ssthresh 14) and goes back to 31: slow start also resends 47, 49, 51, 53, 55, 57 and 58, which K1 already had — 14 retransmissions for 7 losses, but no timeout.',
    reno: 'Reno halves cwnd to 14 and retransmits 31, but the next holes get no fast retransmit: a timeout at 3.504 s resends 46 with cwnd 1 and ssthresh 7, and slow start then also resends 49, 51, 53, 55, 57, 58 and 59, which K1 already had.',
    newreno:
      'NewReno repairs one hole per round trip on partial ACKs (46 at 2.504 s … 56 at 3.563 s) and leaves recovery at 3.775 s; the burst it then sends (71–84) overflows the queue again, so it fast-retransmits 79 at 4.209 s and repairs 80, 82, 83 and 84 the same slow way.',
    sack: 'SACK TCP learns the holes from the SACK blocks and resends 46, 48, 50, 52, 54 and 56 within one round trip (2.417–2.469 s), holding cwnd at 14; recovery ends at 2.681 s.',
    fack: 'FACK sets ssthresh 14 and cwnd 1, reopens cwnd on every ACK during recovery, resends 46, 48, … 56 within 2.417–2.469 s like SACK and leaves recovery at 2.716 s with cwnd ≈ 14.9.',
    cubic:
      'CUBIC cuts cwnd from 29.1 to 0.7 × 28 in flight = 19.6 at 2.292 s (RFC 9438 §4.6, not a halving) and repairs the holes from the SACK scoreboard like SACK TCP; recovery ends at 2.681 s, and cwnd then climbs back along the cubic curve toward W_max ≈ 29 until the queue overflows again (fast retransmit of 227 at 4.526 s).',
    vegas:
      'Vegas grows cwnd only every other round trip in slow start, so the queue overflows later and only once: 46 is dropped at 2.764 s and retransmitted at 3.114 s on the 3rd duplicate ACK, with the window it was sent in cut by a quarter (cwnd 13 with the inflation). Nothing else is lost before 6 s and Vegas never times out.',
    bbr: 'BBR paces STARTUP, so 31 is not lost: the queue first overflows at 2.232 s (57), fast-retransmitted at 2.540 s with packet conservation (cwnd = in flight + delivered). A loss does not lower BBR v1’s bandwidth estimate and recovery restores cwnd, so STARTUP overflows the 8-packet queue again (96 at 2.840 s …): 5 fast retransmits by 6 s, no timeout; PROBE_BW from 3.359 s.',
    'sctp-2960':
      'Original SCTP halves cwnd for every loss it fast-retransmits: 31 at 2.303 s (cwnd 14.5), then 46, 48, 50 and 52 within 2.449–2.480 s take it down to its floor of 2 packets, and 54 and 56 wait until 2.894 and 2.904 s.',
    'sctp-newreno':
      'New-Reno SCTP cuts cwnd once (to 14.5 at 2.303 s) and fast-retransmits 46–56 in the same recovery without further cuts; the burst it sends at 2.515 s (59–67) overflows the queue again (66, 67), so it recovers a second time from 2.915 s with cwnd 7.75.',
    'sctp-newreno-ca':
      'New-Reno SCTP* behaves like New-Reno SCTP (one cut to 14.5, then 46–56 in one recovery; 66 and 67 lost from the burst at 2.515 s) but does congestion avoidance at cwnd = ssthresh, so its second cut at 2.915 s is to 7.25.',
    'sctp-4960':
      'RFC 4960 SCTP fast-retransmits on the 3rd missing report, 31 at 2.293 s; like New-Reno SCTP it cuts cwnd once per recovery, and 66 and 67, lost from a burst at 2.505 s, need a second recovery from 2.883 s.',
  },
};

const FF1: Preset = {
  id: 'ff-1-drops',
  ns2: ns2Pins(1),
  title: 'One drop: packet 15',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: { drops: [{ packet: 15, transmission: 1 }] },
  // The drop of 15 (1.668 s) to the end of every sender's recovery (FACK's 2.354 s).
  view: { from: 1.6, to: 2.6 },
  student:
    'One packet, 15, is lost at the router. Watch the duplicate ACKs pile up: the sender resends 15 at once (fast retransmit, at 2.080 s for most TCP senders) and cuts its congestion window instead of waiting for its retransmission timer.',
  notice:
    'Packet 15 is dropped at R1 during slow start. ' +
    'The 3rd duplicate ACK for 14 reaches S1 at 2.080 s and every TCP sender but Vegas and BBR fast-retransmits 15, with ssthresh 7 (CUBIC 10.5: 0.7 of the 15 packets in flight); SCTP senders wait for the 4th missing report (the 3rd for RFC 4960) and set ssthresh to 7.5. ' +
    'A single loss is what fast retransmit was designed for: no sender times out.',
  senderNotes: {
    tahoe: 'Tahoe then sets cwnd to 1 and slow-starts again; it retransmits nothing else.',
    reno: 'Reno sets cwnd to 7, inflates the window by one per further duplicate ACK, which lets it send 30–35, and the ACK for the retransmitted 15 (2.292 s) ends fast recovery.',
    newreno:
      'With one loss NewReno behaves like Reno: cwnd 7, packets 30–35 sent on the later duplicate ACKs, recovery over at 2.292 s.',
    sack: 'SACK TCP keeps cwnd at 7 and counts the packets still in flight (pipe); it sends 30–35 during recovery and leaves it at 2.292 s.',
    fack: 'FACK sets cwnd to 1 and opens it on every ACK during recovery (7 again by 2.142 s); it leaves recovery at 2.354 s with cwnd ≈ 7.9.',
    cubic:
      'CUBIC sets cwnd = ssthresh = 10.5 (0.7 × 15 in flight, RFC 9438 §4.6) and recovers with SACK’s pipe rules, so more new packets go out during recovery than with SACK TCP’s 7; recovery ends at 2.292 s.',
    vegas:
      'Vegas grows cwnd only every other round trip in slow start, so 15 is sent later and dropped at 2.270 s; it retransmits 15 at 2.501 s on the 3rd duplicate ACK for 14, cutting the window it was sent in by a quarter (cwnd 9 with the inflation), and inflates cwnd by one per later duplicate ACK. No timeout.',
    bbr: 'BBR paces, so 15 leaves earlier and is retransmitted at 2.073 s, cwnd = in flight + delivered = 14 (packet conservation, BBR draft §4.2.3.4); recovery ends at 2.285 s with cwnd restored. Still in STARTUP, BBR overflows the queue again from 2.366 s (58, 60, … 68): a loss does not lower its estimate. No timeout.',
    'sctp-2960':
      'Original SCTP fast-retransmits 15 at 2.091 s and sets cwnd = ssthresh = 7.5, with no fast recovery: the later duplicate SACKs shrink the outstanding data until 33–39 can go out (Caro et al. §4.1).',
    'sctp-newreno':
      'New-Reno SCTP fast-retransmits 15 at 2.091 s (cwnd 7.5) and sends 33–39 on the later SACKs; the SACK for 32 at 2.303 s ends recovery and, since cwnd = ssthresh is slow start in SCTP, cwnd grows to 8.5 and 40–41 go out (Caro et al. §4.1).',
    'sctp-newreno-ca':
      'New-Reno SCTP* does the same but runs congestion avoidance at cwnd = ssthresh, so cwnd stays 7.5 when recovery ends at 2.303 s.',
    'sctp-4960':
      'RFC 4960 SCTP needs only 3 missing reports: it retransmits 15 at 2.081 s, one SACK earlier than New-Reno SCTP, and leaves recovery at 2.293 s with cwnd 8.5.',
  },
};

const FF2: Preset = {
  id: 'ff-2-drops',
  ns2: ns2Pins(2),
  title: 'Two drops: packets 15 and 29',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    drops: [
      { packet: 15, transmission: 1 },
      { packet: 29, transmission: 1 },
    ],
  },
  // The drop of 15 (1.668 s) to Reno's timeout (3.292 s).
  view: { from: 1.6, to: 3.4 },
  student:
    'Two packets of the same window are lost, 15 and 29. Every sender repairs 15 with a fast retransmit; then watch 29: Reno has to wait for its retransmission timer, while NewReno, SACK and the SCTP senders resend it without a timeout.',
  notice:
    'Packets 15 and 29 are dropped: the first and the last of the 15 packets (15–29) in flight when the loss is detected. ' +
    'Every sender but Vegas and BBR fast-retransmits 15 at 2.08–2.09 s and cuts its window (TCP ssthresh 7 — CUBIC 10.5 — SCTP 7.5); the senders differ in how they find and repair 29.',
  senderNotes: {
    tahoe:
      'Tahoe slow-starts from cwnd 1 and its go-back-N resends 29 at 2.292 s, without a timeout.',
    reno: 'Reno leaves fast recovery on the ACK for 28 at 2.292 s; the bugfix rule ignores the 3rd duplicate ACK for 28 (2.375 s), so 29 waits for a timeout at 3.292 s: cwnd 1, ssthresh 3. With bugfix=0 Reno fast-retransmits 29 at 2.375 s instead and halves cwnd again, to 3.',
    newreno:
      'NewReno stays in fast recovery through the partial ACK for 28 at 2.292 s, retransmits 29 at once and leaves recovery at 2.504 s, with no timeout.',
    sack: 'SACK TCP sees from the SACK blocks that 29 is missing, resends it at 2.354 s and leaves recovery at 2.566 s with cwnd still 7.',
    fack: 'FACK resends 29 at 2.354 s and leaves recovery at 2.566 s, by when cwnd has regrown from 1 to ≈ 8.6.',
    cubic:
      'CUBIC cuts to cwnd = ssthresh = 10.5 (0.7 × 15) instead of 7 and repairs 29 with SACK’s scoreboard in the same recovery, which ends at 2.535 s with no timeout.',
    vegas:
      'Vegas grows cwnd only every other round trip in slow start, so 15 is sent later and dropped at 2.270 s; it retransmits 15 at 2.501 s and 29 at 2.964 s, each on a 3rd duplicate ACK and each with a cut of its own, since 29 was sent after the first cut. No timeout.',
    bbr: 'BBR fast-retransmits 15 at 2.073 s (paced, its packets left earlier), conserves packets (cwnd 14) and repairs 29 from the SACK scoreboard in the same recovery, which ends at 2.450 s; still in STARTUP it overflows the queue again (73 at 2.541 s). No timeout.',
    'sctp-2960':
      'Original SCTP treats 29 as a new loss: the SACKs for 30–32 count as missing reports, and it fast-retransmits 29 at 2.376 s and halves cwnd again, to 4.25 (Caro et al. §4.2).',
    'sctp-newreno':
      'New-Reno SCTP retransmits 29 at 2.303 s without a second cut (cwnd stays 7.5) and ends recovery at 2.515 s with cwnd 8.5 (Caro et al. §4.2).',
    'sctp-newreno-ca':
      'New-Reno SCTP* retransmits 29 at 2.303 s without a second cut and ends recovery at 2.515 s with cwnd still 7.5.',
    'sctp-4960':
      'RFC 4960 SCTP retransmits 15 at 2.081 s and 29 at 2.293 s, cuts cwnd once to 7.5, and ends recovery at 2.505 s.',
  },
};

const FF3: Preset = {
  id: 'ff-3-drops',
  ns2: ns2Pins(3),
  title: 'Three drops: packets 15, 27 and 29',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    drops: [
      { packet: 15, transmission: 1 },
      { packet: 27, transmission: 1 },
      { packet: 29, transmission: 1 },
    ],
  },
  // The drop of 15 (1.668 s) to Reno's resend of 29 after its timeout (3.504 s).
  view: { from: 1.6, to: 3.6 },
  student:
    'Packets 15, 27 and 29 of one window are lost. Reno repairs 15 by fast retransmit, then stalls until its timer fires; NewReno repairs one hole per round trip; SACK learns of all the holes at once. Switch senders to compare.',
  notice:
    'Packets 15, 27 and 29 are dropped: three losses in one window. ' +
    'Every TCP sender but Vegas and BBR fast-retransmits 15 at 2.080 s (ssthresh 7; CUBIC 10.5); then Reno stalls until a timeout, NewReno repairs one hole per round trip, and SACK and FACK resend 27 and 29 by 2.354 s. ' +
    'The SCTP senders resend 27 and 29 by 2.376 s, Original SCTP halving cwnd for each loss. ' +
    'Compare when each sender has all of 15–29 delivered.',
  senderNotes: {
    tahoe:
      'Tahoe slow-starts from cwnd 1 and resends 27 and 28 at 2.292 s and 29 at 2.504 s; 28 had arrived, so one retransmission is wasted. No timeout.',
    reno: 'Reno leaves fast recovery on the partial ACK for 26 at 2.292 s; the bugfix rule ignores the next 3rd duplicate ACK (2.375 s) and nothing is sent until the timeout at 3.292 s resends 27 (cwnd 1, ssthresh 3). 29 follows at 3.504 s together with 30, which K1 already had.',
    newreno:
      'NewReno retransmits 27 on the partial ACK at 2.292 s and 29 on the next one at 2.504 s, one hole per round trip, and leaves recovery at 2.715 s without a timeout.',
    sack: 'SACK TCP resends 27 at 2.174 s, while duplicate ACKs are still arriving, and 29 at 2.354 s; cwnd stays 7 and recovery ends at 2.566 s.',
    fack: 'FACK resends 27 at 2.174 s and 29 at 2.354 s like SACK, but restarts cwnd at 1 and grows it on every ACK, leaving recovery at 2.566 s with cwnd ≈ 8.4.',
    cubic:
      'CUBIC cuts to cwnd = ssthresh = 10.5 (0.7 × 15) and repairs 27 and 29 with SACK’s scoreboard in the same recovery, which ends at 2.535 s with no timeout.',
    vegas:
      'Vegas grows cwnd only every other round trip in slow start, so 15 is sent later and dropped at 2.270 s; it retransmits 15 at 2.501 s and 27 at 2.924 s with a cut each, and 29 at 3.155 s without one (29 was sent before the last cut); at 3.367 s a new ACK finds 36 ‘expired’ — it was never sent, so it has no send time — and 36 goes out twice: 4 retransmissions for 3 losses, no timeout.',
    bbr: 'BBR fast-retransmits 15 at 2.073 s (paced, its packets left earlier), conserves packets (cwnd 14) and repairs 27 and 29 from the SACK scoreboard in the same recovery, which ends at 2.451 s; still in STARTUP it overflows the queue again (72 at 2.542 s). No timeout.',
    'sctp-2960':
      'Original SCTP halves cwnd three times: 15 at 2.091 s (7.5), 27 at 2.293 s (3.75) and 29 at 2.376 s (2.375), with no timeout.',
    'sctp-newreno':
      'New-Reno SCTP retransmits 27 and 29 at 2.293 and 2.303 s within one recovery, cwnd 7.5 throughout, and exits at 2.526 s with cwnd 8.5.',
    'sctp-newreno-ca':
      'New-Reno SCTP* retransmits 27 and 29 at 2.293 and 2.303 s within one recovery and exits at 2.526 s with cwnd still 7.5.',
    'sctp-4960':
      'RFC 4960 SCTP retransmits 27 at 2.282 s and 29 at 2.293 s within one recovery and exits at 2.515 s with cwnd 8.5.',
  },
};

const FF4: Preset = {
  id: 'ff-4-drops',
  ns2: ns2Pins(4),
  title: 'Four drops: packets 15, 25, 27 and 29',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    drops: [
      { packet: 15, transmission: 1 },
      { packet: 25, transmission: 1 },
      { packet: 27, transmission: 1 },
      { packet: 29, transmission: 1 },
    ],
  },
  // The drop of 15 (1.668 s) to Reno's timeout (3.292 s) and the slow start after it.
  view: { from: 1.6, to: 3.6 },
  student:
    'Four packets of one window are lost. Reno ends up waiting for a timeout; NewReno and SACK resend exactly the four lost packets, one per round trip or all together. Count the retransmissions (the R marks) each sender needs.',
  notice:
    'Packets 15, 25, 27 and 29 are dropped from one window. ' +
    'Every TCP sender but Vegas and BBR fast-retransmits 15 at 2.080 s (ssthresh 7; CUBIC 10.5), and only Reno and Vegas end up in a retransmission timeout. ' +
    'Count the retransmissions: SACK, FACK, NewReno and every SCTP sender send exactly the 4 lost packets again.',
  senderNotes: {
    tahoe:
      'Tahoe resends 25 and 26 at 2.292 s, then 27, 28 and 29 at 2.504 s: 6 retransmissions for 4 losses, no timeout.',
    reno: 'Reno times out at 3.292 s and resends 25 with cwnd 1 and ssthresh 3; slow start then resends 27–31, including 28, 30 and 31, which K1 already had: 7 retransmissions for 4 losses.',
    newreno:
      'NewReno repairs 25, 27 and 29 on three successive partial ACKs (2.292, 2.504 and 2.715 s) and leaves recovery at 2.927 s.',
    sack: 'SACK TCP resends 25 and 27 at 2.153 and 2.163 s, before the first partial ACK, and 29 at 2.354 s; recovery ends at 2.566 s.',
    fack: 'FACK resends 25 and 27 at 2.153 and 2.163 s and 29 at 2.354 s; recovery ends at 2.566 s with cwnd ≈ 8.3.',
    cubic:
      'CUBIC cuts to cwnd = ssthresh = 10.5 (0.7 × 15) and repairs 25, 27 and 29 in the same SACK recovery, which ends at 2.535 s: 4 retransmissions, no timeout.',
    vegas:
      'Vegas grows cwnd only every other round trip in slow start, so 15 is sent later and dropped at 2.270 s; it retransmits 15 at 2.501 s and 25 at 2.924 s on duplicate ACKs, and 27 at 3.135 s on a new ACK because 27 is older than its fine-grained timeout; 29 waits for the coarse timer, which its retransmissions have backed off, until 5.347 s (cwnd 2).',
    bbr: 'BBR fast-retransmits 15 at 2.073 s (paced, its packets left earlier), conserves packets (cwnd 14) and repairs 25, 27 and 29 from the SACK scoreboard in the same recovery, which ends at 2.451 s; still in STARTUP it overflows the queue again (68 at 2.525 s). No timeout.',
    'sctp-2960':
      'Original SCTP fast-retransmits 15, 25, 27 and 29 at 2.091, 2.282, 2.293 and 2.376 s, halving cwnd each time down to its floor of 2 packets.',
    'sctp-newreno':
      'New-Reno SCTP retransmits 25, 27 and 29 at 2.282, 2.293 and 2.303 s in one recovery with one cut (cwnd 7.5) and exits at 2.536 s.',
    'sctp-newreno-ca':
      'New-Reno SCTP* retransmits 25, 27 and 29 at 2.282, 2.293 and 2.303 s in one recovery and exits at 2.536 s with cwnd 7.5.',
    'sctp-4960':
      'RFC 4960 SCTP retransmits 25, 27 and 29 at 2.272, 2.282 and 2.293 s in one recovery and exits at 2.526 s.',
  },
};

const FF5: Preset = {
  id: 'ff-5-drops',
  ns2: ns2Pins(5),
  title: 'Five drops: packets 15, 23, 25, 27 and 29',
  group: 'Caro et al. 2003',
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    drops: [
      { packet: 15, transmission: 1 },
      { packet: 23, transmission: 1 },
      { packet: 25, transmission: 1 },
      { packet: 27, transmission: 1 },
      { packet: 29, transmission: 1 },
    ],
  },
  // The drop of 15 (1.668 s) to Reno's timeout (3.292 s) and the slow start after it.
  view: { from: 1.6, to: 3.6 },
  student:
    'Five packets of one window are lost, a case Caro et al. (2003) added. NewReno repairs one hole per round trip and stays in fast recovery until 3.139 s; SACK is done by 2.737 s. Watch the FR band in the cwnd plot.',
  notice:
    'Five losses in one window — 15, 23, 25, 27 and 29 — Caro et al.’s extension of Fall & Floyd’s scenarios. ' +
    'Every TCP sender but Vegas and BBR fast-retransmits 15 at 2.080 s (ssthresh 7; CUBIC 10.5). ' +
    'NewReno now needs five round trips to finish recovery (until 3.139 s), while SACK and FACK finish by 2.737 s and New-Reno SCTP by 2.546 s.',
  senderNotes: {
    tahoe:
      'Tahoe resends 23–29 in three slow-start rounds (2.292–2.715 s): 8 retransmissions for 5 losses, no timeout.',
    reno: 'Reno’s first partial ACK (for 22, at 2.292 s) ends fast recovery and only two duplicate ACKs follow, too few for another fast retransmit: the timeout at 3.292 s resends 23, and slow start resends 25–31, including 26, 28, 30 and 31, which K1 already had.',
    newreno:
      'NewReno retransmits 23, 25, 27 and 29 on partial ACKs at 2.292, 2.504, 2.715 and 2.927 s, and recovery ends at 3.139 s.',
    sack: 'SACK TCP resends 23 and 25 at 2.142 and 2.153 s, 27 at 2.292 s and 29 at 2.514 s; recovery ends at 2.737 s.',
    fack: 'FACK resends 23 and 25 together at 2.142 s, 27 at 2.153 s and 29 at 2.375 s; recovery ends at 2.587 s.',
    cubic:
      'CUBIC cuts to cwnd = ssthresh = 10.5 (0.7 × 15) and repairs 23, 25, 27 and 29 in the same SACK recovery, which ends at 2.535 s: 5 retransmissions, no timeout.',
    vegas:
      'Vegas grows cwnd only every other round trip in slow start, so 15 is sent later and dropped at 2.270 s; it retransmits 15, 23, 25 and 27 between 2.501 and 3.558 s, but 29, dropped at 3.137 s, gets too few duplicate ACKs, and every retransmission has backed off the coarse timer (RTO 8 s): from 3.790 s to the end of the run at 6 s Vegas sends nothing.',
    bbr: 'BBR fast-retransmits 15 at 2.073 s (paced, its packets left earlier), conserves packets (cwnd 14) and repairs 23, 25, 27 and 29 from the SACK scoreboard in the same recovery, which ends at 2.451 s; still in STARTUP it overflows the queue again (64 at 2.503 s). No timeout.',
    'sctp-2960':
      'Original SCTP fast-retransmits 23, 25 and 27 within 2.272–2.293 s, cutting cwnd to 3.75 and then to its floor of 2; 29 waits until 2.707 s. No timeout.',
    'sctp-newreno':
      'New-Reno SCTP retransmits 23, 25, 27 and 29 within 2.272–2.303 s in one recovery with one cut, and exits at 2.546 s with cwnd 8.5.',
    'sctp-newreno-ca':
      'New-Reno SCTP* retransmits 23, 25, 27 and 29 within 2.272–2.303 s in one recovery and exits at 2.546 s with cwnd 7.5.',
    'sctp-4960':
      'RFC 4960 SCTP retransmits 23 at 2.154 s and 25, 27 and 29 within 2.272–2.293 s, and exits at 2.526 s.',
  },
};

/** The family, in picker order. */
export const FALL_FLOYD_PRESETS: readonly Preset[] = [
  FALL_FLOYD_PRESET,
  FF0,
  FF1,
  FF2,
  FF3,
  FF4,
  FF5,
];
