import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { parseArgs } from '../../src/cli/args';
import { runCli } from '../../src/cli/main';
import { resolveQuery } from '../../src/cli/scenario';
import { expandRuns, parseSeeds, parseSweep, withKeys } from '../../src/cli/sweep-spec';
import { buildBundle } from '../../scripts/sim-bundle.mjs';

const Q = 'preset=ff-1-drops&sender=reno&loss=0.01';
const SWEEP = [Q, '--sweep', 'queue=3,8', '--seeds', '3-4'];
const HEADER =
  'queue,seed,flow,sender,packets_sent,retransmissions,timeouts,fast_retransmits,' +
  'delivered_bytes,delivered_packets,events,decisions';

describe('--seeds and --sweep parsing', () => {
  it('expands ranges and lists in order', () => {
    expect(parseSeeds('1-3,9,5-6')).toEqual({ ok: true, seeds: [1, 2, 3, 9, 5, 6] });
    expect(parseSweep('drops=15;15,29;')).toEqual({
      ok: true,
      axis: { key: 'drops', values: ['15', '15,29', ''] },
    });
  });

  it('builds each run query with the swept keys replacing the query’s', () => {
    expect(
      withKeys('preset=ff-1-drops&queue=5&seed=4', [
        ['queue', '3'],
        ['seed', '7'],
      ]),
    ).toBe('preset=ff-1-drops&queue=3&seed=7');
    const runs = expandRuns('sender=reno', [{ key: 'queue', values: ['3', '8'] }], [1, 2]);
    expect(runs.map((r) => r.query)).toEqual([
      'sender=reno&queue=3&seed=1',
      'sender=reno&queue=3&seed=2',
      'sender=reno&queue=8&seed=1',
      'sender=reno&queue=8&seed=2',
    ]);
  });

  it.each([
    [['--seeds', '5-1'], /^sim: --seeds: '5-1' runs backwards/],
    [['--seeds', 'x'], /^sim: --seeds: 'x' is not a seed or a range/],
    [['--seeds', '1-3,2'], /^sim: --seeds: seed 2 is given twice/],
    [['--seeds', '1-10001'], /^sim: --seeds: more than 10000 seeds/],
    [['--seeds', '1-2', '--seeds', '3-4'], /^sim: --seeds given twice/],
    [['--sweep', 'queue'], /^sim: --sweep: expected key=v1,v2/],
    [['--sweep', 'colour=1,2'], /^sim: --sweep: 'colour' is not a scenario key/],
    [['--sweep', 'queue=3,3'], /^sim: --sweep: value '3' of 'queue' is given twice/],
    [['--sweep', 'queue=3', '--sweep', 'queue=4'], /^sim: --sweep: key 'queue' swept twice/],
    [['--sweep', 'seed=1,2'], /^sim: --sweep: sweep seeds with --seeds/],
    [['--seeds', '1-2', '--jobs', '0'], /^sim: --jobs must be a whole number from 1 to 256/],
    [['--jobs', '2'], /^sim: --jobs is for sweeps/],
    [['--progress'], /^sim: --progress is for sweeps/],
    [
      ['--seeds', '1-2', '--out', 'router'],
      /^sim: --out router is not available with --seeds: sweeps print summary or metrics/,
    ],
    [
      ['--seeds', '1-2', '--out', 'nope'],
      /^sim: --out must be one of router, cwnd, explain, summary, metrics, paths, rate, queue, pcap \(got 'nope'\)/,
    ],
    [['--seeds', '1-2', '--format', 'text'], /^sim: --format for --seeds must be csv or json/],
    [
      [
        '--seeds',
        '1-200',
        '--sweep',
        `queue=${Array.from({ length: 51 }, (_, i) => i + 2).join(',')}`,
      ],
      /^sim: --seeds\/--sweep: 10200 runs is more than 10000/,
    ],
  ])('exit code 2 for %j', (args, message) => {
    const r = runCli([Q, ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('sweeps one flow’s key (f2.mss), as the URL names it; a flow past the list is an error per run', () => {
    const q = 'preset=ff-1-drops&flows=reno,sack&stop=5';
    const r = runCli([q, '--sweep', 'f2.mss=536,1448', '--out', 'summary']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows[0]!.startsWith('f2.mss,seed,flow,sender,')).toBe(true);
    // two runs × two flows: the swept value, the flow and its sender
    expect(rows.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '536,1,0,reno',
      '536,1,1,sack',
      '1448,1,0,reno',
      '1448,1,1,sack',
    ]);
    // flow 2's 536-byte segments: more packets for fewer bytes than with 1448
    const sack = rows.filter((l) => l.includes(',1,sack,')).map((l) => l.split(','));
    expect(Number(sack[0]![4]) / Number(sack[0]![8])).toBeGreaterThan(1 / 536);
    const bad = runCli([Q, '--sweep', 'f3.mss=536,1448']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^sim: invalid scenario \(f3\.mss=536\): f3\.mss: there is no flow 3/,
    );
    // f0, an unknown key after the dot and a flow past 128 stay refused as keys
    for (const k of ['f0.mss', 'f2.colour', 'f129.mss']) {
      expect(runCli([Q, '--sweep', `${k}=1,2`]).stderr).toMatch(/is not a scenario key/);
    }
  });

  it('reports a bad swept value before any run, naming the key and the run', () => {
    const r = runCli([Q, '--sweep', 'queue=8,1', '--seeds', '1-3']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // one line per distinct problem, with the first run that has it
    expect(r.stderr).toBe(
      'sim: invalid scenario (queue=1, seed=1): queue: must be a whole number between 2 and 10000 (packets), got "1"\n',
    );
  });

  it('parses a sweep into options (csv by default)', () => {
    expect(parseArgs([...SWEEP, '--jobs', '3', '--progress'])).toEqual({
      kind: 'sweep',
      options: {
        query: Q,
        out: 'summary',
        axes: [{ key: 'queue', values: ['3', '8'] }],
        seeds: [3, 4],
        format: 'csv',
        jobs: 3,
        progress: true,
      },
    });
  });
});

describe('sweep output', () => {
  let dir = '';
  let bundle = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sim-sweep-'));
    bundle = join(dir, 'sim.mjs');
    await buildBundle(bundle);
  }, 30_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const sim = (args: string[]) =>
    spawnSync(process.execPath, [bundle, ...args], { encoding: 'utf8' });

  it('same rows with --jobs 1 and --jobs 2, each equal to a full run() of its query', () => {
    const one = sim([...SWEEP, '--jobs', '1']);
    const two = sim([...SWEEP, '--jobs', '2', '--progress']);
    expect(one.status).toBe(0);
    expect(two.status).toBe(0);
    expect(one.stderr).toBe('');
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe('run 1/4\nrun 2/4\nrun 3/4\nrun 4/4\n');
    // the in-process form prints the same bytes
    expect(runCli(SWEEP).stdout).toBe(one.stdout);

    const lines = one.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(5);
    const expected = [];
    for (const queue of [3, 8]) {
      for (const seed of [3, 4]) {
        const r = resolveQuery(`${Q}&queue=${queue}&seed=${seed}`);
        if (!r.ok) throw new Error('bad query');
        const t = run(r.config, { record: 'full' });
        const f = t.flowStats[0]!;
        expected.push(
          [
            queue,
            seed,
            0,
            'reno',
            f.packetsSent,
            f.retransmissions,
            f.timeouts,
            f.fastRetransmits,
            f.deliveredBytes,
            f.deliveredPackets,
            t.eventCount,
            t.decisionCount,
          ].join(','),
        );
      }
    }
    expect(lines.slice(1)).toEqual(expected);
    // the runs differ: a queue of 3 loses more packets than one of 8 (seeds 3 and 4: with
    // seeds 1 and 2 the two queue-3 runs happen to lose the same packets)
    expect(new Set(lines.slice(1).map((l) => l.split(',').slice(4).join(','))).size).toBe(4);
  }, 30_000);

  it('--format json: one object per run with the swept value, the seed and the summary', () => {
    const r = sim([
      Q,
      '--sweep',
      'sender=reno,sack',
      '--seeds',
      '3',
      '--format',
      'json',
      '--jobs',
      '2',
    ]);
    expect(r.status).toBe(0);
    const runs = JSON.parse(r.stdout);
    expect(runs.map((x: { sender: string; seed: number }) => [x.sender, x.seed])).toEqual([
      ['reno', 3],
      ['sack', 3],
    ]);
    expect(runs[1].summary.flows[0].sender).toBe('sack');
    expect(runs[1].summary.fingerprint).toBeNull();
    expect(r.stdout).toBe(
      runCli([Q, '--sweep', 'sender=reno,sack', '--seeds', '3', '--format', 'json']).stdout,
    );
  }, 30_000);

  it.each([
    ['a single run', ['preset=fall-floyd&sender=sack&stop=300&loss=0.01', '--out', 'router']],
    [
      'a sweep',
      ['preset=fall-floyd&sender=sack&stop=300&loss=0.01', '--seeds', '1-40', '--jobs', '2'],
    ],
  ])(
    'exits 0 without an error when the reader goes away after one line (%s)',
    async (_, args) => {
      const child = spawn(process.execPath, [bundle, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      let first = '';
      const code = await new Promise<number | null>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          first += d;
          if (first.includes('\n')) child.stdout.destroy();
        });
        child.on('close', (c) => resolve(c));
      });
      expect(first.split('\n')[0]).toMatch(/^(time,event|seed,flow),/);
      expect(code).toBe(0);
      expect(stderr).not.toMatch(/Error|EPIPE/);
    },
    30_000,
  );
});
