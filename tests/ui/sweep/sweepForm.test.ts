import { describe, expect, it } from 'vitest';
import { getPreset } from '../../../src/ui/deps/scenarios';
import { formForPreset } from '../../../src/ui/sweep/controller';

describe('formForPreset: the form the sweep panel opens with', () => {
  it('a preset with its own sweep (vicuna-f: queue 5–50 over 10 seeds) gives its key, values and seeds', () => {
    const own = getPreset('vicuna-f-tcp-udp')?.sweep;
    expect(own).toEqual({
      key: 'queue',
      values: [5, 10, 15, 20, 25, 30, 35, 40, 45, 50],
      seeds: 10,
    });
    expect(formForPreset('vicuna-f-tcp-udp')).toEqual({
      preset: 'vicuna-f-tcp-udp',
      key: 'queue',
      values: '5,10,15,20,25,30,35,40,45,50',
      seedFrom: '1',
      seedTo: '10',
      extra: '',
      plotColumn: 'link_util',
    });
  });

  it('vicuna-g sweeps bw, and vicuna-a (a table preset with sizes) n, each over its 10 seeds', () => {
    const f = formForPreset('vicuna-g-tcp-udp');
    expect([f.key, f.values, f.seedTo]).toEqual(['bw', '250000,500000,1000000,2000000', '10']);
    const a = formForPreset('vicuna-a-tcp-udp');
    expect([a.key, a.values, a.seedTo]).toEqual(['n', '0,5,10,15,20,25,30,35,40,45,50', '10']);
  });

  it('an old table preset is unchanged: its published rows over seeds 1–30', () => {
    expect(getPreset('alamgir-table2')?.sweep).toBeUndefined();
    expect(formForPreset('alamgir-table2')).toEqual({
      preset: 'alamgir-table2',
      key: 'loss',
      values: '0.008,0.009,0.01,0.015,0.02,0.025,0.03',
      seedFrom: '1',
      seedTo: '30',
      extra: '',
      plotColumn: 'pct_tput_sctp',
    });
  });

  it('a preset with neither sweep, table nor sizes falls back to loss over seeds 1–30', () => {
    const f = formForPreset('ff-3-drops');
    expect([f.key, f.values, f.seedFrom, f.seedTo]).toEqual([
      'loss',
      '0,0.005,0.01,0.02',
      '1',
      '30',
    ]);
  });
});
