import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { runCli } from '../../src/cli/main';

const Q = 'preset=fall-floyd&sender=reno&drops=15';

describe('sim CLI (in process)', () => {
  it('--out router: exact header, scripted drop of 15 and one retransmission of 15 departing', () => {
    const r = runCli([Q, '--out', 'router']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('time,event,flow,packet,retx,cum_ack,cause');
    // times as in ns-2.35's trace of the same run (tests/fixtures/ns2 tcp-ff96-reno-d1:
    // 1.66848 DROP 15, 2.0808 DEP 15)
    expect(lines.filter((l) => /^[\d.]+,drop,0,15,/.test(l))).toEqual([
      '1.66848,drop,0,15,0,,scripted',
    ]);
    expect(lines.filter((l) => /^[\d.]+,depart,0,15,/.test(l))).toEqual(['2.0808,depart,0,15,1,,']);
  });

  it('--out explain: a line for the fast retransmit of 15', () => {
    const r = runCli([Q, '--out', 'explain']);
    expect(r.code).toBe(0);
    const line = r.stdout
      .split('\n')
      .find((l) => l.split('\t')[1]?.startsWith('3rd duplicate ACK'));
    expect(line).toBeDefined();
    expect(line!.split('\t')[0]).toBe('2.07976');
    expect(line).toContain('fast retransmit of 15');
    expect(line).toContain('ssthresh 28 → 7');
  });

  it('--out cwnd: a row where cwnd goes to 7 with ssthresh 7', () => {
    const r = runCli([Q, '--out=cwnd']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain('2.07976,0,7,7,3,29,-1,15,7000,7000,0,fast-recovery');
  });

  it('--out summary (default json) and --format json for rows', () => {
    const s = JSON.parse(runCli([Q, '--out', 'summary']).stdout);
    expect(s.flows[0]).toMatchObject({
      sender: 'reno',
      retransmissions: 1,
      fast_retransmits: 1,
      timeouts: 0,
    });
    expect(s.router.links[0]).toMatchObject({ from: 'R1', to: 'K1', bottleneck: true });
    expect(s.router.links[0].drops.scripted).toBe(1);
    const rows = JSON.parse(runCli([Q, '--out', 'router', '--format', 'json']).stdout);
    // 1.0 s start + 1000 bytes at 8 Mb/s: ns-2 sends packet 1 without its header (REFERENCE.md)
    expect(rows[0]).toEqual({
      time: 1.001,
      event: 'arrive',
      flow: 0,
      packet: 1,
      retx: 0,
      cum_ack: null,
      cause: '',
    });
    const ex = JSON.parse(runCli([Q, '--out', 'explain', '--format', 'json']).stdout);
    expect(ex.find((e: { code: string }) => e.code === 'reno.fast-retransmit').time).toBe(2.07976);
  });

  it('is deterministic: the same output twice', () => {
    for (const out of ['router', 'cwnd', 'explain', 'summary']) {
      expect(runCli([Q, '--out', out]).stdout).toBe(runCli([Q, '--out', out]).stdout);
    }
  });

  it.each([
    [['--bogus'], /unknown option '--bogus'/],
    [[Q, '--out', 'nope'], /--out must be one of router, cwnd, explain, summary/],
    [[Q, '--out'], /--out needs a value/],
    [[Q, '--out', 'summary', '--format', 'csv'], /--format for --out summary must be json/],
    [[Q, '--out', 'router', '--format', 'text'], /--format for --out router must be csv or json/],
    [[Q, Q], /more than one query string/],
    [[Q, '--out', 'router', '--out', 'cwnd'], /--out given twice/],
  ])('exit code 2 for bad arguments %j', (argv, message) => {
    const r = runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('exit code 2 naming the key for an invalid query string', () => {
    const r = runCli(['preset=fall-floyd&sender=warp-drive', '--out', 'router']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sim: invalid scenario: sender: /m);
    expect(r.stderr).not.toContain('sender: sender:');
    expect(
      r.stderr
        .trim()
        .split('\n')
        .every((l) => l.startsWith('sim: ')),
    ).toBe(true);
  });

  it('lists every invalid key, one per line', () => {
    const r = runCli(['sender=warp&drops=x&bogus=1']);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => /^sim: invalid scenario: (\w+): /.exec(l)?.[1]).sort()).toEqual([
      'bogus',
      'drops',
      'sender',
    ]);
  });

  it('runs the default scenario without a query string', () => {
    const r = runCli(['--out', 'summary']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).flows).toHaveLength(1);
  });

  it('--help prints usage and exits 0', () => {
    const r = runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npx ackclock '<query string>' /);
  });

  it('parseArgs defaults: summary as json, a leading "?" dropped', () => {
    expect(parseArgs(['?sender=reno'])).toEqual({
      kind: 'run',
      options: { query: 'sender=reno', out: 'summary', format: 'json' },
    });
    expect(parseArgs(['--', Q, '--out', 'explain'])).toEqual({
      kind: 'run',
      options: { query: Q, out: 'explain', format: 'text' },
    });
  });
});

describe('sim CLI (as a process)', () => {
  const sim = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', ...args], {
      encoding: 'utf8',
    });

  // Another process's run of the same query: this worker's, in process (one spawn fewer, and
  // the process prints what the in-process CLI returns)
  it('prints byte-identical output run after run, in another process the same', () => {
    const a = sim([Q, '--out', 'router']);
    const b = runCli([Q, '--out', 'router']);
    expect(a.status).toBe(0);
    expect(a.stdout.startsWith('time,event,flow,packet,retx,cum_ack,cause\n')).toBe(true);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stderr).toBe('');
  }, 30_000);

  // (Linux: /dev/full refuses every write with ENOSPC)
  it.skipIf(!existsSync('/dev/full'))(
    'a full disk: one line on stderr and exit code 1, no stack trace (--out router > /dev/full)',
    () => {
      const full = openSync('/dev/full', 'w');
      try {
        const r = spawnSync(
          process.execPath,
          ['--import', 'tsx', 'src/cli/sim.ts', Q, '--out', 'router'],
          { encoding: 'utf8', stdio: ['ignore', full, 'pipe'] },
        );
        expect(r.stderr).toBe(
          'sim: cannot write the output: ENOSPC: no space left on device, write\n',
        );
        expect(r.status).toBe(1);
      } finally {
        closeSync(full);
      }
    },
    30_000,
  );

  it('exits with 2 and a message on stderr for a bad option', () => {
    const r = sim([Q, '--out', 'graph']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      "--out must be one of router, cwnd, explain, summary, metrics, paths, rate, queue, pcap (got 'graph')",
    );
  }, 30_000);
});
