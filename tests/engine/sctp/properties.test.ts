/**
 * Invariants of the SCTP sender and receiver on random drop lists and random loss, for every
 * variant, with and without handshake and delayed SACK.
 */
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

/** Throws with a description of the first broken invariant. */
function checkInvariants(t: Trace): void {
  const p = t.packets;
  const K1 = t.nodes.indexOf('K1');
  const S1 = t.nodes.indexOf('S1');
  const sent = new Map<number, number>(); // uid → TSN
  const ended = new Set<number>();
  let nextNew = 1;
  const delivered = new Set<number>();
  for (let i = 0; i < p.length; i++) {
    if (p.type[i] !== PacketType.data) continue;
    const uid = p.uid[i]!;
    const tsn = p.packet[i]!;
    if (p.kind[i] === PacketEventKind.send) {
      check(p.node[i] === S1 && !sent.has(uid), `send ${uid}`);
      sent.set(uid, tsn);
      if (tsn >= nextNew) {
        // new TSNs are assigned 1, 2, 3, … in order, and are not flagged as retransmissions
        check(tsn === nextNew && p.retx[i] === 0, `new TSN ${tsn}, expected ${nextNew}`);
        nextNew++;
      } else {
        check(p.retx[i] === 1, `retransmission of ${tsn} not flagged`);
      }
    } else if (p.kind[i] === PacketEventKind.drop || (p.kind[i] === PacketEventKind.deliver && p.node[i] === K1)) {
      // TSN conservation: every transmission ends once — dropped or delivered — or is in flight
      check(sent.get(uid) === tsn && !ended.has(uid), `transmission ${uid} of ${tsn} ends twice or was never sent`);
      ended.add(uid);
      if (p.kind[i] === PacketEventKind.deliver) delivered.add(tsn);
    }
  }
  const inFlight = sent.size - ended.size;
  check(inFlight >= 0 && inFlight <= 64 + 8 + 1, `in flight ${inFlight}`);
  // in-order, exactly-once delivery: the application got 1..n, each once
  const st = t.flowStats[0]!;
  for (let tsn = 1; tsn <= st.deliveredPackets; tsn++) check(delivered.has(tsn), `${tsn} delivered without arriving`);
  check(!delivered.has(st.deliveredPackets + 1), 'an arrived in-order TSN was not delivered');
  check(st.deliveredBytes === st.deliveredPackets * 1000, 'delivered bytes');
  check(st.packetsSent === sent.size, 'packetsSent');
  for (const d of t.decisions) {
    const a = d.after;
    check(a.cwnd >= 1, `cwnd ${a.cwnd} < 1 MTU at ${d.time}`);
    check(a.flightsize >= 0, `flightsize ${a.flightsize} < 0 at ${d.time}`);
    check(a.partialBytesAcked >= 0, `pba < 0 at ${d.time}`);
    check(a.ssthresh >= 2, `ssthresh ${a.ssthresh} at ${d.time}`);
    check(d.code.startsWith('sctp.'), d.code);
  }
  for (const s of t.samples) {
    check(s.cwndBytes >= 1000, `cwnd ${s.cwndBytes} bytes`);
    check(Math.abs(s.cwnd * 1000 - s.cwndBytes) < 1e-6, 'cwnd packets vs bytes');
  }
}

describe('SCTP invariants on random losses', () => {
  it('conserves TSNs, delivers in order exactly once, keeps cwnd ≥ 1 MTU and flightsize ≥ 0', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        checkInvariants(simulate(s));
      }),
      { numRuns: 150, seed: 20240601 },
    );
  }, 60_000);

  it('is deterministic: the same scenario gives the same trace', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const a = simulate(s);
        const b = simulate(s);
        expect(b.decisions).toEqual(a.decisions);
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
    checkInvariants(t);
    expect(t.flowStats[0]!.timeouts).toBe(1);
    const rto = t.decisions.find((d) => d.code === 'sctp.rto')!;
    expect(rto.packets).toEqual([15]);
    expect(rto.after.cwnd).toBe(1);
    expect(t.flowStats[0]!.deliveredPackets).toBeGreaterThan(100);
  });
});
