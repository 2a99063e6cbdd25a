/** The compare rows' key-decision times (ComparePanel keyEventTimes): short, the unit kept. */
import { describe, expect, it } from 'vitest';
import { keyEventTimes } from '../../src/ui/components/ComparePanel';

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
