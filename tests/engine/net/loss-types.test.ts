/**
 * LossConfig.types: which packets a loss point's random loss may drop — data (the default, as
 * before), ACKs, control. A lost handshake SYN is sent again after the initial RTO; lost ACKs
 * are covered by the cumulative ACKs after them; scripted drops stay data-only.
 */
import { describe, expect, it } from 'vitest';
import {
  DropCause,
  PacketEventKind as K,
  PacketType,
  run,
  type LossConfig,
  type SimConfig,
  type Trace,
} from '../../../src/engine';
import { fallFloydConfig } from '../../helpers/fall-floyd';
import { fallFloyd } from '../sctp/setup';

/** A Gilbert–Elliott chain that loses exactly the first packet it judges, then none. */
const FIRST_ONLY = { pGoodBad: 1, pBadGood: 0, lossGood: 1, lossBad: 0 };

interface Row {
  time: number;
  kind: number;
  type: number;
  node: string;
  packet: number;
  cumAck: number;
  cause: number;
}

function rows(t: Trace): Row[] {
  const p = t.packets;
  const X = t.transmissions;
  const out: Row[] = [];
  for (let i = 0; i < p.length; i++) {
    const u = p.uid[i]!;
    out.push({
      time: p.time[i]!,
      kind: p.kind[i]!,
      type: X.type[u]!,
      node: t.nodes[p.node[i]!]!,
      packet: X.packet[u]!,
      cumAck: X.cumAck[u]!,
      cause: p.cause[i]!,
    });
  }
  return out;
}

/** Fall & Floyd, with a SYN / SYN-ACK handshake and a loss point S1 → R1. */
function handshakeConfig(loss: Partial<LossConfig>): SimConfig {
  const cfg = fallFloydConfig('reno', [], { stopS: 8 });
  cfg.flows[0] = { ...cfg.flows[0]!, handshake: true };
  cfg.losses = [{ from: 'S1', to: 'R1', drops: [], lossRate: 0, seed: 1, ...loss }];
  return cfg;
}

describe('loss of control packets', () => {
  it('a lost SYN is sent again after the initial RTO, then the transfer starts', () => {
    const r = rows(run(handshakeConfig({ gilbert: FIRST_ONLY, types: ['control'] })));
    const synSends = r.filter(
      (x) => x.type === PacketType.control && x.kind === K.send && x.node === 'S1',
    );
    const drops = r.filter((x) => x.kind === K.drop && x.cause === DropCause.random);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({ time: 1, type: PacketType.control, cause: DropCause.random });
    // initialRtoS = 3: the SYN again at 4 s, and the first data packet after its SYN-ACK.
    expect(synSends.map((x) => x.time).slice(0, 2)).toEqual([1, 4]);
    const firstData = r.find((x) => x.type === PacketType.data && x.kind === K.send)!;
    expect(firstData.time).toBeGreaterThan(4);
    expect(firstData.time).toBeLessThan(4.5);
  });

  it('by default (data only) the same chain spares the SYN and loses data packet 1', () => {
    const r = rows(run(handshakeConfig({ gilbert: FIRST_ONLY })));
    const drops = r.filter((x) => x.kind === K.drop);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({ type: PacketType.data, packet: 1, cause: DropCause.random });
    const synSends = r.filter(
      (x) => x.type === PacketType.control && x.kind === K.send && x.node === 'S1',
    );
    expect(synSends[0]!.time).toBe(1);
    expect(synSends.length).toBeLessThanOrEqual(2); // SYN, and a FIN at most
  });

  it("ns-2's header-only SYN segment counts as control", () => {
    const cfg = fallFloydConfig('reno', [], { stopS: 8 });
    cfg.flows[0] = { ...cfg.flows[0]!, synSegment: true };
    cfg.losses = [
      {
        from: 'S1',
        to: 'R1',
        drops: [],
        lossRate: 0,
        seed: 1,
        gilbert: FIRST_ONLY,
        types: ['control'],
      },
    ];
    const drops = rows(run(cfg)).filter((x) => x.kind === K.drop);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({ type: PacketType.data, packet: 1, time: 1 });
  });
});

describe('loss of SCTP control chunks', () => {
  it('a lost INIT is sent again after the initial RTO (3 s), then the association carries data', () => {
    const cfg = fallFloyd({ sender: 'sctp-4960', flow: { handshake: true }, stopS: 8 });
    cfg.losses[0] = { ...cfg.losses[0]!, gilbert: FIRST_ONLY, types: ['control'] };
    const t = run(cfg);
    const p = t.packets;
    const X = t.transmissions;
    const controlSends: number[] = [];
    const drops: number[] = [];
    for (let i = 0; i < p.length; i++) {
      if (X.type[p.uid[i]!] !== PacketType.control) continue;
      if (p.kind[i] === K.drop) drops.push(p.time[i]!);
      if (p.kind[i] === K.send && t.nodes[p.node[i]!] === 'S1') controlSends.push(p.time[i]!);
    }
    // The loss point is at R1 → K1: the INIT dies there after crossing S1 → R1.
    expect(drops).toHaveLength(1);
    expect(drops[0]).toBeCloseTo(1.000056, 9);
    expect(controlSends.slice(0, 2)).toEqual([1, 4]);
    expect(t.flowStats[0]!.deliveredPackets).toBeGreaterThan(50);
  });
});

describe('loss of ACKs', () => {
  /** No overflow (queue 30 > window 28), 10 % of the ACKs K1 → R1 lost. */
  function ackLossConfig(types: LossConfig['types']): SimConfig {
    const cfg = fallFloydConfig('reno', [], { stopS: 10, bottleneck: { queueLimit: 30 } });
    cfg.losses = [{ from: 'K1', to: 'R1', drops: [], lossRate: 0.1, seed: 106, types }];
    return cfg;
  }

  it('lost ACKs are covered by the cumulative ACKs that follow', () => {
    const t = run(ackLossConfig(['ack']));
    const r = rows(t);
    const lost = r.filter((x) => x.kind === K.drop);
    expect(lost.length).toBe(48);
    expect(lost.every((x) => x.type === PacketType.ack && x.cause === DropCause.random)).toBe(true);
    const atSender = r.filter((x) => x.type === PacketType.ack && x.kind === K.deliver);
    for (const l of lost) {
      expect(atSender.some((a) => a.time > l.time && a.cumAck >= l.cumAck)).toBe(true);
    }
    // Only when every ACK of a flight is lost does the sender time out: at cwnd 2 both ACKs
    // (cumulative 2 and 3) of packets 2 and 3 are lost, so the timer fires 1 s later and
    // packet 2 is sent again. Every later lost ACK is covered by the next one: no more
    // retransmissions, whatever the 46 lost ACKs after it. (Seed 106 makes the first flight's
    // two ACKs the first lost.)
    expect(lost.slice(0, 2).map((x) => x.cumAck)).toEqual([2, 3]);
    expect(t.flowStats[0]!.timeouts).toBe(1);
    expect(t.flowStats[0]!.retransmissions).toBe(1);
    const dataSends = r.filter((x) => x.kind === K.send && x.type === PacketType.data);
    const resent = dataSends.filter(
      (x, k) => dataSends.findIndex((y) => y.packet === x.packet) !== k,
    );
    expect(resent.map((x) => [x.time, x.packet])).toEqual([[2.21144, 2]]);
    expect(lost.filter((x) => x.time > 2.3).length).toBe(46);
    expect(t.flowStats[0]!.deliveredPackets).toBe(473);
  });

  it('the default spares ACKs: the same loss point drops nothing on the ACK path', () => {
    const t = run(ackLossConfig(undefined));
    expect(rows(t).filter((x) => x.kind === K.drop)).toHaveLength(0);
  });

  it('scripted drops stay data-only, whatever the types', () => {
    const cfg = fallFloydConfig('reno', [5], { stopS: 6 });
    cfg.losses[0] = { ...cfg.losses[0]!, types: ['ack', 'control'] };
    const drops = rows(run(cfg)).filter((x) => x.kind === K.drop && x.cause === DropCause.scripted);
    expect(drops.map((x) => [x.type, x.packet])).toEqual([[PacketType.data, 5]]);
  });

  it('rejects an unknown packet type', () => {
    const cfg = ackLossConfig(['acks' as never]);
    expect(() => run(cfg)).toThrow(/unknown packet type 'acks'/);
  });
});
