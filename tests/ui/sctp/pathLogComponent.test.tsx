import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PathEvent } from '../../../src/engine/trace/path-events';
import { ExplanationLog } from '../../../src/ui/components/ExplanationLog';
import { parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { logEntries } from '../../../src/ui/model/logEntries';
import { pathLogRowAt, pathRowText } from '../../../src/ui/model/pathLogRows';
import { resetApp, useApp } from '../../../src/ui/store';
import { runScenario } from '../../../src/ui/worker/runScenario';
import type { RunResult } from '../../../src/ui/worker/protocol';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let failover: RunResult;
beforeAll(() => {
  const p = parseScenarioQuery('preset=sctp-failover');
  if (!p.ok) throw new Error('bad query');
  failover = runScenario(p.scenario).result;
});
afterEach(cleanup);

function show(r: RunResult, cursor: number) {
  resetApp();
  useApp.getState().runFinished([r], ['x'], 1);
  useApp.setState({ cursor });
}

/** The log entry of the first path row named `name`, and its row. */
function entryOf(name: string) {
  const trace = failover.trace;
  const L = logEntries(trace);
  for (let pos = 0; pos < L.length; pos++) {
    const e = L.entry[pos]!;
    if (e < 0 && pathLogRowAt(trace, -e - 1).name === name)
      return { pos, row: pathLogRowAt(trace, -e - 1) };
  }
  throw new Error(`no ${name} row`);
}

describe('explanation log with path events (sctp-failover)', () => {
  it('makes the failover row current at its event, announces it and counts the path events', () => {
    const { row } = entryOf('failover');
    show(failover, row.event);
    render(<ExplanationLog />);
    const cur = screen
      .getAllByRole('option')
      .find((r) => r.getAttribute('aria-selected') === 'true')!;
    expect(cur.getAttribute('data-path-event')).toBe('failover');
    expect(cur.textContent).toContain('Failover from S0→K0:');
    expect(cur.querySelector('cite.log-source')?.textContent).toBe('RFC 4960 §6.4.1');
    expect(screen.getByTestId('log-announce').textContent).toBe(pathRowText(row));
    expect(screen.getByTestId('log-count').textContent).toBe(
      `${failover.trace.decisions.length} decisions · ${logEntries(failover.trace).pathRows} path events`,
    );
  });

  it('Enter on a path row moves the cursor to its event', () => {
    const { row } = entryOf('failover');
    const hb = entryOf('heartbeat').row;
    show(failover, row.event);
    render(<ExplanationLog />);
    const list = screen.getByRole('listbox', { name: 'Sender decisions' });
    act(() => list.focus());
    // Up from the failover row: the path-inactive row, at the same event.
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    const active = document.getElementById(list.getAttribute('aria-activedescendant')!)!;
    expect(active.getAttribute('data-path-event')).toBe('inactive');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(useApp.getState().cursor).toBe(row.event);
    // A click on a HEARTBEAT row seeks to it.
    show(failover, hb.event);
    cleanup();
    render(<ExplanationLog />);
    const hbRow = document.querySelector<HTMLElement>('[data-path-event="heartbeat"]')!;
    useApp.setState({ cursor: 0 });
    fireEvent.click(hbRow);
    expect(useApp.getState().cursor).toBe(Number(hbRow.getAttribute('data-event')));
  });

  it('finds path rows with the search box', async () => {
    show(failover, 0);
    render(<ExplanationLog />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the explanation log' }), {
      target: { value: 'heartbeat to k' },
    });
    const E = failover.trace.pathEvents!;
    let heartbeats = 0;
    for (let i = 0; i < E.length; i++)
      if (E.event[i] === PathEvent.heartbeat || E.event[i] === PathEvent['heartbeat-timeout'])
        heartbeats++;
    await waitFor(() =>
      expect(screen.getByTestId('log-count').textContent).toBe(
        `${heartbeats} / ${logEntries(failover.trace).length}`,
      ),
    );
    for (const r of screen.getAllByRole('option'))
      expect(r.getAttribute('data-path-event')).toMatch(/^heartbeat(-timeout)?$/);
  });
});
