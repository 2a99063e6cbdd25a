/**
 * The compare rows' key decisions (ComparePanel keyDecisions): loss recovery, not the start;
 * their times (keyEventTimes): short, the unit kept.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { keyDecisions, keyEventTimes } from '../../src/ui/components/ComparePanel';
import { buildSimConfig, parseScenarioQuery } from '../../src/ui/deps/scenarios';

describe('keyDecisions', () => {
  const traceOf = (sender: string) => {
    const p = parseScenarioQuery(`preset=caro-fig5-3-drops&sender=${sender}`);
    if (!p.ok) throw new Error(sender);
    return run(buildSimConfig(p.scenario));
  };
  it('leaves out the transfer’s start, for SCTP as for TCP (Caro et al. Figure 5, 3 drops)', () => {
    expect([...keyDecisions(traceOf('newreno')).keys()]).toEqual([
      'fast retransmit',
      'partial ACK',
    ]);
    const sctp = keyDecisions(traceOf('sctp-2960'));
    expect([...sctp.keys()]).toEqual(['fast retransmit']);
    expect(sctp.get('fast retransmit')!.map((t) => t.toFixed(2))).toEqual(['2.09', '2.29', '2.38']);
  });
});

describe('keyEventTimes', () => {
  it('lists up to four times, the unit bound to the last by a no-break space', () => {
    expect(keyEventTimes([2.0801])).toBe('2.08\u00a0s');
    expect(keyEventTimes([2.29, 2.5])).toBe('2.29, 2.50\u00a0s');
    expect(keyEventTimes([1, 2, 3, 4])).toBe('1.00, 2.00, 3.00, 4.00\u00a0s');
  });
  it('counts them first past four', () => {
    expect(keyEventTimes([1, 2, 3, 4, 5, 6, 7])).toBe('7×: 1.00, 2.00, 3.00, 4.00, …\u00a0s');
  });
});
