import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { prepareSweep } from '../../src/cli/sweep';

describe('--sweep preset: the paper’s sweep of the preset in one command', () => {
  it('003_… scenario A: n = 0, 5, …, 50 FTP clients over seeds 1–10', () => {
    const a = parseArgs(['preset=vicuna-a-tcp-udp', '--sweep', 'preset', '--out', 'metrics']);
    if (a.kind !== 'sweep') throw new Error(JSON.stringify(a));
    expect(a.options.axes).toEqual([
      { key: 'n', values: ['0', '5', '10', '15', '20', '25', '30', '35', '40', '45', '50'] },
    ]);
    expect(a.options.seeds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(a.options.out).toBe('metrics');
    // every run of it is valid and within the run budget: 11 values of n × 10 seeds = 110 runs
    const p = prepareSweep(a.options);
    expect(p.ok && p.sweep.queries.length).toBe(110);
  });

  it('--seeds overrides the preset’s; scenario F sweeps the queue, G the bandwidth', () => {
    const f = parseArgs(['preset=vicuna-f-sctp-udp', '--sweep', 'preset', '--seeds', '1-2']);
    if (f.kind !== 'sweep') throw new Error(JSON.stringify(f));
    expect(f.options.seeds).toEqual([1, 2]);
    expect(f.options.axes[0]!.key).toBe('queue');
    const g = parseArgs(['preset=vicuna-g-tcp-sctp', '--sweep', 'preset']);
    expect(g.kind === 'sweep' && g.options.axes[0]).toEqual({
      key: 'bw',
      values: ['250000', '500000', '1000000', '2000000'],
    });
  });

  it('a preset without a sweep of its own is an error saying so', () => {
    expect(parseArgs(['preset=ff-1-drops', '--sweep', 'preset'])).toEqual({
      kind: 'error',
      message:
        '--sweep preset: preset ff-1-drops has no sweep of its own; give --sweep key=v1,v2,…',
    });
  });
});
