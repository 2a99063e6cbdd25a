/**
 * ECN in the pcap export (RFC 3168): the IP header's ECN field — ECT(0) on an ECN flow's data,
 * CE after a RED mark — and TCP's ECE and CWR flags, read back from the bytes (and by tshark's
 * dissectors when it is installed).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveQuery } from '../../src/cli/scenario';
import { run } from '../../src/engine';
import { tracePcap } from '../../src/pcap';
import { hasTshark, tshark, warnIfNoTshark } from './tshark-run';

warnIfNoTshark('tests/pcap/ecn.test.ts');

const Q = 'preset=fall-floyd&flows=2*reno&queue=40&aqm=red&red.bytes=0&ecn=1&stop=8';
const r = resolveQuery(Q);
if (!r.ok) throw new Error(Q);
const trace = run(r.config);
const atK1 = tracePcap(trace, r.config, { node: 'K1' });
const atR1 = tracePcap(trace, r.config, { node: 'R1' });

/** Per frame: IP ECN field, TCP flags byte, source address's last byte. */
function frames(bytes: Uint8Array): { ecn: number; flags: number; src: number }[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  for (let at = 24; at < bytes.length;) {
    const len = v.getUint32(at + 8, true);
    const ip = at + 16;
    out.push({ ecn: bytes[ip + 1]! & 3, flags: bytes[ip + 20 + 13]!, src: bytes[ip + 15]! });
    at = ip + len;
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'ackclock-ecn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pcap: ECN bits', () => {
  it('at K1: data ECT(0) or CE (as many CE as RED marked), ACKs with ECE, data with CWR', () => {
    const f = frames(atK1.bytes);
    const k1 = trace.nodes.indexOf('K1') + 1; // node k is 10.0.0.(k + 1); K1 sends the ACKs
    const data = f.filter((x) => x.src !== k1);
    const acks = f.filter((x) => x.src === k1);
    const marks = trace.linkStats.reduce((s, l) => s + (l.marks ?? 0), 0);
    expect(marks).toBeGreaterThan(2);
    expect(data.filter((x) => x.ecn === 3).length).toBe(marks);
    // ns-2's first segment of each flow stands for the SYN: not ECT, ECE set
    expect(data.filter((x) => x.ecn === 0).length).toBe(2);
    expect(data.filter((x) => x.ecn === 2).length).toBe(data.length - marks - 2);
    expect(acks.some((x) => (x.flags & 0x40) !== 0)).toBe(true);
    expect(acks.every((x) => x.ecn === 0 && (x.flags & 0x80) === 0)).toBe(true);
    expect(data.filter((x) => (x.flags & 0x80) !== 0).length).toBeGreaterThanOrEqual(2);
  });

  it('at R1 the packets arrive before RED marks them: no CE', () => {
    expect(frames(atR1.bytes).some((x) => x.ecn === 3)).toBe(false);
  });

  it.skipIf(!hasTshark)('tshark reads the same ECN field and flags', () => {
    const file = join(dir, 'ecn.pcap');
    writeFileSync(file, atK1.bytes);
    const rows = tshark(file, [], ['ip.dsfield.ecn', 'tcp.flags.ece', 'tcp.flags.cwr']);
    const ours = frames(atK1.bytes);
    expect(rows.length).toBe(ours.length);
    const norm = (x: string) => (x === 'True' || x === '1' ? 1 : 0);
    rows.forEach((row, i) => {
      expect(Number(row[0])).toBe(ours[i]!.ecn);
      expect(norm(row[1]!)).toBe((ours[i]!.flags >> 6) & 1);
      expect(norm(row[2]!)).toBe((ours[i]!.flags >> 7) & 1);
    });
  });
});
