/**
 * Caro, Shah, Iyengar, Amer, Stewart, "Congestion Control: SCTP vs TCP": Figures 2 and 3
 * (Original vs New-Reno SCTP with one and two drops, §4.1–4.2) and the Figure 5 comparison
 * (New-Reno, SACK and FACK TCP against Original, New-Reno and New-Reno* SCTP under 0–5 drops,
 * §5), on the Fall & Floyd topology: cwnd starts at 1 packet, no handshake, 1000-byte chunks in
 * 1040-byte packets, Max.Burst 4.
 *
 * Every number in the notices was read off engine runs of these presets and is re-checked by
 * tests/engine/sctp/presets.test.ts.
 */
import type { SenderId } from '../../engine';
import { countWord } from './compare';
import type { Preset } from './types';

const GROUP = 'Caro et al. 2003 (SCTP vs TCP)';
const drops = (...ps: number[]) => ps.map((packet) => ({ packet, transmission: 1 }));

export const CARO_FIG2: Preset = {
  id: 'caro-fig2-1-drop',
  title: 'SCTP, one drop (Caro et al. Figure 2)',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: { sender: 'sctp-2960', drops: drops(15), maxburst: 4 },
  compare: ['sctp-2960', 'sctp-newreno'],
  // The drop of 15 (1.669 s) to the ack for 32 (2.303 s).
  view: { from: 1.6, to: 2.6 },
  student:
    'An SCTP sender loses one packet, 15. Each duplicate SACK still lets a new packet out; the 4th report of the missing packet triggers the fast retransmit and halves the window, as in TCP but counted in bytes (Caro et al. 2003, Figure 2).',
  notice:
    'Packet 15 is dropped; 16–29 arrive and every SACK for 14 lets one new packet out while 15 outstanding packets fill cwnd 15: packets 30–32 leave on the first three. ' +
    'The 4th missing report for 15 (2.091 s) fast-retransmits it at once and halves cwnd and ssthresh to 7.5; from the 11th duplicate on, the outstanding data is below 7.5 packets again and 33–39 go out one per SACK. ' +
    'The ack for 32 (2.303 s) finds cwnd = ssthresh = 7.5, so slow start makes it 8.5 and sends 40–41; Original and New-Reno SCTP behave identically here.',
};

export const CARO_FIG3: Preset = {
  id: 'caro-fig3-2-drops',
  title: 'SCTP, two drops (Caro et al. Figure 3)',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: { sender: 'sctp-2960', drops: drops(15, 29), maxburst: 4 },
  compare: ['sctp-2960', 'sctp-newreno'],
  // The drop of 15 (1.669 s) to the end of Original SCTP's recovery (2.588 s).
  view: { from: 1.6, to: 2.8 },
  student:
    'An SCTP sender loses packets 15 and 29 of one window. Both SCTP versions repair 15 alike; watch the SACK at 2.303 s, where Original and New-Reno SCTP part ways on the second loss (Caro et al. 2003, Figure 3).',
  notice:
    'Packets 15 and 29 are dropped. Both SCTP senders fast-retransmit 15 at 2.091 s (cwnd 7.5) and send 30–38 on the duplicate SACKs for 14. ' +
    'The ack for 28 (2.303 s) is where they part: its highest newly acked TSN is 15, so Original SCTP does not count a missing report for 29 there.',
  senderNotes: {
    'sctp-2960':
      'Original SCTP grows cwnd to 8.5 on the ack for 28 and sends 39–40, then fast-retransmits 29 on the next SACK (2.376 s) and halves cwnd again, to 4.25: two cuts for one window. Its recovery ends with the ack for 40 at 2.588 s (cwnd 5.25, sends 45–46).',
    'sctp-newreno':
      'New-Reno SCTP’s modified HTNA rule counts the ack for 28 as the 4th missing report for 29: it fast-retransmits 29 at once without a second cut (cwnd stays 7.5) and sends 39, then 40–45 on the next six SACKs; the ack for 38 at 2.515 s ends fast recovery with cwnd 8.5 and sends 46–47.',
  },
};

/** The six senders of Caro et al. Figure 5. */
export const CARO_FIG5_SENDERS: readonly SenderId[] = [
  'newreno',
  'sack',
  'fack',
  'sctp-2960',
  'sctp-newreno',
  'sctp-newreno-ca',
];

const FIG5_LISTS: readonly number[][] = [
  [],
  [15],
  [15, 29],
  [15, 27, 29],
  [15, 25, 27, 29],
  [15, 23, 25, 27, 29],
];

/** Data packets R1 forwarded to K1 by 6.0 s, per sender, read off the engine (Figure 5's metric). */
export const CARO_FIG5_FORWARDED: readonly (readonly number[])[] = [
  [141, 362, 367, 191, 292, 280],
  [293, 291, 304, 324, 324, 312],
  [280, 275, 297, 262, 310, 298],
  [252, 273, 294, 231, 308, 296],
  [227, 271, 291, 213, 306, 294],
  [215, 255, 288, 180, 304, 292],
];

function fig5(n: number): Preset {
  const list = FIG5_LISTS[n]!;
  const c = CARO_FIG5_FORWARDED[n]!;
  const counts = CARO_FIG5_SENDERS.map((s, i) => `${s} ${c[i]}`).join(', ');
  const what =
    n === 0
      ? 'No drops are scripted, but slow start overflows R1’s 8-packet queue (unlike the paper’s zero-drop case, where all senders tie).'
      : `Packets ${list.join(', ')} are dropped in one window.`;
  return {
    id: `caro-fig5-${n}-drops`,
    title: `Figure 5 comparison, ${n} drop${n === 1 ? '' : 's'} (Caro et al.)`,
    group: GROUP,
    topology: 'fall-floyd',
    open: 'end',
    steps: ['episode', 'decision'],
    scenario: {
      sender: 'sctp-newreno',
      drops: list.map((packet) => ({ packet, transmission: 1 })),
      maxburst: 4,
    },
    compare: CARO_FIG5_SENDERS,
    // No `view`: the figure counts what R1 forwards over the whole run (by 6.0 s).
    student: `Six senders (NewReno, SACK and FACK TCP, three SCTP versions) run the same scenario: ${
      n === 0
        ? 'slow start overflows the queue'
        : n === 1
          ? 'one packet is lost'
          : `${['two', 'three', 'four', 'five'][n - 2]} packets of one window are lost`
    }. Compare the packets each gets through in 6 s; Caro et al. (2003) found New-Reno SCTP as robust as FACK TCP.`,
    notice:
      `${what} Compare the ${countWord(CARO_FIG5_SENDERS.length)} senders of Caro et al. Figure 5 by the data packets R1 forwards by 6.0 s: ${counts}. ` +
      (n >= 2
        ? 'Original SCTP halves cwnd once per lost packet and falls behind; New-Reno SCTP cuts once per window and stays ahead of the TCP senders.'
        : n === 1
          ? 'With one loss Original and New-Reno SCTP are identical; SCTP keeps sending new data on every duplicate SACK.'
          : 'Compare how each sender repairs the overflow losses.'),
  };
}

export const CARO_FIG5_PRESETS: readonly Preset[] = [0, 1, 2, 3, 4, 5].map(fig5);

export const SCTP_CARO_PRESETS: readonly Preset[] = [CARO_FIG2, CARO_FIG3, ...CARO_FIG5_PRESETS];
