/**
 * The MAC panel's model (src/ui/panels/mac.ts) on a WiMAX cell: airtime shares up to a time from
 * the MAC rows, who is on the air, and the whole run's counters for a metrics-only trace.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { run, type Trace } from '../../../src/engine';
import { hasMedia, macState, macSummary } from '../../../src/ui/panels/mac';
import { cellConfig } from '../../helpers/wimax-cell';

const cfg = cellConfig({
  stations: 2,
  stopS: 1.1,
  flows: [
    { ss: 1, app: { kind: 'cbr', pps: 1500 } },
    { ss: 2, up: true, app: { kind: 'cbr', pps: 100 } },
  ],
});

describe('MAC panel model', () => {
  let full: Trace;
  let metrics: Trace;
  beforeAll(() => {
    full = run(cfg);
    metrics = run(cfg, { record: 'metrics' });
  });

  it('reads the airtime up to the cursor from the MAC rows, in step with the whole run', () => {
    expect(hasMedia(full)).toBe(true);
    // (a burst planned before the stop may end after it: read just past its end)
    const end = macState(full, full.stopS + 0.01)[0]!;
    expect(end.members.map((m) => m.node)).toEqual(['BS', 'SS1', 'SS2']);
    expect(end.hub).toBe('BS');
    // at the end the rows add up to the engine's counters
    for (const [j, m] of end.members.entries()) {
      expect(m.airtimeS).toBeCloseTo(full.media![0]!.stats[j]!.airtimeS, 9);
      expect(m.attempts).toBe(full.media![0]!.stats[j]!.attempts);
    }
    // the BS sends ~1.5k packets/s, SS2 100: the BS has most of the air
    expect(end.members[0]!.share).toBeGreaterThan(0.3);
    expect(end.members[2]!.share).toBeGreaterThan(0);
    expect(end.members[1]!.share).toBe(0);
    const half = macState(full, 0.6)[0]!;
    expect(half.members[0]!.airtimeS).toBeLessThan(end.members[0]!.airtimeS);
    expect(half.members[0]!.airtimeS).toBeGreaterThan(0.35 * end.members[0]!.airtimeS);
    expect(macState(full, 0)[0]!.busy).toBe(0);
  });

  it('knows who is on the air: the BS inside its DL burst, nobody in the gap', () => {
    // frame k starts at 0.005 k; the BS's burst follows the 3 + MAP symbols of the DL subframe
    const inBurst = macState(full, 0.5 + 10 * 40e-6)[0]!;
    expect(inBurst.members[0]!.onAir).toBe(true);
    // TTG: symbols 60–61 of the frame
    const gap = macState(full, 0.5 + 60.5 * 40e-6)[0]!;
    expect(gap.members.some((m) => m.onAir)).toBe(false);
    expect(inBurst.members.every((m) => m.backoff === null)).toBe(true);
    expect(macSummary(full, 0.5 + 10 * 40e-6)).toMatch(
      /^802\.16 OFDM 21\.6 Mb\/s.*on the air: BS$/,
    );
  });

  it('gives a metrics-only trace the whole run’s counters', () => {
    expect(metrics.mac).toBeUndefined();
    const m = macState(metrics, 0.2)[0]!;
    expect(m.members[0]!.airtimeS).toBe(metrics.media![0]!.stats[0]!.airtimeS);
    expect(m.members[0]!.share).toBeCloseTo(m.members[0]!.airtimeS / metrics.stopS, 12);
  });
});
