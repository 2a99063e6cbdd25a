/**
 * Real Linux TCP (reno, cubic, bbr over IPv6) through a 4 Mbit/s tbf bottleneck with a
 * 10-packet pfifo, captured at the sender (pcapng, Ethernet) and at the receiver (pcap, Linux
 * cooked SLL / SLL2): tests/fixtures/captures/README.md says how they were made. Our counts
 * against Wireshark's expert analysis stored beside each capture, and the bytes-in-flight
 * estimate against the kernel's own cwnd (`ss -tin` samples at the sender).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCapture, type CaptureReader, type ConnectionAnalysis } from '../../src/capture';
import { wiresharkFastRetransmissions } from './wireshark-rules';

const DIR = new URL('../fixtures/captures/', import.meta.url);
const RUNS = ['reno', 'cubic', 'bbr6'] as const;
const FILES = RUNS.flatMap((r) => [`${r}-sender.pcapng`, `${r}-receiver.pcap`]);

interface Expert {
  packets: number;
  data_packets: number;
  retransmissions: number;
  fast_retransmissions: number;
  spurious_retransmissions: number;
  duplicate_acks: number;
  out_of_order: number;
  zero_window: number;
}

const readers = new Map<string, CaptureReader>();
const analyses = new Map<string, ConnectionAnalysis>();
const expert = new Map<string, Expert>();

beforeAll(() => {
  for (const f of FILES) {
    const r = readCapture(new Uint8Array(readFileSync(new URL(f, DIR))));
    readers.set(f, r);
    analyses.set(f, r.analyse(0));
    const json = f.replace(/\.pcap(ng)?$/, '.tshark.json');
    expert.set(f, JSON.parse(readFileSync(new URL(json, DIR), 'utf8')) as Expert);
  }
});

describe.each(FILES)('%s against tshark', (f) => {
  it('one connection; packets, data packets, retransmissions, duplicate ACKs, out-of-order, spurious and zero windows equal', () => {
    const a = analyses.get(f)!.summary;
    const e = expert.get(f)!;
    expect(readers.get(f)!.connections()).toHaveLength(1);
    expect([
      a.packets,
      a.data_packets,
      a.retransmissions,
      a.duplicate_acks,
      a.out_of_order,
      a.spurious_retransmissions,
      a.zero_windows,
    ]).toEqual([
      e.packets,
      e.data_packets,
      e.retransmissions,
      e.duplicate_acks,
      e.out_of_order,
      e.spurious_retransmissions,
      e.zero_window,
    ]);
  });
  it("fast retransmissions: Wireshark's rule restated on our analysis gives its count", () => {
    expect(wiresharkFastRetransmissions(analyses.get(f)!)).toBe(
      expert.get(f)!.fast_retransmissions,
    );
  });
  it('the capture side is found, with its evidence', () => {
    const s = analyses.get(f)!.summary;
    expect(s.capture_side).toBe(f.includes('sender') ? 'sender' : 'receiver');
    expect(s.capture_side_evidence).toMatch(/loop through the (sender|receiver) is the short one/);
  });
});

describe('what the captures show', () => {
  it('containers, link types and addresses: pcapng Ethernet, pcap SLL and SLL2, IPv4 and IPv6', () => {
    expect(readers.get('reno-sender.pcapng')!.format).toBe('pcapng');
    expect(readers.get('reno-receiver.pcap')!.format).toBe('pcap');
    expect(analyses.get('cubic-receiver.pcap')!.summary.sender).toEqual({
      addr: '10.77.1.1',
      port: analyses.get('cubic-receiver.pcap')!.summary.sender.port,
    });
    expect(analyses.get('bbr6-receiver.pcap')!.summary.receiver).toEqual({
      addr: 'fd77:2::2',
      port: 5001,
    });
  });
  it("Linux retransmits after one duplicate ACK (RACK, RFC 8985): the sender side classes every loss 'rack', none 'fast' or 'rto'", () => {
    for (const r of ['reno', 'cubic']) {
      const s = analyses.get(`${r}-sender.pcapng`)!.summary;
      expect([s.fast_retransmissions, s.rto_retransmissions, s.rack_retransmissions]).toEqual([
        0,
        0,
        s.retransmissions,
      ]);
      const first = analyses.get(`${r}-sender.pcapng`)!.retransmissions[0]!;
      const dup = analyses
        .get(`${r}-sender.pcapng`)!
        .dupacks.find((d) => d.time <= first.time && d.ack === first.seq);
      expect(dup?.count).toBe(1);
    }
  });
  it('1 000 000 bytes delivered; handshake options SACK and timestamps, MSS 1448 (IPv4) and 1428 (IPv6)', () => {
    for (const f of FILES) {
      const s = analyses.get(f)!.summary;
      expect([s.goodput_bytes, s.sack_permitted, s.timestamps]).toEqual([1_000_000, true, true]);
      expect(s.mss).toBe(f.startsWith('bbr6') ? 1428 : 1448);
    }
  });
  it('RTT samples: Karn at the sender side, timestamp echoes at the receiver side', () => {
    const snd = analyses.get('reno-sender.pcapng')!.rtt;
    const rcv = analyses.get('reno-receiver.pcap')!.rtt;
    expect(snd.length).toBeGreaterThan(100);
    expect(new Set(snd.map((r) => r.source))).toEqual(new Set(['karn']));
    expect(new Set(rcv.map((r) => r.source))).toEqual(new Set(['ts']));
    // The 10-packet queue at 4 Mbit/s adds up to 10 × 1514 B × 8 / 4 Mbit/s ≈ 30 ms, a
    // delayed ACK up to 40 ms more.
    const max = (xs: { rtt: number }[]) => xs.reduce((m, r) => Math.max(m, r.rtt), 0);
    expect(max(snd)).toBeGreaterThan(0.02);
    expect(max(snd)).toBeLessThan(0.1);
  });
});

describe("bytes in flight against the kernel's cwnd", () => {
  /** ss samples outside recovery: [cwnd, unacked, our flight] in segments. */
  function samples(run: string): [number, number, number][] {
    const r = readers.get(`${run}-sender.pcapng`)!;
    const a = analyses.get(`${run}-sender.pcapng`)!;
    const t0 = r.startTime! + a.summary.start;
    const rows = readFileSync(new URL(`${run}-ss.csv`, DIR), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',').map(Number));
    const P = a.packets;
    const out: [number, number, number][] = [];
    let j = 0;
    for (const [unix, cwnd, , unacked, mss] of rows) {
      const t = unix! - t0;
      while (j + 1 < P.length && P.time[j + 1]! <= t) j++;
      if (t < 0 || t > P.time[P.length - 1]!) continue;
      if (a.recoveries.some((x) => x.start <= t && t <= x.end)) continue;
      out.push([cwnd!, unacked!, P.inflight[j]! / mss!]);
    }
    return out;
  }
  it.each(['reno', 'cubic'])(
    '%s: within 1 segment of ss cwnd at ≥ 90 percent of the cwnd-limited samples',
    (run) => {
      const limited = samples(run).filter(([cwnd, unacked]) => unacked === cwnd);
      const close = limited.filter(([cwnd, , flight]) => Math.abs(flight - cwnd) <= 1);
      expect(limited.length).toBeGreaterThan(20);
      expect(close.length / limited.length).toBeGreaterThanOrEqual(0.9);
    },
  );
  it('bbr: paced below its cwnd most of the time, and the flight stays under cwnd + 1', () => {
    const all = samples('bbr6');
    const paced = all.filter(([cwnd, unacked]) => unacked < cwnd);
    const under = all.filter(([cwnd, , flight]) => flight <= cwnd + 1);
    expect(all.length).toBeGreaterThan(30);
    expect(paced.length / all.length).toBeGreaterThanOrEqual(0.7);
    expect(under.length / all.length).toBeGreaterThanOrEqual(0.9);
  });
});
