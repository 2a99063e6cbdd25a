/**
 * The rate and RTT panels' models on a real short BBR run (one flow, 10 Mb/s bottleneck, 20 ms
 * each way, 100-packet queue, a 200-packet receiver window): every series is Trace.rates' column, the state lane starts at the
 * mode changes, the base RTT is the path's, and an SCTP run has no rows (the empty state).
 */
import { describe, expect, it } from 'vitest';
import { BBR_MODES, run, type Trace } from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { bbrBands, bandKeyOf } from '../../../src/ui/panels/bbrBands';
import { ratePanel } from '../../../src/ui/panels/RatePlot';
import {
  bottleneckBps,
  flowRateRows,
  noRatesText,
  rateFlows,
  rateModel,
  rateRowAt,
  rateRowEvent,
} from '../../../src/ui/panels/rates';
import { baseRtt, rttModel } from '../../../src/ui/panels/rtt';
import { MarkKind } from '../../../src/ui/panels/palette';

function traceOf(q: string): Trace {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return run(buildSimConfig(p.scenario));
}

const BBR = 'preset=fall-floyd&sender=bbr&bw=10e6&delay=0.02&queue=100&window=200&drops=&stop=3';
const bbr = traceOf(BBR);
const R = bbr.rates!;

describe('rate model (BBR, 10 Mb/s, 40 ms)', () => {
  const m = rateModel(bbr, 0);
  const rows = flowRateRows(bbr, 0);

  it('reads one row per ACK of the flow', () => {
    expect(rows.length).toBe(R.length);
    expect(rows.length).toBeGreaterThan(1000);
    expect(m.bbr).toBe(true);
    expect(rateFlows(bbr, '*')).toEqual([0]);
  });

  it('the pacing line is the pacingRate column at each change', () => {
    let last = NaN;
    const expected: { t: number; v: number }[] = [];
    for (let i = 0; i < R.length; i++) {
      const v = R.pacingRate[i]!;
      if (!Number.isNaN(v) && v !== last) expected.push({ t: R.time[i]!, v });
      if (!Number.isNaN(v)) last = v;
    }
    expect(m.pacing).toEqual(expected);
    // STARTUP paces at 2.89 × the first estimate: the first row's values.
    expect(m.pacing[0]!.v).toBeCloseTo(2.885 * R.bwEstimate[0]!, -3);
    expect(m.bwEstimate[0]).toEqual({ t: R.time[0], v: R.bwEstimate[0] });
  });

  it('a dot per delivery-rate sample, at its value, hollow when app-limited', () => {
    let n = 0;
    for (let i = 0; i < R.length; i++) if (!Number.isNaN(R.deliveryRate[i]!)) n++;
    expect(m.sampleCount).toBe(n);
    // And a mark at each mode change: STARTUP, DRAIN, PROBE_BW here.
    const modes: number[] = [];
    for (let k = 0; k < m.samples.n; k++)
      if (m.samples.kind[k] === MarkKind.bbrMode) modes.push(m.samples.packet[k]!);
    expect(modes.map((i) => BBR_MODES[R.state[i]!])).toEqual(['STARTUP', 'DRAIN', 'PROBE_BW']);
    expect(m.samples.n).toBe(n + modes.length);
    for (let k = 0; k < m.samples.n; k += 97) {
      const i = m.samples.packet[k]!;
      if (m.samples.kind[k] === MarkKind.bbrMode) continue;
      expect(m.samples.y[k]).toBe(R.deliveryRate[i]);
      expect(m.samples.t[k]).toBe(R.time[i]);
      expect(m.samples.kind[k]).toBe(
        R.appLimited[i] ? MarkKind.rateSampleAppLimited : MarkKind.rateSample,
      );
    }
  });

  it('a dot seeks to its ACK’s decision event', () => {
    const i = m.samples.packet[10]!;
    expect(m.samples.kind[10]).toBe(MarkKind.rateSample);
    const d = R.decision[i]!;
    expect(d).toBeGreaterThanOrEqual(0);
    expect(rateRowEvent(bbr, i)).toBe(bbr.decisions.event[d]);
    expect(bbr.packets.time[rateRowEvent(bbr, i)]).toBeCloseTo(R.time[i]!, 9);
    expect(rateRowAt(bbr, 0, R.time[i]!)).toBeGreaterThanOrEqual(i);
    expect(rateRowAt(bbr, 0, 0)).toBe(-1);
  });

  it('the bottleneck reference is the link’s 10 Mb/s', () => {
    expect(bottleneckBps(bbr)).toBe(10e6);
  });

  it('the state lane starts at every mode change, STARTUP first, PROBE_BW cycling after', () => {
    const bands = bbrBands(bbr, 0);
    expect(bands[0]!.key).toBe('startup');
    expect(bands[0]!.t0).toBe(R.time[0]);
    // Each band begins at the row where the mode (or PROBE_BW's up / down / cruise) changed.
    for (let k = 1; k < bands.length; k++) {
      const i = bands[k]!.row;
      expect(bands[k]!.t0).toBe(R.time[i]);
      expect(bands[k - 1]!.t1).toBe(bands[k]!.t0);
      const before = bandKeyOf(R.state[i - 1]!, R.pacingGain[i - 1]!);
      expect(before).not.toBe(bands[k]!.key);
    }
    // The first mode change in the columns is where the second band starts.
    let change = 1;
    while (R.state[change] === R.state[0]) change++;
    expect(bands[1]!.row).toBe(change);
    expect(BBR_MODES[R.state[change]!]).toBe(bands[1]!.mode);
    // Every (mode, gain) the columns hold has its bands, and nothing else.
    const fromColumns = new Set<string | null>();
    for (let i = 0; i < R.length; i++) fromColumns.add(bandKeyOf(R.state[i]!, R.pacingGain[i]!));
    expect(new Set(bands.map((b) => b.key))).toEqual(fromColumns);
    // With a receiver window that does not limit it, PROBE_BW cycles 1.25, 0.75, then 1 × 6.
    for (const k of ['startup', 'probeUp', 'probeDown', 'cruise'])
      expect(fromColumns.has(k)).toBe(true);
    const cycle = bands
      .filter((b) => b.mode === 'PROBE_BW')
      .slice(0, 6)
      .map((b) => b.key);
    expect(cycle.join()).toMatch(/probeUp,probeDown,cruise,probeUp,probeDown,cruise/);
    expect(bands[bands.length - 1]!.t1).toBe(bbr.stopS);
  });
});

describe('RTT model', () => {
  const m = rttModel(bbr, 0);

  it('the base RTT is propagation plus transmission both ways (41.944 ms here)', () => {
    // 2 × 20 ms on the 10 Mb/s bottleneck, 0 ms on the 8 Mb/s access link; 1040-byte data
    // packets, 40-byte ACKs.
    const tx = (bytes: number) => (bytes * 8) / 8e6 + (bytes * 8) / 10e6;
    const b = baseRtt(bbr, 0);
    expect(b).toBeCloseTo(0.04 + tx(1040) + tx(40), 12);
    expect(b).toBeCloseTo(0.041944, 9);
    // The second ACK's sample (a full packet through empty queues) is exactly it; the first
    // packet (ns-2's one-way TCP sends it without its 40-byte header) is 72 µs quicker.
    expect(R.rtt[1]).toBeCloseTo(b, 9);
    expect(R.rtt[0]).toBeCloseTo(b - tx(40), 9);
    for (let i = 1; i < R.length; i++)
      if (!Number.isNaN(R.rtt[i]!)) expect(R.rtt[i]).toBeGreaterThan(b - 1e-9);
  });

  it('BBR’s min RTT line is the minRtt column; a dot per RTT sample', () => {
    expect(m.bbrMin).toBe(true);
    const first = R.minRtt.findIndex((v) => !Number.isNaN(v));
    expect(m.minRtt[0]).toEqual({ t: R.time[first], v: R.minRtt[first] });
    let n = 0;
    for (let i = 0; i < R.length; i++) if (!Number.isNaN(R.rtt[i]!)) n++;
    expect(m.samples.n).toBe(n);
  });

  it('for a non-BBR flow the min line is the running minimum of the samples', () => {
    const reno = traceOf(
      'preset=fall-floyd&sender=reno&bw=10e6&delay=0.02&queue=100&drops=&stop=2',
    );
    const r = rttModel(reno, 0);
    expect(r.bbrMin).toBe(false);
    expect(rateModel(reno, 0).pacing).toEqual([]);
    for (let k = 1; k < r.minRtt.length; k++)
      expect(r.minRtt[k]!.v).toBeLessThan(r.minRtt[k - 1]!.v);
    const ys = Array.from(r.samples.y);
    expect(r.minRtt[r.minRtt.length - 1]!.v).toBe(Math.min(...ys.slice(0, 5000)));
  });
});

describe('a run without TCP', () => {
  it('SCTP has no rate rows: the panels say why', () => {
    const sctp = traceOf('preset=fall-floyd&sender=sctp-4960&drops=&stop=2');
    expect(rateFlows(sctp, '*')).toEqual([]);
    expect(noRatesText(sctp, '*')).toMatch(/no TCP flow shown \(SCTP here\)/);
    expect(ratePanel.summary(sctp)).toBe('no rate samples (TCP senders only)');
  });
});
