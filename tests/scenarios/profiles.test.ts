/**
 * Stack profiles (src/scenarios/profiles.ts): `profile=ns2` gives the engine ns-2.35's own
 * defaults for TCP and SCTP, `ff96` the Fall & Floyd test-suite settings the presets always had;
 * keys left "auto" (icwnd, maxburst, handshake, rwnd) take the profile's value, explicit keys
 * win; the profile is a flow's key like any other.
 */
import { describe, expect, it } from 'vitest';
import {
  NS2_TICK_PHASE_S,
  PacketEventKind,
  PacketType,
  run,
  type FlowConfig,
} from '../../src/engine';
import {
  PROFILE_IDS,
  PROFILE_LABELS,
  buildSimConfig,
  effectiveHandshake,
  effectiveMaxburst,
  parseScenarioQuery,
  presetDefaults,
  type Scenario,
} from '../../src/scenarios';
import { ns2SctpInitialCwndBytes, rwndChunkBytes } from '../../src/scenarios/profiles';

function parsed(q: string): Scenario {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

const flowsOf = (q: string): FlowConfig[] => buildSimConfig(parsed(q)).flows;

/** The FlowConfig fields every flow on the Fall & Floyd network has, whatever its profile. */
const FF_COMMON = {
  src: 'S1',
  dst: 'K1',
  startS: 1,
  mssBytes: 1000,
  windowPkts: 28,
  bugfix: true,
  delayedAck: false,
  tickS: 0.01,
  tickPhaseS: NS2_TICK_PHASE_S,
  initialRtoS: 3,
};

describe('the profiles', () => {
  it('are ff96 (the default of every preset but the tables) and ns2', () => {
    expect(PROFILE_IDS).toEqual(['ff96', 'ns2', 'rfc']);
    expect(PROFILE_LABELS).toEqual({
      ff96: 'Fall & Floyd test suite',
      ns2: 'ns-2.35 defaults',
      rfc: 'RFC text (5681, 6582, 4960)',
    });
    expect(presetDefaults('ff-3-drops').flows[0]!.profile).toBe('ff96');
    expect(presetDefaults('alamgir-table2').flows.map((f) => f.profile)).toEqual(['ns2', 'ns2']);
  });
});

describe('profile=ns2: ns-2.35’s defaults', () => {
  it('TCP: window 2, SYN segment, delayed growth, limited transmit, precision-reduced cuts, NewReno deflation and impatience, minimum RTO 0.2 s', () => {
    const [tcp] = flowsOf('preset=fall-floyd&sender=sack&profile=ns2');
    expect(tcp).toEqual({
      id: 0,
      sender: 'sack',
      ...FF_COMMON,
      dupackThreshold: 3,
      headerBytes: 40,
      initialCwndPkts: 2,
      maxburst: 0,
      handshake: false,
      firstPacketWithoutHeader: false,
      minRtoS: 0.2,
      synSegment: true,
      delayGrowth: true,
      limitedTransmit: true,
      precisionReduce: true,
      newrenoPartialWindowDeflation: true,
      newrenoImpatient: true,
    });
  });

  it('SCTP: 4380-byte initial cwnd, Max.Burst 4, association set up first, 16-byte chunk header counted, 1500-byte MTU, 65536-byte a_rwnd, 48-byte headers', () => {
    const [sctp] = flowsOf('preset=fall-floyd&sender=sctp-4960&profile=ns2');
    expect(sctp).toEqual({
      id: 0,
      sender: 'sctp-4960',
      ...FF_COMMON,
      dupackThreshold: 3,
      headerBytes: 48,
      initialCwndPkts: 1,
      initialCwndBytes: 4380,
      maxburst: 4,
      handshake: true,
      firstPacketWithoutHeader: false,
      minRtoS: 1,
      pathMtuBytes: 1500,
      dataChunkHeaderBytes: 16,
      initialRwndBytes: 65536,
    });
  });

  it('the SYN segment is packet 1, 40 bytes with no payload; the SCTP association sends INIT before data', () => {
    const t = run(
      buildSimConfig(parsed('preset=fall-floyd&flows=reno,sctp-4960&profile=ns2&stop=3')),
    );
    const P = t.packets;
    const X = t.transmissions;
    /** The uid of the flow's first send. */
    const firstSend = (flow: number) => {
      for (let i = 0; i < P.length; i++) {
        if (X.flow[P.uid[i]!] === flow && P.kind[i] === PacketEventKind.send) return P.uid[i]!;
      }
      return -1;
    };
    const tcp = firstSend(0);
    expect([X.type[tcp], X.packet[tcp], X.size[tcp]]).toEqual([PacketType.data, 1, 40]);
    const sctp = firstSend(1);
    expect(X.type[sctp]).not.toBe(PacketType.data);
    expect(t.flowStats[0]!.deliveredBytes).toBe((t.flowStats[0]!.deliveredPackets - 1) * 1000);
  });

  it('SCTP’s initial cwnd follows a larger path MTU: min(4·M, max(2·M, 4380)), M = MTU − 32', () => {
    expect(ns2SctpInitialCwndBytes(1500)).toBe(4380);
    expect(ns2SctpInitialCwndBytes(3048)).toBe(6032);
    expect(ns2SctpInitialCwndBytes(4413)).toBe(8762);
    const sctp = (mss: number) =>
      flowsOf(`preset=geo-table2&flows=sctp-4960&mss=${mss}`).map((f) => [
        f.pathMtuBytes,
        f.initialCwndBytes,
      ])[0];
    expect(sctp(1448)).toEqual([1500, 4380]);
    expect(sctp(1452)).toEqual([1500, 4380]);
    expect(sctp(3000)).toEqual([3048, 6032]);
    // never under one MTU: cwnd ≥ 1 MTU from the start (the fuzz campaign's invariant)
    expect(sctp(4365)).toEqual([4413, 8762]);
  });

  it('explicit keys win over the profile’s auto values', () => {
    const q = 'preset=fall-floyd&flows=sack,sctp-4960&profile=ns2';
    const [tcp3, sctp3] = flowsOf(`${q}&icwnd=3`);
    expect(tcp3!.initialCwndPkts).toBe(3);
    expect([sctp3!.initialCwndPkts, sctp3!.initialCwndBytes]).toEqual([3, undefined]);
    expect(flowsOf(`${q}&maxburst=0`).map((f) => f.maxburst)).toEqual([0, 0]);
    expect(flowsOf(`${q}&f2.maxburst=2`).map((f) => f.maxburst)).toEqual([0, 2]);
    // handshake=0: SCTP sends data at once; handshake=1 on TCP replaces the SYN segment
    expect(flowsOf(`${q}&handshake=0`).map((f) => f.handshake)).toEqual([false, false]);
    const [tcpHs] = flowsOf(`${q}&handshake=1`);
    expect([tcpHs!.handshake, tcpHs!.synSegment]).toEqual([true, false]);
    expect(flowsOf(`${q}&rwnd=30000`)[1]!.initialRwndBytes).toBe(30000);
    // back to auto
    expect(flowsOf(`${q}&icwnd=auto&maxburst=auto&handshake=auto&rwnd=auto`)).toEqual(flowsOf(q));
  });

  it('the resolved auto keys: effectiveMaxburst, effectiveHandshake', () => {
    const [tcp, sctp] = parsed('preset=fall-floyd&flows=sack,sctp-4960&profile=ns2').flows;
    expect([effectiveMaxburst(tcp!), effectiveMaxburst(sctp!)]).toEqual([0, 4]);
    expect([effectiveHandshake(tcp!), effectiveHandshake(sctp!)]).toEqual([false, true]);
    const [ff] = parsed('preset=fall-floyd&sender=sctp-4960').flows;
    expect([effectiveMaxburst(ff!), effectiveHandshake(ff!)]).toEqual([0, false]);
  });
});

describe('profile=ff96: the values every preset had before profiles', () => {
  it('TCP on the Fall & Floyd network: cwnd 1, no SYN, the header-less first packet, minimum RTO 1 s', () => {
    expect(flowsOf('preset=fall-floyd&sender=reno')).toEqual([
      {
        id: 0,
        sender: 'reno',
        ...FF_COMMON,
        dupackThreshold: 3,
        headerBytes: 40,
        initialCwndPkts: 1,
        maxburst: 0,
        handshake: false,
        firstPacketWithoutHeader: true,
        minRtoS: 1,
      },
    ]);
  });

  it('SCTP: chunk-sized MTU on Fall & Floyd, 1500-byte MTU on the satellite dumbbell; rwnd = window chunks; no Max.Burst', () => {
    expect(flowsOf('preset=fall-floyd&sender=sctp-2960')).toEqual([
      {
        id: 0,
        sender: 'sctp-2960',
        ...FF_COMMON,
        dupackThreshold: 4,
        headerBytes: 40,
        initialCwndPkts: 1,
        maxburst: 0,
        handshake: false,
        firstPacketWithoutHeader: true,
        minRtoS: 1,
      },
    ]);
    const [, sat] = flowsOf('preset=satellite-dumbbell');
    expect(sat).toMatchObject({
      sender: 'sctp-2960',
      headerBytes: 48,
      pathMtuBytes: 1500,
      initialCwndPkts: 1,
      maxburst: 0,
    });
    expect(sat!.initialRwndBytes).toBeUndefined();
    expect(sat!.dataChunkHeaderBytes).toBeUndefined();
    expect(sat!.initialCwndBytes).toBeUndefined();
    // an explicit rwnd under ff96 is the a_rwnd in bytes
    expect(flowsOf('preset=satellite-dumbbell&rwnd=30000')[1]!.initialRwndBytes).toBe(30000);
  });
});

describe('profile is a flow’s key', () => {
  it('f2.profile=ns2 changes flow 2 only', () => {
    const [a, b] = flowsOf('preset=fall-floyd&flows=reno,reno&f2.profile=ns2');
    expect([a!.initialCwndPkts, a!.minRtoS, a!.synSegment]).toEqual([1, 1, undefined]);
    expect([b!.initialCwndPkts, b!.minRtoS, b!.synSegment]).toEqual([2, 0.2, true]);
  });
});

describe('rwnd must hold one DATA chunk', () => {
  it('counts the user data (ff96) plus the chunk header (ns2)', () => {
    const [ff] = parsed('preset=fall-floyd&sender=sctp-4960&mss=1501').flows;
    expect(rwndChunkBytes(ff!)).toBe(1501);
    const [ns2] = parsed('preset=fall-floyd&sender=sctp-4960&mss=1501&profile=ns2').flows;
    expect(rwndChunkBytes(ns2!)).toBe(1517);
  });

  it('a smaller rwnd is an error naming it (nothing could ever be delivered)', () => {
    expect(parseScenarioQuery('preset=fall-floyd&sender=sctp-4960&mss=1501&rwnd=1500')).toEqual({
      ok: false,
      errors: [
        {
          key: 'rwnd',
          message: 'rwnd: must hold one DATA chunk: at least 1501 bytes (mss 1501), got 1500',
        },
      ],
    });
    expect(
      parseScenarioQuery(
        'preset=fall-floyd&flows=reno,sctp-4960&f2.mss=1500&f2.rwnd=1515&profile=ns2',
      ),
    ).toEqual({
      ok: false,
      errors: [
        {
          key: 'f2.rwnd',
          message:
            'f2.rwnd: must hold one DATA chunk of flow 2: at least 1516 bytes (mss 1500 + the 16-byte chunk header profile ns2 counts), got 1515',
        },
      ],
    });
    expect(parsed('preset=fall-floyd&sender=sctp-4960&mss=1500&rwnd=1500').flows[0]!.rwnd).toBe(
      1500,
    );
    // TCP flows ignore rwnd (a warning, not an error)
    expect(parseScenarioQuery('preset=fall-floyd&mss=9000&rwnd=1500')).toMatchObject({
      ok: true,
      warnings: ['rwnd: has no effect on TCP senders (use window)'],
    });
  });
});
