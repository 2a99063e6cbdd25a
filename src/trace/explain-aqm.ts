/**
 * Sentences for what CoDel, FQ-CoDel and PIE did to a packet (a drop or a CE mark at a link
 * running one of them), read from the trace: the packet's sojourn (its departure or drop time −
 * its arrival at the router), the discipline's parameters (LinkInfo.aqmParams) and its last
 * state sample (Trace.aqm: CoDel count and drop_next, PIE's p and qdelay), with the RFC section
 * of the rule. Pure; shared by the panels' tooltips and anything else that narrates events.
 * RED and drop-tail events get null (their text is elsewhere).
 */
import { DropCause, PacketEventKind, type Trace } from '../engine';
import { fmtNum } from './format';

const ms = (s: number) => `${fmtNum(s * 1000, 1)} ms`;

/** How long packet event `ev`'s packet had been at the event's node, s (null: not found). */
function sojournAt(trace: Trace, ev: number): number | null {
  const P = trace.packets;
  const uid = P.uid[ev]!;
  const node = P.node[ev]!;
  for (let i = ev - 1; i >= 0; i--)
    if (P.uid[i] === uid && P.kind[i] === PacketEventKind.arrive && P.node[i] === node)
      return P.time[ev]! - P.time[i]!;
  return null;
}

/** The link's last AQM state sample at or before time t (Trace.aqm): [a, b], or null. */
export function aqmStateAt(trace: Trace, link: number, t: number): [number, number] | null {
  const A = trace.aqm;
  if (!A) return null;
  let lo = 0;
  let hi = A.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (A.time[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) if (A.link[i] === link) return [A.a[i]!, A.b[i]!];
  return null;
}

/**
 * The sentence for packet event `ev` — a drop (cause aqm, or FQ-CoDel's fat-flow overflow) or a
 * CE mark — at a CoDel, FQ-CoDel or PIE link; null for any other event.
 */
export function aqmEventText(trace: Trace, ev: number): string | null {
  const P = trace.packets;
  const kind = P.kind[ev];
  const link = P.link[ev]!;
  const info = trace.links[link];
  const aqm = info?.aqm;
  if (aqm !== 'codel' && aqm !== 'fq-codel' && aqm !== 'pie') return null;
  const mark = kind === PacketEventKind.mark;
  const cause = P.cause[ev];
  if (!mark && !(kind === PacketEventKind.drop && cause === DropCause.aqm)) {
    if (aqm === 'fq-codel' && kind === PacketEventKind.drop && cause === DropCause.overflow)
      return `FQ-CoDel overflow: the buffer is full, so packets are dropped from the head of the queue holding the most bytes until half of them are gone (RFC 8290 §4.1.3)`;
    return null;
  }
  const u = P.uid[ev]!;
  const X = trace.transmissions;
  const what = `packet ${X.packet[u]} of flow ${X.flow[u]! + 1}`;
  const par = (info as { aqmParams?: Record<string, number> }).aqmParams ?? {};
  const state = aqmStateAt(trace, link, P.time[ev]!);
  const sojourn = sojournAt(trace, ev);
  if (aqm === 'pie') {
    const target = par.targetS !== undefined ? ` against the ${ms(par.targetS)} target` : '';
    const p = state ? `drop probability ${fmtNum(state[0] * 100, 2)} %` : 'its drop probability';
    const q = state ? ` (queueing delay ${ms(state[1])}${target})` : '';
    return mark
      ? `CE mark on ${what}: PIE would drop it with ${p}${q}, but it is ECN-capable and p is below 10 % — RFC 8033 §5.1, RFC 3168 §5`
      : `PIE early drop of ${what} on arrival, with ${p}${q} — RFC 8033 §4.1–4.2`;
  }
  const name = aqm === 'codel' ? 'CoDel' : 'FQ-CoDel';
  const queue =
    aqm === 'fq-codel'
      ? ` in flow ${X.flow[u]! + 1}'s queue (RFC 8290 §4.2: one CoDel per queue)`
      : '';
  const s = sojourn !== null ? `sojourn ${ms(sojourn)}` : 'its sojourn';
  const target = par.targetS !== undefined ? ` ≥ target ${ms(par.targetS)}` : ' above target';
  const interval = par.intervalS !== undefined ? ` (${ms(par.intervalS)})` : '';
  const why = `${s}${target} for at least an interval${interval} — RFC 8289 §5.3–5.4`;
  const count =
    aqm === 'codel' && state && state[0] > 0
      ? `; count ${state[0]}, the next at ${fmtNum(state[1], 3)} s (interval/√count, §5.5)`
      : '';
  return mark
    ? `CE mark on ${what}${queue}: ${name}'s ${why}, marked instead of dropped as RFC 3168 §5 allows${count}`
    : `${name} head drop of ${what}${queue}: ${why}${count}`;
}
