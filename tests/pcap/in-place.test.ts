/**
 * The export writes every packet in place in the file's one buffer (writeTcp / writeSctp /
 * writeUdp at an offset, writePcapPackets): the bytes are those of the standalone encoders, the
 * lengths measured in the first pass are the lengths written, and a packet cut to the snap
 * length is cut from its whole bytes.
 */
import { describe, expect, it } from 'vitest';
import { resolveQuery } from '../../src/cli/scenario';
import { run } from '../../src/engine';
import { tracePcap } from '../../src/pcap';
import { internetChecksum, onesSum } from '../../src/pcap/checksum';
import { crc32c } from '../../src/pcap/crc32c';
import { encodeSctp, sctpPacketBytes, writeSctp, type SctpPacket } from '../../src/pcap/sctp';
import { encodeTcp, tcpPacketBytes, TcpFlag, writeTcp, type TcpSegment } from '../../src/pcap/tcp';
import { encodeUdp, udpPacketBytes, writeUdp, type UdpDatagram } from '../../src/pcap/udp';
import { writePcapPackets, type PcapPackets } from '../../src/pcap/writer';

const ends = { src: 0x0a000001, dst: 0x0a000003, srcPort: 49152, dstPort: 40000, ipId: 9 };
const SENTINEL = 0xee;

/** Write at offset 37 of a buffer whose bytes around the packet are SENTINEL. */
function writtenAt(len: number, write: (out: Uint8Array, at: number) => number) {
  const at = 37;
  const out = new Uint8Array(at + len + 11).fill(SENTINEL);
  out.fill(0, at, at + len);
  const n = write(out, at);
  return {
    n,
    packet: out.subarray(at, at + len),
    before: out.subarray(0, at),
    after: out.subarray(at + len),
  };
}

const tcp: [string, TcpSegment][] = [
  [
    'a SYN-ACK with options and 3 SACK blocks',
    {
      ...ends,
      seq: 0xfffffff0,
      ack: 17,
      flags: TcpFlag.syn | TcpFlag.ack,
      window: 65535,
      payloadBytes: 0,
      mss: 1460,
      sackPermitted: true,
      sack: [
        [1001, 2001],
        [3001, 4001],
        [0xfffffc00, 0x100],
      ],
      ecn: 2,
    },
  ],
  [
    'a data segment of 1000 bytes',
    {
      ...ends,
      seq: 1,
      ack: 1,
      flags: TcpFlag.ack | TcpFlag.psh,
      window: 28000,
      payloadBytes: 1000,
    },
  ],
];

const sctp: [string, SctpPacket][] = [
  [
    'DATA of 1001 bytes (3 of padding), unordered',
    {
      ...ends,
      verificationTag: 0xac000002,
      chunk: { kind: 'DATA', tsn: 7, stream: 1, ssn: 3, ppid: 0, dataBytes: 1001, unordered: true },
    },
  ],
  [
    'SACK with gaps and a duplicate TSN',
    {
      ...ends,
      verificationTag: 0xac000001,
      chunk: {
        kind: 'SACK',
        cumTsnAck: 40,
        aRwnd: 65536,
        gaps: [
          [2, 3],
          [6, 6],
        ],
        dupTsns: [38],
      },
    },
  ],
  [
    'INIT ACK with a 5-byte cookie (padded)',
    {
      ...ends,
      verificationTag: 0xac000001,
      chunk: {
        kind: 'INIT-ACK',
        initiateTag: 0xac000002,
        aRwnd: 65536,
        outStreams: 2,
        inStreams: 2,
        initialTsn: 1,
        cookie: Uint8Array.of(1, 2, 3, 4, 5),
      },
    },
  ],
  [
    'FORWARD TSN with two pairs',
    {
      ...ends,
      verificationTag: 0xac000002,
      chunk: {
        kind: 'FORWARD-TSN',
        newCumTsn: 12,
        pairs: [
          [0, 4],
          [1, 70000],
        ],
      },
    },
  ],
];

const udp: UdpDatagram = { ...ends, payloadBytes: 161 };

describe('packets written in place', () => {
  it.each(tcp)('TCP, %s: the bytes of encodeTcp at the offset, nothing else touched', (_n, s) => {
    const whole = encodeTcp(s);
    expect(tcpPacketBytes(s)).toBe(whole.length);
    const w = writtenAt(whole.length, (out, at) => writeTcp(out, at, s));
    expect(w.n).toBe(whole.length);
    expect(w.packet).toEqual(whole);
    expect(w.before.every((b) => b === SENTINEL) && w.after.every((b) => b === SENTINEL)).toBe(
      true,
    );
  });
  it.each(sctp)('SCTP, %s: the bytes of encodeSctp at the offset, CRC32c included', (_n, p) => {
    const whole = encodeSctp(p);
    expect(sctpPacketBytes(p)).toBe(whole.length);
    const w = writtenAt(whole.length, (out, at) => writeSctp(out, at, p));
    expect(w.n).toBe(whole.length);
    expect(w.packet).toEqual(whole);
    expect(w.before.every((b) => b === SENTINEL) && w.after.every((b) => b === SENTINEL)).toBe(
      true,
    );
    // The checksum verifies over the packet as written: CRC32c with the field zeroed.
    const s = w.packet.slice(20);
    const stored = new DataView(s.buffer).getUint32(8, true);
    s.fill(0, 8, 12);
    expect(crc32c(s)).toBe(stored);
  });
  it('UDP: the bytes of encodeUdp at the offset', () => {
    const whole = encodeUdp(udp);
    expect(udpPacketBytes(udp)).toBe(20 + 8 + 161);
    const w = writtenAt(whole.length, (out, at) => writeUdp(out, at, udp));
    expect(w.n).toBe(whole.length);
    expect(w.packet).toEqual(whole);
    expect(w.after.every((b) => b === SENTINEL)).toBe(true);
  });
  it('checksums over a range equal those of the range copied out', () => {
    const data = Uint8Array.from({ length: 41 }, (_, i) => (i * 37 + 11) & 255);
    expect(onesSum(data, 5, 3, 28)).toBe(onesSum(data.slice(3, 28), 5));
    expect(internetChecksum(data, 4, 24)).toBe(internetChecksum(data.slice(4, 24)));
    expect(crc32c(data, 7, 40)).toBe(crc32c(data.slice(7, 40)));
  });
});

describe('writePcapPackets', () => {
  /** Packets of the given lengths whose writer sets only their first byte (to k + 1). */
  const firstByteOnly = (lengths: number[], wrong = -1): PcapPackets => ({
    count: lengths.length,
    time: (k) => k + 0.5,
    length: (k) => lengths[k]!,
    write: (k, out, at) => {
      out[at] = k + 1;
      return k === wrong ? lengths[k]! - 1 : lengths[k]!;
    },
  });
  it('cut packets go through a scratch buffer that is zero again for each packet', () => {
    // The first packet fills the scratch buffer with 0xff; the second writes one byte only.
    const packets: PcapPackets = {
      ...firstByteOnly([100, 90]),
      write: (k, out, at) => {
        if (k === 0) out.fill(0xff, at, at + 100);
        else out[at] = 2;
        return k === 0 ? 100 : 90;
      },
    };
    const f = writePcapPackets(packets, 60);
    expect(f.length).toBe(24 + 2 * (16 + 60));
    const v = new DataView(f.buffer);
    expect([v.getUint32(24 + 8, true), v.getUint32(24 + 12, true)]).toEqual([60, 100]);
    expect(f.subarray(40, 100).every((b) => b === 0xff)).toBe(true);
    const second = f.subarray(24 + 76 + 16);
    expect(second[0]).toBe(2);
    expect(second.subarray(1).every((b) => b === 0)).toBe(true);
  });
  it('a packet writing other than its measured length is an error', () => {
    expect(() => writePcapPackets(firstByteOnly([40, 52, 40], 1))).toThrow(
      /packet 1 wrote 51 bytes, not 52/,
    );
  });
});

describe('tracePcap with a snap length', () => {
  /** [time s, ns, captured, original, bytes] of each record. */
  function records(f: Uint8Array): [number, number, number, number, Uint8Array][] {
    const v = new DataView(f.buffer, f.byteOffset, f.byteLength);
    const out: [number, number, number, number, Uint8Array][] = [];
    for (let o = 24; o < f.length;) {
      const cap = v.getUint32(o + 8, true);
      out.push([
        v.getUint32(o, true),
        v.getUint32(o + 4, true),
        cap,
        v.getUint32(o + 12, true),
        f.subarray(o + 16, o + 16 + cap),
      ]);
      o += 16 + cap;
    }
    return out;
  }
  it('SCTP and TCP: each record is the whole packet cut to 64 bytes, original length kept', () => {
    const r = resolveQuery('preset=vicuna-a-tcp-sctp&stop=12');
    if (!r.ok) throw new Error('query');
    const trace = run(r.config);
    const whole = records(tracePcap(trace, r.config).bytes);
    const cut = records(tracePcap(trace, r.config, { snapLen: 64 }).bytes);
    expect(cut.length).toBe(whole.length);
    expect(whole.filter((x) => x[3] > 64).length).toBeGreaterThan(100);
    cut.forEach(([s, ns, cap, orig, bytes], k) => {
      const [ws, wns, , wOrig, wBytes] = whole[k]!;
      expect([s, ns, orig]).toEqual([ws, wns, wOrig]);
      expect(cap).toBe(Math.min(64, wOrig));
      expect(bytes).toEqual(wBytes.subarray(0, cap));
    });
  });
});
