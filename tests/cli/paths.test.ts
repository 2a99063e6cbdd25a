/**
 * `--out paths`: one row per SCTP path event or change (time, flow, path, event, state, cwnd,
 * ssthresh, rto, error_count), CSV and JSON — the writer on a hand-built trace, and the
 * sctp-failover preset's failover through the CLI.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { PathEvent, PathEventTable } from '../../src/engine/trace/path-events';
import { parseArgs, USAGE } from '../../src/cli/args';
import { runCli } from '../../src/cli/main';
import { PATH_COLUMNS, pathRows, renderPaths } from '../../src/cli/paths-output';
import { resolveQuery } from '../../src/cli/scenario';

const HEADER = 'time,flow,path,event,state,cwnd,ssthresh,rto,error_count';

/** A real run's trace with hand-built paths and path events laid on top. */
function handBuilt() {
  const r = resolveQuery('preset=fall-floyd&sender=sctp-4960&stop=1.5');
  if (!r.ok) throw new Error('query');
  const t = run(r.config, { record: 'metrics' });
  const table = new PathEventTable();
  const row = { flow: 0, cwnd: 3000, ssthresh: 65536, rto: 1, errorCount: 0, state: 0 };
  table.add({ ...row, time: 0.25, path: 1, event: PathEvent.heartbeat });
  table.add({ ...row, time: 1.5, path: 0, event: PathEvent['t3-expiry'], rto: 2, errorCount: 1 });
  table.add({
    ...row,
    time: 3.25,
    path: 0,
    event: PathEvent.failover,
    state: 1,
    cwnd: 1500,
    ssthresh: 4380,
    rto: 4,
    errorCount: 3,
  });
  return {
    ...t,
    flows: [
      {
        ...t.flows[0]!,
        paths: [
          { src: 'S1', dst: 'K0' },
          { src: 'S1', dst: 'K9' },
        ],
      },
    ],
    pathEvents: table.columns(),
  };
}

describe('--out paths writer', () => {
  it('CSV: the header, then one row per event with the path named by its destination node', () => {
    expect(PATH_COLUMNS.join(',')).toBe(HEADER);
    expect(renderPaths(handBuilt(), 'csv')).toBe(
      `${HEADER}\n` +
        '0.25,0,K9,heartbeat,active,3000,65536,1,0\n' +
        '1.5,0,K0,t3-expiry,active,3000,65536,2,1\n' +
        '3.25,0,K0,failover,inactive,1500,4380,4,3\n',
    );
  });

  it('JSON: one flat object per row, numbers as numbers', () => {
    const rows = JSON.parse(renderPaths(handBuilt(), 'json'));
    expect(rows[2]).toEqual({
      time: 3.25,
      flow: 0,
      path: 'K0',
      event: 'failover',
      state: 'inactive',
      cwnd: 1500,
      ssthresh: 4380,
      rto: 4,
      error_count: 3,
    });
  });

  it('a run without path events (TCP, or a hand-built trace without the table): the header alone', () => {
    const r = resolveQuery('preset=ff-1-drops&sender=reno');
    if (!r.ok) throw new Error('query');
    const t = run(r.config, { record: 'metrics' });
    expect(renderPaths(t, 'csv')).toBe(`${HEADER}\n`);
    expect(pathRows({ ...t, pathEvents: undefined })).toEqual([]);
    expect(renderPaths(t, 'json')).toBe('[]\n');
  });
});

describe('--out paths on sctp-failover', () => {
  const r = runCli(['preset=sctp-failover', '--out', 'paths']);
  const rows = r.stdout.trim().split('\n');

  it('K0 inactive after Path.Max.Retrans + 1 = 3 t3-expiry rows, then the failover row', () => {
    expect(r.code).toBe(0);
    expect(rows[0]).toBe(HEADER);
    const k0 = rows.filter((l) => /^[\d.]+,0,K0,(?!change)/.test(l));
    expect(k0.slice(0, 5)).toEqual([
      '5.383054080000034,0,K0,t3-expiry,active,1500,8528,1,1',
      '6.500206080000032,0,K0,t3-expiry,active,1500,6000,2,2',
      '8.55876544000003,0,K0,t3-expiry,active,1500,6000,2,3',
      '8.55876544000003,0,K0,inactive,inactive,1500,6000,2,3',
      '8.55876544000003,0,K0,failover,inactive,1500,6000,2,3',
    ]);
    expect(k0.filter((l) => l.includes(',recovered,'))).toEqual([
      '14.675574432770137,0,K0,recovered,active,1500,6000,0.5,0',
    ]);
    // the backup's rows: its cwnd changes once it carries the data, and its HEARTBEATs
    expect(rows.some((l) => /^[\d.]+,0,K1,change,active,/.test(l))).toBe(true);
    expect(rows.some((l) => /^[\d.]+,0,K1,heartbeat-ack,active,/.test(l))).toBe(true);
  });

  it('the same rows in JSON, and in a full-trace run (path events are kept in both record modes)', () => {
    const json = runCli(['preset=sctp-failover', '--out', 'paths', '--format', 'json']);
    expect(json.code).toBe(0);
    const objs = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(objs).toHaveLength(rows.length - 1);
    expect(objs.find((o) => o.event === 'failover')).toEqual({
      time: 8.55876544000003,
      flow: 0,
      path: 'K0',
      event: 'failover',
      state: 'inactive',
      cwnd: 1500,
      ssthresh: 6000,
      rto: 2,
      error_count: 3,
    });
    const q = resolveQuery('preset=sctp-failover');
    if (!q.ok) throw new Error('query');
    expect(renderPaths(run(q.config), 'csv')).toBe(r.stdout);
  });

  it('formats other than csv and json are refused; --help documents the columns', () => {
    expect(parseArgs(['preset=sctp-failover', '--out', 'paths', '--format', 'text'])).toEqual({
      kind: 'error',
      message: "--format for --out paths must be csv or json (got 'text')",
    });
    expect(USAGE).toContain('--out paths');
    expect(USAGE).toContain('time,flow,path,event,state,cwnd,ssthresh,rto,error_count');
  });
});
