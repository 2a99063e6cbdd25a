import { decisionsOf, samplesOf } from '../../../src/engine';
import { describe, expect, it } from 'vitest';
import { cwndModel, cwndTicks, phaseSpans, seriesOf } from '../../../src/ui/panels/cwnd';
import { MarkKind } from '../../../src/ui/panels/palette';
import { isTimeoutCode, senderStateAt } from '../../../src/ui/panels/traceCache';
import { renoThreeDrops } from './fixtures';

describe('cwnd plot model (Reno, 3 drops)', () => {
  const trace = renoThreeDrops();
  const samples = samplesOf(trace).filter((s) => s.flow === 0);

  it('cwnd and ssthresh are step series of the samples', () => {
    const cwnd = seriesOf(trace, 0, 'cwnd');
    expect(cwnd[0]).toEqual({ t: samples[0]!.time, v: samples[0]!.cwnd });
    expect(cwnd[cwnd.length - 1]!.v).toBe(samples[samples.length - 1]!.cwnd);
    for (const p of cwnd) expect(senderStateAt(trace, 0, p.t)!.cwnd).toBe(p.v);
    const ss = seriesOf(trace, 0, 'ssthresh');
    expect(ss[0]!.v).toBe(28);
    // Fast retransmit halves the window: some ssthresh below 28.
    expect(Math.min(...ss.map((p) => p.v))).toBeLessThan(28);
  });

  it('window inflation and flight size follow the decisions, not only the cwnd samples', () => {
    const infl = seriesOf(trace, 0, 'inflated');
    // Reno inflates by one per further duplicate ACK: 7 + 3 … 7 + 12 during fast recovery.
    const fr = infl.filter((p) => p.t > 2.07 && p.t < 2.2).map((p) => p.v);
    expect(fr).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const flight = seriesOf(trace, 0, 'flightsize');
    // New packets sent during recovery raise the flight size while cwnd stays at 7.
    expect(flight.filter((p) => p.t > 2.14 && p.t < 2.18).map((p) => p.v)).toEqual([
      16, 17, 18, 19,
    ]);
  });

  it('bytes use cwndBytes / ssthreshBytes', () => {
    const b = seriesOf(trace, 0, 'cwnd', 'bytes');
    expect(b.map((p) => p.v)).toEqual(seriesOf(trace, 0, 'cwnd').map((p) => p.v * 1000));
  });

  it('phase spans follow the sample phases and tile the run', () => {
    const spans = phaseSpans(trace, 0);
    expect(spans[0]!.phase).toBe('slow-start');
    expect(spans.map((s) => s.phase)).toContain('fast-recovery');
    expect(spans.map((s) => s.phase)).toContain('rto-recovery');
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i]!.t0).toBe(spans[i - 1]!.t1);
      expect(spans[i]!.phase).not.toBe(spans[i - 1]!.phase);
    }
    expect(spans[spans.length - 1]!.t1).toBe(trace.stopS);
  });

  it('ticks: the 3 router drops and the timeout decisions', () => {
    const ticks = cwndTicks(trace, 0);
    const drops = [...ticks.kind].filter((k) => k === MarkKind.dropScripted).length;
    const rto = [...ticks.kind].filter((k) => k === MarkKind.timeout).length;
    expect(drops).toBe(3);
    expect(rto).toBe(decisionsOf(trace).filter((d) => isTimeoutCode(d.code)).length);
    expect(rto).toBe(trace.flowStats[0]!.timeouts);
    for (let i = 0; i < ticks.n; i++) {
      expect(trace.packets.time[ticks.event[i]!]).toBeGreaterThanOrEqual(ticks.t[i]! - 1e-12);
    }
  });

  it('y axis covers cwnd and ssthresh', () => {
    const m = cwndModel(trace, 0, { show: ['flightsize'] });
    expect(m.yMax).toBeGreaterThanOrEqual(28);
    expect(m.series.map((s) => s.key)).toEqual(['ssthresh', 'flightsize', 'cwnd']);
  });

  it('recognises RTO codes', () => {
    expect(isTimeoutCode('tcp.rto')).toBe(true);
    expect(isTimeoutCode('sctp.t3-rtx')).toBe(true);
    expect(isTimeoutCode('sctp.rto')).toBe(true);
    expect(isTimeoutCode('tcp.slow-start')).toBe(false);
    expect(isTimeoutCode('sctp.fast-retransmit')).toBe(false);
  });
});
