/**
 * `--out rate` (src/cli/rate-output.ts): one row per ACK of every TCP flow, with the columns
 * the issue names, empty cells where a variant has no such value, CSV and JSON.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';

const BBR = 'preset=cubic-vs-reno&flows=bbr,reno&bw=10000000&delay=0.019&queue=100&stop=3';

describe('--out rate', () => {
  const out = runCli([BBR, '--out', 'rate']);
  const lines = out.stdout.trimEnd().split('\n');
  const rows = lines.slice(1).map((l) => l.split(','));

  it('prints the header and one row per ACK, BBR with its model, Reno with its samples only', () => {
    expect(out.code).toBe(0);
    expect(lines[0]).toBe(
      'time,flow,pacing_rate_bps,delivery_rate_bps,bw_estimate_bps,min_rtt_s,rtt_s,state',
    );
    const bbr = rows.filter((r) => r[1] === '0');
    const reno = rows.filter((r) => r[1] === '1');
    expect(bbr.length).toBeGreaterThan(1000);
    expect(reno.length).toBeGreaterThan(100);
    // BBR: every row has its mode, a bw estimate and (paced) a pacing rate
    expect(new Set(bbr.map((r) => r[7]))).toEqual(new Set(['STARTUP', 'DRAIN', 'PROBE_BW']));
    expect(bbr.every((r) => r[2] !== '' && r[4] !== '' && r[5] !== '')).toBe(true);
    // Reno: unpaced, no model; delivery rate and RTT samples on its new ACKs
    expect(reno.every((r) => r[2] === '' && r[4] === '' && r[5] === '' && r[7] === '')).toBe(true);
    expect(reno.some((r) => Number(r[3]) > 0 && Number(r[6]) > 0.04)).toBe(true);
    // times in order
    const times = rows.map((r) => Number(r[0]));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
  });

  it('JSON: the same rows as objects, nulls for the empty cells', () => {
    const json = runCli([BBR, '--out', 'rate', '--format', 'json']);
    const objs = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(objs.length).toBe(rows.length);
    expect(Object.keys(objs[0]!)).toEqual(lines[0]!.split(','));
    const reno = objs.find((o) => o.flow === 1)!;
    expect(reno.state).toBeNull();
    expect(reno.bw_estimate_bps).toBeNull();
  });

  it('is listed in --help', () => {
    expect(runCli(['--help']).stdout).toContain('--out rate');
  });
});
