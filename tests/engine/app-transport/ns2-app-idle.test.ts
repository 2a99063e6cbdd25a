/**
 * An application-limited TCP sender left idle longer than the RTO, against ns-2.35
 * (tests/fixtures/ns2-app cbr-gap-*: CBR at 200 kb/s from 1 s, `$cbr stop` at 3 s, `$cbr start`
 * at 5.5 s). ns-2.35's defaults (slow_start_restart_, restart_bugfix_ true; QOption_ 0) keep
 * the retransmission timer running after the last ACK; each expiry with nothing outstanding
 * sets cwnd = 1, so at 5.5 s the sender restarts from cwnd 1 with ssthresh unchanged. The CBR
 * source here is ns-2's with stop and start (ns2-cbr.ts); the engine's `cbr` has no stop.
 * Under `rfc` rules the same run stops the timer (RFC 6298 §5.2) and applies RFC 5681 §4.1's
 * restart window when the application resumes.
 */
import { describe, expect, it, vi } from 'vitest';
import { decisionsOf, type Decision } from '../../../src/engine';

/** A variable before the decision (its old value if it changed, else its value after). */
const before = (d: Decision, v: 'cwnd' | 'ssthresh'): number => d.changes[v]?.[0] ?? d.after[v];
import { explainDecision } from '../../../src/trace/explain';
import { appConfigFor, compareApp, loadAppRuns, type AppRun } from './ns2-app';
import { run } from '../../../src/engine';

const schedule = vi.hoisted(() => ({
  intervalS: 0.04,
  stopS: 3 as number | undefined,
  restartS: 5.5 as number | undefined,
}));
vi.mock('../../../src/engine/app/cbr', async () => {
  const { ns2CbrSource } = await import('./ns2-cbr');
  return {
    cbrSource: (_app: unknown, ctx: Parameters<typeof ns2CbrSource>[1]) =>
      ns2CbrSource(schedule, ctx),
  };
});

const runs = loadAppRuns().filter((r) => r.params.cbrStopS !== undefined);

describe.each(runs.map((r) => [r.name, r] as const))('ns-2 idle run %s', (_n, r: AppRun) => {
  it('has the gap of the fixture (stop 3 s, start 5.5 s, 200 kb/s)', () => {
    expect([r.params.cbrStopS, r.params.cbrStartS, r.params.rateBps]).toEqual([3, 5.5, 200e3]);
  });

  it('router rows and the sender variables equal ns-2 (restart from cwnd 1 at 5.5 s)', () => {
    const c = compareApp(r);
    expect(c.theirs.length).toBeGreaterThan(200);
    expect(c.events, c.events ?? '').toBeNull();
    expect(c.vars, c.vars ?? '').toBeNull();
  });

  it('names the idle expiries as ns-2 slow-start restarts: every RTO (1 s) after the last ACK, no backoff', () => {
    const c = compareApp(r);
    const idle = decisionsOf(c.trace).filter((d) => d.code === 'tcp.idle-restart-ns2');
    // The last ACK before the gap reaches the sender at 3.17188 s; minrto 1 s, not backed off.
    expect(idle.map((d) => d.time)).toEqual([4.17188, 5.17188].map((t) => expect.closeTo(t, 9)));
    expect(before(idle[0]!, 'cwnd')).toBeGreaterThan(28);
    expect(idle.map((d) => [d.after.cwnd, d.after.ssthresh, d.packets.length])).toEqual([
      [1, 28, 0],
      [1, 28, 0],
    ]);
    // ns-2's idle restart is no loss: not a timeout (nrexmit_ unchanged), nothing resent.
    expect(c.trace.flowStats[0]).toMatchObject({ timeouts: 0, retransmissions: 0 });
    expect(explainDecision(idle[0]!, c.trace)).toMatch(
      /^The retransmission timer expired with everything acknowledged/,
    );
    // At 5.5 s the application's next packet goes out alone (cwnd 1).
    const resume = decisionsOf(c.trace).find((d) => d.time === 5.5)!;
    expect([resume.code, before(resume, 'cwnd'), resume.packets]).toEqual([
      'tcp.app-send',
      1,
      [51],
    ]);
  });
});

describe('the same gap under rfc rules (RFC 6298 §5.2, RFC 5681 §4.1, RFC 2861 §3)', () => {
  const r = runs.find((x) => x.name === 'cbr-gap-reno')!;
  const trace = run(appConfigFor(r, 'rfc'));
  const ds = decisionsOf(trace);
  const inGap = (d: Decision) => d.time > 3.2 && d.time < 5.5;

  it('no timer expires during the gap: the timer stopped with the last ACK', () => {
    expect(ds.filter(inGap)).toEqual([]);
  });

  it('the first send after the gap applies the restart window min(IW, cwnd) = 1', () => {
    const d = ds.find((x) => x.time === 5.5)!;
    expect(d.code).toBe('tcp.idle-restart');
    expect(before(d, 'cwnd')).toBeGreaterThan(1);
    expect([d.after.cwnd, d.after.ssthresh, d.packets]).toEqual([1, before(d, 'ssthresh'), [51]]);
    expect(explainDecision(d, trace)).toContain('Idle for longer than the RTO: cwnd');
  });

  it('application-limited periods halve cwnd towards the window used, ssthresh ≥ ¾ cwnd, once per RTO', () => {
    const v = ds.filter((d) => d.code === 'tcp.cwnd-validation');
    expect(v.length).toBeGreaterThan(0);
    for (const d of v) {
      expect(d.after.cwnd).toBeLessThan(before(d, 'cwnd'));
      expect(d.after.cwnd).toBeGreaterThanOrEqual(before(d, 'cwnd') / 2);
      expect(d.after.ssthresh).toBe(
        Math.max(before(d, 'ssthresh'), Math.trunc((3 * before(d, 'cwnd')) / 4)),
      );
    }
    for (let i = 1; i < v.length; i++)
      expect(v[i]!.time - v[i - 1]!.time).toBeGreaterThanOrEqual(1);
  });
});
