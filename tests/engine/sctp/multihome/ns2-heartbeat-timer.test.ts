/**
 * The `ns2` rules' HEARTBEAT timer against ns-2.35 (tests/fixtures/ns2-multihome, runs
 * `hb-assoc-*`; issue 23 item 5): one timer per association, as sctp.cc HeartbeatGenTimerExpiration
 * — set with the primary's RTO when data may flow, then with the RTO of the path it looked at;
 * when it fires it HEARTBEATs the path idle the longest if nothing went to it since the timer was
 * set, whether or not a HEARTBEAT is unanswered there. The runs: the idle alternate of a busy
 * primary; the primary failing (3.3–7.5 s, Path.Max.Retrans 2), HEARTBEATed while inactive until
 * it recovers; a dead alternate (unanswered HEARTBEATs resent at once on their timeout and by the
 * timer).
 *
 * The jitter is the one thing taken from ns-2: its CalcHeartbeatTime draws Random::uniform from
 * ns-2's default RNG (MRG32k3a, seeded 1 by ns-random.tcl), and with the receiver's own
 * HEARTBEATs off (hbrecv=0) the sender's timer is its only user, so the test replays that stream
 * in place of the engine's seeded 'sctp.hb' stream. Everything else — which path, when, the
 * timeouts, strikes, failover and recovery — is the engine's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../../../src/engine';
import { SctpHeartbeats } from '../../../../src/engine/sctp/heartbeat';
import { explainPathNote } from '../../../../src/trace/explain';
import { PATH_NOTE_CODES } from '../../../../src/engine/trace/notes';
import { PathEvent } from '../../../../src/engine/trace/path-events';
import type { SctpPath } from '../../../../src/engine/sctp/path';
import {
  engineMhEvents,
  engineMhPaths,
  firstMhEventDivergence,
  firstMhPathDivergence,
  loadMultihomeRuns,
  multihomeConfig,
  readMhEvents,
  readMhPaths,
} from './ns2';

/**
 * ns-2.35's default RNG: MRG32k3a (L'Ecuyer's RngStream, tools/rng.cc U01) from the state
 * {1, 1, 1, 1, 1, 1} that `$defaultRNG seed 1` gives it. Uniform draws in (0, 1).
 */
function ns2DefaultRng(): () => number {
  const s = [1, 1, 1, 1, 1, 1];
  const m1 = 4294967087.0;
  const m2 = 4294944443.0;
  const norm = 2.328306549295728e-10; // 1 / (m1 + 1), the C literal 2.328306549295727688e-10
  return () => {
    let p1 = 1403580.0 * s[1]! - 810728.0 * s[0]!;
    p1 -= Math.trunc(p1 / m1) * m1;
    if (p1 < 0) p1 += m1;
    s[0] = s[1]!;
    s[1] = s[2]!;
    s[2] = p1;
    let p2 = 527612.0 * s[5]! - 1370589.0 * s[3]!;
    p2 -= Math.trunc(p2 / m2) * m2;
    if (p2 < 0) p2 += m2;
    s[3] = s[4]!;
    s[4] = s[5]!;
    s[5] = p2;
    return p1 > p2 ? (p1 - p2) * norm : (p1 - p2 + m1) * norm;
  };
}

/** Run a fixture case with ns-2's HEARTBEAT jitter (CalcHeartbeatTime: RTO + interval + RTO·U − RTO/2). */
function runWithNs2Jitter(name: string) {
  const r = loadMultihomeRuns().find((x) => x.name === name)!;
  const u = ns2DefaultRng();
  vi.spyOn(
    SctpHeartbeats.prototype as unknown as { nextDelay(p: SctpPath): number },
    'nextDelay',
  ).mockImplementation(function (this: { intervalS: number }, p: SctpPath) {
    return p.rto + this.intervalS + p.rto * u() - p.rto / 2;
  });
  return { r, t: run(multihomeConfig(r.params)) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one HEARTBEAT timer per association under ns2 rules, against ns-2.35', () => {
  it('ns-2’s first HEARTBEAT draws are the MRG32k3a stream from seed 1', () => {
    const u = ns2DefaultRng();
    // hb-assoc-idle: HEARTBEATs to K1 at 2.3124163772 s and 4.3682970932 s, the timer set at
    // 0.8120768 s and 2.3124163772 s with RTO 1 s: 1 + 1 + U − 0.5.
    expect(0.8120768 + 1.5 + u()).toBe(2.312416377223787);
    expect(2.312416377223787 + 1.5 + u()).toBe(4.3682970932065865);
  });

  it.each(['hb-assoc-idle', 'hb-assoc-failover', 'hb-assoc-dead-alt'])(
    '%s: every packet at both sender addresses and every path row equal ns-2',
    (name) => {
      const { t } = runWithNs2Jitter(name);
      const theirs = readMhEvents(name);
      expect(theirs.filter((e) => e.kind === 'HEARTBEAT').length).toBeGreaterThan(5);
      const ev = firstMhEventDivergence(engineMhEvents(t), theirs);
      expect(ev, ev ?? '').toBeNull();
      const pr = firstMhPathDivergence(engineMhPaths(t), readMhPaths(name));
      expect(pr, pr ?? '').toBeNull();
    },
  );

  it('hb-assoc-failover: the timer HEARTBEATs the inactive primary while one is unanswered there; the answer to it recovers the path (8.586 s)', () => {
    const { t } = runWithNs2Jitter('hb-assoc-failover');
    const hb = engineMhEvents(t)
      .filter((e) => e.event === 'DEP' && e.kind === 'HEARTBEAT' && e.path === 0)
      .map((e) => e.time);
    // 4.838 by the timer (K0 still active, error count 1, nothing sent to it since the timer was
    // set), 6.838 at once on that one's timeout (RTO.Max 2 s; K0 inactive now), 8.485 by the
    // timer — before the 6.838 one timed out (8.838).
    expect(hb.map((x) => x.toFixed(3))).toEqual(['0.702', '4.838', '6.838', '8.485']);
    expect(hb[3]! - hb[2]!).toBeLessThan(2);
    const recovered = engineMhPaths(t).find((r) => r.path === 0 && r.time > 7.5 && r.active)!;
    expect(recovered.time.toFixed(4)).toBe('8.5856');
    expect(recovered.errors).toBe(0);
    // The log's notes on those HEARTBEATs (trace/notes.ts): what RFC 4960 would do instead.
    const E = t.pathEvents!;
    const notes: Array<[string, string | undefined, string]> = [];
    for (let i = 0; i < E.length; i++)
      if (E.path[i] === 0 && E.event[i] === PathEvent.heartbeat)
        notes.push([
          E.time[i]!.toFixed(3),
          PATH_NOTE_CODES[E.note[i]! - 1],
          E.noteValue[i]!.toFixed(3),
        ]);
    expect(notes).toEqual([
      ['4.838', 'rfc.sctp-hb-timer', '2.000'],
      ['6.838', 'rfc.sctp-hb-resend', '2.000'],
      ['8.485', 'rfc.sctp-hb-unanswered', '6.838'],
    ]);
    const k = [...E.time].findIndex((x, i) => E.path[i] === 0 && x.toFixed(3) === '8.485');
    expect(explainPathNote(t, k)?.sentence).toBe(
      "RFC 4960 would not HEARTBEAT this path yet: the HEARTBEAT sent at 6.838 s is unanswered, and the path's next one waits for its timeout and RTO backoff; ns-2.35's single association timer HEARTBEATs the path idle the longest all the same",
    );
  });
});
