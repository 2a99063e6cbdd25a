import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { runCli } from '../../src/cli/main';

const Q = 'preset=ff-3-drops&sender=sack';

describe('sim --out pcap', () => {
  it('parses --file, --pcap-node and --isn', () => {
    expect(
      parseArgs([Q, '--out', 'pcap', '--file', 'x.pcap', '--pcap-node', 'S1', '--isn=5']),
    ).toEqual({
      kind: 'run',
      options: {
        query: Q,
        out: 'pcap',
        format: 'pcap',
        pcap: { file: 'x.pcap', node: 'S1', isn: 5 },
      },
    });
    expect(parseArgs([Q, '--out', 'pcap', '--file', '-'])).toMatchObject({
      options: { pcap: { file: null, node: null, isn: 0 } },
    });
  });
  it('refuses pcap options without --out pcap, a bad ISN, and other formats', () => {
    expect(parseArgs([Q, '--file', 'x'])).toEqual({
      kind: 'error',
      message: '--file is for --out pcap',
    });
    expect(parseArgs([Q, '--out', 'pcap', '--isn', '-1'])).toMatchObject({ kind: 'error' });
    expect(parseArgs([Q, '--out', 'pcap', '--isn', '4294967296'])).toMatchObject({ kind: 'error' });
    expect(parseArgs([Q, '--out', 'pcap', '--format', 'csv'])).toMatchObject({ kind: 'error' });
    expect(parseArgs([Q, '--out', 'router', '--format', 'pcap'])).toMatchObject({ kind: 'error' });
  });
  it('returns the file bytes (pcap magic) and says where it captured; an unknown node exits 2', () => {
    const r = runCli([Q, '--out', 'pcap', '--file', 'out.pcap']);
    expect(r.code).toBe(0);
    expect(r.binary?.file).toBe('out.pcap');
    expect([...r.binary!.bytes.subarray(0, 4)]).toEqual([0x4d, 0x3c, 0xb2, 0xa1]);
    expect(r.stderr).toBe('sim: pcap: 531 packets seen at R1\n');
    const k1 = runCli([Q, '--out', 'pcap', '--pcap-node', 'K1']);
    expect(k1.binary?.file).toBeNull();
    expect(k1.stderr).toMatch(/seen at K1/);
    const bad = runCli([Q, '--out', 'pcap', '--pcap-node', 'Z']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no node 'Z' \(nodes: S1, R1, K1\)/);
  });
  it('the same scenario gives the same bytes', () => {
    const a = runCli([Q, '--out', 'pcap']).binary!.bytes;
    const b = runCli([Q, '--out', 'pcap']).binary!.bytes;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
