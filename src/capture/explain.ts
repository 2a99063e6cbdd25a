/**
 * The explanation log of an analysed connection: one sentence per event a class would point
 * at, in time order, each marked `seen` (the capture shows it) or `inferred` (the analysis
 * concludes it: a timer, a cause, what happened out of sight of the capture point).
 * Times in seconds since the connection's first packet, sequence numbers relative.
 */
import type { ConnectionAnalysis, ExplanationRow } from './types';

const s4 = (t: number) => `${t.toFixed(4)} s`;
const msText = (t: number) => `${(t * 1000).toFixed(1)} ms`;
const ordinal = (k: number) =>
  `${k}${k % 10 === 1 && k !== 11 ? 'st' : k % 10 === 2 && k !== 12 ? 'nd' : k % 10 === 3 && k !== 13 ? 'rd' : 'th'}`;

/** All rows: `extra` (rows the pass wrote itself, e.g. spurious findings) merged in. */
export function explainRows(a: ConnectionAnalysis, extra: ExplanationRow[]): ExplanationRow[] {
  const s = a.summary;
  const rows: ExplanationRow[] = [...extra];
  const atSender = s.capture_side === 'sender';
  rows.push({
    time: 0,
    packet: 0,
    kind: 'capture-side',
    text: `captured at the ${s.capture_side === 'unknown' ? 'unknown side' : s.capture_side === 'middle' ? 'middle of the path' : `${s.capture_side} side`}: ${s.capture_side_evidence}`,
    basis: 'inferred',
    source: 'RFC 7323 §4',
  });
  if (s.handshake_rtt !== null)
    rows.push({
      time: 0,
      packet: 0,
      kind: 'handshake',
      text: `handshake RTT at the capture point ${msText(s.handshake_rtt)}; SACK ${s.sack_permitted ? 'on' : 'off'}, timestamps ${s.timestamps ? 'on' : 'off'}, MSS ${s.mss} bytes`,
      basis: 'seen',
      source: 'RFC 9293 §3.5',
    });
  let lastDup = -1;
  for (const x of a.retransmissions) {
    while (lastDup + 1 < a.dupacks.length && a.dupacks[lastDup + 1]!.time <= x.time) lastDup++;
    let d = lastDup >= 0 ? a.dupacks[lastDup] : undefined;
    // A fast retransmit is narrated from its trigger, the 3rd duplicate ACK of the series.
    if (x.cls === 'fast' && d && d.count > 3) d = a.dupacks[lastDup - (d.count - 3)];
    let text: string;
    let source: string;
    let basis: 'seen' | 'inferred' = 'inferred';
    if (x.cls === 'fast' && d && d.count >= 3) {
      text = `${ordinal(d.count)} duplicate ACK for ${d.ack} at ${s4(d.time)} → the sender retransmits ${x.seq} ${msText(x.time - d.time)} later: fast retransmit`;
      if (x.loop !== undefined)
        text += ` (its answer: one loop here → sender → here, ${msText(x.loop)}, after that ACK passed, though our RTO estimate had elapsed)`;
      source = 'RFC 5681 §3.2';
      if (atSender) basis = 'seen';
    } else if (x.cls === 'fast') {
      text = `retransmission of ${x.seq} at ${s4(x.time)} inside fast recovery (a further hole the ACKs reported)`;
      source = 'RFC 6675 §5';
    } else if (x.cls === 'rto') {
      text = `${msText(x.delay)} without a packet, then ${x.seq} is sent again at ${s4(x.time)}: the retransmission timer expired (cwnd falls to 1 segment)`;
      source = 'RFC 6298 §5';
    } else {
      text = `${x.seq} is sent again at ${s4(x.time)} after ${d && d.time > x.time - x.delay ? `${d.count} duplicate ACK(s)` : 'no duplicate ACK'}, before a timeout: tail loss probe or RACK time-based loss detection`;
      source = 'RFC 8985';
    }
    rows.push({
      time: x.time,
      packet: x.packet,
      kind: x.cls === 'fast' ? 'fast-retransmit' : x.cls,
      text,
      basis,
      source,
    });
  }
  for (const i of a.outOfOrder)
    rows.push({
      time: a.packets.time[i]!,
      packet: i,
      kind: 'out-of-order',
      text: `${a.packets.seq[i]} arrives after higher sequence numbers, yet was sent before them: reordered on the path`,
      basis: 'inferred',
      source: 'RFC 5681 §4.2',
    });
  let prevZero = -2;
  for (const i of a.zeroWindows) {
    if (i > prevZero + 2)
      rows.push({
        time: a.packets.time[i]!,
        packet: i,
        kind: 'zero-window',
        text: `the receiver advertises a zero window at ${s4(a.packets.time[i]!)}: the sender must stop and probe`,
        basis: 'seen',
        source: 'RFC 9293 §3.8.6.1',
      });
    prevZero = i;
  }
  for (const r of a.recoveries)
    rows.push({
      time: r.end,
      packet: -1,
      kind: 'recovery-end',
      text: `${r.trigger} recovery from ${s4(r.start)} ends at ${s4(r.end)} (recover = ${r.recover}, ${r.retransmissions} retransmission(s)); flight ${r.flightBefore} → ${r.flightAfter} bytes`,
      basis: 'inferred',
      source: 'RFC 6582 §3.2',
    });
  return rows.sort((x, y) => x.time - y.time);
}
