import { decisionsOf } from '../../src/engine';
import { explainAll, explainNote, explainRule } from '../../src/trace/explain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as outputs from '../../src/ui/deps/outputs';
import { ExplanationLog, VIRTUAL_THRESHOLD } from '../../src/ui/components/ExplanationLog';
import { reason } from '../../src/engine';
import { parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { traceIndex } from '../../src/ui/model/traceIndex';
import { resetApp, useApp } from '../../src/ui/store';
import { runScenario } from '../../src/ui/worker/runScenario';
import type { RunResult } from '../../src/ui/worker/protocol';

// Count the sentences the log builds.
vi.mock('../../src/ui/deps/outputs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/ui/deps/outputs')>();
  return { ...actual, explainDecision: vi.fn(actual.explainDecision) };
});

// These tests run the real engine in-process; give them room when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

function resultFor(q: string): RunResult {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error('bad query');
  return runScenario(p.scenario).result;
}

let long: RunResult;
let short: RunResult;
beforeAll(() => {
  long = resultFor('preset=fall-floyd&sender=newreno&stop=60&loss=0.01');
  short = resultFor('preset=ff-1-drops&sender=reno');
});
afterEach(cleanup);

function show(r: RunResult, cursor = 0) {
  resetApp();
  useApp.getState().runFinished([r], ['x'], 1);
  useApp.setState({ cursor });
}

describe('ExplanationLog', () => {
  it('renders one row per decision for a short run, highlights the row at the cursor, Enter on a row seeks', () => {
    const fr = decisionsOf(short.trace).find((d) => d.code === 'reno.fast-retransmit')!;
    const e = traceIndex(short.trace).decisionEvent[fr.id]!;
    show(short, e);
    render(<ExplanationLog />);
    const rows = screen.getAllByRole('option');
    expect(rows.length).toBe(short.trace.decisions.length);
    const cur = rows.find((r) => r.getAttribute('aria-selected') === 'true')!;
    expect(cur.getAttribute('data-decision')).toBe(String(fr.id));
    expect(cur.textContent).toMatch(/3rd duplicate ACK/);
    expect(screen.getByTestId('log-announce').textContent).toMatch(/fast retransmit/);
    const list = screen.getByRole('listbox', { name: 'Sender decisions' });
    act(() => list.focus());
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(useApp.getState().cursor).toBe(traceIndex(short.trace).decisionEvent[fr.id + 1]);
  });

  it('each row reads once: no label repeated before the sentence, the source set apart after it', () => {
    show(short, 0);
    render(<ExplanationLog />);
    const rows = screen.getAllByRole('option');
    for (const row of rows) {
      const id = Number(row.getAttribute('data-decision'));
      const ex = explainAll(short.trace)[id]!;
      const source = reason(decisionsOf(short.trace)[id]!.code).source;
      const cite = row.querySelector('cite.log-source');
      expect(cite?.textContent).toBe(source);
      const sentence = row.querySelector('.log-text')!.textContent!;
      const d = decisionsOf(short.trace)[id]!;
      expect(`${sentence} (${source})`).toBe(explainRule(d, short.trace));
      // A note (the RFC text, in this ns-2 run) is its own paragraph; the full text has both.
      const note = row.querySelector('.log-note');
      if (d.note) {
        expect(note?.textContent).toContain(explainNote(d, short.trace)!.sentence);
        expect(ex.text.startsWith(explainRule(d, short.trace) + ' — ')).toBe(true);
      } else {
        expect(note).toBeNull();
        expect(ex.text).toBe(explainRule(d, short.trace));
      }
      // "1st duplicate ACK: 1st duplicate ACK for 14: …" no more.
      expect(row.textContent).not.toMatch(/(\b[\w ]{6,}):\s*\1/);
    }
    const fr = decisionsOf(short.trace).find((d) => d.code === 'reno.fast-retransmit')!;
    const row = rows.find((r) => r.getAttribute('data-decision') === String(fr.id))!;
    expect(row.textContent!.match(/3rd duplicate ACK/g)).toHaveLength(1);
    expect(row.querySelector('.log-head')!.textContent).toBe('3rd duplicate ACK for 14:');
    expect(row.querySelector('.log-rule')!.textContent).toBe('fast retransmit');
    // The rule a sentence does not name itself is shown once, as a tag.
    const inflate = rows.find(
      (r) => r.querySelector('.log-tag')?.textContent === 'window inflation',
    );
    expect(inflate).toBeDefined();
    expect(inflate!.querySelector('.log-text')!.textContent).not.toContain('window inflation');
  });

  it('packet numbers in a row light the packet up and jump to where it is sent', () => {
    const fr = decisionsOf(short.trace).find((d) => d.code === 'reno.fast-retransmit')!;
    show(short, 0);
    render(<ExplanationLog />);
    const row = screen
      .getAllByRole('option')
      .find((r) => r.getAttribute('data-decision') === String(fr.id))!;
    const link = within(row).getByRole('button', { name: '15' });
    fireEvent.mouseEnter(link);
    expect(useApp.getState().hovered).toEqual({ flow: 0, packet: 15 });
    fireEvent.click(link);
    const e = useApp.getState().cursor;
    const P = short.trace.packets;
    const X = short.trace.transmissions;
    expect(P.kind[e]).toBe(0); // send
    expect(X.packet[P.uid[e]!]).toBe(15);
    expect(X.retx[P.uid[e]!]).toBe(1);
  });

  it('virtualises a long log and filters it with the search box (scanned in slices)', async () => {
    expect(long.trace.decisions.length).toBeGreaterThan(VIRTUAL_THRESHOLD);
    show(long, Math.floor(long.trace.packets.length / 2));
    render(<ExplanationLog />);
    const log = screen.getByTestId('explanation-log');
    expect(within(log).getAllByRole('option').length).toBeLessThan(200);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'timer expired' } });
    const want = explainAll(long.trace).filter((x) => /timer expired/i.test(x.text)).length;
    expect(want).toBeGreaterThan(0);
    // Once the scan is done (no progress shown) the count is every match and each matching row
    // is listed. The count can reach every match before the scan ends (the last matches may lie
    // before the last slice), so the wait is for both.
    await waitFor(() => {
      expect(screen.queryByTestId('log-searching')).toBeNull();
      expect(within(log).getByText(`${want} / ${long.trace.decisions.length}`)).toBeDefined();
    });
    const hits = within(log).queryAllByRole('option');
    expect(hits.length).toBe(Math.min(want, 200));
    for (const h of hits) expect(h.textContent).toMatch(/timer expired/i);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    expect(within(log).getByText(`${long.trace.decisions.length} decisions`)).toBeDefined();
  });

  it('builds sentences only for the rows it shows', () => {
    const fresh = resultFor('preset=fall-floyd&sender=newreno&stop=60&loss=0.01');
    show(fresh, 0);
    const spy = vi.mocked(outputs.explainDecision);
    spy.mockClear();
    render(<ExplanationLog />);
    expect(spy.mock.calls.length).toBeGreaterThan(0);
    expect(spy.mock.calls.length).toBeLessThan(200);
  });
});
