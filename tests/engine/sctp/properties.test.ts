/**
 * Invariants of the SCTP sender and receiver on random drop lists and random loss, for every
 * variant, with and without handshake and delayed SACK.
 */
import { decisionsOf, samplesOf } from '../../../src/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type SctpSenderId, type Trace } from '../../../src/engine';
import { fallFloyd } from './setup';

const VARIANTS: SctpSenderId[] = ['sctp-2960', 'sctp-newreno', 'sctp-newreno-ca', 'sctp-4960'];

const scenario: fc.Arbitrary<Scenario> = fc.record({
  sender: fc.constantFrom(...VARIANTS),
  drops: fc.uniqueArray(
    fc.record({ packet: fc.integer({ min: 1, max: 90 }), transmission: fc.integer({ min: 1, max: 3 }) }),
    { maxLength: 10, selector: (d) => `${d.packet}:${d.transmission}` },
  ),
  lossRate: fc.constantFrom(0, 0, 0.01, 0.05),
  seed: fc.integer({ min: 1, max: 1000 }),
  handshake: fc.boolean(),
  delayedAck: fc.boolean(),
  initialCwndPkts: fc.constantFrom(1, 2, 4),
  windowPkts: fc.constantFrom(8, 28, 64),
});

interface Scenario {
  sender: SctpSenderId;
  drops: Array<{ packet: number; transmission: number }>;
  lossRate: number;
  seed: number;
  handshake: boolean;
  delayedAck: boolean;
  initialCwndPkts: number;
  windowPkts: number;
}

function simulate(s: Scenario): Trace {
  return run(
    fallFloyd({
      sender: s.sender,
      scripted: s.drops.map((d) => ({ flow: 0, ...d })),
      lossRate: s.lossRate,
      seed: s.seed,
      stopS: 8,
      flow: {
        handshake: s.handshake,
        delayedAck: s.delayedAck,
        initialCwndPkts: s.initialCwndPkts,
        windowPkts: s.windowPkts,
      },
    }),
  );
}

function check(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}

/** ssthresh floor after a loss, MTUs: RFC 2960 §7.2.3 says 2; New-Reno SCTP as ns-2.35 has it and RFC 4960, 4. */
const FLOOR: Record<SctpSenderId, number> = { 'sctp-2960': 2, 'sctp-newreno': 4, 'sctp-newreno-ca': 4, 'sctp-4960': 4 };
/** Bytes per MTU in these runs: the chunk size (no path MTU set), REFERENCE.md's 1000-byte payload. */
const MTU = 1000;

/** Throws with a description of the first broken invariant. */
function checkInvariants(t: Trace, sender: SctpSenderId, windowPkts: number): void {
  const p = t.packets;
  const X = t.transmissions;
  const K1 = t.nodes.indexOf('K1');
  const S1 = t.nodes.indexOf('S1');
  const sent = new Map<number, number>(); // uid → TSN
  const ended = new Set<number>();
  let nextNew = 1;
  const delivered = new Set<number>();
  for (let i = 0; i < p.length; i++) {
    const uid = p.uid[i]!;
    if (X.type[uid] !== PacketType.data) continue;
    const tsn = X.packet[uid]!;
    if (p.kind[i] === PacketEventKind.send) {
      check(p.node[i] === S1 && !sent.has(uid), `send ${uid}`);
      sent.set(uid, tsn);
      if (tsn >= nextNew) {
        // new TSNs are assigned 1, 2, 3, … in order, and are not flagged as retransmissions
        check(tsn === nextNew && X.retx[uid] === 0, `new TSN ${tsn}, expected ${nextNew}`);
        nextNew++;
      } else {
        check(X.retx[uid] === 1, `retransmission of ${tsn} not flagged`);
      }
    } else if (p.kind[i] === PacketEventKind.drop || (p.kind[i] === PacketEventKind.deliver && p.node[i] === K1)) {
      // TSN conservation: every transmission ends once — dropped or delivered — or is in flight
      check(sent.get(uid) === tsn && !ended.has(uid), `transmission ${uid} of ${tsn} ends twice or was never sent`);
      ended.add(uid);
      if (p.kind[i] === PacketEventKind.deliver) delivered.add(tsn);
    }
  }
  // in-order, exactly-once delivery: the application got 1..n, each once
  const st = t.flowStats[0]!;
  for (let tsn = 1; tsn <= st.deliveredPackets; tsn++) check(delivered.has(tsn), `${tsn} delivered without arriving`);
  check(!delivered.has(st.deliveredPackets + 1), 'an arrived in-order TSN was not delivered');
  check(st.deliveredBytes === st.deliveredPackets * 1000, 'delivered bytes');
  check(st.packetsSent === sent.size, 'packetsSent');
  for (const d of decisionsOf(t)) {
    const a = d.after;
    check(a.cwnd >= 1, `cwnd ${a.cwnd} < 1 MTU at ${d.time}`);
    check(a.flightsize >= 0, `flightsize ${a.flightsize} < 0 at ${d.time}`);
    check(a.partialBytesAcked >= 0, `pba < 0 at ${d.time}`);
    check(a.ssthresh >= FLOOR[sender], `ssthresh ${a.ssthresh} below ${FLOOR[sender]} MTUs at ${d.time}`);
    // RFC 2960 §6.1 A: no new data while the peer's rwnd (windowPkts chunks) is used up. This is
    // the sender's own count; the network may hold more: after a T3-rtx the chunks marked for
    // retransmission stop counting as outstanding while their originals are still on the way
    // (New-Reno SCTP, 1 % loss, seed 356, window 8: 9 TSNs between S1 and K1 at 2.304 s).
    check(a.flightsize <= windowPkts, `outstanding ${a.flightsize} chunks above the peer's window at ${d.time}`);
    check(d.code.startsWith('sctp.'), d.code);
    // RFC 2960 §7.2.3 (fast retransmit) and §6.3.3 E1 (T3-rtx): ssthresh = max(cwnd/2, floor·MTU)
    // in whole bytes; then cwnd = ssthresh, or 1 MTU on a T3 timeout. A SACK may first grow cwnd
    // by up to one MTU (§7.2.1–2) and then trigger the fast retransmit, so the cwnd that was
    // halved lies between the cwnd before the decision and one MTU more.
    const ss = d.changes.ssthresh;
    if (ss && d.changes.cwnd && ss[1] < ss[0]) {
      const c0 = Math.round(d.changes.cwnd[0] * MTU);
      const got = Math.round(ss[1] * MTU);
      const lo = Math.max(Math.trunc(c0 / 2), FLOOR[sender] * MTU);
      const hi = Math.max(Math.trunc((c0 + MTU) / 2), FLOOR[sender] * MTU);
      check(got >= lo && got <= hi, `${d.code} at ${d.time}: ssthresh ${got} bytes after cwnd ${c0}`);
      check(a.cwnd === (d.code === 'sctp.rto' ? 1 : a.ssthresh), `${d.code} at ${d.time}: cwnd ${a.cwnd}`);
    }
  }
  for (const s of samplesOf(t)) {
    check(s.cwndBytes >= 1000, `cwnd ${s.cwndBytes} bytes`);
    check(Math.abs(s.cwnd * 1000 - s.cwndBytes) < 1e-6, 'cwnd packets vs bytes');
  }
}

describe('SCTP invariants on random losses', () => {
  it('conserves TSNs, delivers in order exactly once, keeps cwnd ≥ 1 MTU, outstanding data within the peer window, ssthresh = max(cwnd/2, floor) on every cut', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        checkInvariants(simulate(s), s.sender, s.windowPkts);
      }),
      { numRuns: 150, seed: 20240601 },
    );
  }, 60_000);

  it('is deterministic: the same scenario gives the same trace', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const a = simulate(s);
        const b = simulate(s);
        expect(decisionsOf(b)).toEqual(decisionsOf(a));
        expect(b.packets.time).toEqual(a.packets.time);
      }),
      { numRuns: 10, seed: 7 },
    );
  }, 30_000);

  it('recovers from the loss of a retransmission by a T3-rtx timeout and still delivers everything sent', () => {
    const t = run(
      fallFloyd({
        sender: 'sctp-newreno',
        scripted: [
          { flow: 0, packet: 15, transmission: 1 },
          { flow: 0, packet: 15, transmission: 2 },
        ],
        stopS: 8,
      }),
    );
    checkInvariants(t, 'sctp-newreno', 28);
    expect(t.flowStats[0]!.timeouts).toBe(1);
    const rto = decisionsOf(t).find((d) => d.code === 'sctp.rto')!;
    expect(rto.packets).toEqual([15]);
    expect(rto.after.cwnd).toBe(1);
    expect(t.flowStats[0]!.deliveredPackets).toBeGreaterThan(100);
  });
});
