/**
 * A finite transfer end to end: the close sequence (TCP FIN / FIN-ACK, SCTP SHUTDOWN /
 * SHUTDOWN-ACK / SHUTDOWN-COMPLETE) and the quiet after it; exactly-once, in-order delivery of
 * exactly ⌈bytes / mss⌉ packets over random sizes, senders, rule sets and losses; bulk flows
 * untouched (no close, no application decisions).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decisionsOf,
  PacketEventKind,
  PacketType,
  run,
  SCTP_SENDERS,
  TCP_SENDERS,
  type SimConfig,
  type Trace,
} from '../../../src/engine';
import { explainDecision } from '../../../src/trace/explain';
import { fallFloydConfig } from '../../helpers/fall-floyd';

/** The flow's packet events after time t (any type), as [time, kind, type] rows. */
function eventsAfter(trace: Trace, t: number): number[][] {
  const P = trace.packets;
  const X = trace.transmissions;
  const out: number[][] = [];
  for (let i = 0; i < P.length; i++)
    if (P.time[i]! > t) out.push([P.time[i]!, P.kind[i]!, X.type[P.uid[i]!]!]);
  return out;
}

/** Control packets sent by node `node`, as [time, size]. */
function controlSends(trace: Trace, node: string): number[][] {
  const P = trace.packets;
  const X = trace.transmissions;
  const n = trace.nodes.indexOf(node);
  const out: number[][] = [];
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (P.kind[i] === PacketEventKind.send && X.type[u] === PacketType.control && P.node[i] === n) {
      out.push([P.time[i]!, X.size[u]!]);
    }
  }
  return out;
}

describe('TCP close (RFC 793 §3.5)', () => {
  // 20 packets, Reno, Fall & Floyd settings, no loss; a long run to show the quiet after.
  const trace = run(
    fallFloydConfig('reno', [], { flow: { app: { kind: 'file', bytes: 20_000 } }, stopS: 60 }),
  );
  const ds = decisionsOf(trace);

  it('sends the FIN in the decision of the ACK for packet 20, and closes on its FIN-ACK', () => {
    const [close, closed] = ds.slice(-2);
    expect(close!.code).toBe('tcp.close');
    expect(close!.trigger).toMatchObject({ kind: 'ack', cumAck: 20 });
    expect(closed!.code).toBe('tcp.closed');
    expect(explainDecision(close!, trace)).toBe(
      `Transfer complete: all 20 packets acknowledged at ${Number(close!.time.toPrecision(6))} s; FIN sent, the retransmission timer stops (RFC 793 §3.5 (CLOSE: a FIN after the last data, once the application has nothing more))`,
    );
    // FIN from S1 at the close, FIN-ACK from K1: both 40 bytes; one bottleneck round trip apart
    // (0.1 s each way plus 40 bytes at 800 kb/s and at 8 Mb/s, twice).
    expect(controlSends(trace, 'S1')).toEqual([[close!.time, 40]]);
    const finAck = controlSends(trace, 'K1');
    expect(finAck).toHaveLength(1);
    expect(finAck[0]![0]! - close!.time).toBeCloseTo(0.1 + (40 * 8) / 800e3 + (40 * 8) / 8e6, 9);
    expect(closed!.time - close!.time).toBeCloseTo(
      2 * (0.1 + (40 * 8) / 800e3 + (40 * 8) / 8e6),
      9,
    );
  });

  it('is quiet after the FIN-ACK: no packet, no timer, no decision until the end at 60 s', () => {
    const closedAt = ds.at(-1)!.time;
    expect(eventsAfter(trace, closedAt)).toEqual([]);
    expect(ds.filter((d) => d.time > closedAt)).toEqual([]);
  });

  it('delivers exactly 20 packets, 20 000 bytes, sending each once', () => {
    expect(trace.flowStats[0]).toMatchObject({
      packetsSent: 20,
      retransmissions: 0,
      timeouts: 0,
      deliveredPackets: 20,
      deliveredBytes: 20_000,
    });
  });

  it('a lost last packet: no duplicate ACK can come, so the RTO resends it, then the FIN', () => {
    const t = run(
      fallFloydConfig('newreno', [20], {
        flow: { app: { kind: 'file', bytes: 20_000 } },
        stopS: 60,
      }),
    );
    const d = decisionsOf(t);
    const rto = d.filter((x) => x.code === 'tcp.rto-tail');
    expect(d.filter((x) => x.code === 'tcp.rto')).toEqual([]);
    expect(rto.map((x) => x.packets)).toEqual([[20]]);
    expect(explainDecision(rto[0]!, t)).toMatch(
      /^Retransmission timer expired \(RTO 1 s\) with nothing more to send: the lost packet 20 is among the last the application offered, so no later packet could bring duplicate ACKs and only the timer recovers it; ssthresh 28 → \d+, cwnd \d+ → 1; sends 20 /,
    );
    // The RTO is 1 s (minrto) after the timer was last restarted by the ACK for 19.
    const ack19 = d.find((x) => x.trigger.kind === 'ack' && x.trigger.cumAck === 19)!;
    expect(rto[0]!.time).toBeCloseTo(ack19.time + 1, 9);
    expect(d.slice(-2).map((x) => x.code)).toEqual(['tcp.close', 'tcp.closed']);
    expect(t.flowStats[0]!.deliveredPackets).toBe(20);
  });
});

describe('a lost FIN (RFC 793 §3.5, RFC 6298 §5.5)', () => {
  // 16 packets of Reno sharing the queue of 8 with a bulk Reno flow from 1.2 s: the FIN
  // (a 40-byte control packet) overflows the queue at R1.
  const cfg = fallFloydConfig('reno', [], {
    flow: { app: { kind: 'file', bytes: 16_000 } },
    stopS: 30,
  });
  cfg.flows.push({ ...cfg.flows[0]!, id: 1, app: undefined, startS: 1.2 });
  const trace = run(cfg);
  const ds = decisionsOf(trace).filter((d) => d.flow === 0);
  const close = ds.find((d) => d.code === 'tcp.close')!;
  const rtx = ds.filter((d) => d.code === 'tcp.fin-rto');

  it('is dropped by the full queue at R1 and sent again one RTO later, RTO doubled', () => {
    const P = trace.packets;
    const X = trace.transmissions;
    const r1 = trace.nodes.indexOf('R1');
    const drops: number[] = [];
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (
        X.flow[u] === 0 &&
        X.type[u] === PacketType.control &&
        P.kind[i] === PacketEventKind.drop &&
        P.node[i] === r1
      ) {
        drops.push(P.time[i]!);
      }
    }
    // Dropped on arrival at R1: 40 bytes at 8 Mb/s (40 µs) after it left S1.
    expect(drops).toHaveLength(1);
    expect(drops[0]!).toBeCloseTo(close.time + (40 * 8) / 8e6, 12);
    const rto = close.after.rto;
    expect(rtx).toHaveLength(1);
    expect(rtx[0]!.time).toBeCloseTo(close.time + rto, 9);
    expect(rtx[0]!.changes.rto).toEqual([rto, 2 * rto]);
    expect(explainDecision(rtx[0]!, trace)).toMatch(/^No ACK of the FIN within the RTO/);
    expect(controlSends(trace, 'S1').map(([t]) => t)).toEqual([close.time, rtx[0]!.time]);
  });

  it('then closes on the FIN-ACK of the resent FIN, and stays quiet', () => {
    const closed = ds.at(-1)!;
    expect(closed.code).toBe('tcp.closed');
    expect(closed.time).toBeGreaterThan(rtx[0]!.time);
    expect(trace.flowStats[0]!.deliveredPackets).toBe(16);
  });
});

describe('a lost SHUTDOWN (RFC 4960 §9.2)', () => {
  // 16 chunks of sctp-4960 sharing the queue of 8 with a bulk Reno flow from 1.2 s: the
  // SHUTDOWN overflows the queue at R1.
  const cfg = fallFloydConfig('sctp-4960', [], {
    flow: { app: { kind: 'file', bytes: 16_000 } },
    stopS: 30,
  });
  cfg.flows.push({ ...cfg.flows[0]!, id: 1, app: undefined, startS: 1.2, sender: 'reno' });
  const trace = run(cfg);
  const ds = decisionsOf(trace).filter((d) => d.flow === 0);

  it('T2-shutdown resends it one RTO later with the RTO backed off; SHUTDOWN-COMPLETE follows the SHUTDOWN-ACK', () => {
    const shut = ds.find((d) => d.code === 'sctp.shutdown')!;
    const rtx = ds.filter((d) => d.code === 'sctp.shutdown-rtx');
    expect(rtx).toHaveLength(1);
    expect(rtx[0]!.time).toBeCloseTo(shut.time + shut.after.rto, 9);
    expect(rtx[0]!.changes.rto).toEqual([shut.after.rto, 2 * shut.after.rto]);
    expect(ds.at(-1)!.code).toBe('sctp.shutdown-complete');
    // S1's control packets after the data: SHUTDOWN (40 bytes), SHUTDOWN again, SHUTDOWN-COMPLETE (36).
    const sends = controlSends(trace, 'S1').filter(([t]) => t! >= shut.time);
    expect(sends.map(([, size]) => size)).toEqual([40, 40, 36]);
    expect(sends.map(([t]) => t)).toEqual([shut.time, rtx[0]!.time, ds.at(-1)!.time]);
    expect(trace.flowStats[0]!.deliveredPackets).toBe(16);
  });
});

describe('bulk flows are untouched', () => {
  it('no application, close or idle decision in a bulk run', () => {
    const t = run(fallFloydConfig('sack', [15, 27]));
    const codes = new Set(decisionsOf(t).map((d) => d.code));
    for (const c of codes)
      expect(c).not.toMatch(/^tcp\.(app-|close|closed|fin-|idle-|cwnd-validation)/);
    expect(controlSends(t, 'S1')).toEqual([]);
  });
});

/** A finite transfer over the Fall & Floyd path with random loss and scripted drops. */
function fileConfig(c: {
  sender: string;
  bytes: number;
  mss: number;
  rules: 'ns2' | 'rfc';
  syn: boolean;
  handshake: boolean;
  delack: boolean;
  drops: number[];
  loss: number;
  seed: number;
}): SimConfig {
  const cfg = fallFloydConfig(c.sender as never, c.drops, {
    flow: {
      app: { kind: 'file', bytes: c.bytes },
      mssBytes: c.mss,
      rules: c.rules,
      synSegment: c.syn && !c.handshake && TCP_SENDERS.includes(c.sender as never),
      handshake: c.handshake,
      firstPacketWithoutHeader: !c.handshake,
      delayedAck: c.delack,
    },
    lossRate: c.loss,
    seed: c.seed,
    stopS: 400,
  });
  return cfg;
}

describe('exactly-once in-order delivery of exactly ⌈bytes / mss⌉ packets, the file’s bytes', () => {
  it('for every TCP and SCTP sender, rule set, size and loss pattern; then the close', () => {
    fc.assert(
      fc.property(
        fc.record({
          sender: fc.constantFrom(...TCP_SENDERS, ...SCTP_SENDERS),
          bytes: fc.integer({ min: 1, max: 120_000 }),
          mss: fc.constantFrom(500, 1000, 1460),
          rules: fc.constantFrom('ns2' as const, 'rfc' as const),
          syn: fc.boolean(),
          handshake: fc.boolean(),
          delack: fc.boolean(),
          drops: fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { maxLength: 4 }),
          loss: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.03, noNaN: true })),
          seed: fc.integer({ min: 1, max: 1000 }),
        }),
        (c) => {
          const cfg = fileConfig(c);
          const trace = run(cfg);
          const n = Math.ceil(c.bytes / c.mss);
          const syn = cfg.flows[0]!.synSegment ? 1 : 0;
          const stats = trace.flowStats[0]!;
          // The file's bytes, not whole packets (the last one carries what is left).
          expect(stats.deliveredBytes).toBe(c.bytes);
          expect(stats.offeredBytes).toBe(c.bytes);
          expect(stats.deliveredPackets).toBe(n + syn);
          // Every data packet delivered to K1 at most once as new data, in order (the receiver's
          // in-order count is the highest packet number, so counts and numbers agree), and
          // nothing numbered beyond n (+ the SYN segment) was ever sent.
          const P = trace.packets;
          const X = trace.transmissions;
          let highest = 0;
          for (let i = 0; i < P.length; i++) {
            const u = P.uid[i]!;
            if (X.type[u] === PacketType.data && P.kind[i] === PacketEventKind.send) {
              highest = Math.max(highest, X.packet[u]!);
            }
          }
          expect(highest).toBe(n + syn);
          const last = decisionsOf(trace).at(-1)!;
          expect(last.code).toMatch(/^(tcp\.closed|sctp\.shutdown-complete)$/);
        },
      ),
      { numRuns: 60, seed: 12 },
    );
  });
});
