import { describe, expect, it } from 'vitest';
import { internetChecksum, onesSum, foldChecksum } from '../../src/pcap/checksum';
import { crc32c } from '../../src/pcap/crc32c';
import { IPV4_HEADER_BYTES, writeIpv4Header } from '../../src/pcap/ipv4';
import { encodeSctp } from '../../src/pcap/sctp';
import { encodeTcp, TcpFlag } from '../../src/pcap/tcp';
import { PCAP_MAGIC_NS, splitTime, writePcap } from '../../src/pcap/writer';

const bytes = (...b: number[]) => Uint8Array.from(b);
const range = (n: number, f: (i: number) => number) =>
  Uint8Array.from({ length: n }, (_, i) => f(i));

describe('CRC32c (crc-32/crc32c)', () => {
  it('check value of "123456789"', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
  });
  // RFC 3720 Appendix B.4 (iSCSI CRC examples); the RFC prints the CRC's bytes as sent,
  // least significant first ("aa 36 91 8a" = 0x8a9136aa).
  it.each([
    ['32 bytes of zeros', range(32, () => 0), 0x8a9136aa],
    ['32 bytes of ones', range(32, () => 0xff), 0x62a8ab43],
    ['32 incrementing bytes', range(32, (i) => i), 0x46dd794e],
    ['32 decrementing bytes', range(32, (i) => 31 - i), 0x113fdb5c],
  ])('RFC 3720 B.4: %s', (_name, data, crc) => {
    expect(crc32c(data)).toBe(crc);
  });
});

describe('Internet checksum (RFC 1071)', () => {
  it('RFC 1071 §3 example: 00 01 f2 03 f4 f5 f6 f7 sums to ddf2', () => {
    const s = onesSum(bytes(0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7));
    expect(~foldChecksum(s) & 0xffff).toBe(0xddf2);
  });
  it('an odd length pads with a zero byte', () => {
    expect(internetChecksum(bytes(0x12, 0x34, 0x56))).toBe(~(0x1234 + 0x5600) & 0xffff);
  });
  it('IPv4 header: the classic 192.168.0.1 → 192.168.0.199 example has checksum b861', () => {
    const out = new Uint8Array(IPV4_HEADER_BYTES);
    writeIpv4Header(out, { src: 0xc0a80001, dst: 0xc0a800c7, protocol: 17, id: 0 }, 0x73 - 20);
    expect([...out]).toEqual([
      0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0xb8, 0x61, 0xc0, 0xa8, 0x00,
      0x01, 0xc0, 0xa8, 0x00, 0xc7,
    ]);
    expect(internetChecksum(out)).toBe(0);
  });
});

describe('TCP segment', () => {
  const seg = {
    src: 0x0a000001,
    dst: 0x0a000003,
    srcPort: 40000,
    dstPort: 49152,
    seq: 1,
    ack: 14001,
    flags: TcpFlag.ack,
    window: 28000,
    payloadBytes: 0,
    sack: [
      [27001, 28001],
      [15001, 26001],
    ] as const,
    ipId: 7,
  };
  it('header fields, SACK option (kind 5) after two NOPs, checksum over the pseudo-header', () => {
    const p = encodeTcp(seg);
    expect(p.length).toBe(20 + 20 + 20);
    const t = new DataView(p.buffer, 20);
    expect(t.getUint16(0)).toBe(40000);
    expect(t.getUint32(4)).toBe(1);
    expect(t.getUint32(8)).toBe(14001);
    expect(t.getUint8(12) >> 4).toBe(10);
    expect(t.getUint8(13)).toBe(TcpFlag.ack);
    expect([...p.subarray(40, 44)]).toEqual([1, 1, 5, 18]);
    expect(t.getUint32(24)).toBe(27001);
    expect(t.getUint32(28)).toBe(28001);
    expect(t.getUint32(32)).toBe(15001);
    expect(t.getUint32(36)).toBe(26001);
    // Pseudo-header + segment sums to 0xffff (checksum verifies).
    const tcpLen = p.length - 20;
    const pseudo = 0x0a00 + 0x0001 + 0x0a00 + 0x0003 + 6 + tcpLen;
    expect(foldChecksum(onesSum(p.subarray(20), pseudo))).toBe(0);
    expect(internetChecksum(p.subarray(0, 20))).toBe(0);
  });
  it('a data segment carries its payload as zeros; a SYN carries MSS and SACK-permitted', () => {
    const d = encodeTcp({ ...seg, sack: [], payloadBytes: 1000, flags: TcpFlag.ack | TcpFlag.psh });
    expect(d.length).toBe(1040);
    expect(new DataView(d.buffer).getUint16(2)).toBe(1040);
    const s = encodeTcp({ ...seg, sack: [], flags: TcpFlag.syn, mss: 1000, sackPermitted: true });
    expect([...s.subarray(40, 48)]).toEqual([2, 4, 0x03, 0xe8, 1, 1, 4, 2]);
  });
  it('a FIN carries flags FIN | ACK and no options', () => {
    const f = encodeTcp({ ...seg, sack: [], seq: 5001, ack: 1, flags: TcpFlag.fin | TcpFlag.ack });
    const t = new DataView(f.buffer, 20);
    expect(f.length).toBe(40);
    expect(t.getUint8(13)).toBe(0x11);
    expect(t.getUint32(4)).toBe(5001);
  });
});

describe('SCTP packet', () => {
  const base = { src: 0x0a000001, dst: 0x0a000003, srcPort: 49152, dstPort: 40000, ipId: 1 };
  const verifies = (p: Uint8Array): boolean => {
    const s = p.slice(20);
    const v = new DataView(s.buffer);
    const stored = v.getUint32(8, true);
    v.setUint32(8, 0);
    return crc32c(s) === stored;
  };
  it('DATA chunk: TSN, stream, SSN, PPID, B/E flags, user data padded to 4 bytes', () => {
    const p = encodeSctp({
      ...base,
      verificationTag: 0xac000002,
      chunk: { kind: 'DATA', tsn: 15, stream: 0, ssn: 14, ppid: 0, dataBytes: 1001 },
    });
    const v = new DataView(p.buffer, 20);
    expect(v.getUint32(4)).toBe(0xac000002);
    expect(v.getUint8(12)).toBe(0);
    expect(v.getUint8(13)).toBe(3);
    expect(v.getUint16(14)).toBe(16 + 1001);
    expect(v.getUint32(16)).toBe(15);
    expect(v.getUint16(22)).toBe(14);
    expect(p.length).toBe(20 + 12 + 16 + 1004);
    expect(verifies(p)).toBe(true);
  });
  it('SACK chunk: cumulative TSN ack, a_rwnd, Gap Ack Blocks as offsets', () => {
    const p = encodeSctp({
      ...base,
      verificationTag: 1,
      chunk: { kind: 'SACK', cumTsnAck: 14, aRwnd: 28000, gaps: [[2, 6]] },
    });
    const v = new DataView(p.buffer, 20);
    expect(v.getUint8(12)).toBe(3);
    expect(v.getUint16(14)).toBe(20);
    expect(v.getUint32(16)).toBe(14);
    expect(v.getUint32(20)).toBe(28000);
    expect(v.getUint16(24)).toBe(1);
    expect(v.getUint16(28)).toBe(2);
    expect(v.getUint16(30)).toBe(6);
    expect(verifies(p)).toBe(true);
  });
  it('INIT has verification tag 0 and the Initiate Tag', () => {
    const p = encodeSctp({
      ...base,
      verificationTag: 0,
      chunk: {
        kind: 'INIT',
        initiateTag: 0xac000001,
        aRwnd: 1,
        outStreams: 1,
        inStreams: 1,
        initialTsn: 1,
      },
    });
    const v = new DataView(p.buffer, 20);
    expect(v.getUint32(4)).toBe(0);
    expect(v.getUint8(12)).toBe(1);
    expect(v.getUint32(16)).toBe(0xac000001);
    expect(verifies(p)).toBe(true);
  });
  it('SHUTDOWN (type 7, length 8, Cumulative TSN Ack), SHUTDOWN ACK (8), SHUTDOWN COMPLETE (14, T bit)', () => {
    const chunk = (c: Parameters<typeof encodeSctp>[0]['chunk']) => {
      const p = encodeSctp({ ...base, verificationTag: 0xac000002, chunk: c });
      expect(verifies(p)).toBe(true);
      expect(p.length).toBe(
        20 + 12 + 8 * Number(c.kind === 'SHUTDOWN') + 4 * Number(c.kind !== 'SHUTDOWN'),
      );
      return new DataView(p.buffer, 20);
    };
    const s = chunk({ kind: 'SHUTDOWN', cumTsnAck: 41 });
    expect([s.getUint8(12), s.getUint8(13), s.getUint16(14), s.getUint32(16)]).toEqual([
      7, 0, 8, 41,
    ]);
    const a = chunk({ kind: 'SHUTDOWN-ACK' });
    expect([a.getUint8(12), a.getUint8(13), a.getUint16(14)]).toEqual([8, 0, 4]);
    const c = chunk({ kind: 'SHUTDOWN-COMPLETE', tBit: false });
    expect([c.getUint8(12), c.getUint8(13), c.getUint16(14)]).toEqual([14, 0, 4]);
    expect(chunk({ kind: 'SHUTDOWN-COMPLETE', tBit: true }).getUint8(13)).toBe(1);
  });
});

describe('pcap writer', () => {
  it('nanosecond magic, version 2.4, LINKTYPE_RAW, record times to the nanosecond', () => {
    const f = writePcap([
      { time: 1.001, data: bytes(1, 2, 3) },
      { time: 2.0808880000000003, data: bytes(4) },
    ]);
    const v = new DataView(f.buffer);
    expect([...f.subarray(0, 4)]).toEqual([0x4d, 0x3c, 0xb2, 0xa1]);
    expect(v.getUint32(0, true)).toBe(PCAP_MAGIC_NS);
    expect(v.getUint16(4, true)).toBe(2);
    expect(v.getUint16(6, true)).toBe(4);
    expect(v.getUint32(20, true)).toBe(101);
    expect(v.getUint32(24, true)).toBe(1);
    expect(v.getUint32(28, true)).toBe(1_000_000);
    expect(v.getUint32(32, true)).toBe(3);
    expect(v.getUint32(36, true)).toBe(3);
    expect(v.getUint32(43, true)).toBe(2);
    expect(v.getUint32(47, true)).toBe(80_888_000);
    expect(f.length).toBe(24 + 16 + 3 + 16 + 1);
  });
  it('snap length cuts a record and keeps its original length', () => {
    const f = writePcap([{ time: 0, data: new Uint8Array(100) }], 64);
    const v = new DataView(f.buffer);
    expect(v.getUint32(32, true)).toBe(64);
    expect(v.getUint32(36, true)).toBe(100);
    expect(f.length).toBe(24 + 16 + 64);
  });
  it('splitTime carries a rounded-up nanosecond into the seconds', () => {
    expect(splitTime(0.9999999999)).toEqual([1, 0]);
    expect(splitTime(3)).toEqual([3, 0]);
  });
});
