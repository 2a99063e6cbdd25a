/**
 * Predict mode's answer (issue 21 item 3): the question names the quantity, and each reading of
 * cwnd the literature uses counts — ns-2's cwnd and RFC 5681's cwnd + inflation for Reno and
 * NewReno, MTUs or bytes for SCTP — for every stop kind and sender; the partial-ACK stop is
 * found for every sender that has one.
 */
import { describe, expect, it } from 'vitest';
import type { Decision, Trace } from '../../src/engine';
import { parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { predictEventText, predictStop } from '../../src/ui/model/predict';
import {
  checkGuess,
  guessLabel,
  predictAnswer,
  predictQuantity,
  windowUnitText,
} from '../../src/ui/model/predictAnswer';
import type { PredictKind } from '../../src/ui/store/types';
import { runScenario } from '../../src/ui/worker/runScenario';

const traces = new Map<string, Trace>();
function traceOf(q: string): Trace {
  let t = traces.get(q);
  if (!t) {
    const r = parseScenarioQuery(q);
    if (!r.ok) throw new Error(q);
    t = runScenario(r.scenario).trace;
    traces.set(q, t);
  }
  return t;
}

/** The first stop of `kind` in the run of `q`. */
function stop(q: string, kind: PredictKind): { t: Trace; d: Decision } {
  const t = traceOf(q);
  const s = predictStop(t, kind, [], -1, t.packets.length - 1);
  if (!s) throw new Error(`no ${kind} stop in ${q}`);
  return { t, d: s.decision };
}

const values = (q: string, kind: PredictKind) => {
  const { t, d } = stop(q, kind);
  return predictAnswer(t, d, kind).accepted.map((a) => [a.value, a.unit]);
};

describe('the question names the quantity', () => {
  it('per sender, before the outcome', () => {
    const reno = traceOf('preset=ff-3-drops&sender=reno');
    expect(predictQuantity(reno, 0)).toBe(
      '(in packets: ns-2’s cwnd, or cwnd + window inflation as RFC 5681 counts it — both count)',
    );
    expect(predictQuantity(traceOf('preset=ff-3-drops&sender=newreno'), 0)).toContain('inflation');
    expect(predictQuantity(traceOf('preset=ff-3-drops&sender=sack'), 0)).toBe('(in packets)');
    const sctp = traceOf('preset=ff-3-drops&sender=sctp-2960');
    expect(predictQuantity(sctp, 0)).toBe('(in MTUs or in bytes)');
    expect(guessLabel(sctp, 0)).toBe('Your guess (MTUs or bytes)');
    expect(guessLabel(reno, 0)).toBe('Your guess (packets)');
  });
});

describe('fast retransmit', () => {
  it('Reno: 7 (ns-2) and 10 = ssthresh + 3 (RFC 5681) are both right, 8 is not', () => {
    const { t, d } = stop('preset=ff-3-drops&sender=reno', 'fast-retransmit');
    expect(d.code).toBe('reno.fast-retransmit');
    expect(predictEventText(t, d)).toBe('the 3rd duplicate ACK for 14');
    const a = predictAnswer(t, d, 'fast-retransmit');
    expect(a.cwnd).toBe(7);
    expect(checkGuess(a, '7')?.name).toBe('ns-2’s cwnd (this run)');
    expect(checkGuess(a, ' 10 ')?.name).toBe('RFC 5681’s cwnd, inflation included');
    expect(checkGuess(a, '10.5')?.name).toBe('the RFC’s own rule');
    expect(a.accepted.map((x) => x.value)).toEqual([7, 10.5, 10]);
    expect(checkGuess(a, '8')).toBeNull();
    expect(checkGuess(a, '')).toBeUndefined();
    expect(checkGuess(a, 'ten')).toBeUndefined();
    expect(a.note).toBe(
      'ns-2 (this run) keeps cwnd = 7 and counts 3 packets of window inflation apart; RFC 5681 §3.2 step 2 puts them in cwnd: ssthresh + 3 = 10. One window, two readings: both are right. ' +
        'RFC 5681’s own cut halves the FlightSize of 15 instead: ssthresh 7.5, cwnd 7.5 + 3 = 10.5 (right too).',
    );
  });

  it('NewReno under ns-2.35’s defaults (cwnd 7.5, ssthresh 7): 7.5, 10.5, the window 10 and the RFC’s 8.5 + 3', () => {
    const q = 'preset=ff-3-drops&sender=newreno&profile=ns2';
    expect(values(q, 'fast-retransmit')).toEqual([
      [7.5, 'packets'],
      [11.5, 'packets'],
      [10.5, 'packets'],
      [10, 'packets'],
    ]);
    const { t, d } = stop(q, 'fast-retransmit');
    expect(predictAnswer(t, d, 'fast-retransmit').note).toContain('cwnd + 3 = 10.5');
  });

  it('SACK, FACK, CUBIC and Tahoe: one cwnd; SACK-family says what it counts instead', () => {
    const sack = stop('preset=ff-3-drops&sender=sack', 'fast-retransmit');
    const a = predictAnswer(sack.t, sack.d, 'fast-retransmit');
    // RFC 6675 keeps cwnd = ssthresh = FlightSize / 2 = 7.5.
    expect(a.accepted.map((x) => x.value)).toEqual([7, 7.5]);
    expect(checkGuess(a, '10')).toBeNull();
    expect(a.note).toBe(
      'SACK does not inflate cwnd: it counts the packets still in flight apart (pipe = 12) and sends only while pipe < cwnd. ' +
        'RFC 5681’s own cut halves the FlightSize of 15 instead: ssthresh 7.5, cwnd 7.5 (right too).',
    );
    expect(values('preset=ff-3-drops&sender=fack', 'fast-retransmit')).toEqual([[1, 'packets']]);
    expect(values('preset=ff-3-drops&sender=cubic', 'fast-retransmit')).toEqual([
      [10.5, 'packets'],
    ]);
    const tahoe = stop('preset=ff-3-drops&sender=tahoe', 'fast-retransmit');
    const ta = predictAnswer(tahoe.t, tahoe.d, 'fast-retransmit');
    expect(ta.accepted.map((x) => x.value)).toEqual([1]);
    // The RFC's ssthresh differs, its cwnd of 1 does not: said, not accepted as another cwnd.
    expect(ta.note).toBe(
      'RFC 5681 would set ssthresh = 7.5 here (half the FlightSize of 15 packets); ns-2.35 halves min(cwnd, rwnd) instead.',
    );
  });

  it('SCTP: MTUs or bytes, no inflation; New-Reno SCTP’s fast retransmit is a stop too', () => {
    const { t, d } = stop('preset=ff-3-drops&sender=sctp-2960', 'fast-retransmit');
    const a = predictAnswer(t, d, 'fast-retransmit');
    expect(a.unit).toBe('MTUs');
    expect(checkGuess(a, '7.5')?.unit).toBe('MTUs');
    expect(checkGuess(a, '7 500')?.unit).toBe('bytes');
    expect(checkGuess(a, '7500')?.unit).toBe('bytes');
    expect(checkGuess(a, '10.5')).toBeNull();
    expect(a.note).toBe(
      'cwnd = 7.5 MTUs = 7 500 bytes. SCTP has no window inflation: the fast retransmission goes out outside cwnd (RFC 4960 §7.2.4), and the missing reports do not grow cwnd.',
    );
    const nr = stop('preset=ff-3-drops&sender=sctp-newreno', 'fast-retransmit');
    expect(nr.d.code).toBe('sctp.fast-recovery');
    expect(nr.d.time).toBeCloseTo(2.091084, 6);
  });
});

describe('partial ACK', () => {
  it('Reno’s exit on the partial ACK for 26 (below recover = 29) is a stop', () => {
    const { t, d } = stop('preset=ff-3-drops&sender=reno', 'partial-ack');
    expect(d.code).toBe('reno.exit-recovery');
    expect(predictEventText(t, d)).toBe('a partial ACK for 26');
    // ns-2 opens cwnd once more on the ACK that ends recovery; RFC 6582 leaves cwnd = ssthresh.
    expect(predictAnswer(t, d, 'partial-ack').accepted.map((x) => x.value)).toEqual([
      7.142857142857143, 7,
    ]);
  });

  it('NewReno (Fall & Floyd: the whole inflation goes) and with ns-2.35’s partial deflation', () => {
    const ff = stop('preset=ff-3-drops&sender=newreno', 'partial-ack');
    expect(ff.d.code).toBe('newreno.partial-ack');
    const a = predictAnswer(ff.t, ff.d, 'partial-ack');
    expect(a.accepted.map((x) => x.value)).toEqual([7]);
    expect(a.note).toContain('No inflation is left');
    const ns2 = stop('preset=ff-3-drops&sender=newreno&profile=ns2', 'partial-ack');
    expect(ns2.d.code).toBe('newreno.partial-ack-deflate');
    const b = predictAnswer(ns2.t, ns2.d, 'partial-ack');
    expect(b.accepted.map((x) => x.value)).toEqual([7.5, 10.5, 10]);
    expect(b.accepted[1]!.name).toBe('RFC 5681’s cwnd, inflation included');
    expect(b.note).toContain('RFC 6582 §3.2 step 5 deflates cwnd itself');
  });

  it('SACK, FACK and New-Reno SCTP', () => {
    expect(stop('preset=ff-3-drops&sender=sack', 'partial-ack').d.code).toBe('sack.partial-ack');
    const fack = stop('preset=ff-3-drops&sender=fack', 'partial-ack');
    expect(fack.d.code).toBe('fack.recovery-ack');
    expect(fack.d.trigger.kind === 'ack' && fack.d.trigger.cumAck).toBe(26);
    expect(predictEventText(fack.t, fack.d)).toBe('a partial ACK for 26');
    const sctp = stop('preset=ff-3-drops&sender=sctp-newreno', 'partial-ack');
    expect(sctp.d.code).toBe('sctp.recovery-ack');
    expect(predictEventText(sctp.t, sctp.d)).toBe('a partial SACK for TSN 28');
  });
});

describe('timeout', () => {
  it('SCTP: every T3-rtx expiry, the one that fails the path over included', () => {
    const t = traceOf('preset=sctp-failover');
    const codes: string[] = [];
    const asked: number[] = [];
    for (;;) {
      const s = predictStop(t, 'rto', asked, -1, t.packets.length - 1);
      if (!s) break;
      asked.push(s.decision.id);
      codes.push(s.decision.code);
    }
    expect(codes).toEqual(['sctp.rto', 'sctp.rto', 'sctp.path-inactive']);
    const last = predictStop(t, 'rto', asked.slice(0, 2), -1, t.packets.length - 1)!.decision;
    expect(predictEventText(t, last)).toBe('a retransmission timeout (the timer expires)');
    expect(predictAnswer(t, last, 'rto').unit).toBe('MTUs');
  });

  it('Reno’s RTO: cwnd 1, one reading', () => {
    const { t, d } = stop('preset=ff-3-drops&sender=reno', 'rto');
    expect(d.code).toBe('tcp.rto');
    const a = predictAnswer(t, d, 'rto');
    expect(a.accepted.map((x) => x.value)).toEqual([1]);
    expect(checkGuess(a, '1')).not.toBeNull();
  });
});

describe('windowUnitText', () => {
  it('names no unit for packets, one MTU singular, other SCTP windows plural', () => {
    expect([
      windowUnitText('packets', 1),
      windowUnitText('packets', 7),
      windowUnitText('MTUs', 1),
      windowUnitText('MTUs', 4),
      windowUnitText('MTUs', 1.5),
    ]).toEqual(['', '', ' MTU', ' MTUs', ' MTUs']);
  });
});
