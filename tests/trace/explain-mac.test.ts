/** The log's MAC rows (src/trace/explain-mac.ts): retries and retry-limit drops as sentences. */
import { describe, expect, it } from 'vitest';
import { MacEvent, run } from '../../src/engine';
import { explainMac } from '../../src/trace/explain-mac';
import { saturatedCell } from '../engine/net/wifi/cell-config';

describe('MAC rows of the log', () => {
  it('a lossy channel: one sentence per failed attempt and per drop, CW doubling, the section', () => {
    const t = run(saturatedCell({ n: 1, stopS: 0.3, frameErrorRate: 0.6 }));
    const rows = explainMac(t);
    const M = t.mac!;
    let want = 0;
    for (let i = 0; i < M.length; i++) {
      const e = M.event[i]!;
      if (e === MacEvent.error || e === MacEvent.collision || e === MacEvent.drop) want++;
    }
    expect(rows).toHaveLength(want);
    const first = rows.find((r) => r.event === 'error')!;
    expect(first.text).toBe(
      'S1: attempt 1 of packet 3 of flow 0 was lost to the channel (no ACK came back); CW 31 → 63, it is retried after a new backoff',
    );
    expect(first.source).toMatch(/^IEEE 802\.11-2016 §10\.3\.3/);
    const drop = rows.find((r) => r.event === 'drop')!;
    expect(drop.text).toMatch(
      /^S1 drops packet \d+ of flow 0 after 7 attempts: the retry limit; CW back to 31$/,
    );
    // time order
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.time).toBeGreaterThanOrEqual(rows[i - 1]!.time);
  });

  it('a run without a shared medium has none', () => {
    const t = run({
      ...saturatedCell({ n: 1, stopS: 0.1 }),
      media: [],
      links: [{ a: 'S1', b: 'AP', bandwidthBps: 1e6, delayS: 0.01, queueLimit: 10 }],
    });
    expect(t.mac).toBeUndefined();
    expect(explainMac(t)).toEqual([]);
  });
});
