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
      run(fallFloydConfig('reno', [15]), {
        onProgress: () => slices++,
        isCancelled: () => slices >= 3,
      }),
    ).toThrow(RunCancelled);
    expect(slices).toBe(3);
  });

  it('stops a run that exceeds the event budget', () => {
    // The 6 s fall-floyd Reno run executes thousands of events; 100 is far too few.
    expect(() => run(fallFloydConfig('reno', [15]), { maxEvents: 100 })).toThrow(
      'run exceeded 100 events',
    );
  });

  it('stops a run at its packet-event budget, in both record modes, even within one scheduler event', () => {
    const cfg = fallFloydConfig('reno', [15]);
    const all = run(cfg, { record: 'metrics' }).eventCount;
    expect(all).toBeGreaterThan(1000);
    for (const record of ['full', 'metrics'] as const) {
      expect(() => run(cfg, { record, maxPacketEvents: 1000 })).toThrow(
        'run exceeded 1000 packet events',
      );
      expect(run(cfg, { record, maxPacketEvents: all }).eventCount).toBe(all);
    }
    // A UDP source offering a whole file at once makes its packet events inside one scheduler
    // event: the guard stops it there, not at the end of the slice.
    const udp = fallFloydConfig('reno', [], { stopS: 2 });
    udp.flows[0] = {
      ...udp.flows[0]!,
      sender: 'udp',
      app: { kind: 'file', bytes: 1000 * 200_000 },
    };
    let executedBefore = 0;
    expect(() =>
      run(udp, {
        record: 'full',
        maxPacketEvents: 5000,
        onProgress: () => executedBefore++,
      }),
    ).toThrow('run exceeded 5000 packet events');
    // stopped in the slice where the file is offered (the flow starts at 1 s of 2 s)
    expect(executedBefore).toBeLessThanOrEqual(25);
  });
});
