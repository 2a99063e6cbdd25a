/**
 * The bottleneck's queue as the subject (issue 26): the bufferbloat lab (a bulk CUBIC flow and a
 * ping-like flow; the buffer swept from 10 to 1000 packets), CoDel against drop-tail and FQ-CoDel
 * against CoDel with a thin interactive flow beside the bulk one, RED's average queue against
 * the instantaneous one (Floyd & Jacobson 1993), and one AQM with and without ECN. All on the bufferbloat path
 * of ../topologies/bufferbloat.ts (10 Mb/s, 40 ms round trip, BDP ≈ 48 packets of 1040 bytes;
 * the bufferbloat lab's hosts send 1500-byte packets with delayed ACKs: 33 packets), 30 s. Every
 * number in the notices was read off engine runs with the presets' defaults (and the one key
 * the notice names changed); tests/scenarios/aqm-presets.test.ts re-checks them, and
 * tests/tables/bufferbloat-sweep.test.ts the whole sweep under every discipline.
 */
import { FLOYD_JACOBSON } from './papers';
import type { Preset } from './types';

const GROUP = 'Bufferbloat and AQM (RFC 8289, 8290, 8033)';

/** A ping-like flow: 100-byte UDP datagrams, 50 a second (40 kb/s). */
const PING = { sender: 'udp', app: 'cbr', pps: 50, size: 100 } as const;
/** A thin interactive TCP flow: 200-byte messages, 20 a second. */
const THIN_TCP = { sender: 'newreno', app: 'cbr', pps: 20, size: 200 } as const;

/** The buffer sizes of the lab's sweep, packets (the BDP is ≈ 33 packets of 1500 bytes). */
const BUFFER_SWEEP = { key: 'queue', values: [10, 20, 50, 100, 200, 500, 1000], seeds: 1 } as const;

export const BUFFERBLOAT_LAB: Preset = {
  id: 'bufferbloat',
  title: 'Bufferbloat: a bulk flow, a ping and a 1000-packet buffer',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {
    flows: [{ sender: 'cubic' }, PING],
    queue: 1000,
    stop: 30,
    // A lab host's stack: 1500-byte Ethernet packets and delayed ACKs (see the notice).
    mss: 1460,
    delack: true,
  },
  sweep: BUFFER_SWEEP,
  student:
    'One CUBIC download fills a 1000-packet router buffer, and a ping sharing the link waits behind it: 699 ms instead of 20.5 ms. Sweep the buffer, then try aqm=codel: 23.3 ms, the link still 91 % busy.',
  notice:
    `A bulk CUBIC flow and a ping (100-byte UDP packets, 50 a second) share the 10 Mb/s, 40 ms round-trip path through a drop-tail buffer of 1000 packets, about 30 times the 33-packet pipe, 30 s. ` +
    `The hosts are a lab's: 1500-byte packets (1460 bytes of payload) and delayed ACKs, one per two segments (RFC 5681 §4.2). ` +
    `CUBIC grows its window until the buffer is full, so the link is 98 % busy but the ping’s one-way delay is 699 ms against 20.5 ms on an idle path: bufferbloat. ` +
    `The sweep over queue shows the delay growing with the buffer (33 ms at 20 packets, 111 ms at 100, 488 ms at 500) while the link stays 96 % busy from 20 packets up. ` +
    `An AQM keeps the buffer and removes the delay: aqm=codel (RFC 8289) 23.3 ms at 91 %, aqm=fq-codel (RFC 8290) 20.7 ms at 91 % (the ping has its own queue), aqm=pie (RFC 8033) 36.2 ms (its 15 ms target) at 93 %; swept over the buffer, all three stay at least 91 % busy at every size, the ping within 20.5 ms + the target + 2 ms. ` +
    `With 1000-byte packets and an ACK per segment one CUBIC flow under CoDel’s 5 ms target keeps the link only 88–90 % busy (ns-3.37 with Linux’s CUBIC: 87–91 %): each drop cuts the window to 0.7 × (pipe + 5 ms of queue), below the pipe, and it takes CUBIC most of a second to climb back.`,
};

export const CODEL_VS_DROPTAIL: Preset = {
  id: 'codel-vs-droptail',
  title: 'CoDel against drop-tail: a bulk flow and a thin flow',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  compareValues: ['aqm:droptail', 'aqm:codel'],
  scenario: { flows: [{ sender: 'cubic' }, THIN_TCP], queue: 1000, aqm: 'codel', stop: 30 },
  student:
    'CoDel drops a packet whenever packets have waited more than 5 ms for 100 ms. The bulk CUBIC flow backs off, so the thin flow’s messages arrive in 23.5 ms instead of the 796 ms they take with aqm=droptail.',
  notice:
    `A bulk CUBIC flow and a thin NewReno flow (200-byte messages, 20 a second) through a 1000-packet buffer run by CoDel (RFC 8289: target 5 ms, interval 100 ms), 30 s. ` +
    `Whenever the sojourn time stays above 5 ms for an interval CoDel drops at the head, the next drops interval/√count apart, and CUBIC backs off each time: the thin flow’s packets take 23.5 ms one way (20.5 ms of it propagation) and the link is 91 % busy. ` +
    `With aqm=droptail the same buffer fills: 98 % busy but 796 ms one way. The thin flow shares CoDel’s single queue, so it also loses packets to CoDel (5 fast retransmits); fq-codel-fairness gives it a queue of its own.`,
};

export const FQ_CODEL_FAIRNESS: Preset = {
  id: 'fq-codel-fairness',
  title: 'FQ-CoDel: the thin flow gets its own queue',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  compareValues: ['aqm:codel', 'aqm:fq-codel'],
  scenario: { flows: [{ sender: 'cubic' }, THIN_TCP], queue: 1000, aqm: 'fq-codel', stop: 30 },
  student:
    'FQ-CoDel gives each flow its own queue and serves them in turn, newly active flows first. The thin flow never waits behind the bulk one: 20.6 ms one way, and it loses nothing.',
  notice:
    `The flows of codel-vs-droptail under FQ-CoDel (RFC 8290: 1024 flow queues, a 1500-byte quantum, each queue with its own CoDel), 30 s. ` +
    `The thin flow’s queue empties between its messages, so each arrives as a new flow and is served ahead of the bulk queue (RFC 8290 §4.3): one way 20.6 ms with 20.5 ms of propagation, no loss, where CoDel’s single queue gave it 23.5 ms and 5 fast retransmits. ` +
    `The bulk flow’s queue is CoDel-controlled as before (24 ms one way) and the link 91 % busy.`,
};

export const RED_FLOYD_JACOBSON: Preset = {
  id: 'red-floyd-jacobson',
  title: 'RED: the average queue against the instantaneous one',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {
    flows: [
      { sender: 'sack' },
      { sender: 'sack', start: 0.5 },
      { sender: 'sack', start: 1 },
      { sender: 'sack', start: 1.5 },
    ],
    aqm: 'red',
    'red.minth': 5,
    'red.maxth': 15,
    'red.wq': 0.002,
    'red.maxp': 0.02,
    'red.bytes': false,
    queue: 100,
    stop: 20,
  },
  student:
    'RED drops early and at random, deciding on a slowly moving average of the queue. After 2 s the average stays near 8.3 packets, between RED’s thresholds of 5 and 15, while the real queue jumps up to 23.',
  notice:
    `Four SACK flows starting 0.5 s apart share the 10 Mb/s, 40 ms path through a RED gateway with ${FLOYD_JACOBSON}’s settings: min_th 5, max_th 15 packets, w_q 0.002, max_p 1/50 (packet mode, ns-2.35’s RED otherwise), 20 s. ` +
    `RED drops an arriving packet with a probability that grows with the exponentially weighted average queue, not with the queue itself, so bursts pass and the flows are not cut all at once. ` +
    `After 2 s the average stays near 8.3 packets (at most 17.3) while the instantaneous queue swings up to 23; 388 early drops against 33 overflows, all of them in the first flows’ slow start, before the slow average (w_q 0.002) has caught up; the first flow meets 4 timeouts there and gets 0.2 Mb/s of the 10.`,
};

export const ECN_VS_DROP: Preset = {
  id: 'ecn-vs-drop',
  title: 'ECN: CoDel marks instead of dropping',
  group: GROUP,
  topology: 'bufferbloat-path',
  open: 'end',
  steps: ['episode', 'decision'],
  compareValues: ['ecn:0', 'ecn:1'],
  scenario: { flows: [{ sender: 'cubic', ecn: true }], aqm: 'codel', queue: 1000, stop: 30 },
  student:
    'With ECN the router sets a bit in the packet instead of dropping it, and the sender slows down as if it had lost one. CoDel marks 33 packets and nothing is lost or resent; with ecn=0 it drops 38 and 42 are resent.',
  notice:
    `One CUBIC flow with ECN on (RFC 3168: its data carries ECT(0)) through a 1000-packet buffer run by CoDel, 30 s. ` +
    `Where CoDel would drop a packet (RFC 8289 §5.4) it sets CE instead; the receiver echoes ECE, and the sender cuts its window once per window of data and sets CWR, as it would on a loss but without a retransmission: 33 CE marks, no drop, no retransmission, the link 91 % busy. ` +
    `With ecn=0 the same CoDel drops 38 packets, the flow repairs them with 25 fast retransmits and 42 retransmissions, and the link is as busy: ECN keeps the delay control and removes the losses.`,
};

export const AQM_PRESETS: readonly Preset[] = [
  BUFFERBLOAT_LAB,
  CODEL_VS_DROPTAIL,
  FQ_CODEL_FAIRNESS,
  RED_FLOYD_JACOBSON,
  ECN_VS_DROP,
];
