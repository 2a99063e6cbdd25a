/**
 * Explanation-log rows for the MAC rows of a run with radio cells (Trace.mac; issue 28): each
 * failed 802.11 attempt that is retried (a collision, or a frame lost to the channel) and each
 * drop at the retry limit, the sentence the trace's own explainMacRow builds from the row, with
 * its IEEE 802.11-2016 section. Backoff draws and successful exchanges are not log rows (the MAC
 * panel and the medium strip show them). The UI decides nothing: the engine wrote the rows.
 */
import { MacEvent, type Trace } from '../../engine';
import { MARK_STYLES, MarkKind, PALETTE } from '../deps/panels';
import { explainMacRow } from '../deps/outputs';
import type { ThemeName } from '../store/types';
import { lastEventAtOrBefore } from './traceIndex';

export interface MacLogRow {
  /** Row of trace.mac. */
  row: number;
  /** The flow of the packet the frame carries. */
  flow: number;
  /** The cell member (node name) whose frame it is. */
  node: string;
  time: number;
  /** Packet event the row belongs to (the last at or before its time: where a click seeks). */
  event: number;
  name: 'collision' | 'error' | 'drop';
  /** "MAC retry:" or "MAC retry limit:". */
  head: string;
  /** The rest of the sentence. */
  body: string;
  /** IEEE 802.11 section, shown in the quieter line. */
  source: string;
  /** A drop at the retry limit (the packet is lost to its transport). */
  significant: boolean;
}

/** Whether MAC row `row` becomes a log row: a retried attempt or a retry-limit drop. */
export function isLoggedMacRow(trace: Trace, row: number): boolean {
  const ev = trace.mac!.event[row]!;
  return ev === MacEvent.collision || ev === MacEvent.error || ev === MacEvent.drop;
}

const cache = new WeakMap<Trace, Map<number, MacLogRow>>();

/**
 * The log row of MAC row `row` (built on first use, then kept).
 * @throws Error when the row is not a log row (isLoggedMacRow).
 */
export function macLogRowAt(trace: Trace, row: number): MacLogRow {
  let m = cache.get(trace);
  if (!m) {
    m = new Map();
    cache.set(trace, m);
  }
  const hit = m.get(row);
  if (hit) return hit;
  const x = explainMacRow(trace, row);
  if (!x) throw new Error(`MAC row ${row} is not a log row`);
  const drop = x.event === 'drop';
  const out: MacLogRow = {
    row,
    flow: x.flow,
    node: x.node,
    time: x.time,
    event: lastEventAtOrBefore(trace, x.time),
    name: x.event,
    head: drop ? 'MAC retry limit:' : 'MAC retry:',
    body: ` ${x.text}`,
    source: x.source,
    significant: drop,
  };
  m.set(row, out);
  return out;
}

/** The row as one line of text (search, screen-reader announcement). */
export function macRowText(r: MacLogRow): string {
  return `${r.head}${r.body} (${r.source})`;
}

/** The row's glyph and colour: the retry-limit drop's mark (⊗), a retry's ↻ in the same hue. */
export function macRowLegend(r: MacLogRow, theme: ThemeName): { glyph: string; color: string } {
  const s = MARK_STYLES[MarkKind.dropMacRetry];
  return { glyph: r.significant ? s.symbol : '↻', color: PALETTE[theme][s.color] };
}
