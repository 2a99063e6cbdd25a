import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCapture, replayScenario } from '../../src/capture';
import { resolveQuery } from '../../src/cli/scenario';
import { run } from '../../src/engine';

const cap = (f: string) =>
  readCapture(new Uint8Array(readFileSync(new URL(`../fixtures/captures/${f}`, import.meta.url))));

describe('replayScenario: a captured connection → a scenario', () => {
  const a = cap('reno-receiver.pcap').analyse(0);
  const r = replayScenario(a, { sender: 'reno' });
  const keys = new URLSearchParams(r.query);
  it('the bottleneck rate from the ACK clock: tbf 4 Mbit/s of 1514-byte frames = 3.931 Mbit/s of 1488-byte packets (±3 %)', () => {
    expect(Math.abs(Number(keys.get('bw')) / ((4e6 * 1488) / 1514) - 1)).toBeLessThan(0.03);
  });
  it('the queue from the RTT range: the 10-packet pfifo plus the token bucket (10–14 packets)', () => {
    expect(Number(keys.get('queue'))).toBeGreaterThanOrEqual(10);
    expect(Number(keys.get('queue'))).toBeLessThanOrEqual(14);
  });
  it('the lost segments as a drop list, the transfer as a 1 000 000-byte file, MSS 1448', () => {
    const drops = keys.get('drops')!.split(',').map(Number);
    expect(drops).toHaveLength(new Set(a.retransmissions.map((x) => x.seq)).size);
    expect(drops[0]).toBe(Math.floor((a.retransmissions[0]!.seq - 1) / 1448) + 1);
    expect([keys.get('bytes'), keys.get('mss'), keys.get('sender')]).toEqual([
      '1000000',
      '1448',
      'reno',
    ]);
  });
  it('is a valid scenario: Reno on it meets exactly the listed drops and delivers the file', () => {
    const q = resolveQuery(r.query);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    const trace = run(q.config, { record: 'metrics' });
    const scripted = trace.linkStats.reduce((n, l) => n + l.drops.scripted, 0);
    const overflow = trace.linkStats.reduce((n, l) => n + l.drops.overflow, 0);
    expect([scripted, overflow]).toEqual([keys.get('drops')!.split(',').length, 0]);
    expect(trace.flowStats[0]!.retransmissions).toBeGreaterThanOrEqual(scripted);
    expect(trace.flowStats[0]!.deliveredBytes).toBe(1_000_000);
  });
});
