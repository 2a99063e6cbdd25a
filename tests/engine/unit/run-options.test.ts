import { describe, expect, it } from 'vitest';
import { run, RunCancelled } from '../../../src/engine';
import { fallFloydConfig } from '../../helpers/fall-floyd';

describe('run options', () => {
  it('reports progress once per slice of simulated time, ending at 1', () => {
    const seen: number[] = [];
    run(fallFloydConfig('reno', [15]), { onProgress: (f) => seen.push(f) });
    expect(seen.length).toBe(50);
    expect(seen[0]).toBe(1 / 50);
    expect(seen.at(-1)).toBe(1);
  });

  it('throws RunCancelled when isCancelled turns true between slices', () => {
    let slices = 0;
    expect(() =>
      run(fallFloydConfig('reno', [15]), { onProgress: () => slices++, isCancelled: () => slices >= 3 }),
    ).toThrow(RunCancelled);
    expect(slices).toBe(3);
  });

  it('stops a run that exceeds the event budget', () => {
    // The 6 s fall-floyd Reno run executes thousands of events; 100 is far too few.
    expect(() => run(fallFloydConfig('reno', [15]), { maxEvents: 100 })).toThrow('run exceeded 100 events');
  });
});
