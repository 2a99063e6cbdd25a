/**
 * pcap export of multistreamed and PR-SCTP associations, read back with tshark: DATA chunks
 * carry their Stream Identifier, SSN and U bit (RFC 4960 §3.3.1, streams round robin by TSN),
 * INIT / INIT ACK announce the streams, FORWARD TSN (type 192, RFC 3758 §3.2) carries the New
 * Cumulative TSN and the (stream, SSN) pairs; CRC32c valid. Skipped where tshark is absent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, type FlowConfig, type SimConfig } from '../../src/engine';
import { tracePcap } from '../../src/pcap';
import { encodeSctp } from '../../src/pcap/sctp';
import { fallFloyd } from '../engine/sctp/setup';
import { hasTshark, tshark, warnIfNoTshark } from './tshark-run';

warnIfNoTshark('tests/pcap/sctp-streams.test.ts');

const dir = mkdtempSync(join(tmpdir(), 'ackclock-pcap-streams-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * 4 streams, CBR 10/s from 1.0 s with the handshake (messages 1–6 wait for it), TSN 2 dropped at
 * R1 and abandoned at its fast retransmit (prMaxRetransmissions 0, ns-2's reliability_ 0).
 */
function config(flow: Partial<FlowConfig>): SimConfig {
  return fallFloyd({
    sender: 'sctp-4960',
    drops: [2],
    stopS: 2.05,
    flow: {
      initialCwndPkts: 10,
      streams: 4,
      prMaxRetransmissions: 0,
      handshake: true,
      app: { kind: 'cbr', pps: 10 },
      ...flow,
    },
  });
}

/** The pcap at node `node` written to a file. */
function pcapFile(cfg: SimConfig, name: string, node = 'K1'): string {
  const file = join(dir, name);
  writeFileSync(file, tracePcap(run(cfg), cfg, { node }).bytes);
  return file;
}

const FIELDS = [
  'sctp.chunk_type',
  'sctp.data_tsn_raw',
  'sctp.data_sid',
  'sctp.data_ssn',
  'sctp.data_u_bit',
  'sctp.forward_tsn_tsn',
  'sctp.forward_tsn_sid',
  'sctp.forward_tsn_ssn',
  'sctp.init_nr_out_streams',
  'sctp.checksum.status',
];
const PREFS = ['sctp.relative_tsns:FALSE', 'sctp.checksum:CRC-32C'];

describe('SCTP chunk encoding', () => {
  it('DATA flags: B and E, plus U (0x04) when unordered; FORWARD TSN: type 192, length 8 + 4 per pair', () => {
    const base = { src: 1, dst: 2, srcPort: 1, dstPort: 2, verificationTag: 7, ipId: 0 };
    const data = (unordered: boolean) =>
      encodeSctp({
        ...base,
        chunk: { kind: 'DATA', tsn: 6, stream: 1, ssn: 1, ppid: 0, dataBytes: 4, unordered },
      });
    const d = data(true);
    expect([d[32], d[33], (d[40]! << 8) | d[41]!, (d[42]! << 8) | d[43]!]).toEqual([0, 0x07, 1, 1]);
    expect(data(false)[33]).toBe(0x03);
    const f = encodeSctp({
      ...base,
      chunk: {
        kind: 'FORWARD-TSN',
        newCumTsn: 2,
        pairs: [
          [1, 0],
          [3, 5],
        ],
      },
    });
    // chunk type, flags, length; New Cumulative TSN; the pairs.
    expect([...f.subarray(32)]).toEqual([192, 0, 0, 16, 0, 0, 0, 2, 0, 1, 0, 0, 0, 3, 0, 5]);
  });
});

describe.skipIf(!hasTshark)('tshark reads streams, the U bit and FORWARD TSN', () => {
  it('ordered, 4 streams: Stream Identifier and SSN round robin by TSN; FORWARD TSN 2 with (1, 0)', () => {
    const frames = tshark(pcapFile(config({}), 'streams.pcap'), PREFS, FIELDS);
    expect(frames.every((f) => f[9] === '1')).toBe(true); // CRC32c good
    const init = frames.find((f) => f[0] === '1')!;
    expect(init[8]).toBe('4');
    const data = frames.filter((f) => f[0] === '0').map((f) => f.slice(1, 5).map(Number));
    // K1 receives TSNs 1, 3–10 and the FORWARD TSN (TSN 2 was dropped at R1).
    expect(data).toEqual(
      [1, 3, 4, 5, 6, 7, 8, 9, 10].map((t) => [t, (t - 1) % 4, Math.floor((t - 1) / 4), 0]),
    );
    const fwd = frames.filter((f) => f[0] === '192');
    expect(fwd.map((f) => f.slice(5, 8))).toEqual([['2', '1', '0']]);
  });

  it('unordered: the U bit on every DATA chunk, a FORWARD TSN without pairs', () => {
    const frames = tshark(pcapFile(config({ unordered: true }), 'unordered.pcap'), PREFS, FIELDS);
    const data = frames.filter((f) => f[0] === '0');
    expect(data.length).toBe(9);
    expect(data.every((f) => f[4] === '1')).toBe(true);
    expect(frames.filter((f) => f[0] === '192').map((f) => f.slice(5, 8))).toEqual([['2', '', '']]);
  });
});
