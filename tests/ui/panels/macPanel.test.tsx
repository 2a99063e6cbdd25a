/**
 * The MAC panel and the queue view's medium line on a WiMAX cell: one row per member with its
 * airtime share, and who is on the air at the cursor; a run without a medium says so.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { run, type Trace } from '../../../src/engine';
import { MacPanel } from '../../../src/ui/panels/MacPanel';
import { MediumStrip } from '../../../src/ui/panels/MediumStrip';
import { fallFloydConfig } from '../../helpers/fall-floyd';
import { cellConfig } from '../../helpers/wimax-cell';

let trace: Trace;
beforeAll(() => {
  trace = run(
    cellConfig({
      stations: 2,
      stopS: 0.6,
      flows: [
        { ss: 1, app: { kind: 'cbr', pps: 1500 } },
        { ss: 2, up: true, app: { kind: 'cbr', pps: 100 } },
      ],
    }),
  );
});
afterEach(cleanup);

describe('MAC panel', () => {
  it('has a row per member, the BS with the largest share, SS1 silent', () => {
    render(<MacPanel trace={trace} cursorTime={0.5} theme="light" />);
    const table = screen.getByTestId('mac-medium-0');
    const rows = [...table.querySelectorAll('tbody tr')] as HTMLElement[];
    expect(rows.map((r) => r.dataset.node)).toEqual(['BS', 'SS1', 'SS2']);
    const share = rows.map((r) => Number(r.dataset.share));
    expect(share[0]).toBeGreaterThan(0.3);
    expect(share[1]).toBe(0);
    expect(share[2]).toBeGreaterThan(0);
    expect(rows[0]!.textContent).toContain('BS (BS)');
    expect(table.querySelector('caption')!.textContent).toMatch(/^802\.16 OFDM 21\.6 Mb\/s/);
  });

  it('says when the run has no shared medium', () => {
    render(
      <MacPanel
        trace={run(fallFloydConfig('reno', [], { stopS: 1 }))}
        cursorTime={0}
        theme="dark"
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/No shared medium/);
  });

  it('the queue view’s line names who is on the air', () => {
    const { container } = render(<MediumStrip trace={trace} cursorTime={0.5 + 10 * 40e-6} />);
    const line = container.querySelector('[data-medium="0"]') as HTMLElement;
    expect(line.dataset.onAir).toBe('BS');
    expect(line.textContent).toContain('on the air: BS');
    expect(line.textContent).toContain('collisions 0 · retries 0');
  });
});
