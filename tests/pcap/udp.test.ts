/**
 * UDP datagrams in the pcap export: IPv4 protocol 17, an 8-byte header with the flow's ports and
 * length, a valid checksum over the pseudo-header (RFC 768), the payload the flow carries; a
 * UDP + TCP run read back by tshark (skipped where tshark is not installed).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run } from '../../src/engine';
import { foldChecksum, onesSum } from '../../src/pcap/checksum';
import { tracePcap } from '../../src/pcap';
import { encodeUdp } from '../../src/pcap/udp';
import { fallFloydConfig } from '../helpers/fall-floyd';
import { flowOf, pathWith } from '../engine/udp/config';

describe('encodeUdp', () => {
  it('writes IPv4 + UDP headers by hand: 10.0.0.1:49152 → 10.0.0.3:40000, 4 bytes of payload', () => {
    const b = encodeUdp({
      src: 0x0a000001,
      dst: 0x0a000003,
      srcPort: 49152,
      dstPort: 40000,
      payloadBytes: 4,
      ipId: 7,
    });
    expect(b.length).toBe(20 + 8 + 4);
    expect([b[0], b[9]]).toEqual([0x45, 17]); // IPv4, IHL 5; protocol UDP
    expect((b[2]! << 8) | b[3]!).toBe(32); // total length
    expect(Array.from(b.subarray(20, 26))).toEqual([0xc0, 0x00, 0x9c, 0x40, 0x00, 0x0c]); // ports, length 12
    // Checksum by hand: pseudo-header 0a00+0001+0a00+0003+0011+000c, header c000+9c40+000c+0000.
    const sum = 0x0a00 + 0x0001 + 0x0a00 + 0x0003 + 0x0011 + 0x000c + 0xc000 + 0x9c40 + 0x000c;
    const folded = (sum & 0xffff) + (sum >>> 16);
    expect((b[26]! << 8) | b[27]!).toBe(~folded & 0xffff);
    // And it verifies: pseudo-header + datagram sum to 0xffff.
    const pseudo = 0x0a00 + 0x0001 + 0x0a00 + 0x0003 + 17 + 12;
    expect(foldChecksum(onesSum(b.subarray(20), pseudo))).toBe(0);
  });
});

describe('tracePcap with UDP flows', () => {
  const cfg = (() => {
    const base = pathWith([flowOf(0, { kind: 'cbr', pps: 60 }, 972)], 4);
    return { ...base, flows: [...base.flows, { ...fallFloydConfig('sack').flows[0]!, id: 1 }] };
  })();
  const trace = run(cfg);
  const cap = tracePcap(trace, cfg);

  it('captures at R1 every datagram that arrived there, as its 1000-byte IPv4 packet', () => {
    const p = trace.packets;
    const x = trace.transmissions;
    let udpArrivals = 0;
    for (let i = 0; i < p.length; i++) {
      const u = p.uid[i]!;
      if (x.flow[u] === 0 && p.kind[i] === PacketEventKind.arrive && p.node[i] === 1) {
        expect(x.type[u]).toBe(PacketType.data);
        udpArrivals++;
      }
    }
    expect(udpArrivals).toBe(180); // 60 pps from 1 s to 4 s (the 181st is due after 4 s)
    // Records: 24-byte file header, then 16-byte record headers.
    const v = new DataView(cap.bytes.buffer, cap.bytes.byteOffset, cap.bytes.byteLength);
    let off = 24;
    let udp = 0;
    while (off < cap.bytes.length) {
      const len = v.getUint32(off + 8, true);
      const ip = cap.bytes.subarray(off + 16, off + 16 + len);
      if (ip[9] === 17) {
        udp++;
        expect(len).toBe(1000);
        expect((ip[22]! << 8) | ip[23]!).toBe(40000);
      }
      off += 16 + len;
    }
    expect(udp).toBe(udpArrivals);
  });

  const hasTshark = spawnSync('tshark', ['-v'], { encoding: 'utf8' }).status === 0;
  const dir = mkdtempSync(join(tmpdir(), 'ackclock-udp-pcap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(!hasTshark)('tshark reads the datagrams: ports, lengths, good checksums', () => {
    const file = join(dir, 'udp.pcap');
    writeFileSync(file, cap.bytes);
    const r = spawnSync(
      'tshark',
      [
        '-n',
        '-r',
        file,
        '-o',
        'udp.check_checksum:TRUE',
        '-Y',
        'udp',
        '-T',
        'fields',
        '-E',
        'separator=;',
        '-e',
        'ip.src',
        '-e',
        'ip.dst',
        '-e',
        'udp.srcport',
        '-e',
        'udp.dstport',
        '-e',
        'udp.length',
        '-e',
        'udp.checksum.status',
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => l !== '');
    expect(rows.length).toBe(180);
    // Wireshark's checksum status 1 = good (0 = bad, 2 = not verified).
    expect(new Set(rows)).toEqual(new Set(['10.0.0.1;10.0.0.3;49152;40000;980;1']));
  });
});
