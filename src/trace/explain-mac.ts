/**
 * Sentences for the MAC rows of a run with shared media (Trace.mac; engine net/wifi/): each
 * failed attempt that will be retried (a collision, or a frame lost to the channel) and each
 * drop at the retry limit, with its IEEE 802.11-2016 section. Backoff draws, freezes and
 * successful exchanges are not log rows (the MAC views show them). Built from the row's own
 * fields: the engine decided everything.
 */
import { MAC_EVENT_NAMES, MacEvent, PACKET_TYPE_NAMES, type Trace } from '../engine';

export interface MacExplanation {
  /** Row of Trace.mac. */
  row: number;
  time: number;
  /** The member (node name) whose frame it is. */
  node: string;
  /** The flow of the packet the frame carries. */
  flow: number;
  event: 'collision' | 'error' | 'drop';
  /** The sentence, without its source. */
  text: string;
  source: string;
}

const SOURCE_RETRY = 'IEEE 802.11-2016 §10.3.3, §10.3.4.4';
const SOURCE_DROP = 'IEEE 802.11-2016 §10.3.4.4 (dot11ShortRetryLimit / dot11LongRetryLimit)';

/** "packet 15 of flow 0" / "ACK 14 of flow 0". */
function frameOf(trace: Trace, uid: number): string {
  const X = trace.transmissions;
  const type = PACKET_TYPE_NAMES[X.type[uid]!] ?? 'data';
  const what =
    type === 'ack'
      ? `ACK ${X.cumAck[uid]}`
      : type === 'data'
        ? `packet ${X.packet[uid]}`
        : 'control packet';
  return `${what} of flow ${X.flow[uid]}`;
}

/** The sentence of MAC row `row`, or null when the row is not a log row. */
export function explainMacRow(trace: Trace, row: number): MacExplanation | null {
  const M = trace.mac;
  if (!M || row < 0 || row >= M.length) return null;
  const ev = M.event[row]!;
  if (ev !== MacEvent.collision && ev !== MacEvent.error && ev !== MacEvent.drop) return null;
  const uid = M.uid[row]!;
  const node = trace.nodes[M.node[row]!] ?? String(M.node[row]);
  const frame = frameOf(trace, uid);
  const attempt = M.attempt[row]!;
  const cw = M.cw[row]!;
  const base = {
    row,
    time: M.time[row]!,
    node,
    flow: trace.transmissions.flow[uid]!,
    event: MAC_EVENT_NAMES[ev] as MacExplanation['event'],
  };
  if (ev === MacEvent.drop) {
    return {
      ...base,
      text: `${node} drops ${frame} after ${attempt} attempts: the retry limit; CW back to ${cw}`,
      source: SOURCE_DROP,
    };
  }
  const before = Math.max(0, (cw + 1) / 2 - 1);
  const why =
    ev === MacEvent.collision
      ? `collided with ${M.slots[row]} other station${M.slots[row] === 1 ? '’s' : 's’'} frame${M.slots[row] === 1 ? '' : 's'}`
      : 'was lost to the channel (no ACK came back)';
  return {
    ...base,
    text: `${node}: attempt ${attempt} of ${frame} ${why}; CW ${before === cw ? cw : `${before} → ${cw}`}, it is retried after a new backoff`,
    source: SOURCE_RETRY,
  };
}

/** Every MAC retry and drop of the trace as a sentence, in time order ([] without media). */
export function explainMac(trace: Trace): MacExplanation[] {
  const M = trace.mac;
  const out: MacExplanation[] = [];
  if (!M) return out;
  for (let i = 0; i < M.length; i++) {
    const e = explainMacRow(trace, i);
    if (e) out.push(e);
  }
  return out;
}
