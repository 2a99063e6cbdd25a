// @plot-stub (vitest.config.ts): these tests do not look at the plots’ marks
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ExplanationLog } from '../../../src/ui/components/ExplanationLog';
import { parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { handleVisualizerKey } from '../../../src/ui/hooks/keyboard';
import {
  cycleFlowFilter,
  flowDecisionIds,
  flowOptionLabel,
  idsOfFlow,
} from '../../../src/ui/model/flows';
import { buildQuery, parseLocation } from '../../../src/ui/model/urlState';
import { resetApp, useApp } from '../../../src/ui/store';
import { runScenario } from '../../../src/ui/worker/runScenario';
import type { RunResult } from '../../../src/ui/worker/protocol';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const QUERY = 'preset=geo-table2&n=4&stop=8';
let geo: RunResult;
beforeAll(() => {
  const p = parseScenarioQuery(QUERY);
  if (!p.ok) throw new Error('bad query');
  geo = runScenario(p.scenario).result;
});
afterEach(cleanup);

function show(r: RunResult, filter: number | null) {
  resetApp();
  useApp.getState().runFinished([r], ['sack'], 1);
  useApp.setState({ flowFilter: filter, cursor: r.trace.packets.length - 1 });
}

describe('flow filter: model', () => {
  it('lists one flow’s decisions, read from the decision column', () => {
    const D = geo.trace.decisions;
    let total = 0;
    for (let f = 0; f < 4; f++) {
      const ids = flowDecisionIds(geo.trace, f);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(D.flow[id]).toBe(f);
      for (let k = 1; k < ids.length; k++) expect(ids[k]!).toBeGreaterThan(ids[k - 1]!);
      total += ids.length;
    }
    expect(total).toBe(D.length);
    const all = Int32Array.from({ length: D.length }, (_, i) => i);
    expect(Array.from(idsOfFlow(geo.trace, all, 2))).toEqual(
      Array.from(flowDecisionIds(geo.trace, 2)),
    );
  });

  it('cycles all → 1 → … → n → all, and back', () => {
    expect(cycleFlowFilter(null, 3, 1)).toBe(0);
    expect(cycleFlowFilter(0, 3, 1)).toBe(1);
    expect(cycleFlowFilter(2, 3, 1)).toBeNull();
    expect(cycleFlowFilter(null, 3, -1)).toBe(2);
    expect(cycleFlowFilter(0, 3, -1)).toBeNull();
    expect(cycleFlowFilter(7, 3, 1)).toBe(0); // a filter past the flows counts as "all"
    expect(cycleFlowFilter(null, 1, 1)).toBeNull();
  });

  it('names a flow with its glyph, number and sender', () => {
    expect(flowOptionLabel(geo.trace, 0)).toBe('● flow 1 (SACK)');
    expect(flowOptionLabel(geo.trace, 1)).toBe('■ flow 2 (SCTP (RFC 4960))');
  });
});

describe('flow filter: the address', () => {
  it('`flow=2` is flow 2 (id 1); written back the same way; absent means every flow', () => {
    const p = parseLocation(`?${QUERY}&flow=2`);
    expect(p.ok).toBe(true);
    expect(p.view.flow).toBe(1);
    const q = buildQuery(p.scenario, { flow: 1 });
    expect(new URLSearchParams(q).get('flow')).toBe('2');
    expect(new URLSearchParams(buildQuery(p.scenario, { flow: null })).has('flow')).toBe(false);
    expect(parseLocation(`?${QUERY}`).view.flow).toBeUndefined();
  });

  it('a flow the scenario does not have, or not a number, is reported and ignored', () => {
    const p = parseLocation(`?${QUERY}&flow=5`);
    expect(p.ok).toBe(false);
    expect(p.view.flow).toBeUndefined();
    expect(p.errors.find((e) => e.key === 'flow')?.message).toBe(
      'flow: “5” names no flow of this scenario (it has 4 flows)',
    );
    expect(parseLocation(`?${QUERY}&flow=0`).errors[0]?.message).toBe(
      'flow: “0” is not a flow number (1, 2, …)',
    );
    expect(parseLocation(`?${QUERY}&flow=x`).badKeys).toContain('flow');
  });
});

describe('flow filter: the log', () => {
  it('shows every flow, or only the chosen one; the select and the f key change it', () => {
    show(geo, null);
    render(<ExplanationLog />);
    const total = geo.trace.decisions.length;
    const logRows = () =>
      within(screen.getByRole('listbox', { name: 'Sender decisions' })).getAllByRole('option');
    expect(total).toBeLessThan(1000); // not virtualised: every row is in the DOM
    expect(logRows().length).toBe(total);
    expect(screen.getByTestId('log-count').textContent).toBe(`${total} decisions`);
    const select = screen.getByTestId('log-flow-filter') as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'all 4 flows',
      '● flow 1 (SACK)',
      '■ flow 2 (SCTP (RFC 4960))',
      '▲ flow 3 (SACK)',
      '◆ flow 4 (SCTP (RFC 4960))',
    ]);
    fireEvent.change(select, { target: { value: '1' } });
    expect(useApp.getState().flowFilter).toBe(1);
    const want = flowDecisionIds(geo.trace, 1);
    expect(screen.getByTestId('log-count').textContent).toBe(`${want.length} / ${total}`);
    const rows = logRows();
    expect(rows.length).toBe(want.length);
    for (const r of rows) expect(r.querySelector('.log-flow')?.textContent).toMatch(/^■ flow 2/);
    expect(rows.map((r) => Number(r.getAttribute('data-decision')))).toEqual(Array.from(want));
    // The row at the cursor (the end of the run) is flow 2's last decision.
    const cur = rows.find((r) => r.getAttribute('aria-selected') === 'true');
    expect(Number(cur?.getAttribute('data-decision'))).toBe(want[want.length - 1]);
    // f: the next flow; Shift+F back; past the last flow, every flow again.
    const key = (k: string) =>
      handleVisualizerKey({
        key: k,
        target: document.body,
        preventDefault() {},
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        shiftKey: k === 'F',
      } as unknown as KeyboardEvent);
    expect(key('f')).toBe(true);
    expect(useApp.getState().flowFilter).toBe(2);
    key('F');
    key('F');
    expect(useApp.getState().flowFilter).toBe(0);
    key('F');
    expect(useApp.getState().flowFilter).toBeNull();
  });
});
