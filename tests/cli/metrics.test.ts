/** `--out metrics`: one run and sweeps, CSV and JSON, column order, errors. */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { parseArgs, USAGE } from '../../src/cli/args';
import { runCli } from '../../src/cli/main';
import { resolveQuery } from '../../src/cli/scenario';
import { prepareSweep } from '../../src/cli/sweep';
import { runSweepPool } from '../../src/cli/sweep-pool';
import { computeMetrics, METRIC_COLUMNS, metricsRows } from '../../src/metrics';

const HEADER =
  'seed,flow,sender,unique_bytes,tput_bps,pct_tput,fr_episodes,timeouts,mean_cwnd_pkts,' +
  'link_util,jain,goodput_bps,pct_increase,link_loss_rate,mean_queue_delay_s,' +
  'offered_bytes,requested_bps,delivered_bytes,delivered_bps,loss_rate,' +
  'delay_mean_s,delay_max_s,jitter_s,jitter_mean_s,jitter_max_s,retx_ratio,cell_tput_bps';
const ONE = 'preset=ff-1-drops&sender=reno';
const TWO = 'preset=geo-segment-8';

describe('--out metrics (one run)', () => {
  it('CSV: the header, then one row per flow with the hand-checked values', () => {
    const r = runCli([ONE, '--out', 'metrics']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3); // header, one flow, '' after the last "\n"
    const cells = lines[1]!.split(',');
    expect(cells.slice(0, 4)).toEqual(['1', '1', 'reno', '295000']); // 295 distinct packets × 1000
    expect(Number(cells[4])).toBeCloseTo((295_000 * 8) / 6, 6); // tput_bps over the 6 s run
    expect(cells.slice(5, 8)).toEqual(['100', '1', '0']); // pct_tput, fr_episodes, timeouts
    expect(Number(cells[9])).toBeCloseTo((295_000 * 8 * 100) / (800_000 * 6), 10); // link_util
    expect(cells[10]).toBe('1'); // jain of one flow
    expect(cells[11]).toBe('376000'); // goodput: 282,000 bytes · 8 / 6 s
    expect(cells[12]).toBe(''); // pct_increase: no SCTP flow
    expect(Number(cells[13])).toBe(1 / 294); // one drop among 294 data packets at the router
    expect(Number(cells[25])).toBe(1 / 296); // retx_ratio: 1 resend of 296 data packets sent
  });

  it('prints the metrics module’s numbers in full precision', () => {
    const r = resolveQuery(ONE);
    if (!r.ok) throw new Error('bad query');
    const [row] = metricsRows(computeMetrics(run(r.config), r.config));
    const expected = [1, row!.flow, row!.sender, ...METRIC_COLUMNS.map((c) => row![c])]
      .map((v) => (v === null ? '' : String(v)))
      .join(',');
    expect(runCli([ONE, '--out', 'metrics']).stdout.split('\n')[1]).toBe(expected);
  });

  it('JSON: an array of row objects, identity columns first, null for undefined values', () => {
    const r = runCli([TWO, '--out', 'metrics', '--format', 'json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual(HEADER.split(','));
    expect(rows.map((x) => [x.flow, x.sender, x.unique_bytes])).toEqual([
      [1, 'sack', 170 * 1448],
      [2, 'sctp-2960', 175 * 1448],
    ]);
    expect(rows[0]!.pct_increase).toBeCloseTo(((175 - 170) / 170) * 100, 10);
    expect(rows[1]!.jain).toBe(rows[0]!.jain);
    const single = JSON.parse(runCli([ONE, '--out', 'metrics', '--format', 'json']).stdout);
    expect(single[0].pct_increase).toBeNull();
  });

  it.each([
    [
      [ONE, '--out', 'metrics', '--format', 'text'],
      /^sim: --format for --out metrics must be csv or json \(got 'text'\)\n$/,
    ],
    [
      [ONE, '--out', 'metric'],
      /^sim: --out must be one of router, cwnd, explain, summary, metrics, paths, rate, queue, pcap \(got 'metric'\)\n$/,
    ],
    [
      [ONE, '--seeds', '1-2', '--out', 'metrics', '--format', 'text'],
      /^sim: --format for --seeds must be csv or json/,
    ],
    [
      [ONE, '--seeds', '1-2', '--out', 'cwnd'],
      /^sim: --out cwnd is not available with --seeds: sweeps print summary or metrics\n$/,
    ],
  ])('exit code 2, one line: %j', (argv, message) => {
    const r = runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('--help documents every column', () => {
    for (const c of [...METRIC_COLUMNS, 'seed', 'flow (1-based)', '--out metrics'])
      expect(USAGE).toContain(c);
  });
});

describe('--out metrics in a sweep', () => {
  const Q = `${TWO}&loss=0.01&stop=5`;
  const SWEEP = [Q, '--sweep', 'queue=3,12', '--seeds', '1-3', '--out', 'metrics'];

  it('CSV: swept keys first, one row per (run, flow) in sweep order', () => {
    const r = runCli(SWEEP);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`queue,${HEADER}`);
    expect(lines).toHaveLength(1 + 2 * 3 * 2); // values × seeds × flows
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '3,1,1,sack',
      '3,1,2,sctp-2960',
      '3,2,1,sack',
      '3,2,2,sctp-2960',
      '3,3,1,sack',
      '3,3,2,sctp-2960',
      '12,1,1,sack',
      '12,1,2,sctp-2960',
      '12,2,1,sack',
      '12,2,2,sctp-2960',
      '12,3,1,sack',
      '12,3,2,sctp-2960',
    ]);
    // each run's rows are those of the same query run on its own
    const alone = runCli([`${Q}&queue=12&seed=2`, '--out', 'metrics']).stdout.split('\n');
    expect(lines.slice(9, 11)).toEqual(alone.slice(1, 3).map((l) => `12,${l}`));
    // a queue of 3 overflows where one of 12 does not: the runs differ
    expect(lines[1]!.split(',').slice(4)).not.toEqual(lines[7]!.split(',').slice(4));
  });

  it('JSON: one flat object per (run, flow), swept numbers as numbers', () => {
    const rows = JSON.parse(runCli([...SWEEP, '--format', 'json']).stdout) as Record<
      string,
      unknown
    >[];
    expect(rows).toHaveLength(12);
    expect(Object.keys(rows[0]!)).toEqual(['queue', ...HEADER.split(',')]);
    expect(rows.map((x) => `${x.queue}/${x.seed}/${x.flow}`).slice(0, 3)).toEqual([
      '3/1/1',
      '3/1/2',
      '3/2/1',
    ]);
    expect(typeof rows[11]!.queue).toBe('number');
  });

  it('the same bytes from worker threads (--jobs 2) as in one thread', async () => {
    const argv = [...SWEEP.slice(0, 3), '--seeds', '1', '--out', 'metrics'];
    const parsed = parseArgs(argv);
    if (parsed.kind !== 'sweep') throw new Error('not a sweep');
    const prepared = prepareSweep(parsed.options);
    if (!prepared.ok) throw new Error(prepared.errors.join('; '));
    let text = '';
    const entry = new URL('../../src/cli/sim.ts', import.meta.url);
    const failure = await runSweepPool(prepared.sweep, 2, entry, { write: (t) => (text += t) });
    expect(failure).toBeNull();
    expect(text).toBe(runCli(argv).stdout);
  }, 10_000);
});
