/**
 * A metrics-only run (`record: 'metrics'`) simulates exactly what a full run does: the same
 * counters (flowStats, linkStats, event and decision counts) and the same accumulators,
 * computed once from the full trace's columns and once streamed by the metrics sink.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run, runAccumulators, SCTP_SENDERS, TCP_SENDERS, type SimConfig } from '../../src/engine';
import { CwndIntegral } from '../../src/engine/trace/accumulators';
import { resolveQuery } from '../../src/cli/scenario';

function config(query: string): SimConfig {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.config;
}

function expectSameRun(query: string): void {
  const cfg = config(query);
  const full = run(cfg);
  const metrics = run(cfg, { record: 'metrics' });
  expect(metrics.record).toBe('metrics');
  expect(metrics.packets.length).toBe(0);
  expect(metrics.decisions.length).toBe(0);
  expect(metrics.samples.length).toBe(0);
  expect(metrics.flowStats, query).toEqual(full.flowStats);
  expect(metrics.linkStats, query).toEqual(full.linkStats);
  expect(metrics.eventCount, query).toBe(full.packets.length);
  expect(metrics.decisionCount, query).toBe(full.decisions.length);
  expect(metrics.accumulators, query).toEqual(runAccumulators(full, cfg));
}

const SENDERS = [...TCP_SENDERS, ...SCTP_SENDERS];

describe("record: 'metrics' against 'full'", () => {
  it.each([
    'preset=ff-3-drops&sender=reno',
    'preset=ff-5-drops&sender=fack',
    'preset=ff-4-drops&sender=sack&maxburst=4',
    'preset=fall-floyd&sender=newreno&stop=60&loss=0.02&seed=7',
    'preset=fall-floyd&sender=tahoe&sender2=sack&drops2=20,21&stop=30&loss=0.01',
    'preset=fall-floyd&sender=reno&handshake=1&delack=1&stop=20&loss=0.03',
    'preset=caro-fig3-2-drops&sender=sctp-newreno',
    'preset=caro-fig2-1-drop&sender=sctp-2960&handshake=1&delack=1',
    'preset=geo-segment-8&sender=sack&stop=60',
    'preset=alamgir-fig8&sender=sack&stop=120',
    // RED with ECN flows: CE marks are packet events the metrics sink must pass over
    'preset=fall-floyd&flows=2*reno&queue=40&aqm=red&red.bytes=0&ecn=1&stop=20',
  ])('%s: same counters and accumulators', (q) => {
    expectSameRun(q);
  });

  it('over random senders, pairs, losses, seeds and queues', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SENDERS),
        fc.constantFrom('none', ...SENDERS),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 3, max: 20 }),
        fc.constantFrom(0, 1),
        (sender, sender2, loss, seed, queue, delack) => {
          expectSameRun(
            `preset=fall-floyd&sender=${sender}&sender2=${sender2}&loss=${loss}&seed=${seed}&queue=${queue}&delack=${delack}&stop=15`,
          );
        },
      ),
      { numRuns: 30, seed: 20261124 },
    );
  });

  it('accumulates cwnd over time from the first data packet: a hand-worked example', () => {
    const c = new CwndIntegral();
    c.change(0.5, 1); // before any data: not counted
    c.firstData(1);
    c.change(1, 2); // cwnd 2 from t = 1
    c.change(3, 4); // 2 · 2 s = 4
    c.change(3, 5); // same instant: nothing accrues
    c.firstData(2); // a later first data packet is ignored
    const acc = c.finish(5); // 5 · 2 s = 10
    expect(acc).toEqual({ firstDataS: 1, cwndPktSeconds: 14 });
  });

  it('gives a mean cwnd between 1 and the peak on a Fall & Floyd run', () => {
    const t = run(config('preset=ff-1-drops&sender=reno'), { record: 'metrics' });
    const [a] = t.accumulators!.flows;
    expect(a!.firstDataS).toBe(1); // the flow starts at 1.0 s
    const mean = a!.cwndPktSeconds / (t.stopS - a!.firstDataS);
    expect(mean).toBeGreaterThan(1);
    expect(mean).toBeLessThan(28);
  });
});
