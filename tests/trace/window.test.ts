/**
 * The window's readings after a decision (trace/window.ts): ns-2's cwnd, RFC 5681's cwnd with
 * the inflation folded in, the send window, pipe and SCTP's bytes, on real runs of the
 * Fall & Floyd three-drop preset (numbers as the explanation log states them).
 */
import { describe, expect, it } from 'vitest';
import { decisionAt, run, type Trace } from '../../src/engine';
import { cwndReadings, keepsInflation } from '../../src/engine/trace/window';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';

function traceOf(q: string): Trace {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(q);
  return run(buildSimConfig(p.scenario));
}

/** The first decision with this code. */
function first(t: Trace, code: string) {
  for (let i = 0; i < t.decisions.length; i++) {
    const d = decisionAt(t, i);
    if (d.code === code) return d;
  }
  throw new Error(`no ${code}`);
}

describe('cwndReadings', () => {
  it('Reno at the 3rd duplicate ACK: cwnd 7, RFC 5681 cwnd 10 = ssthresh + 3, window 10', () => {
    const t = traceOf('preset=ff-3-drops&sender=reno');
    const d = first(t, 'reno.fast-retransmit');
    expect(cwndReadings(d, t)).toEqual({
      cwnd: 7,
      inflation: 3,
      rfcCwnd: 10,
      sendWindow: 10,
      pipe: null,
      cwndBytes: null,
    });
    // The 9th duplicate: inflation 9, and the log's window phrase says the same 16.
    const d9 = decisionAt(t, 23);
    expect(d9.code).toBe('reno.inflate');
    expect(cwndReadings(d9, t)).toMatchObject({
      cwnd: 7,
      inflation: 9,
      rfcCwnd: 16,
      sendWindow: 16,
    });
  });

  it('NewReno with partial window deflation (ns2 profile): the partial ACK keeps what is left', () => {
    const t = traceOf('preset=ff-3-drops&sender=newreno&profile=ns2');
    const d = first(t, 'newreno.partial-ack-deflate');
    const r = cwndReadings(d, t);
    expect(r.inflation).toBeGreaterThan(0);
    expect(r.rfcCwnd).toBe(d.after.cwnd + d.after.inflation!);
  });

  it('SACK and FACK do not inflate: one cwnd, the send rule is pipe', () => {
    const s = traceOf('preset=ff-3-drops&sender=sack');
    expect(cwndReadings(first(s, 'sack.fast-retransmit'), s)).toEqual({
      cwnd: 7,
      inflation: 0,
      rfcCwnd: 7,
      sendWindow: null,
      pipe: 12,
      cwndBytes: null,
    });
    const f = traceOf('preset=ff-3-drops&sender=fack');
    expect(cwndReadings(first(f, 'fack.fast-retransmit'), f)).toMatchObject({
      cwnd: 1,
      rfcCwnd: 1,
      pipe: 12,
      sendWindow: null,
    });
    expect(keepsInflation(s, 0)).toBe(false);
    expect(keepsInflation(traceOf('preset=ff-1-drops&sender=newreno'), 0)).toBe(true);
  });

  it('SCTP: no inflation, cwnd in MTUs and bytes', () => {
    const t = traceOf('preset=ff-3-drops&sender=sctp-2960');
    const d = first(t, 'sctp.fast-retransmit');
    const r = cwndReadings(d, t);
    expect(r.cwnd).toBe(7.5);
    expect(r.rfcCwnd).toBe(7.5);
    expect(r.inflation).toBe(0);
    expect(r.sendWindow).toBeNull();
    expect(r.cwndBytes).toBe(7500);
  });
});
