import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useLogSearch } from '../hooks/useLogSearch';
import { hasCongestionControl, lowerBound, upperBound } from '../deps/panels';
import { flowName } from '../model/flows';
import {
  EntryKind,
  entriesOfFlows,
  entriesOfFlowsCached,
  entryAtCursor,
  logEntries,
} from '../model/logEntries';
import { macLogRowAt, macRowText } from '../model/macLogRows';
import { pathLogRowAt, pathRowText } from '../model/pathLogRows';
import { useVisibleFlows } from '../hooks/useVisibleFlows';
import { logRowAt, type LogRow } from '../model/logRows';
import { runStyles } from '../model/compareEntries';
import { useApp } from '../store';
import { FlowSelect } from './FlowSelect';
import { LogRowItem } from './LogRowItem';
import { MacRowItem } from './MacRowItem';
import { PathRowItem } from './PathRowItem';

/** Above this many rows the list is virtualised (fixed row height: two lines of sentence, one of source). */
export const VIRTUAL_THRESHOLD = 1000;

/** Rows drawn above and below the visible ones in a virtualised list. */
const OVERSCAN = 10;

function rowHeightPx(el: HTMLElement | null): number {
  if (!el) return 44;
  const fs = parseFloat(getComputedStyle(el).fontSize) || 14;
  return Math.round(fs * 4.6);
}

/** The rows the log lists, as positions → decision ids (no per-row work for the whole trace). */
interface RowView {
  length: number;
  idAt(pos: number): number;
  /** Position of decision `id`, or -1 when it is not listed. */
  posOf(id: number): number;
  /** Position of the last listed decision at or before `id`, or -1 when there is none. */
  floorPos(id: number): number;
}

/** Decisions 0 … count−1. */
function rangeView(count: number): RowView {
  return {
    length: count,
    idAt: (p) => p,
    posOf: (id) => (id >= 0 && id < count ? id : -1),
    floorPos: (id) => Math.min(id, count - 1),
  };
}

/** The listed `ids` (ascending) that are < `limit`. */
function listView(ids: Int32Array, limit: number): RowView {
  const firstAtOrAbove = (v: number) => lowerBound(ids, v);
  const length = firstAtOrAbove(limit);
  return {
    length,
    idAt: (p) => ids[p] as number,
    posOf: (id) => {
      const p = firstAtOrAbove(id);
      return p < length && ids[p] === id ? p : -1;
    },
    floorPos: (id) => Math.min(length, firstAtOrAbove(id + 1)) - 1,
  };
}

/**
 * One row per decision: time, the rule's glyph, the engine's sentence read once (see
 * LogRowItem). Rows are built only when they are drawn (model/logRows.ts) and the search scans
 * in slices (model/logSearch.ts), so a 50 k-decision log costs no more than a short one when
 * the result arrives. The row at the cursor is highlighted, kept in view and announced; click
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
  const presentation = useApp((s) => s.presentation);
  const playing = useApp((s) => s.playing);
  const hovered = useApp((s) => s.hovered);
  const cursorTime = useApp((s) => s.run.results[0]?.trace.packets.time[s.cursor] ?? 0);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewH, setViewH] = useState(400);
  const [rowHpx, setRowHpx] = useState(44);
  // The list's scroll position as last set or seen (read from the DOM only in scroll events).
  const scrollTopRef = useRef(0);
  // Until this time, scroll events are the echo of our own scrolling and are not read back.
  const ownScroll = useRef(0);

  const trace = result?.trace ?? null;
  // Entries: the decisions, the path events of multi-homed SCTP and the MAC retries and drops of
  // radio cells merged in time order (model/logEntries.ts; entry = decision id when there are
  // none).
  const entries = trace ? logEntries(trace) : null;
  const total = entries?.length ?? 0;
  const decisionCount = trace?.decisions.length ?? 0;
  const multiFlow = (trace?.flows.length ?? 0) > 1;
  // The flow filter (view key `flow`): one flow's decisions, or every flow's.
  const filterSetting = useApp((s) => s.flowFilter);
  const flow =
    multiFlow && filterSetting !== null && filterSetting < (trace?.flows.length ?? 0)
      ? filterSetting
      : null;

  // In compare mode another trace's cursor follows by time.
  const localCursor = useMemo(() => {
    if (!trace) return 0;
    if (idx === 0) return cursor;
    // The last event at or before the cursor's time (0 when none is).
    const n = trace.packets.length;
    return Math.max(0, upperBound(trace.packets.time, cursorTime, 0, n) - 1);
  }, [trace, idx, cursor, cursorTime]);

  const currentId = trace ? entryAtCursor(trace, localCursor) : -1;
  const q = query.trim().toLowerCase();
  // The search texts are prepared in idle time once the search box has had the focus.
  const [searchFocused, setSearchFocused] = useState(false);
  const search = useLogSearch(trace, q, searchFocused);
  // Predict mode: decisions after the cursor stay hidden until the guess is revealed.
  const concealed = useApp((s) => s.predict.pending !== null && !s.predict.pending.revealed);
  const limit = concealed ? currentId + 1 : total;
  // The flow list's hidden flows leave the log too (unless one flow is chosen).
  const visible = useVisibleFlows(trace);
  const shown: RowView = useMemo(() => {
    if (!q) {
      if (flow !== null && trace) return listView(entriesOfFlowsCached(trace, [flow]), limit);
      return visible && trace
        ? listView(entriesOfFlowsCached(trace, visible), limit)
        : rangeView(limit);
    }
    const matches = search?.matches ?? new Int32Array(0);
    if (flow !== null && trace) return listView(entriesOfFlows(trace, [flow], matches), limit);
    return listView(visible && trace ? entriesOfFlows(trace, visible, matches) : matches, limit);
  }, [q, search, limit, flow, trace, visible]);
  const searching = q !== '' && !(search?.done ?? false);
  const virtual = shown.length > VIRTUAL_THRESHOLD;
  const rowH = virtual ? rowHpx : 0;
  // Filtered to one flow (or some hidden), the row at the cursor is the latest listed decision
  // up to it.
  const currentPos =
    (flow !== null || visible) && currentId >= 0
      ? shown.floorPos(currentId)
      : shown.posOf(currentId);
  const currentShownId = currentPos >= 0 ? shown.idAt(currentPos) : -1;
  const activePos = active === null ? currentPos : shown.posOf(active);

  const seekTo = useCallback(
    (r: LogRow) => {
      const s = useApp.getState();
      s.selectDecision(r.id);
      if (idx === 0) s.seek(r.event);
      else s.seekTime(r.d.time);
      setActive(null);
    },
    [idx],
  );
  // A path or MAC row: the cursor goes to its event (no decision is selected).
  const seekPath = useCallback(
    (r: { event: number; time: number }) => {
      const s = useApp.getState();
      if (idx === 0) s.seek(r.event);
      else s.seekTime(r.time);
      setActive(null);
    },
    [idx],
  );
  /** The decision row (≥ 0) or path / MAC row (< 0: −(row + 1), kindOf says which) of entry `pos`. */
  const entryOf = (pos: number) => entries?.entry[pos] ?? 0;
  const isMac = (pos: number) => entries?.kind[pos] === EntryKind.mac;

  // Keep the current (or keyboard-active) row in view, centred when it leaves the view.
  const keepPos = active === null ? currentPos : activePos;
  const shownCount = shown.length;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || keepPos < 0) return;
    if (virtual) {
      // Fixed row height: the row's place comes from state, not from layout, so following the
      // cursor forces no reflow.
      const top = keepPos * rowH;
      const at = scrollTopRef.current;
      if (top >= at && top + rowH <= at + viewH) return;
      const maxTop = Math.max(0, shownCount * rowH - viewH);
      const next = Math.min(maxTop, Math.max(0, top - (viewH - rowH) / 2));
      ownScroll.current = performance.now() + 200;
      list.scrollTop = next;
      scrollTopRef.current = next;
      setScrollTop(next);
      return;
    }
    const el = list.children[keepPos] as HTMLElement | undefined;
    if (!el) return;
    const top = el.offsetTop;
    const h = el.offsetHeight;
    if (top < list.scrollTop || top + h > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - (list.clientHeight - h) / 2);
      scrollTopRef.current = list.scrollTop;
      setScrollTop(list.scrollTop);
    }
    // viewH: a resized log (another window size, the projector) re-centres the row too.
  }, [keepPos, virtual, rowH, viewH, shownCount]);

  // The list's height and the row height (font size: theme, projector), measured on resize.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      setViewH(list.clientHeight || 400);
      setRowHpx(rowHeightPx(list));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(list);
    return () => ro.disconnect();
  }, [theme, presentation]);

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!trace || shown.length === 0) return;
    const pos = activePos < 0 ? 0 : activePos;
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = Math.min(shown.length - 1, pos + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, pos - 1);
    else if (e.key === 'Enter') {
      if (pos < shown.length) {
        const id = shown.idAt(pos);
        const e = entryOf(id);
        if (e >= 0) seekTo(logRowAt(trace, e));
        else seekPath(isMac(id) ? macLogRowAt(trace, -e - 1) : pathLogRowAt(trace, -e - 1));
      }
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (next !== null) {
      setActive(shown.idAt(next));
      e.preventDefault();
      e.stopPropagation();
    }
  };

  let first = 0;
  let last = shown.length;
  if (virtual) {
    first = Math.max(0, Math.floor(scrollTop / rowH) - OVERSCAN);
    last = Math.min(shown.length, Math.ceil((scrollTop + viewH) / rowH) + OVERSCAN);
  }
  const currentEntry = trace && currentShownId >= 0 ? entryOf(currentShownId) : null;
  const current =
    trace && currentEntry !== null && currentEntry >= 0 ? logRowAt(trace, currentEntry) : null;
  const currentMac = currentEntry !== null && currentEntry < 0 && isMac(currentShownId);
  const currentPath =
    trace && currentEntry !== null && currentEntry < 0
      ? currentMac
        ? macRowText(macLogRowAt(trace, -currentEntry - 1))
        : pathRowText(pathLogRowAt(trace, -currentEntry - 1))
      : null;
  const activeId = activePos >= 0 ? shown.idAt(activePos) : -1;
  const items = [];
  if (trace) {
    for (let pos = first; pos < last; pos++) {
      const id = shown.idAt(pos);
      const e = entryOf(id);
      if (e < 0) {
        // a path event or a MAC row: the same layout (EventRowItem), its own look
        const common = {
          entry: id,
          logIndex: idx,
          top: virtual ? pos * rowH : undefined,
          height: virtual ? rowH : undefined,
          isCurrent: id === currentShownId,
          isActive: id === activeId,
          multiFlow,
          theme,
          onSeek: seekPath,
        };
        if (isMac(id)) {
          const mr = macLogRowAt(trace, -e - 1);
          items.push(
            <MacRowItem key={`m${id}`} row={mr} isFuture={mr.event > localCursor} {...common} />,
          );
        } else {
          const pr = pathLogRowAt(trace, -e - 1);
          items.push(
            <PathRowItem key={`p${id}`} row={pr} isFuture={pr.event > localCursor} {...common} />,
          );
        }
        continue;
      }
      const r = logRowAt(trace, e);
      items.push(
        <LogRowItem
          key={r.id}
          trace={trace}
          row={r}
          entry={id}
          logIndex={idx}
          top={virtual ? pos * rowH : undefined}
          height={virtual ? rowH : undefined}
          isCurrent={id === currentShownId}
          isFuture={r.event > localCursor}
          isActive={id === activeId}
          lit={!!hovered && hovered.flow === r.d.flow && r.d.packets.includes(hovered.packet)}
          multiFlow={multiFlow}
          theme={theme}
          onSeek={seekTo}
        />,
      );
    }
  }
  const scannedPct = search ? Math.floor((100 * search.scanned) / Math.max(1, search.total)) : 0;

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
            {runStyles(senders).map((st, i) => (
              <option key={senders[i]} value={i}>
                {st.name}
              </option>
            ))}
          </select>
        )}
        {trace && multiFlow && (
          <FlowSelect trace={trace} label="Show the decisions of" testId="log-flow-filter" />
        )}
        <input
          type="search"
          placeholder="search…"
          aria-label="Search the explanation log"
          value={query}
          onFocus={() => setSearchFocused(true)}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="unit log-count" aria-live="off" data-testid="log-count">
          {q || flow !== null || visible
            ? `${shown.length} / ${total}`
            : [
                `${decisionCount} decisions`,
                entries?.pathRows ? `${entries.pathRows} path events` : '',
                entries?.macRows ? `${entries.macRows} MAC retries and drops` : '',
              ]
                .filter(Boolean)
                // each part on one line; a narrow log wraps between them
                .map((part, i) => (
                  <Fragment key={i}>
                    {i > 0 && ' · '}
                    <span>{part}</span>
                  </Fragment>
                ))}
        </span>
        {searching && (
          <span className="unit" data-testid="log-searching">
            searching… {scannedPct}%
          </span>
        )}
      </header>
      <ul
        ref={listRef}
        className="log-list"
        role="listbox"
        aria-label="Sender decisions"
        aria-busy={searching || undefined}
        tabIndex={0}
        aria-activedescendant={activeId >= 0 ? `log-row-${idx}-${activeId}` : undefined}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
        onScroll={(e) => {
          if (performance.now() < ownScroll.current) return;
          scrollTopRef.current = e.currentTarget.scrollTop;
          if (virtual) setScrollTop(scrollTopRef.current);
        }}
        style={virtual ? { position: 'relative' } : undefined}
      >
        {virtual && (
          <li aria-hidden="true" style={{ height: shown.length * rowH, listStyle: 'none' }} />
        )}
        {items}
        {shown.length === 0 && !searching && (
          <li className="log-row" data-testid="log-empty">
            {flow !== null && trace && !hasCongestionControl(trace.flows.find((f) => f.id === flow))
              ? `${flowName(trace, flow)} is UDP: it sends without congestion control, so it takes no decisions to narrate.`
              : total === 0 && trace && trace.flows.every((f) => !hasCongestionControl(f))
                ? 'Every flow is UDP: they send without congestion control, so there is no decision to narrate.'
                : total === 0
                  ? 'No decisions yet.'
                  : 'No row matches.'}
          </li>
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
          : currentPath && !playing
            ? currentPath
            : ''}
      </div>
    </section>
  );
}
