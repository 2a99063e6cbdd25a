/**
 * `--out queue`: every link direction's queue event by event (src/trace/queue-rows.ts), CSV
 * (header row, "\n" line ends) or JSON (an array of row objects, one per line):
 *
 *   time        seconds (the engine's exact double, shortest round-trip form)
 *   link        the link direction, `from-to` (node names)
 *   qlen_pkts   packets waiting after the event (not counting the one in transmission)
 *   qlen_bytes  bytes waiting after the event
 *   sojourn_s   dequeue, and drop / mark of a queued packet: seconds it waited; else empty
 *   event       enqueue | dequeue (starts transmission) | drop | mark (CE set by the AQM)
 *   flow        the flow's engine id, 0-based
 *   packet      data: 1-based packet number; ACK: its cumulative ACK
 *   cause       a drop's cause: scripted, overflow, random, linkDown, aqm; else empty
 *   aqm_state   the discipline's state at the event, name=value;name=value (RED:
 *               avg_pkts = average queue in packets — byte mode: 500-byte units —, p = the drop
 *               probability of the last arrival); empty on drop-tail links
 *
 * Derived from the packet events, so drop-tail links have rows too. Pure.
 */
import type { Trace } from '../engine';
import { QUEUE_COLUMNS, queueRows } from '../trace/queue-rows';
import { toCsv, toJsonRows } from '../trace/outputs';

/** The text of `--out queue` in CSV or JSON. */
export function renderQueue(trace: Trace, format: 'csv' | 'json'): string {
  const rows = queueRows(trace);
  return format === 'json' ? toJsonRows(rows) : toCsv(rows, QUEUE_COLUMNS);
}
