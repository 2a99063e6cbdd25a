/**
 * SCTP's streams and partial reliability (RFC 4960 §6.5–§6.6, RFC 3758; issue 13): head-of-line
 * blocking of one TCP byte stream against four SCTP streams under the same losses, and VoIP over
 * PR-SCTP against reliable SCTP and UDP (003_… §3.3 ran its VoIP over PR-SCTP). Both on the Fall
 * & Floyd network (800 kb/s, 100 ms), every flow sharing its bottleneck. Numbers in the notices
 * were read off engine runs of these presets; tests/scenarios/sctp-presets.test.ts re-checks them.
 */
import type { Preset } from './types';

const GROUP = 'SCTP streams and PR-SCTP (RFC 4960 §6.5–6.6, RFC 3758)';
const drops = (...ps: number[]) => ps.map((packet) => ({ packet, transmission: 1 }));

export const HOL_STREAMS: Preset = {
  id: 'hol-streams',
  title: 'Head-of-line blocking: one TCP byte stream vs four SCTP streams',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'story',
  steps: ['episode', 'decision'],
  scenario: {
    flows: [{ sender: 'sack' }, { sender: 'sctp-4960', streams: 4 }],
    drops: drops(40),
    drops2: drops(40),
    app: 'cbr',
    pps: 40,
    queue: 60,
    start: 0,
    stop: 5,
  },
  view: { from: 1.2, to: 2.2 },
  student:
    'A TCP flow and a 4-stream SCTP flow each lose one packet. In the Streams panel, TCP’s receiver holds back everything after the loss (head-of-line blocking), while SCTP holds back only the stream that lost data.',
  notice:
    'Flow 1 (SACK TCP) and flow 2 (RFC 4960 SCTP with 4 streams, messages to them round robin: TSN n on stream (n − 1) mod 4) each send 40 messages of 1000 bytes a second over the 800 kb/s, 100 ms bottleneck, and each loses its packet 40 there (the same scripted loss; the 60-packet queue never overflows). ' +
    'TCP is one byte stream: after packet 39 (delivered at 1.364 s) its receiver holds everything that follows until the fast retransmission of 40 arrives, then hands 40–60 to the application at once at 1.863 s. ' +
    'SCTP loses TSN 40 of stream 3 only: streams 0, 1 and 2 go on delivering (41, 42, 43, 45, … 67 between 1.572 and 1.988 s) while stream 3’s 44, 48, … 68 wait for 40, delivered with it at 2.030 s. ' +
    'Open the Streams panel to see the gap in the TCP lane and in one SCTP lane only; f2.unordered=1 delivers even stream 3’s messages on arrival.',
};

export const VOIP_PR_SCTP: Preset = {
  id: 'voip-pr-sctp',
  title: 'VoIP over PR-SCTP vs reliable SCTP vs UDP',
  group: GROUP,
  topology: 'fall-floyd',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {
    flows: [{ sender: 'sctp-4960', pr: 0.3 }, { sender: 'sctp-4960' }, { sender: 'udp' }],
    app: 'voip',
    size: 20,
    hold: 1000,
    loss: 0.05,
    profile: 'rfc',
    start: 0,
    stop: 60,
  },
  student:
    'Three voice calls cross a lossy link over PR-SCTP (skips old frames), reliable SCTP (resends every frame) and UDP (never resends). In the Streams panel reliable SCTP delivers some frames seconds late, PR-SCTP sooner, UDP loses about 5 %.',
  notice:
    'Three G.729-like VoIP calls (20-byte frames every 20 ms in talk spurts, one call over the whole run) share the 800 kb/s, 100 ms bottleneck with 5 % random loss: flow 1 over PR-SCTP with a 0.3 s lifetime (RFC 3758 timed reliability), flow 2 over reliable SCTP, flow 3 over UDP. ' +
    'Reliable SCTP retransmits every lost frame, with 10 timeouts in 60 s, and holds the frames behind a loss until it arrives: a frame reaches the application up to 2.55 s after it was first sent (0.44 s on average). ' +
    'PR-SCTP abandons the 25 frames not acknowledged within 0.3 s and moves the receiver past them with FORWARD-TSN: at most 1.38 s from first send to delivery (0.35 s on average). UDP never waits and never repairs: 4.7 % of its frames are lost. ' +
    'The per-packet delay columns (delay_max_s) are one way per transmission and about equal for the three; the wait is in the receiver’s reassembly, which the delivery timeline shows. Profile rfc (cwnd in bytes: 20-byte frames fill it slowly).',
};

export const SCTP_STREAMS_PRESETS: readonly Preset[] = [HOL_STREAMS, VOIP_PR_SCTP];
