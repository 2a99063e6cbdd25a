/**
 * The exported pcaps read back with Wireshark's own dissectors (tshark): the same data packets,
 * retransmissions, ACK numbers, SACK blocks, TSNs and Gap Ack Blocks as the CLI's router output
 * (and the trace's ACK blocks, which the router output does not print), valid checksums.
 * Skipped, with a message, where tshark is not installed (.ci/run installs it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { resolveQuery } from '../../src/cli/scenario';
import { PacketEventKind, PacketType, run, type Trace } from '../../src/engine';
import type { RouterRow } from '../../src/trace/outputs';
import { hasTshark, ns, tshark, warnIfNoTshark } from './tshark-run';

warnIfNoTshark('tests/pcap/tshark.test.ts');

const dir = mkdtempSync(join(tmpdir(), 'ackclock-pcap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pcap of `query` from the CLI, written to a file. */
function exportPcap(query: string, name: string): string {
  const r = runCli([query, '--out', 'pcap', '--file', 'unused.pcap']);
  expect(r.code).toBe(0);
  const file = join(dir, name);
  writeFileSync(file, r.binary!.bytes);
  return file;
}

function routerOut(query: string): RouterRow[] {
  const r = runCli([query, '--out', 'router', '--format', 'json']);
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as RouterRow[]).filter(
    (x) => x.event === 'arrive' || x.event === 'ack',
  );
}

/** The blocks of each ACK arriving at the router, in router-output order (the trace's ackBlocks). */
function routerAckBlocks(query: string): [number, number][][] {
  const q = resolveQuery(query);
  if (!q.ok) throw new Error(query);
  const t: Trace = run(q.config);
  const byUid = new Map<number, [number, number][]>();
  for (let i = 0; i < t.ackBlocks.length; i++) {
    const uid = t.ackBlocks.uid[i]!;
    byUid.set(uid, [...(byUid.get(uid) ?? []), [t.ackBlocks.first[i]!, t.ackBlocks.last[i]!]]);
  }
  const p = t.packets;
  const out: [number, number][][] = [];
  for (let i = 0; i < p.length; i++) {
    if (
      p.kind[i] === PacketEventKind.arrive &&
      p.node[i] === t.router &&
      t.transmissions.type[p.uid[i]!] === PacketType.ack
    ) {
      out.push(byUid.get(p.uid[i]!) ?? []);
    }
  }
  return out;
}

const nums = (s: string | undefined): number[] => (s ? s.split(',').map(Number) : []);

describe.skipIf(!hasTshark)('tshark reads the pcap export', () => {
  it('Fall & Floyd, SACK TCP, 3 drops: data, retransmissions, ACK numbers, SACK blocks', () => {
    const Q = 'preset=ff-3-drops&sender=sack';
    const file = exportPcap(Q, 'ff-3-drops-sack.pcap');
    const frames = tshark(
      file,
      ['tcp.relative_sequence_numbers:FALSE', 'tcp.check_checksum:TRUE', 'ip.check_checksum:TRUE'],
      [
        'frame.time_epoch',
        'ip.src',
        'tcp.seq',
        'tcp.len',
        'tcp.ack',
        'tcp.options.sack_le',
        'tcp.options.sack_re',
        'tcp.analysis.retransmission',
        'tcp.checksum.status',
        'ip.checksum.status',
      ],
    );
    const rows = routerOut(Q);
    const blocks = routerAckBlocks(Q);
    expect(frames.length).toBe(rows.length);
    const MSS = 1000;
    let ackK = 0;
    const seen = { data: 0, retx: 0, acks: 0, sacked: 0 };
    rows.forEach((row, k) => {
      const [time, src, seq, len, ack, le, re, retx, tcpOk, ipOk] = frames[k]!;
      expect(ns(time!), `frame ${k + 1}`).toBe(ns(row.time));
      expect([tcpOk, ipOk]).toEqual(['1', '1']);
      if (row.event === 'arrive') {
        seen.data++;
        expect(src).toBe('10.0.0.1');
        expect(Number(seq)).toBe(1 + (row.packet! - 1) * MSS);
        expect(Number(len)).toBe(MSS);
        expect(retx === '1' ? 1 : 0, `frame ${k + 1}: packet ${row.packet}`).toBe(row.retx);
        if (row.retx) seen.retx++;
      } else {
        seen.acks++;
        expect(src).toBe('10.0.0.3');
        expect(Number(ack)).toBe(1 + row.cum_ack! * MSS);
        const want = blocks[ackK++]!;
        if (want.length > 0) seen.sacked++;
        expect(nums(le)).toEqual(want.map(([a]) => 1 + (a - 1) * MSS));
        expect(nums(re)).toEqual(want.map(([, b]) => 1 + b * MSS));
      }
    });
    // The story of ff-3-drops with SACK: 15, 27 and 29 each retransmitted once.
    expect(seen.retx).toBe(3);
    expect(seen.sacked).toBeGreaterThan(10);
    console.info(`ff-3-drops&sender=sack at R1: ${JSON.stringify(seen)}`);
  });

  it('Caro et al. Fig. 3, SCTP, 2 drops: TSNs, retransmissions, cumulative TSN acks, Gap Ack Blocks, CRC32c', () => {
    const Q = 'preset=caro-fig3-2-drops';
    const file = exportPcap(Q, 'caro-fig3-2-drops.pcap');
    const frames = tshark(
      file,
      ['sctp.relative_tsns:FALSE', 'sctp.checksum:CRC-32C', 'sctp.tsn_analysis:TRUE'],
      [
        'frame.time_epoch',
        'ip.src',
        'sctp.data_tsn_raw',
        'sctp.retransmission',
        'sctp.sack_cumulative_tsn_ack_raw',
        'sctp.sack_gap_block_start',
        'sctp.sack_gap_block_end',
        'sctp.sack_gap_block_start_tsn',
        'sctp.sack_gap_block_end_tsn',
        'sctp.checksum.status',
      ],
    );
    const rows = routerOut(Q);
    const blocks = routerAckBlocks(Q);
    expect(frames.length).toBe(rows.length);
    let ackK = 0;
    const seen = { data: 0, retx: 0, sacks: 0, gapped: 0 };
    rows.forEach((row, k) => {
      const [time, src, tsn, retx, cum, gs, ge, gst, get, crcOk] = frames[k]!;
      expect(ns(time!), `frame ${k + 1}`).toBe(ns(row.time));
      expect(crcOk).toBe('1');
      if (row.event === 'arrive') {
        seen.data++;
        expect(src).toBe('10.0.0.1');
        expect(Number(tsn)).toBe(row.packet);
        // Wireshark marks a retransmitted TSN with the frame of its first transmission.
        expect(retx ? 1 : 0, `frame ${k + 1}: TSN ${row.packet}`).toBe(row.retx);
        if (row.retx) seen.retx++;
      } else {
        seen.sacks++;
        expect(src).toBe('10.0.0.3');
        expect(Number(cum)).toBe(row.cum_ack);
        const want = blocks[ackK++]!;
        if (want.length > 0) seen.gapped++;
        expect(nums(gs)).toEqual(want.map(([a]) => a - row.cum_ack!));
        expect(nums(ge)).toEqual(want.map(([, b]) => b - row.cum_ack!));
        expect(nums(gst)).toEqual(want.map(([a]) => a));
        expect(nums(get)).toEqual(want.map(([, b]) => b));
      }
    });
    expect(seen.retx).toBe(2);
    expect(seen.gapped).toBeGreaterThan(10);
    console.info(`caro-fig3-2-drops at R1: ${JSON.stringify(seen)}`);
  });

  it('with the handshake: SYN / SYN-ACK and INIT … HEARTBEAT ACK decode', () => {
    const tcp = tshark(
      exportPcap('preset=ff-3-drops&sender=sack&handshake=1', 'h.pcap'),
      [],
      ['tcp.flags.str'],
    );
    expect(tcp.slice(0, 2).map((f) => f[0]!.replace(/·/g, '').trim())).toEqual(['S', 'AS']);
    const sctp = tshark(
      exportPcap('preset=caro-fig3-2-drops&handshake=1', 'hs.pcap'),
      ['sctp.checksum:CRC-32C'],
      ['sctp.chunk_type', 'sctp.checksum.status'],
    );
    expect(sctp.slice(0, 7).map((f) => Number(f[0]))).toEqual([1, 2, 10, 11, 4, 5, 0]);
    expect(sctp.every((f) => f[1] === '1')).toBe(true);
  });
});
