import { describe, expect, it } from 'vitest';
import { METRIC_COLUMNS, type MetricsRow } from '../../../src/ui/deps/metrics';
import { aggregate, meanSd, type SweepRunRecord } from '../../../src/ui/sweep/aggregate';
import {
  SWEEP_COLUMNS,
  sweepColumn,
  tableColumns,
  type SweepFlowRow,
} from '../../../src/ui/sweep/columns';
import { sweepCsv } from '../../../src/ui/sweep/csv';

/**
 * A two-flow run (TCP-SACK flow 1, SCTP flow 2) in which TCP sends `tcpPct` % of the 10 000
 * payload bytes, with the given link utilisation and FR episodes; the rows' run values (jain,
 * pct_increase) are what computeMetrics would give.
 */
function rows(tcpPct: number, linkUtil: number, fr: [number, number]): SweepFlowRow[] {
  const tcpBytes = tcpPct * 100;
  const sctpBytes = 10_000 - tcpBytes;
  const common = {
    // every column (a new one too), then the values these tests read
    ...(Object.fromEntries(METRIC_COLUMNS.map((c) => [c, 0])) as MetricsRow),
    tput_bps: 8000,
    timeouts: 1,
    mean_cwnd_pkts: 10,
    link_util: linkUtil,
    jain: 10_000 ** 2 / (2 * (tcpBytes ** 2 + sctpBytes ** 2)),
    goodput_bps: 8000,
    pct_increase: ((sctpBytes - tcpBytes) / tcpBytes) * 100,
    link_loss_rate: 0.01,
    mean_queue_delay_s: 0.002,
    offered_bytes: null,
    requested_bps: null,
    delivered_bytes: 900,
    delivered_bps: 7200,
    loss_rate: 0.01,
    delay_mean_s: 0.12,
    delay_max_s: 0.2,
    jitter_s: 0.003,
    jitter_mean_s: 0.004,
    jitter_max_s: 0.01,
  };
  return [
    {
      flow: 1,
      sender: 'sack',
      ...common,
      unique_bytes: tcpBytes,
      pct_tput: tcpPct,
      fr_episodes: fr[0],
    },
    {
      flow: 2,
      sender: 'sctp-4960',
      ...common,
      unique_bytes: sctpBytes,
      pct_tput: 100 - tcpPct,
      fr_episodes: fr[1],
      mean_cwnd_pkts: 12,
    },
  ];
}

const run = (index: number, value: string, seed: number, r: SweepFlowRow[]): SweepRunRecord => ({
  index,
  value,
  seed,
  rows: r,
  engineMs: 5,
  events: 100,
});

describe('mean ± s.d.', () => {
  it('is the mean and the sample standard deviation (n − 1), by hand', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum to 32, 32 / 7 = 4.571428…
    const s = meanSd([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.n).toBe(8);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(s.sd).toBeCloseTo(2.138089935299395, 12);
    // 43.7 and 45.8: mean 44.75, s.d. |45.8 − 43.7| / √2 = 1.4849…
    const t = meanSd([43.7, 45.8]);
    expect(t.mean).toBeCloseTo(44.75, 12);
    expect(t.sd).toBeCloseTo(2.1 / Math.SQRT2, 12);
  });

  it('skips runs without a value; one value has no s.d.; none has no mean', () => {
    expect(meanSd([3, null, 5])).toEqual({ n: 2, mean: 4, sd: Math.SQRT2 });
    expect(meanSd([7])).toEqual({ n: 1, mean: 7, sd: null });
    expect(meanSd([null, null])).toEqual({ n: 0, mean: null, sd: null });
  });
});

describe('sweep columns', () => {
  it('per protocol: the shares add up over the protocol’s flows, the counts are per flow', () => {
    const r = rows(40, 18, [10, 14]);
    expect(sweepColumn('pct_tput_tcp')!.value(r)).toBeCloseTo(40, 12);
    expect(sweepColumn('pct_tput_sctp')!.value(r)).toBeCloseTo(60, 12);
    expect(sweepColumn('fr_episodes_tcp')!.value(r)).toBe(10);
    expect(sweepColumn('fr_episodes_sctp')!.value(r)).toBe(14);
    expect(sweepColumn('mean_cwnd_pkts_sctp')!.value(r)).toBe(12);
    expect(sweepColumn('link_util')!.value(r)).toBe(18);
    // Jain of 4000 and 6000 bytes: 10 000² / (2 · (4000² + 6000²)) = 0.9615…, the rows' own value
    expect(sweepColumn('jain')!.value(r)).toBeCloseTo(1e8 / 1.04e8, 15);
    expect(sweepColumn('jain')!.value(r)).toBe(r[0]!.jain);
    expect(sweepColumn('pct_increase')!.value(r)).toBe(50);
    // Four flows, two of each: the TCP share is both TCP flows' together, FR a TCP flow's mean.
    const four: SweepFlowRow[] = [
      { ...r[0]!, flow: 1, unique_bytes: 2000, fr_episodes: 4 },
      { ...r[1]!, flow: 2, unique_bytes: 3000 },
      { ...r[0]!, flow: 3, unique_bytes: 2500, fr_episodes: 8 },
      { ...r[1]!, flow: 4, unique_bytes: 2500 },
    ];
    expect(sweepColumn('pct_tput_tcp')!.value(four)).toBe(45);
    expect(sweepColumn('fr_episodes_tcp')!.value(four)).toBe(6);
    // No SCTP flow: no SCTP columns.
    expect(sweepColumn('pct_tput_sctp')!.value([r[0]!])).toBeNull();
  });

  it('a UDP flow counts in the shares’ total but not in Jain’s index or the per-protocol means', () => {
    const r = rows(40, 18, [10, 14]);
    const udp: SweepFlowRow = {
      ...r[0]!,
      flow: 3,
      sender: 'udp',
      unique_bytes: 10_000,
      fr_episodes: 0,
      timeouts: 0,
      mean_cwnd_pkts: null,
    };
    const withUdp = [...r, udp];
    expect(sweepColumn('pct_tput_tcp')!.value(withUdp)).toBe(20); // 4000 of 20 000
    expect(sweepColumn('pct_tput_sctp')!.value(withUdp)).toBe(30);
    expect(sweepColumn('jain')!.value(withUdp)).toBe(sweepColumn('jain')!.value(r));
    expect(sweepColumn('fr_episodes_tcp')!.value(withUdp)).toBe(10);
    expect(sweepColumn('timeouts_tcp')!.value(withUdp)).toBe(1);
    expect(sweepColumn('jain')!.value([udp])).toBeNull();
  });

  it('the table shows the published columns first, in the paper’s order', () => {
    const cols = tableColumns(
      ['pct_tput_tcp', 'pct_tput_sctp', 'pct_increase', 'link_util'],
      [rows(40, 18, [1, 1])],
    );
    expect(cols.slice(0, 4).map((c) => c.id)).toEqual([
      'pct_tput_tcp',
      'pct_tput_sctp',
      'pct_increase',
      'link_util',
    ]);
    expect(cols.map((c) => c.id)).toContain('jain');
    expect(cols.length).toBe(SWEEP_COLUMNS.length);
    // Only TCP flows: the SCTP columns have nothing to show.
    const tcpOnly = tableColumns([], [[rows(40, 18, [1, 1])[0]!]]);
    expect(tcpOnly.map((c) => c.id).filter((id) => id.includes('sctp'))).toEqual([]);
  });
});

describe('sweep table aggregation', () => {
  it('one row per value in sweep order, mean ± s.d. over the finished seeds', () => {
    const runs = [
      run(0, '0.01', 1, rows(43.7, 17.8, [10, 12])),
      run(2, '0.01', 2, rows(45.8, 18.2, [14, 16])),
      run(1, '0.02', 1, rows(44.0, 12.4, [20, 22])),
    ];
    const cols = SWEEP_COLUMNS.filter((c) =>
      ['pct_tput_tcp', 'link_util', 'fr_episodes_sctp'].includes(c.id),
    );
    const agg = aggregate(runs, ['0.01', '0.02', '0.03'], cols);
    expect(agg.map((r) => [r.value, r.runs])).toEqual([
      ['0.01', 2],
      ['0.02', 1],
      ['0.03', 0],
    ]);
    const a = agg[0]!.stats;
    expect(a.pct_tput_tcp!.mean).toBeCloseTo(44.75, 12);
    expect(a.pct_tput_tcp!.sd).toBeCloseTo(2.1 / Math.SQRT2, 12);
    expect(a.link_util!.mean).toBeCloseTo(18, 12);
    expect(a.link_util!.sd).toBeCloseTo(0.4 / Math.SQRT2, 12);
    expect(a.fr_episodes_sctp).toEqual({ n: 2, mean: 14, sd: Math.SQRT2 * 2 });
    expect(agg[1]!.stats.link_util).toEqual({ n: 1, mean: 12.4, sd: null });
    expect(agg[2]!.stats.link_util).toEqual({ n: 0, mean: null, sd: null });
  });
});

describe('sweep CSV', () => {
  it('the CLI’s metrics columns, one line per flow, in value then seed order', () => {
    const runs = [
      run(3, '0.02', 2, rows(44, 12, [1, 2])),
      run(0, '0.01', 1, rows(43.7, 17.8, [3, 4])),
      run(1, '0.02', 1, rows(45, 12.5, [5, 6])),
    ];
    const csv = sweepCsv('loss', ['0.01', '0.02'], runs);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(['loss', 'seed', 'flow', 'sender', ...METRIC_COLUMNS].join(','));
    expect(lines.length).toBe(1 + 3 * 2);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '0.01,1,1,sack',
      '0.01,1,2,sctp-4960',
      '0.02,1,1,sack',
      '0.02,1,2,sctp-4960',
      '0.02,2,1,sack',
      '0.02,2,2,sctp-4960',
    ]);
    const first = lines[1]!.split(',');
    expect(first[METRIC_COLUMNS.indexOf('pct_tput') + 4]).toBe('43.7');
    expect(first[METRIC_COLUMNS.indexOf('fr_episodes') + 4]).toBe('3');
    expect(csv.endsWith('\n')).toBe(true);
  });
});
