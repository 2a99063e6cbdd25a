/**
 * The explanation log of a captured connection: the analysis's rows (what the sender did and
 * the rule, with its source), rows that state an inference marked "inferred" in words and
 * style. The cursor's row is highlighted; a click or Enter puts the cursor on the row's packet.
 * ↑/↓ move between rows.
 */
import { useEffect, useRef, useState } from 'react';
import { rowAtOrBefore } from '../../capture/flight';
import type { ConnectionAnalysis } from '../../deps/capture';
import { useApp } from '../../store';

/** Index of the last row at or before packet row `cursor` (−1: none). */
export function logRowAt(a: ConnectionAnalysis, cursor: number): number {
  const rows = a.explanation;
  const t = a.packets.time[cursor] ?? Infinity;
  // Rows are in time order; one about packet k is at or before the cursor when k ≤ cursor, one
  // about no packet (−1) when its time is.
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid]!;
    if (r.packet >= 0 ? r.packet <= cursor : r.time <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Rows rendered at once: a long capture's log shows the window around the cursor's row. */
export const LOG_WINDOW = 400;

/** The rows [from, to) rendered for the cursor's row `current` of `n`. */
export function logWindow(n: number, current: number): [number, number] {
  if (n <= LOG_WINDOW) return [0, n];
  const from = Math.max(0, Math.min(n - LOG_WINDOW, current - LOG_WINDOW / 2));
  return [from, from + LOG_WINDOW];
}

export function CaptureLog({ analysis }: { analysis: ConnectionAnalysis }) {
  const cursor = useApp((s) => s.capture.cursor);
  const rows = analysis.explanation;
  const P = analysis.packets;
  const t0 = analysis.summary.start;
  const atCursor = logRowAt(
    analysis,
    cursor < 0 ? P.length - 1 : rowAtOrBefore(analysis, cursor - t0),
  );
  // Rows about the same packet share its place: the one clicked is the current one.
  const [picked, setPicked] = useState<number | null>(null);
  const same = (i: number | null) =>
    i !== null &&
    atCursor >= 0 &&
    rows[i]?.packet === rows[atCursor]!.packet &&
    rows[i]?.time === rows[atCursor]!.time;
  const current = same(picked) ? picked! : atCursor;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('li.current');
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  // A row about no one packet (packet −1: the end of a recovery) is placed by its time.
  const seek = (i: number) => {
    const r = rows[i]!;
    setPicked(i);
    useApp
      .getState()
      .setCaptureCursor(t0 + (r.packet >= 0 ? (P.time[r.packet] ?? r.time) : r.time));
  };
  const inferred = rows.filter((r) => r.basis === 'inferred').length;
  const [from, to] = logWindow(rows.length, current);
  return (
    <section
      className="log capture-log"
      aria-label="Explanation log of the connection"
      data-testid="capture-log"
    >
      <header>
        <strong>What the sender did</strong>{' '}
        <span className="secondary">
          {rows.length} rows{inferred ? `, ${inferred} inferred (not seen on the wire)` : ''}
        </span>
      </header>
      {rows.length === 0 ? (
        <p className="empty">No losses, duplicate ACKs or retransmissions in this connection.</p>
      ) : (
        <ol ref={list} className="capture-log-rows">
          {from > 0 && (
            <li className="capture-log-more">
              {from} earlier rows: move the cursor back to see them
            </li>
          )}
          {rows.slice(from, to).map((r, k) => {
            const i = from + k;
            return (
              <li
                key={i}
                className={`${i === current ? 'current ' : ''}${r.basis === 'inferred' ? 'inferred' : 'seen'}`}
                aria-current={i === current ? 'true' : undefined}
                data-kind={r.kind}
                tabIndex={0}
                onClick={() => seek(i)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') seek(i);
                  else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                    e.preventDefault();
                    const next = (e.currentTarget as HTMLElement)[
                      e.key === 'ArrowDown' ? 'nextElementSibling' : 'previousElementSibling'
                    ] as HTMLElement | null;
                    next?.focus();
                  }
                }}
              >
                <span className="log-time">{r.time.toFixed(4)} s</span>{' '}
                {r.basis === 'inferred' && <span className="capture-inferred">inferred</span>}{' '}
                <span className="log-text">{r.text}</span>
                {r.source && <span className="log-source"> — {r.source}</span>}
              </li>
            );
          })}
          {to < rows.length && (
            <li className="capture-log-more">
              {rows.length - to} later rows: move the cursor on to see them
            </li>
          )}
        </ol>
      )}
    </section>
  );
}
