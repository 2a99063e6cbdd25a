/**
 * The RTO tracks' readout (the RTO at the cursor in the track's left margin) on real runs:
 * Reno on Fall & Floyd's three drops (one value) and the sctp-failover preset (one value per
 * path, each path from the initial RTO at the association's start), and what hovering it says.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { run, type Trace } from '../../../src/engine';
import { buildSimConfig, scenarioFromPreset } from '../../../src/scenarios';
import { rtoModel } from '../../../src/ui/panels/cwnd';
import { RtoTrack } from '../../../src/ui/panels/CwndRtoTrack';
import { PathRtoTrack } from '../../../src/ui/panels/PathRtoTrack';
import { pathModel } from '../../../src/ui/panels/paths';
import { fmtRto, NO_RTO, pathRtosAt, pathRtoSeries } from '../../../src/ui/panels/rtoReadout';
import { fallFloydTrace } from './fixtures';

const reno = fallFloydTrace('reno');
let failover: Trace | undefined;
const sctp = () => (failover ??= run(buildSimConfig(scenarioFromPreset('sctp-failover'))));

const values = (track: HTMLElement) =>
  Array.from(track.querySelectorAll('[data-testid="rto-readout-value"]')).map((t) => t.textContent);
const label = (track: HTMLElement) =>
  track.querySelector('[data-testid="rto-readout"] text:not([data-testid])')?.textContent;

const frame = { onSeek: () => {}, xDomain: [0, 20] as [number, number] };

describe('fmtRto', () => {
  it('writes seconds with the unit, six characters at most below 100 s', () => {
    expect(fmtRto(1)).toBe('1 s');
    expect(fmtRto(0.5)).toBe('0.50 s');
    expect(fmtRto(9.84)).toBe('9.84 s');
    expect(fmtRto(19.68)).toBe('19.7 s');
    expect(fmtRto(60)).toBe('60 s');
    expect(fmtRto(null)).toBe(NO_RTO);
  });
});

describe('RTO track readout (Reno, three drops)', () => {
  const model = rtoModel(reno, 0);
  const show = (cursorTime: number, theme: 'light' | 'projector' = 'light') => {
    const { unmount } = render(
      <RtoTrack trace={reno} model={model} theme={theme} cursorTime={cursorTime} {...frame} />,
    );
    const track = screen.getByTestId('cwnd-rto-track');
    const out = { values: values(track), label: label(track), track };
    return { ...out, unmount };
  };

  it('shows the RTO at the cursor in seconds: 3 s at the start, 1 s after the first sample, 2 s after the timeout', () => {
    // Initial RTO 3 s (RFC 2988 §2.1), the profile's minimum 1 s once RTT samples arrive, doubled
    // to 2 s by the timeout at 3.29 s (RFC 2988 §5.5), back to 1 s with the next sample.
    for (const [t, v] of [
      [1, '3 s'],
      [2, '1 s'],
      [3.5, '2 s'],
      [4.5, '1 s'],
    ] as const) {
      const r = show(t, 'projector');
      expect(r.label).toBe('RTO');
      expect(r.values).toEqual([v]);
      r.unmount();
    }
  });

  it('shows "—" before the flow starts, and hovering the readout says when the timer is set', () => {
    const r = show(0.5);
    expect(r.values).toEqual([NO_RTO]);
    fireEvent.pointerMove(r.track, { clientX: 10, clientY: 10 });
    expect(r.track.querySelector('.ackp-tooltip')?.textContent).toBe(
      'At the cursor (t = 0.500 s)no RTO yet: the timer is set from 1.000 s',
    );
    r.unmount();
  });
});

describe('per-path RTO track readout (sctp-failover)', () => {
  const show = (cursorTime: number, theme: 'light' | 'projector' = 'projector') => {
    const trace = sctp();
    const m = pathModel(trace, 0);
    const { unmount } = render(
      <PathRtoTrack trace={trace} model={m} theme={theme} cursorTime={cursorTime} {...frame} />,
    );
    const track = screen.getByTestId('path-rto-track');
    return { values: values(track), label: label(track), track, unmount };
  };

  it("starts each path at the association's initial RTO (1 s) until its first path row", () => {
    const trace = sctp();
    const m = pathModel(trace, 0);
    expect(m.paths[1]!.rto[0]!.t).toBeGreaterThan(0);
    const s = pathRtoSeries(trace, m);
    expect(s.map((p) => p[0])).toEqual([
      { t: 0, v: 1 },
      { t: 0, v: 1 },
    ]);
    expect(pathRtosAt(trace, m, 0.1)).toEqual([1, 1]);
  });

  it('one value per path, in seconds: never "– / –"', () => {
    // The preset's RTO.Initial 1 s, then its RTO.Min 0.5 s on both paths; at 9 s the primary's
    // RTO has doubled to its RTO.Max 2 s after the T3-rtx expiries (RFC 4960 §6.3.3 E2; the
    // preset's text gives 5.383, 6.500 and 8.559 s).
    for (const [t, vs] of [
      [0, ['1 s', '1 s']],
      [0.4, ['0.50 s', '0.50 s']],
      [9, ['2 s', '0.50 s']],
    ] as const) {
      for (const theme of ['light', 'projector'] as const) {
        const r = show(t, theme);
        expect(r.label).toBe('RTO');
        expect(r.values).toEqual(vs);
        expect(r.values.join(' ')).not.toMatch(/[–/]/);
        r.unmount();
      }
    }
  });

  it('hovering the readout names each line’s path', () => {
    const r = show(9, 'light');
    fireEvent.pointerMove(r.track, { clientX: 10, clientY: 10 });
    const lines = Array.from(r.track.querySelectorAll('.ackp-tip-line')).map((l) => l.textContent);
    expect(lines).toEqual([
      'At the cursor (t = 9.000 s)',
      '■ S0→K0 (primary): RTO 2 s',
      '▲ S1→K1: RTO 0.50 s',
    ]);
    r.unmount();
  });
});
