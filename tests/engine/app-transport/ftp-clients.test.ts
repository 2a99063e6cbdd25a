/**
 * The FTP-clients source (app/ftp-clients.ts, 003_… §3): Pareto file sizes and exponential think
 * times from the flow's named streams, one file at a time, the next requested a think time after
 * the transport reports the previous one drained — exact first values from a fixed seed, the
 * distributions over many draws, and the source driving a TCP sender end to end.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, PacketEventKind, PacketType, run } from '../../../src/engine';
import { sourceContext } from '../../../src/engine/app/context';
import { ftpClientsSource } from '../../../src/engine/app/ftp-clients';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { RandomStream } from '../../../src/engine/core/streams';
import { fallFloydConfig } from '../../helpers/fall-floyd';

const APP = { kind: 'ftp-clients' as const, meanBytes: 80_000, shape: 1.18, thinkS: 90 };
const flow = fallFloydConfig('reno').flows[0]!;

describe('ftp-clients source, seed 7, flow 1', () => {
  it('offers the first file at the start and the next one a think time after drained()', () => {
    const sched = new Scheduler();
    const src = ftpClientsSource(APP, sourceContext(flow, sched, 7));
    let wakes = 0;
    sched.at(1, () => src.start(() => wakes++));
    sched.runUntil(1);
    // Pareto(mean 80 000, shape 1.18): xm = 12 203.39 bytes; first draw 14 555.53 → 14 556 bytes.
    expect(src.files).toEqual([{ atS: 1, bytes: 14_556, packets: 15 }]);
    expect([src.offered(), src.offeredBytes(), src.finished(), wakes]).toEqual([
      15,
      15_000,
      false,
      1,
    ]);
    sched.runUntil(2);
    src.drained();
    src.drained(); // a second report of the same drain schedules nothing more
    sched.runUntil(2 + 85.7);
    expect(src.files).toHaveLength(1);
    sched.runUntil(1000);
    // Think time: exponential(mean 90 s), first draw 85.7471 s; second file 17 900.09 → 17 901 bytes.
    expect(src.files[1]!.atS).toBeCloseTo(2 + 85.74713606063446, 9);
    expect(src.files[1]!).toMatchObject({ bytes: 17_901, packets: 18 });
    expect([src.offered(), wakes]).toEqual([33, 2]);
  });

  it('draws sizes and think times from two streams of its own (another flow id: other values)', () => {
    const other = ftpClientsSource(APP, sourceContext({ ...flow, id: 1 }, new Scheduler(), 7));
    other.start(() => {});
    expect(other.files[0]!.bytes).not.toBe(14_556);
    expect(other.files[0]!.bytes).toBe(
      Math.ceil(new RandomStream(7, 'app.ftp.size', 1).pareto(80_000, 1.18)),
    );
  });

  it('refuses a shape ≤ 1, a non-positive mean or think time', () => {
    const ctx = sourceContext(flow, new Scheduler(), 7);
    expect(() => ftpClientsSource({ ...APP, shape: 1 }, ctx)).toThrow(/shape must exceed 1/);
    expect(() => ftpClientsSource({ ...APP, meanBytes: 0 }, ctx)).toThrow(
      /meanBytes must be positive/,
    );
    expect(() => ftpClientsSource({ ...APP, thinkS: -1 }, ctx)).toThrow(/thinkS must be positive/);
  });
});

describe('the distributions over 40 000 draws', () => {
  const N = 40_000;
  const sizes = new RandomStream(3, 'app.ftp.size', 0);
  const thinks = new RandomStream(3, 'app.ftp.think', 0);
  const x = Array.from({ length: N }, () => sizes.pareto(80_000, 1.18)).sort((a, b) => a - b);
  const t = Array.from({ length: N }, () => thinks.exponential(90));
  const xm = (80_000 * 0.18) / 1.18;

  it('Pareto: no size below xm, the median xm·2^(1/α), P(X > 10·xm) = 10^−α', () => {
    expect(x[0]!).toBeGreaterThanOrEqual(xm);
    expect(x[N / 2]! / (xm * 2 ** (1 / 1.18))).toBeCloseTo(1, 1);
    const tail = x.filter((v) => v > 10 * xm).length / N;
    expect(Math.abs(tail - 10 ** -1.18)).toBeLessThan(0.005); // σ ≈ 0.0012
  });

  it('exponential think times: mean 90 s (σ of the mean 0.45 s), median 90·ln 2', () => {
    const mean = t.reduce((a, b) => a + b, 0) / N;
    expect(Math.abs(mean - 90)).toBeLessThan(2);
    const sorted = [...t].sort((a, b) => a - b);
    expect(Math.abs(sorted[N / 2]! - 90 * Math.LN2)).toBeLessThan(2);
  });
});

describe('ftp-clients over one TCP connection', () => {
  const app = { kind: 'ftp-clients' as const, meanBytes: 20_000, shape: 1.18, thinkS: 0.5 };
  const cfg = fallFloydConfig('reno', [], { flow: { app }, stopS: 40 });
  cfg.seed = 11;
  const trace = run(cfg);
  const ds = decisionsOf(trace);
  // The same draws the source makes (flow 0's streams under seed 11).
  const sizes = new RandomStream(11, 'app.ftp.size', 0);
  const thinks = new RandomStream(11, 'app.ftp.think', 0);

  it('sends each file after the previous one is acknowledged and a think time has passed', () => {
    let offered = 0;
    let at = 1;
    let files = 0;
    for (;;) {
      offered += Math.ceil(Math.ceil(sizes.pareto(20_000, 1.18)) / 1000);
      const drained = ds.find((d) => d.trigger.kind === 'ack' && d.trigger.cumAck === offered);
      if (!drained) break;
      files++;
      at = drained.time + thinks.exponential(0.5);
      if (at >= 40) break;
      const send = ds.find((d) => d.time === at);
      expect(send, `file ${files + 1} at ${at}`).toBeDefined();
      expect(send!.code).toMatch(/^tcp\.(app-send|idle-restart)$/);
      expect(send!.packets[0]).toBe(offered + 1);
    }
    expect(files).toBeGreaterThan(5);
  });

  it('never closes: no FIN, no control packet', () => {
    expect(ds.some((d) => d.code === 'tcp.close')).toBe(false);
    const P = trace.packets;
    const X = trace.transmissions;
    for (let i = 0; i < P.length; i++) {
      if (X.type[P.uid[i]!] === PacketType.control && P.kind[i] === PacketEventKind.send)
        throw new Error('control packet sent');
    }
  });
});

describe('files after a think time longer than the RTO: idle rules per rule set', () => {
  const app = { kind: 'ftp-clients' as const, meanBytes: 20_000, shape: 1.18, thinkS: 4 };
  const traceOf = (rules: 'ns2' | 'rfc') => {
    const cfg = fallFloydConfig('newreno', [], { flow: { app, rules }, stopS: 80 });
    cfg.seed = 4;
    return run(cfg);
  };

  it('ns2: the idle timer restarts slow start (cwnd 1, ssthresh kept) every RTO of a think time', () => {
    const ds = decisionsOf(traceOf('ns2'));
    const idle = ds.filter((d) => d.code === 'tcp.idle-restart-ns2');
    expect(idle.length).toBeGreaterThan(3);
    for (const d of idle) {
      expect(d.after.cwnd).toBe(1);
      expect(d.packets).toEqual([]);
      expect(d.changes.ssthresh).toBeUndefined();
    }
    expect(ds.some((d) => d.code === 'tcp.idle-restart')).toBe(false);
  });

  it('rfc: no timer runs while thinking; the next file starts from the restart window min(IW, cwnd) = 1', () => {
    const ds = decisionsOf(traceOf('rfc'));
    expect(ds.some((d) => d.code === 'tcp.idle-restart-ns2')).toBe(false);
    // Timeouts only for losses: each resends a packet (here the lost end of the first file).
    for (const d of ds.filter((x) => x.code === 'tcp.rto' || x.code === 'tcp.rto-tail'))
      expect(d.packets.length).toBeGreaterThan(0);
    const restarts = ds.filter((d) => d.code === 'tcp.idle-restart');
    expect(restarts.length).toBeGreaterThan(1);
    for (const d of restarts) {
      expect(d.changes.cwnd![0]).toBeGreaterThan(1);
      expect(d.after.cwnd).toBe(1);
      expect(d.packets).toHaveLength(1);
      // The last packet sent before it left more than an RTO (≥ minRto, 1 s here) earlier.
      const lastSend = ds.slice(0, d.id).findLast((x) => x.packets.length > 0)!;
      expect(d.time - lastSend.time).toBeGreaterThan(1);
    }
  });
});
