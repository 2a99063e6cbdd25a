import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { decisionAt, PacketEventKind, PacketType, reason, type Decision, type Trace } from '../../engine';
import type { Explanation } from '../deps/outputs';
import { legendFor } from '../model/legend';
import { logRowParts, type LogPart, type LogRowParts } from '../model/logRow';
import { decisionAtCursor, decisionLabel, traceIndex } from '../model/traceIndex';
import { useApp } from '../store';

/** Above this many rows the list is virtualised (fixed row height: two lines of sentence, one of source). */
export const VIRTUAL_THRESHOLD = 1000;

/** The first send of `packet` by `flow` at or after event `from` (trace lookup, no logic). */
function sendEventOf(trace: Trace, from: number, flow: number, packet: number): number | null {
  const P = trace.packets;
  for (let i = Math.max(0, from); i < P.length; i++) {
    if (
      P.kind[i] === PacketEventKind.send &&
      P.flow[i] === flow &&
      P.packet[i] === packet &&
      P.type[i] === PacketType.data
    )
      return i;
  }
  return null;
}

interface Row {
  trace: Trace;
  ex: Explanation;
  d: Decision;
  event: number;
  label: string;
  parts: LogRowParts;
  search: string;
}

function rowHeightPx(el: HTMLElement | null): number {
  if (!el) return 44;
  const fs = parseFloat(getComputedStyle(el).fontSize) || 14;
  return Math.round(fs * 4.6);
}

/**
 * One row per decision (from explainAll): time, the rule's glyph, the engine's sentence read
 * once — its trigger in bold, the rule's name in the mark's colour (or as a tag before the
 * sentence when the sentence does not say it), the packets it sent as links — then its source
 * in a quieter style. The row at the cursor is highlighted, kept in view and announced; click
 * or Enter moves the cursor.
 */
export function ExplanationLog() {
  const senders = useApp((s) => s.run.senders);
  const logRun = useApp((s) => s.logRun);
  const nResults = useApp((s) => s.run.results.length);
  const idx = logRun < nResults ? logRun : 0;
  const result = useApp((s) => s.run.results[idx] ?? null);
  const cursor = useApp((s) => s.cursor);
  const theme = useApp((s) => s.theme);
  const playing = useApp((s) => s.playing);
  const hovered = useApp((s) => s.hovered);
  const cursorTime = useApp((s) => s.run.results[0]?.trace.packets.time[s.cursor] ?? 0);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewH, setViewH] = useState(400);

  const trace = result?.trace ?? null;
  const multiFlow = (trace?.flows.length ?? 0) > 1;
  const rows: Row[] = useMemo(() => {
    if (!result) return [];
    const de = traceIndex(result.trace).decisionEvent;
    return result.explanations.map((ex) => {
      const d = decisionAt(result.trace, ex.id);
      const label = decisionLabel(d);
      return {
        trace: result.trace,
        ex,
        d,
        event: de[ex.id] as number,
        label,
        parts: logRowParts(d, ex.text, reason(d.code)),
        search: `${label} ${ex.text}`.toLowerCase(),
      };
    });
  }, [result]);

  // In compare mode another trace's cursor follows by time.
  const localCursor = useMemo(() => {
    if (!trace) return 0;
    if (idx === 0) return cursor;
    const time = trace.packets.time;
    let lo = 0;
    let hi = trace.packets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((time[mid] as number) <= cursorTime) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }, [trace, idx, cursor, cursorTime]);

  const currentId = trace ? decisionAtCursor(trace, localCursor) : -1;
  const q = query.trim().toLowerCase();
  // Predict mode: decisions after the cursor stay hidden until the guess is revealed.
  const concealed = useApp((s) => s.predict.pending !== null && !s.predict.pending.revealed);
  const shown = useMemo(() => {
    const visible = concealed ? rows.filter((r) => r.event <= localCursor) : rows;
    return q ? visible.filter((r) => r.search.includes(q)) : visible;
  }, [rows, q, concealed, localCursor]);
  const virtual = shown.length > VIRTUAL_THRESHOLD;
  const rowH = virtual ? rowHeightPx(listRef.current) : 0;
  const currentPos = shown.findIndex((r) => r.ex.id === currentId);
  const activePos = active === null ? currentPos : shown.findIndex((r) => r.ex.id === active);

  const seekTo = (r: Row) => {
    const s = useApp.getState();
    s.selectDecision(r.ex.id);
    if (idx === 0) s.seek(r.event);
    else s.seekTime(r.d.time);
    setActive(null);
  };

  // Keep the current (or keyboard-active) row in view, centred when it leaves the view.
  const keepPos = active === null ? currentPos : activePos;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || keepPos < 0) return;
    let top: number;
    let h: number;
    if (virtual) {
      top = keepPos * rowH;
      h = rowH;
    } else {
      const el = list.children[keepPos] as HTMLElement | undefined;
      if (!el) return;
      top = el.offsetTop;
      h = el.offsetHeight;
    }
    if (top < list.scrollTop || top + h > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - (list.clientHeight - h) / 2);
      setScrollTop(list.scrollTop);
    }
    // viewH: a resized log (another window size, the projector) re-centres the row too.
  }, [keepPos, virtual, rowH, viewH]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setViewH(list.clientHeight || 400);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(list);
    return () => ro.disconnect();
  }, []);

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (shown.length === 0) return;
    const pos = activePos < 0 ? 0 : activePos;
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = Math.min(shown.length - 1, pos + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, pos - 1);
    else if (e.key === 'Enter') {
      const r = shown[pos];
      if (r) seekTo(r);
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (next !== null) {
      setActive((shown[next] as Row).ex.id);
      e.preventDefault();
      e.stopPropagation();
    }
  };

  let first = 0;
  let last = shown.length;
  if (virtual) {
    first = Math.max(0, Math.floor(scrollTop / rowH) - 10);
    last = Math.min(shown.length, Math.ceil((scrollTop + viewH) / rowH) + 10);
  }
  const current = rows.find((r) => r.ex.id === currentId);
  const activeRow = activePos >= 0 ? shown[activePos] : undefined;

  return (
    <section className="log" aria-label="Explanation log" data-testid="explanation-log">
      <header>
        <h2>Explanation log</h2>
        {nResults > 1 && (
          <select
            aria-label="Log of sender"
            value={idx}
            onChange={(e) => useApp.getState().setLogRun(Number(e.target.value))}
          >
            {senders.map((sd, i) => (
              <option key={sd} value={i}>
                {sd}
              </option>
            ))}
          </select>
        )}
        <input
          type="search"
          placeholder="search…"
          aria-label="Search the explanation log"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="unit" aria-live="off">
          {q ? `${shown.length} / ${rows.length}` : `${rows.length} decisions`}
        </span>
      </header>
      <ul
        ref={listRef}
        className="log-list"
        role="listbox"
        aria-label="Sender decisions"
        tabIndex={0}
        aria-activedescendant={activeRow ? `log-row-${idx}-${activeRow.ex.id}` : undefined}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
        onScroll={(e) => virtual && setScrollTop(e.currentTarget.scrollTop)}
        style={virtual ? { position: 'relative' } : undefined}
      >
        {virtual && (
          <li aria-hidden="true" style={{ height: shown.length * rowH, listStyle: 'none' }} />
        )}
        {shown.slice(first, last).map((r, k) => {
          const pos = first + k;
          const isCurrent = r.ex.id === currentId;
          const lg = legendFor(r.d.code, theme);
          const renderPart = (part: LogPart, key: number) => {
            if (part.kind === 'text') return <span key={key}>{part.text}</span>;
            if (part.kind === 'rule')
              return (
                <span key={key} className="log-rule" style={{ textDecorationColor: lg.color }}>
                  {part.text}
                </span>
              );
            const p = part.packet;
            return (
              <button
                key={key}
                type="button"
                tabIndex={-1}
                className="packet-link"
                title={`Show packet ${p} in every panel; click to go to where it is sent`}
                onMouseEnter={() => useApp.getState().setHovered({ flow: r.d.flow, packet: p })}
                onMouseLeave={() => useApp.getState().setHovered(null)}
                onClick={(e) => {
                  e.stopPropagation();
                  const ev = sendEventOf(r.trace, r.event, r.d.flow, p);
                  if (ev !== null && idx === 0) useApp.getState().seek(ev);
                  else seekTo(r);
                }}
              >
                {part.text}
              </button>
            );
          };
          const cls = [
            'log-row',
            virtual ? 'virtual' : '',
            isCurrent ? 'current' : '',
            r.event > localCursor ? 'future' : '',
            reason(r.d.code).significant ? 'significant' : '',
            activeRow === r ? 'active' : '',
            hovered && hovered.flow === r.d.flow && r.d.packets.includes(hovered.packet)
              ? 'lit'
              : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li
              key={r.ex.id}
              id={`log-row-${idx}-${r.ex.id}`}
              role="option"
              aria-selected={isCurrent}
              className={cls}
              data-decision={r.ex.id}
              data-event={r.event}
              style={virtual ? { top: pos * rowH, height: rowH } : undefined}
              onClick={() => seekTo(r)}
              onMouseEnter={() => {
                const p =
                  r.d.packets[0] ?? (r.d.trigger.kind === 'ack' ? r.d.trigger.cumAck + 1 : null);
                useApp.getState().setHovered(p === null ? null : { flow: r.d.flow, packet: p });
              }}
              onMouseLeave={() => useApp.getState().setHovered(null)}
            >
              <div className="log-main">
                <span className="log-time">{r.ex.time.toFixed(4)}</span>
                {multiFlow && <span className="log-flow">flow {r.d.flow + 1} </span>}
                <span className="glyph" aria-hidden="true" style={{ color: lg.color }}>
                  {lg.glyph}
                </span>
                {r.parts.tag && (
                  <span className="log-tag" style={{ borderColor: lg.color }}>
                    {r.parts.tag}
                  </span>
                )}
                <span className="log-text">
                  {r.parts.head.length > 0 && (
                    <strong className="log-head">{r.parts.head.map(renderPart)}</strong>
                  )}
                  {r.parts.body.map(renderPart)}
                </span>
                {r.parts.extraPackets.length > 0 && (
                  <span className="log-packets">
                    {' · sends '}
                    {r.parts.extraPackets
                      .slice(0, 8)
                      .map((p) => renderPart({ kind: 'packet', text: String(p), packet: p }, p))}
                    {r.parts.extraPackets.length > 8 ? '…' : ''}
                  </span>
                )}
              </div>
              {r.parts.source && <cite className="log-source">{r.parts.source}</cite>}
            </li>
          );
        })}
        {shown.length === 0 && (
          <li className="log-row">{rows.length === 0 ? 'No decisions yet.' : 'No row matches.'}</li>
        )}
        {concealed && !virtual && (
          <li className="log-row future" aria-disabled="true">
            Later decisions are hidden until you reveal your prediction.
          </li>
        )}
      </ul>
      <div className="sr-only" aria-live="polite" data-testid="log-announce">
        {current && !playing
          ? `${current.parts.tag ? `${current.parts.tag}: ` : ''}${current.parts.sentence}`
          : ''}
      </div>
    </section>
  );
}
