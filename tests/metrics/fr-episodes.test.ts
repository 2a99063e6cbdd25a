/**
 * FlowStats.fastRetransmits counts fast-retransmit episodes — cwnd cuts by duplicate ACKs /
 * missing reports — not the packets retransmitted in them, for TCP and SCTP alike.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run, type Trace } from '../../src/engine';
import { resolveQuery } from '../../src/cli/scenario';

function trace(query: string): Trace {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return run(r.config);
}

/** Decisions that cut cwnd on duplicate ACKs / missing reports (one per episode). */
const CUT_CODES = new Set([
  'tahoe.fast-retransmit',
  'reno.fast-retransmit',
  'sack.fast-retransmit',
  'fack.fast-retransmit',
  'sctp.fast-retransmit',
  'sctp.fast-recovery',
]);

function cuts(t: Trace, flow = 0): number {
  return decisionsOf(t).filter((d) => d.flow === flow && CUT_CODES.has(d.code)).length;
}

describe('fast-retransmit episodes', () => {
  it('New-Reno SCTP, two drops in a window: one episode, though 29 is fast-retransmitted in it', () => {
    const t = trace('preset=caro-fig3-2-drops&sender=sctp-newreno');
    const codes = decisionsOf(t)
      .filter((d) => /fast/.test(d.code))
      .map((d) => `${d.code} ${d.packets[0]}`);
    expect(codes).toEqual(['sctp.fast-recovery 15', 'sctp.fast-retransmit-htna 29']);
    expect(t.flowStats[0]).toMatchObject({ retransmissions: 2, fastRetransmits: 1, timeouts: 0 });
  });

  it('Original SCTP, the same drops: two cwnd cuts, two episodes', () => {
    const t = trace('preset=caro-fig3-2-drops&sender=sctp-2960');
    expect(t.flowStats[0]).toMatchObject({ retransmissions: 2, fastRetransmits: 2, timeouts: 0 });
    expect(cuts(t)).toBe(2);
  });

  it('SACK TCP, three drops: three retransmissions in one episode', () => {
    const t = trace('preset=ff-3-drops&sender=sack');
    expect(t.flowStats[0]).toMatchObject({ retransmissions: 3, fastRetransmits: 1, timeouts: 0 });
  });

  it.each([
    'preset=fall-floyd&sender=sctp-2960&stop=30&loss=0.02&seed=5',
    'preset=fall-floyd&sender=sctp-newreno&stop=30&loss=0.02&seed=5',
    'preset=fall-floyd&sender=sctp-4960&stop=30&loss=0.03&seed=8',
    'preset=fall-floyd&sender=sack&sender2=sctp-newreno-ca&stop=30&loss=0.02&seed=2',
    'preset=fall-floyd&sender=fack&sender2=tahoe&stop=30&loss=0.02&seed=4',
  ])('%s: the counter equals the cut decisions', (q) => {
    const t = trace(q);
    t.flowStats.forEach((s, f) => expect(s.fastRetransmits, `flow ${f}`).toBe(cuts(t, f)));
    expect(t.flowStats.some((s) => s.fastRetransmits > 1)).toBe(true);
  });
});
