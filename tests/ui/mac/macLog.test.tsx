/**
 * MAC retries and retry-limit drops in the explanation log (issue 28): a third kind of entry
 * beside decisions and path events, drawn like a path row, on the shared cursor, with the flow
 * filter, the search and the keyboard working as for the others. One short run of the
 * wifi-saturation cell (2 stations, 0.5 s, half the frames lost on the air): flow 1 NewReno,
 * whose packet 23 the MAC gives up on, flow 2 UDP.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MacEvent } from '../../../src/engine';
import { ExplanationLog } from '../../../src/ui/components/ExplanationLog';
import { parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { EntryKind, logEntries, macRowOfEntry } from '../../../src/ui/model/logEntries';
import { macLogRowAt, macRowText, type MacLogRow } from '../../../src/ui/model/macLogRows';
import { resetApp, useApp } from '../../../src/ui/store';
import { runScenario } from '../../../src/ui/worker/runScenario';
import type { RunResult } from '../../../src/ui/worker/protocol';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let sat: RunResult;
beforeAll(() => {
  const p = parseScenarioQuery('preset=wifi-saturation&n=2&stop=0.5&loss=0.5&flows=newreno,udp');
  if (!p.ok) throw new Error('bad query');
  sat = runScenario(p.scenario).result;
});
afterEach(cleanup);

function show(cursor: number) {
  resetApp();
  useApp.getState().runFinished([sat], ['x'], 1);
  useApp.setState({ cursor });
}

/** The log entry and row of the first retry-limit drop. */
function firstDrop(): { pos: number; row: MacLogRow } {
  const L = logEntries(sat.trace);
  for (let pos = 0; pos < L.length; pos++) {
    const m = macRowOfEntry(sat.trace, pos);
    if (m >= 0 && macLogRowAt(sat.trace, m).name === 'drop')
      return { pos, row: macLogRowAt(sat.trace, m) };
  }
  throw new Error('no drop');
}

describe('MAC rows in the explanation log (wifi-saturation, 2 stations, 50 % frame errors)', () => {
  it('merges the retries and drops of Trace.mac with the decisions in time order', () => {
    const t = sat.trace;
    const L = logEntries(t);
    const M = t.mac!;
    let logged = 0;
    for (let i = 0; i < M.length; i++)
      if ([MacEvent.collision, MacEvent.error, MacEvent.drop].includes(M.event[i]!)) logged++;
    expect([L.length, t.decisions.length, L.macRows, logged]).toEqual([194, 35, 159, 159]);
    const timeOf = (pos: number) =>
      L.kind[pos] === EntryKind.mac
        ? M.time[-L.entry[pos]! - 1]!
        : t.decisions.time[L.entry[pos]!]!;
    for (let pos = 1; pos < L.length; pos++)
      expect(timeOf(pos)).toBeGreaterThanOrEqual(timeOf(pos - 1));
    // the first rows: both stations' first frames collide (S2's first, by its backoff)
    const first = macLogRowAt(t, macRowOfEntry(t, 1));
    expect([first.node, first.name, first.time]).toEqual(['S2', 'collision', 0.001188]);
    expect(first.body).toBe(
      ' S2: attempt 1 of packet 1 of flow 1 collided with 1 other station’s frame; CW 31 → 63, it is retried after a new backoff',
    );
    const { pos, row } = firstDrop();
    expect([pos, row.node, row.flow, row.time]).toEqual([94, 'S1', 0, 0.276656]);
    expect(row.body).toBe(
      ' S1 drops packet 23 of flow 0 after 7 attempts: the retry limit; CW back to 31',
    );
  });

  it('draws the drop like a path row, current at its event, announced and counted; keyboard and click seek to MAC rows', () => {
    const { pos, row } = firstDrop();
    show(row.event);
    render(<ExplanationLog />);
    const cur = screen
      .getAllByRole('option')
      .find((r) => r.getAttribute('aria-selected') === 'true')!;
    expect(cur.getAttribute('data-mac-event')).toBe('drop');
    expect(cur.className).toBe('log-row log-path-row log-mac-row current significant active');
    expect(cur.querySelector('.log-head')?.textContent).toBe('MAC retry limit:');
    expect(cur.querySelector('.log-tag')?.textContent).toBe('S1');
    expect(cur.querySelector('cite.log-source')?.textContent).toBe(
      'IEEE 802.11-2016 §10.3.4.4 (dot11ShortRetryLimit / dot11LongRetryLimit)',
    );
    expect(screen.getByTestId('log-announce').textContent).toBe(macRowText(row));
    expect(screen.getByTestId('log-count').textContent).toBe(
      '35 decisions · 159 MAC retries and drops',
    );
    // Up from the drop, then Enter: the cursor goes to the row above's event.
    const list = screen.getByRole('listbox', { name: 'Sender decisions' });
    act(() => list.focus());
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(list.getAttribute('aria-activedescendant')).toBe(`log-row-0-${pos - 1}`);
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(useApp.getState().cursor).toBe(logEntries(sat.trace).event[pos - 1]);
    fireEvent.click(cur);
    expect(useApp.getState().cursor).toBe(row.event);
  });

  it('the flow filter and the search keep the MAC rows of their flow and words', async () => {
    const L = logEntries(sat.trace);
    const M = sat.trace.mac!;
    let udp = 0;
    for (let pos = 0; pos < L.length; pos++) if (L.flow[pos] === 1) udp++;
    let drops = 0;
    for (let i = 0; i < M.length; i++) if (M.event[i] === MacEvent.drop) drops++;
    expect([udp, drops]).toEqual([73, 1]);
    show(0);
    useApp.setState({ flowFilter: 1 });
    render(<ExplanationLog />);
    const rows = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(screen.getByTestId('log-count').textContent).toBe(`${udp} / 194`);
    expect(rows().length).toBe(udp);
    for (const r of rows()) expect(r.getAttribute('data-mac-event')).not.toBeNull();
    act(() => useApp.setState({ flowFilter: null }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the explanation log' }), {
      target: { value: 'retry limit' },
    });
    await waitFor(() => expect(screen.getByTestId('log-count').textContent).toBe('1 / 194'));
    expect(rows().map((r) => r.getAttribute('data-mac-event'))).toEqual(['drop']);
  });
});
