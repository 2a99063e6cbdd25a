/**
 * The metrics of a run are the same whichever record mode it ran in: a full trace computes them
 * from its columns, a metrics-only run from the accumulators the engine kept while it ran.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run, SCTP_SENDERS, TCP_SENDERS, type SimConfig } from '../../src/engine';
import { computeMetrics } from '../../src/metrics';
import { resolveQuery } from '../../src/cli/scenario';

function config(query: string): SimConfig {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.config;
}

function expectSameMetrics(query: string, binS?: number): void {
  const cfg = config(query);
  const full = computeMetrics(run(cfg), cfg, { binS });
  const metrics = computeMetrics(run(cfg, { record: 'metrics', binS }), cfg);
  expect(metrics, query).toEqual(full);
}

describe("metrics: record 'metrics' gives what 'full' gives", () => {
  it.each([
    'preset=ff-1-drops&sender=reno',
    'preset=ff-5-drops&sender=fack',
    'preset=fall-floyd&sender=tahoe&sender2=sack&drops2=20,21&stop=30&loss=0.01',
    'preset=fall-floyd&sender=newreno&stop=40&loss=0.02&seed=3&queue=5',
    'preset=caro-fig3-2-drops&sender=sctp-newreno',
    'preset=caro-fig2-1-drop&sender=sctp-2960&handshake=1&delack=1',
    'preset=geo-segment-8',
  ])('%s', (q) => {
    expectSameMetrics(q);
  });

  it('with other bin widths', () => {
    expectSameMetrics('preset=fall-floyd&sender=sack&sender2=sctp-newreno&stop=20&loss=0.01', 0.25);
    expectSameMetrics('preset=ff-3-drops&sender=newreno', 0.07);
  });

  it('over random sender pairs, losses, seeds and queues', () => {
    const senders = [...TCP_SENDERS, ...SCTP_SENDERS];
    fc.assert(
      fc.property(
        fc.constantFrom(...senders),
        fc.constantFrom(...senders),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 3, max: 20 }),
        (sender, sender2, loss, seed, queue) => {
          expectSameMetrics(
            `preset=fall-floyd&sender=${sender}&sender2=${sender2}&loss=${loss}&seed=${seed}&queue=${queue}&stop=10`,
          );
        },
      ),
      { numRuns: 15, seed: 20260507 },
    );
  });
});
