/**
 * Explanation-log rows for the path events of multi-homed SCTP associations (Trace.pathEvents):
 * HEARTBEATs, T3-rtx expiries, a path going inactive, failover, recovery, the return to the
 * primary and an abort, each a sentence built from the row's own fields (path, state, cwnd, RTO,
 * error count) and the rows before it of the same path (what changed), with its RFC 4960
 * section. `change` rows are not log rows. The UI decides nothing: the engine wrote the rows.
 */
import type { Trace } from '../../engine';
import type { PathEventName } from '../../engine';
import {
  flowPaths,
  MARK_STYLES,
  MarkKind,
  PALETTE,
  pathEventName,
  pathLabel,
  pathRowsAt,
  pathStyle,
  type ColorKey,
} from '../deps/panels';
import { explainPathNote } from '../deps/outputs';
import type { ThemeName } from '../store/types';
import { lastEventAtOrBefore } from './traceIndex';

export interface PathLogRow {
  /** Row of trace.pathEvents. */
  row: number;
  flow: number;
  path: number;
  /** "S0→K0". */
  pathName: string;
  time: number;
  /** Packet event the row belongs to (the last at or before its time: where a click seeks). */
  event: number;
  name: Exclude<PathEventName, 'change'>;
  /** The trigger, e.g. "Path S0→K0 inactive:". */
  head: string;
  /** The rest of the sentence. */
  body: string;
  /** RFC section, shown in the quieter line. */
  source: string;
  /** Failover, recovery, back to primary, a path going inactive, abort: where "next" stops. */
  significant: boolean;
  /** What RFC 4960 would do here, in a run under ns-2's rules (the engine's note), or null. */
  note: { sentence: string; source: string } | null;
}

/** Whether a path event becomes a log row (`change` rows do not). */
export function isLoggedPathEvent(code: number): boolean {
  return pathEventName(code) !== 'change';
}

const SIGNIFICANT: ReadonlySet<PathEventName> = new Set([
  'inactive',
  'failover',
  'recovered',
  'primary',
  'abort',
]);

const SOURCE: Record<Exclude<PathEventName, 'change'>, string> = {
  heartbeat: 'RFC 4960 §8.3',
  'heartbeat-ack': 'RFC 4960 §8.3',
  'heartbeat-timeout': 'RFC 4960 §8.3',
  't3-expiry': 'RFC 4960 §6.3.3',
  inactive: 'RFC 4960 §8.2',
  failover: 'RFC 4960 §6.4.1',
  recovered: 'RFC 4960 §8.3',
  primary: 'RFC 4960 §6.4',
  abort: 'RFC 4960 §8.1',
};

const num = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toFixed(3))));

/** The previous row of the same flow and path, or -1. */
function previousRow(trace: Trace, row: number): number {
  const E = trace.pathEvents!;
  for (let i = row - 1; i >= 0; i--)
    if (E.flow[i] === E.flow[row] && E.path[i] === E.path[row]) return i;
  return -1;
}

/** "1 → 2 s" when the value changed since the previous row of the path, else "2 s". */
function change(before: number | null, after: number, unit: string): string {
  return before !== null && before !== after
    ? `${num(before)} → ${num(after)}${unit}`
    : `${num(after)}${unit}`;
}

/**
 * The T3-rtx expiries and unanswered HEARTBEATs of the path since its error count was last 0,
 * up to `row` (what a path's error count counts, RFC 4960 §8.2).
 */
function strikes(trace: Trace, row: number): { t3: number; hb: number } {
  const E = trace.pathEvents!;
  let t3 = 0;
  let hb = 0;
  for (let i = row; i >= 0; i--) {
    if (E.flow[i] !== E.flow[row] || E.path[i] !== E.path[row]) continue;
    const n = pathEventName(E.event[i]!);
    if (n === 't3-expiry') t3++;
    else if (n === 'heartbeat-timeout') hb++;
    if (E.errorCount[i] === 0) break;
  }
  return { t3, hb };
}

function strikeText(s: { t3: number; hb: number }): string {
  const parts = [
    s.t3 ? `${s.t3} T3-rtx expir${s.t3 === 1 ? 'y' : 'ies'}` : '',
    s.hb ? `${s.hb} unanswered HEARTBEAT${s.hb === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.join(' and ');
}

/** The other paths of the flow active right after `row` (the row's own state for its path). */
function otherActivePaths(trace: Trace, row: number): number[] {
  const E = trace.pathEvents!;
  const flow = E.flow[row]!;
  const rows = pathRowsAt(trace, flow, E.time[row]!);
  const out: number[] = [];
  rows.forEach((i, p) => {
    if (p === E.path[row]) return;
    if (i < 0 || E.state[i] === 0) out.push(p);
  });
  return out;
}

const pathRowCache = new WeakMap<Trace, Map<number, PathLogRow>>();

/** The log row of path-event row `row` (built on first use, then kept). */
export function pathLogRowAt(trace: Trace, row: number): PathLogRow {
  let m = pathRowCache.get(trace);
  if (!m) {
    m = new Map();
    pathRowCache.set(trace, m);
  }
  const hit = m.get(row);
  if (hit) return hit;
  const E = trace.pathEvents!;
  const flow = E.flow[row]!;
  const path = E.path[row]!;
  const name = pathEventName(E.event[row]!) as Exclude<PathEventName, 'change'>;
  const label = pathLabel(trace, flow, path, false);
  const dst = flowPaths(trace, flow)[path]?.dst ?? label;
  const pmr = trace.flows.find((f) => f.id === flow)?.pathMaxRetrans;
  const prev = previousRow(trace, row);
  const rtoBefore = prev >= 0 ? E.rto[prev]! : null;
  const cwndBefore = prev >= 0 ? E.cwnd[prev]! : null;
  const rto = E.rto[row]!;
  const errors = E.errorCount[row]!;
  const others = otherActivePaths(trace, row).map((p) => pathLabel(trace, flow, p, false));
  let head = '';
  let body = '';
  switch (name) {
    case 'heartbeat':
      head = `HEARTBEAT to ${dst}`;
      body = ` (idle path ${label}, every RTO + HB.interval; RTO ${num(rto)} s, error count ${errors})`;
      break;
    case 'heartbeat-ack':
      head = `HEARTBEAT-ACK from ${dst}:`;
      body = ` path ${label} answers; error count ${errors}, RTO ${num(rto)} s`;
      break;
    case 'heartbeat-timeout':
      head = `HEARTBEAT to ${dst} unanswered:`;
      body = ` error count of ${label} ${change(prev >= 0 ? E.errorCount[prev]! : null, errors, '')}, RTO ${change(rtoBefore, rto, ' s')}`;
      break;
    case 't3-expiry':
      head = `T3-rtx timer of ${label} expired:`;
      body =
        ` error count ${change(prev >= 0 ? E.errorCount[prev]! : null, errors, '')}, RTO ${change(rtoBefore, rto, ' s')}, ` +
        `cwnd ${change(cwndBefore, E.cwnd[row]!, ' bytes')}`;
      break;
    case 'inactive': {
      const s = strikeText(strikes(trace, row));
      head = `Path ${label} inactive:`;
      body =
        ` ${s ? `${s} in a row, ` : ''}error count ${errors} exceeds Path.Max.Retrans${pmr !== undefined ? ` ${pmr}` : ''}` +
        (others.length ? `; new data fails over to ${others[0]}` : '; no other path is active');
      break;
    }
    case 'failover':
      head = `Failover from ${label}:`;
      body = others.length
        ? ` new data goes to ${others.join(' / ')} while the primary ${label} is inactive; retransmissions go to an active alternate path`
        : ` the primary ${label} is inactive and no other path is active`;
      break;
    case 'recovered':
      head = `Path ${label} active again:`;
      body = ` its HEARTBEAT was answered; error count ${errors}, RTO ${num(rto)} s`;
      break;
    case 'primary':
      head = `Back to the primary path ${label}:`;
      body = ` new data goes to ${dst} again`;
      break;
    case 'abort':
      head = 'Association aborted:';
      body = ` the errors in a row exceed Association.Max.Retrans (last on ${label}, error count ${errors})`;
      break;
  }
  const r: PathLogRow = {
    row,
    flow,
    path,
    pathName: label,
    time: E.time[row]!,
    event: lastEventAtOrBefore(trace, E.time[row]!),
    name,
    head,
    body,
    source: SOURCE[name],
    significant: SIGNIFICANT.has(name),
    note: explainPathNote(trace, row),
  };
  m.set(row, r);
  return r;
}

/** The whole sentence of a path row, with its source and note (search, the polite announcement). */
export function pathRowText(r: PathLogRow): string {
  const note = r.note ? ` — ${r.note.sentence} (${r.note.source})` : '';
  return `${r.head}${r.body} (${r.source})${note}`;
}

const KIND: Record<Exclude<PathEventName, 'change'>, number> = {
  heartbeat: MarkKind.pathHeartbeat,
  'heartbeat-ack': MarkKind.pathHeartbeat,
  'heartbeat-timeout': MarkKind.pathHbTimeout,
  't3-expiry': MarkKind.pathT3,
  inactive: MarkKind.pathHbTimeout,
  failover: MarkKind.pathFailover,
  recovered: MarkKind.pathRecovered,
  primary: MarkKind.pathPrimary,
  abort: MarkKind.pathAbort,
};

/** The glyph and colour of a path row (as its mark in the per-path cwnd plot). */
export function pathRowLegend(r: PathLogRow, theme: ThemeName): { glyph: string; color: string } {
  const kind = KIND[r.name] as keyof typeof MARK_STYLES;
  const s = MARK_STYLES[kind];
  const own =
    kind === MarkKind.pathHeartbeat || kind === MarkKind.pathHbTimeout || kind === MarkKind.pathT3;
  const color: ColorKey = own ? pathStyle(r.path).color : s.color;
  const glyph = r.name === 'heartbeat-ack' ? '⊙' : r.name === 'inactive' ? '▒' : s.symbol;
  return { glyph, color: PALETTE[theme][r.name === 'inactive' ? 'retx' : color] };
}
