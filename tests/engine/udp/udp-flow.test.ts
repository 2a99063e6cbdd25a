/**
 * UDP flows: every offered datagram is sent at once (no window, no retransmission), 28 header
 * bytes on the wire, the receiver counts what arrives, nothing comes back.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run } from '../../../src/engine';
import { flowOf, pathWith } from './config';

describe('UDP + CBR', () => {
  it('sends one 1000-byte datagram every 10 ms from the start, none back, all delivered below capacity', () => {
    // 100 pps × 972 B payload = 777.6 kb/s of payload, 800 kb/s on the wire: just fits.
    const cfg = pathWith([flowOf(0, { kind: 'cbr', pps: 100 }, 972)], 2);
    const t = run(cfg);
    const p = t.packets;
    const X = t.transmissions;
    const sends: number[] = [];
    for (let i = 0; i < p.length; i++) {
      const u = p.uid[i]!;
      expect(X.type[u]).toBe(PacketType.data);
      if (p.kind[i] === PacketEventKind.send) {
        expect(X.size[u]).toBe(1000);
        expect(X.packet[u]).toBe(sends.length + 1);
        expect(X.retx[u]).toBe(0);
        sends.push(p.time[i]!);
      }
    }
    // First at 1.0 s, then now + 0.01 in double precision: the 100th at 1.9900000000000009,
    // the 101st would be at 2.000000000000001 > stopS.
    expect(sends[0]).toBe(1);
    let t0 = 1;
    for (let k = 1; k < sends.length; k++) {
      t0 += 0.01;
      expect(sends[k]).toBe(t0);
    }
    expect(sends.length).toBe(100);
    expect(sends[99]).toBe(1.9900000000000009);
    expect(t.decisions.length).toBe(0);
    expect(t.samples.length).toBe(0);
    const s = t.flowStats[0]!;
    expect(s.packetsSent).toBe(sends.length);
    expect(s.retransmissions).toBe(0);
    expect(s.timeouts).toBe(0);
    expect(
      t.linkStats.reduce((a, l) => a + l.drops.overflow + l.drops.random + l.drops.scripted, 0),
    ).toBe(0);
    // Delivered = sent − still in flight at 2 s (each takes 10 ms + 10 ms + 100 ms = 0.111 s).
    const inFlight = sends.filter((x) => x + 1e-3 + 0.01 + 0.1 > 2).length;
    expect(s.deliveredPackets).toBe(sends.length - inFlight);
    expect(s.deliveredBytes).toBe(972 * s.deliveredPackets);
  });

  it('conservation: sent = delivered + dropped + in flight at the end, under overload', () => {
    // 200 pps × 1000 B = 1.6 Mb/s into 800 kb/s: half is dropped at R1's queue.
    const cfg = pathWith([flowOf(0, { kind: 'cbr', pps: 200 }, 972)], 11);
    const t = run(cfg);
    const s = t.flowStats[0]!;
    const drops = t.linkStats.reduce(
      (a, l) => a + l.drops.overflow + l.drops.random + l.drops.scripted,
      0,
    );
    const p = t.packets;
    const fate = new Map<number, number>();
    for (let i = 0; i < p.length; i++) {
      const k = p.kind[i]!;
      if (k === PacketEventKind.drop || k === PacketEventKind.deliver) fate.set(p.uid[i]!, k);
    }
    const inFlight = s.packetsSent - fate.size;
    expect(s.packetsSent).toBe(2000);
    expect(s.deliveredPackets + drops + inFlight).toBe(s.packetsSent);
    expect(drops).toBeGreaterThan(900);
    // The bottleneck stays busy: ~100 datagrams/s get through (800 kb/s / 8000 bits).
    expect(s.deliveredPackets).toBeGreaterThanOrEqual(985);
    expect(s.deliveredPackets).toBeLessThanOrEqual(1000);
  });

  it('a bulk source behind UDP is refused when the flow starts', () => {
    const cfg = pathWith([flowOf(0, { kind: 'bulk' }, 972)], 2);
    expect(() => run(cfg)).toThrow(/UDP needs an application/);
  });

  it('a finite transfer goes out at once at the start: ⌈bytes / mss⌉ datagrams back to back', () => {
    const cfg = pathWith([flowOf(0, { kind: 'file', bytes: 9000 }, 972)], 3);
    const t = run(cfg);
    const p = t.packets;
    const X = t.transmissions;
    const sends: [number, number][] = [];
    for (let i = 0; i < p.length; i++)
      if (p.kind[i] === PacketEventKind.send) sends.push([p.time[i]!, X.packet[p.uid[i]!]!]);
    expect(sends).toEqual(Array.from({ length: 10 }, (_, k) => [1, k + 1])); // ⌈9000 / 972⌉ = 10
    // The 8 Mb/s access link spaces them 1 ms apart (R1 at 1.001 … 1.010 s); R1 sends one per
    // 10 ms and its queue (limit 8) holds 7 behind the one in transmission: datagram 1 is sent at
    // once, 2–8 wait, 9 and 10 find 7 waiting and are dropped (ns-2: waiting + 1 ≥ limit).
    expect(t.flowStats[0]!.deliveredPackets).toBe(8);
    const dropped: number[] = [];
    for (let i = 0; i < p.length; i++)
      if (p.kind[i] === PacketEventKind.drop) dropped.push(X.packet[p.uid[i]!]!);
    expect(dropped).toEqual([9, 10]);
    // The file's bytes were offered (the last datagram still goes out whole).
    expect(t.flowStats[0]!.offeredBytes).toBe(9000);
  });

  it('ftp-clients over UDP: each file is sent whole, the next one after a think time', () => {
    const cfg = pathWith(
      [flowOf(0, { kind: 'ftp-clients', meanBytes: 4000, shape: 1.5, thinkS: 0.5 }, 972)],
      30,
      { seed: 4 },
    );
    const t = run(cfg);
    const p = t.packets;
    const X = t.transmissions;
    const times: number[] = [];
    for (let i = 0; i < p.length; i++)
      if (p.kind[i] === PacketEventKind.send) times.push(p.time[i]!);
    const bursts = [...new Set(times)];
    expect(bursts[0]).toBe(1);
    expect(bursts.length).toBeGreaterThan(10); // ~29 s / (0.5 s think) files
    // Every datagram of a file leaves at the file's instant; packets numbered 1, 2, … across files.
    const seqs: number[] = [];
    for (let i = 0; i < p.length; i++)
      if (p.kind[i] === PacketEventKind.send) seqs.push(X.packet[p.uid[i]!]!);
    expect(seqs).toEqual(seqs.map((_, k) => k + 1));
    expect(t.flowStats[0]!.offeredBytes).toBe(seqs.length * 972);
  });
});
