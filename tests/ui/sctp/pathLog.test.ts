import { describe, expect, it } from 'vitest';
import {
  entriesOfFlows,
  entryAtCursor,
  entrySearchText,
  logEntries,
  pathRowOfEntry,
} from '../../../src/ui/model/logEntries';
import { pathLogRowAt, pathRowText } from '../../../src/ui/model/pathLogRows';
import { decisionAtCursor, nextSignificant, traceIndex } from '../../../src/ui/model/traceIndex';
import { renoThreeDrops } from '../panels/fixtures';
import { multiHomedTrace } from './sctpTrace';
import { run } from '../../../src/engine';
import { buildSimConfig } from '../../../src/scenarios';
import { parseScenarioQuery } from '../../../src/scenarios/query';

describe('log entries: decisions and path events merged in time order', () => {
  it('is the decisions alone, entry = decision id, when the trace has no path rows', () => {
    const trace = renoThreeDrops();
    const L = logEntries(trace);
    expect(L.pathRows).toBe(0);
    expect(L.length).toBe(trace.decisions.length);
    expect(Array.from(L.entry.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    for (const c of [0, 100, 500, trace.packets.length - 1])
      expect(entryAtCursor(trace, c)).toBe(decisionAtCursor(trace, c));
  });

  it('adds every path row but `change`, in time order, a decision first on a tie', () => {
    const trace = multiHomedTrace();
    const L = logEntries(trace);
    expect(L.pathRows).toBe(14);
    expect(L.length).toBe(trace.decisions.length + 14);
    const E = trace.pathEvents!;
    const D = trace.decisions;
    const timeOf = (pos: number) => {
      const e = L.entry[pos]!;
      return e >= 0 ? D.time[e]! : E.time[-e - 1]!;
    };
    for (let pos = 1; pos < L.length; pos++) {
      expect(timeOf(pos)).toBeGreaterThanOrEqual(timeOf(pos - 1));
      expect(L.event[pos]).toBeGreaterThanOrEqual(L.event[pos - 1]!);
    }
    // Decisions keep their order.
    const decisions = Array.from(L.entry).filter((e) => e >= 0);
    expect(decisions).toEqual(Array.from({ length: D.length }, (_, k) => k));
    // The failover row comes right after the inactive row.
    const rows = Array.from(L.entry)
      .filter((e) => e < 0)
      .map((e) => -e - 1);
    expect(rows).toEqual([2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17]);
  });

  it('makes the failover row current once the cursor reaches its time', () => {
    const trace = multiHomedTrace();
    const L = logEntries(trace);
    const pos = Array.from(L.entry).indexOf(-(12 + 1));
    const ev = L.event[pos]!;
    const at = entryAtCursor(trace, ev);
    // The current entry is the failover row itself or a later one at the same event.
    expect(at).toBeGreaterThanOrEqual(pos);
    expect(L.event[at]).toBe(ev);
    expect(pathRowOfEntry(trace, pos)).toBe(12);
    expect(entryAtCursor(trace, ev - 1)).toBeLessThan(pos);
  });

  it('filters entries by flow and searches path sentences', () => {
    const trace = multiHomedTrace();
    expect(entriesOfFlows(trace, [0]).length).toBe(logEntries(trace).length);
    expect(entriesOfFlows(trace, [1]).length).toBe(0);
    const L = logEntries(trace);
    const hb = Array.from({ length: L.length }, (_, k) => k).filter((k) =>
      entrySearchText(trace, k).includes('heartbeat to'),
    );
    expect(hb.length).toBe(2);
  });

  it('stops "next significant" at the failover', () => {
    const trace = multiHomedTrace();
    const L = logEntries(trace);
    const ev = L.event[Array.from(L.entry).indexOf(-(12 + 1))]!;
    expect(Array.from(traceIndex(trace).significant)).toContain(ev);
    const before = nextSignificant(trace, ev - 1, 1);
    expect(before).toBe(ev);
  });
});

describe('path-event sentences', () => {
  const trace = multiHomedTrace();
  const text = (row: number) => pathRowText(pathLogRowAt(trace, row));

  it('HEARTBEAT on an idle path and its answer', () => {
    expect(text(2)).toBe(
      'HEARTBEAT to K1b (idle path S1→K1b, every RTO + HB.interval; RTO 3 s, error count 0) (RFC 4960 §8.3)',
    );
    expect(text(3)).toBe(
      'HEARTBEAT-ACK from K1b: path S1→K1b answers; error count 0, RTO 1 s (RFC 4960 §8.3)',
    );
  });

  it('T3-rtx expiry with what changed since the path’s previous row', () => {
    expect(text(5)).toBe(
      'T3-rtx timer of S1→K1 expired: error count 0 → 1, RTO 1 → 2 s, cwnd 6000 → 1000 bytes (RFC 4960 §6.3.3)',
    );
  });

  it('path inactive after its strikes, failover to the active path', () => {
    expect(text(11)).toBe(
      'Path S1→K1 inactive: 6 T3-rtx expiries in a row, error count 6 exceeds Path.Max.Retrans; new data fails over to S1→K1b (RFC 4960 §8.2)',
    );
    expect(text(12)).toBe(
      'Failover from S1→K1: new data goes to S1→K1b while the primary S1→K1 is inactive; retransmissions go to an active alternate path (RFC 4960 §6.4.1)',
    );
    expect(pathLogRowAt(trace, 12).significant).toBe(true);
    expect(pathLogRowAt(trace, 2).significant).toBe(false);
  });

  it('recovery and the return to the primary', () => {
    expect(text(16)).toBe(
      'Path S1→K1 active again: its HEARTBEAT was answered; error count 0, RTO 1 s (RFC 4960 §8.3)',
    );
    expect(text(17)).toBe(
      'Back to the primary path S1→K1: new data goes to K1 again (RFC 4960 §6.4)',
    );
  });
});

describe('path rows carry the engine’s RFC-vs-ns-2 note (profile ns2)', () => {
  const parsed = parseScenarioQuery(
    'preset=sctp-failover&profile=ns2&hb=1&pmr=2&fail=primary@3.3&repair=primary@7.5',
  );
  if (!parsed.ok) throw new Error('bad link');
  const trace = run(buildSimConfig(parsed.scenario));
  const E = trace.pathEvents!;
  const resend = [...E.time].findIndex(
    (t, i) => E.path[i] === 0 && E.event[i] === 1 && t.toFixed(4) === '8.9156',
  );

  it('the HEARTBEAT resent on a timeout: the note and its source, in the row, its text and the search', () => {
    const r = pathLogRowAt(trace, resend);
    expect(r.head).toBe('HEARTBEAT to K0');
    expect(r.note).toEqual({
      sentence:
        'RFC 4960 would send the next HEARTBEAT to this path RTO + HB.interval ± RTO/2 after the unanswered one, with its backed-off RTO of 2 s; ns-2.35 resends it as soon as the HEARTBEAT times out',
      source: 'RFC 4960 §8.3; ns-2 sctp.cc Timeout (SendHeartbeat)',
    });
    expect(pathRowText(r)).toContain(
      '(RFC 4960 §8.3) — RFC 4960 would send the next HEARTBEAT to this path',
    );
    const pos = Array.from(logEntries(trace).entry).indexOf(-(resend + 1));
    expect(entrySearchText(trace, pos)).toContain(
      'ns-2.35 resends it as soon as the heartbeat times out',
    );
  });

  it('a row without a note has none', () => {
    const ack = [...E.event].findIndex((e) => e === 2);
    expect(pathLogRowAt(trace, ack).note).toBeNull();
  });
});
