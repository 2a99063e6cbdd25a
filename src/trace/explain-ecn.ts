/**
 * The ECN placeholders of the explanation log (issue 26): {ecn.mark} in a reason template tells
 * which CE mark the ECE being answered echoes — the flow's last data packet marked before the
 * ACK arrived, where, when, and the AQM's state then (RED: the average queue against min_th and
 * the drop probability, from Trace.aqm and LinkInfo.aqmParams):
 *
 *   "packet 48 was CE-marked at R1 at 3.600 s: RED's average queue 7.92 ≥ min_th 5 packets,
 *    drop probability 0.029 (Floyd & Jacobson 1993 §4)"
 *
 * "an earlier CE mark" when the trace holds none (a hand-built trace). Pure.
 */
import { PacketEventKind, type Decision, type Trace } from '../engine';
import { fmtNum } from './format';

/** The value of placeholder `ecn.<name>` for decision `d`; undefined when the name is unknown. */
export function ecnPlaceholder(name: string, trace: Trace, d: Decision): string | undefined {
  if (name !== 'mark') return undefined;
  const event = d.trigger.kind === 'ack' ? d.trigger.event : -1;
  const P = trace.packets;
  const X = trace.transmissions;
  const end = event >= 0 ? event : P.length;
  // The echo is of a packet the receiver had when it sent the ACK: marked before the ACK came
  // back and (in order) covered by its cumulative ACK; else the flow's last mark before it.
  const cum = d.trigger.kind === 'ack' ? d.trigger.cumAck : Infinity;
  let last = -1;
  for (let i = end - 1; i >= 0; i--) {
    if (P.kind[i] !== PacketEventKind.mark || X.flow[P.uid[i]!] !== d.flow) continue;
    if (last < 0) last = i;
    if (X.packet[P.uid[i]!]! <= cum) return markPhrase(trace, i);
  }
  return last >= 0 ? markPhrase(trace, last) : 'an earlier CE mark';
}

/** "packet 48 was CE-marked at R1 at 3.600 s" and the AQM's reason, for mark event `i`. */
function markPhrase(trace: Trace, i: number): string {
  const P = trace.packets;
  const u = P.uid[i]!;
  const link = trace.links[P.link[i]!];
  const where = link ? ` at ${link.from}` : '';
  const head = `packet ${trace.transmissions.packet[u]} was CE-marked${where} at ${P.time[i]!.toFixed(3)} s`;
  return head + aqmWhy(trace, P.link[i]!, i);
}

/** Why the link's discipline marked at packet event `event`: its state just before. */
function aqmWhy(trace: Trace, link: number, event: number): string {
  const info = trace.links[link];
  const A = trace.aqm;
  if (!info?.aqm || !A) return '';
  let row = -1;
  for (let r = 0; r < A.length; r++) {
    if (A.event[r]! > event) break;
    if (A.link[r] === link) row = r;
  }
  if (row < 0) return ` by ${info.aqm}`;
  const p = info.aqmParams ?? {};
  if (info.aqm === 'red') {
    const unit = p.bytes ? '500-byte units' : 'packets';
    const min = p.minth !== undefined ? ` ≥ min_th ${fmtNum(p.minth)} ${unit}` : '';
    return `: RED's average queue ${A.a[row]!.toFixed(2)}${min}, drop probability ${fmtNum(Number(A.b[row]!.toPrecision(2)))} (Floyd & Jacobson 1993 §4)`;
  }
  return ` by ${info.aqm}`;
}
