/**
 * The cwnd panel's overlays and RTO track (issue 10 item 10): which overlays each sender is
 * offered, the flight size / pipe series, the RTO values and expiries, and the toolbar.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CwndPlot } from '../../../src/ui/panels/CwndPlot';
import { cwndOverlaysOf, rtoAt, rtoModel, seriesOf } from '../../../src/ui/panels/cwnd';
import { rtoSummary } from '../../../src/ui/panels/CwndRtoTrack';
import { fallFloydTrace } from './fixtures';

const reno = fallFloydTrace('reno');
const sack = fallFloydTrace('sack');

describe('cwnd overlays', () => {
  it('offers pipe to SACK, cwnd + inflation to Reno, flight size to every sender', () => {
    expect(cwndOverlaysOf(reno, 0)).toEqual(['flightsize', 'inflated']);
    expect(cwndOverlaysOf(sack, 0)).toEqual(['flightsize', 'pipe']);
    expect(cwndOverlaysOf(fallFloydTrace('tahoe'), 0)).toEqual(['flightsize']);
  });

  it("Reno's flight size around the first drop: 15 outstanding, 16 … 19 in fast recovery, 7 after", () => {
    const fl = seriesOf(reno, 0, 'flightsize').filter((p) => p.t > 1.9 && p.t < 2.3);
    expect(fl.map((p) => p.v)).toEqual([15, 16, 17, 18, 19, 7]);
  });

  it("SACK's pipe falls by one per duplicate ACK after the fast retransmit at 2.080 s", () => {
    const pipe = seriesOf(sack, 0, 'pipe').filter((p) => p.t > 2.0 && p.t < 2.14);
    expect(pipe.map((p) => p.v)).toEqual([12, 11, 10, 9, 8, 7]);
    expect(pipe[0]!.t).toBeCloseTo(2.079848, 6);
  });
});

describe('RTO track', () => {
  it('Reno: RTO 3 s, 1 s after the first RTT sample, backed off to 2 s at the timeout at 3.292 s', () => {
    const r = rtoModel(reno, 0);
    expect(r.points.map((p) => p.v)).toEqual([3, 1, 2, 1]);
    expect(r.points.map((p) => +p.t.toFixed(5))).toEqual([1, 1.21144, 3.29164, 3.92728]);
    expect(r.expiries.map((t) => +t.toFixed(5))).toEqual([3.29164]);
    expect(r.max).toBe(3);
    expect(rtoAt(r, 0.5)).toBeNull();
    expect(rtoAt(r, 2)).toBe(1);
    expect(rtoAt(r, 3.5)).toBe(2);
    expect(rtoSummary(reno, r)).toMatch(
      /RTO 3 s at 1\.000 s, at most 3 s, 1 s at the end; the timer expired once, at 3\.292 s\.$/,
    );
  });

  it('SACK: no timeout', () => {
    const r = rtoModel(sack, 0);
    expect(r.expiries).toEqual([]);
    expect(rtoSummary(sack, r)).toMatch(/the timer never expired\.$/);
  });
});

describe('cwnd panel toolbar', () => {
  const props = {
    cursor: 0,
    cursorTime: 1,
    highlight: null,
    onHover: () => {},
    onSeek: () => {},
    xDomain: null,
    theme: 'light' as const,
  };

  it("ticks an overlay on, draws the RTO track; SACK's toolbar has pipe and no inflation", () => {
    const { unmount } = render(<CwndPlot {...props} trace={reno} />);
    const group = screen.getByRole('group', { name: 'cwnd overlays' });
    expect(group.textContent).toBe('flight sizecwnd + inflationRTO timer');
    expect(screen.queryByTestId('cwnd-rto-track')).toBeNull();
    fireEvent.click(screen.getByTestId('cwnd-overlay-rto'));
    expect(screen.getByTestId('cwnd-rto-track').getAttribute('aria-label')).toMatch(/expired once/);
    fireEvent.click(screen.getByTestId('cwnd-overlay-rto'));
    unmount();
    render(<CwndPlot {...props} trace={sack} />);
    expect(screen.getByRole('group', { name: 'cwnd overlays' }).textContent).toBe(
      'flight sizepipeRTO timer',
    );
  });
});
