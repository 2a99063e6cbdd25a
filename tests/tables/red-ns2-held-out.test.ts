/**
 * The held-out ns-2.35 RED runs (tests/fixtures/ns2-red, the last five of its README's table:
 * other rates, delays, flow counts and RED parameters than the eight runs of
 * tests/engine/net/queue/red-ns2.test.ts), compared the same way: ns-2's RED decisions
 * replayed, every packet event on every link with its ECN bits and every cwnd / ssthresh change
 * at the exact double time.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { RED_HELD_OUT, RED_MANIFEST, redConfig } from '../helpers/ns2-red';
import { redDivergence } from '../helpers/ns2-red-compare';

describe('ns-2.35 RED, held-out runs, event for event', () => {
  it.each(RED_HELD_OUT)('%s: every packet event and every cwnd / ssthresh change', (name) => {
    const c = RED_MANIFEST.runs.find((r) => r.name === name)!;
    const d = redDivergence(c, run(redConfig(c)));
    expect(d.events, d.events ?? '').toBeNull();
    expect(d.vars, d.vars ?? '').toBeNull();
  });
});
