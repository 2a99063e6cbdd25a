/**
 * The FlowConfig options for ns-2.35's own SCTP defaults (dataChunkHeaderBytes,
 * initialCwndBytes, initialRwndBytes) and the RTT sample of a chunk sent at t = 0. Today's
 * defaults (all unset) keep every published comparison exact (ns2-compare.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run, samplesOf, type FlowConfig, type SimConfig } from '../../../src/engine';
import { readNs2Events } from './ns2';
import { fallFloyd } from './setup';
import { col } from '../../helpers/packet-fields';

function cfg(flow: Partial<FlowConfig>, drops: number[] = [], stopS = 6): SimConfig {
  return fallFloyd({ sender: 'sctp-4960', drops, flow, stopS });
}

const ackDecisions = (c: SimConfig) => decisionsOf(run(c)).filter((d) => d.trigger.kind === 'ack');

describe('RTT sampling of a chunk sent at t = 0 (RFC 2960 §6.3.1 C1–C4)', () => {
  it('an association starting at 0 without a handshake takes its first RTT sample from chunk 1', () => {
    const first = ackDecisions(cfg({ startS: 0 }))[0]!;
    // r = 0.21188 s: RTO = r + 4 · r/2 = 0.63564, raised to the 1 s minimum (C6) from 3 s.
    expect(first.after.rto).toBe(1);
  });

  it("ns-2.35 never sends DATA at t = 0, so its 0 'not timed' mark never bites in a fixture", () => {
    // sctp-ns2def-start0-d1 opens the association at 0: INIT, COOKIE-ECHO and a HEARTBEAT
    // reach R1 before the first DATA chunk, one handshake later.
    const rows = readNs2Events('sctp-ns2def-start0-d1');
    const firstData = rows.findIndex((r) => r.event === 'ARR' && r.kind === 'DATA');
    expect(rows[0]!.time).toBe(0.000056); // the INIT sent at 0, 56 bytes at 8 Mb/s later
    expect(
      rows
        .slice(0, firstData)
        .filter((r) => r.event === 'ARR')
        .map((r) => r.kind),
    ).toEqual(['INIT_OR_COOKIE', 'INIT_OR_COOKIE', 'HEARTBEAT']);
    expect(rows[firstData]!.time).toBeGreaterThan(0.3);
  });

  it('the RTO after the start is the same whether the flow starts at 0 or at 1 s', () => {
    const rtos = (startS: number) =>
      ackDecisions(cfg({ startS, minRtoS: 0.2 }, [15])).map((d) => d.after.rto);
    const at0 = rtos(0);
    const at1 = rtos(1);
    expect(at0.length).toBeGreaterThan(100);
    // equal up to the rounding of times 1 s apart
    for (let i = 0; i < 100; i++) expect(at0[i]).toBeCloseTo(at1[i]!, 9);
    expect(at0[0]).toBeCloseTo(0.635904, 9);
  });
});

describe('dataChunkHeaderBytes: a chunk counts its DATA header in outstanding bytes and rwnd', () => {
  it('992 bytes of data + 16 counted is the same trace as a 1008-byte chunk', () => {
    const whole = run(cfg({ mssBytes: 1008, headerBytes: 32, handshake: true }, [15, 27, 29]));
    const split = run(
      cfg(
        { mssBytes: 992, headerBytes: 48, dataChunkHeaderBytes: 16, handshake: true },
        [15, 27, 29],
      ),
    );
    expect(Array.from(split.packets.time)).toEqual(Array.from(whole.packets.time));
    expect(Array.from(col(split, 'size'))).toEqual(Array.from(col(whole, 'size')));
    expect(samplesOf(split)).toEqual(samplesOf(whole));
  });

  it('the header is counted: 1000-byte chunks with 16 header bytes fill a 20 000-byte window with 19, not 20', () => {
    const inFlight = (flow: Partial<FlowConfig>) =>
      Math.max(
        ...ackDecisions(
          cfg({ initialCwndPkts: 40, windowPkts: 20, initialRwndBytes: 20000, ...flow }, [], 2),
        ).map((d) => d.after.flightsize),
      );
    expect(inFlight({})).toBe(20);
    expect(inFlight({ dataChunkHeaderBytes: 16, headerBytes: 56 }) * 1016).toBeCloseTo(
      19 * 1016,
      6,
    );
  });
});

describe('initialCwndBytes and initialRwndBytes', () => {
  it('ns-2.35 starts at RFC 4960 min(4 MTU, max(2 MTU, 4380)) = 4380 bytes for its 1500-byte MTU', () => {
    const t = run(
      cfg({
        mssBytes: 1452,
        headerBytes: 48,
        dataChunkHeaderBytes: 16,
        pathMtuBytes: 1500,
        initialCwndBytes: 4380,
      }),
    );
    expect(samplesOf(t)[0]!.cwndBytes).toBe(4380);
    // 4380 bytes let a third 1468-byte chunk out (outstanding 2936 < 4380), not a fourth.
    expect(decisionsOf(t)[0]!.packets).toEqual([1, 2, 3]);
  });

  it('the receiver advertises initialRwndBytes and the sender stops at it', () => {
    const first = (initialRwndBytes: number) =>
      decisionsOf(run(cfg({ initialCwndPkts: 40, initialRwndBytes }, [], 2)))[0]!.packets.length;
    expect(first(5500)).toBe(5); // after 5 chunks of 1000 the peer's rwnd is 500: no room for a 6th
    expect(first(6000)).toBe(6);
    expect(first(28000)).toBe(28); // windowPkts · chunk, the default
  });
});
