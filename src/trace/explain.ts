/**
 * Sentences for sender decisions: fills the reason catalog's template (reasons.ts) with the
 * numbers the engine recorded in a Decision and appends the rule's source. Pure; shared by the
 * UI's explanation log and the CLI (`--out explain`).
 *
 * Placeholders (see reasons.ts): {ack} cumulative ACK of the triggering ACK, {ack1} = ack + 1,
 * {nth} ordinal of the duplicate count, {dupacks}, {missingReport} "the 3rd missing report" (SCTP;
 * "no missing report yet" at 0), {packets} packets sent by the decision,
 * {retransmitted} the first of them, {others} the rest, {threshold} the flow's fast-retransmit
 * threshold, {fack} FACK's forward-most SACKed packet, {pipeAfterAck} SACK pipe after the ACK's
 * decrement, any SenderVars name ({cwnd}, {ssthresh}, {recover}, {pipe}, {rto}, …) with its value
 * after the decision, and {old.X}/{new.X} for changed variables (both fall back to the value
 * after the decision when X did not change). An unknown placeholder renders as "?".
 *
 * Counted or worded here from the trace: {dupack} "3rd duplicate ACK for 14", or with both
 * counts when the duplicates of this ACK number differ from the sender's counter ("1st duplicate
 * ACK for 26 (NewReno's duplicate counter: 13)"); {sackFor} "5th duplicate SACK for TSN 28" /
 * "SACK for TSN 28"; {windowCheck} the Reno window against the packets outstanding ("window
 * ⌊cwnd⌋ + inflation = 7 + 4 = 11 vs 14 packets outstanding: nothing may be sent" / "sends 30
 * (window …; … packets outstanding after it)"); {bytes.X} an SCTP window in bytes and MTUs
 * ("7 500 bytes (7.5 MTUs)"; TCP: the number), {change.X} its change ("65 536 → 7 500 bytes
 * (7.5 MTUs)"; TCP: "28 → 7"); {htna} "; not a missing report for TSN 29: …" on an SCTP SACK
 * that advances the Cumulative TSN Ack without counting for the next hole under HTNA, else "";
 * {prr.…} PRR's variables behind the decision (explain-prr.ts); {rate.X}: the rate trace's
 * values at the decision's ACK (BBR's model; explain-rate.ts); {ecn.mark} the CE mark an ECE
 * echoes (explain-ecn.ts).
 */
import { VEGAS_DEFAULTS } from '../engine';
import { fmtBytes, fmtNum, fmtPackets, ordinal } from './format';
import { prrPlaceholder } from './explain-prr';
import { senderMeta, senderTraits } from '../engine';
import { noteEntry, PATH_NOTE_CODES } from '../engine';
import { reason } from '../engine';
import { emptyDecisions, emptySamples } from '../engine';
import { codeAt, decisionAt } from '../engine';
import {
  TriggerKind,
  type Decision,
  type SenderVarName,
  type SenderVars,
  type Trace,
} from '../engine';
import { VAR_NAMES } from '../engine';
import { cwndReadings, mtuOf } from '../engine';
import { ratePlaceholder } from './explain-rate';
import { ecnPlaceholder } from './explain-ecn';

function isSenderVar(name: string): name is SenderVarName {
  return (VAR_NAMES as readonly string[]).includes(name);
}

const thresholdCache = new WeakMap<Trace, Map<number, number>>();

/**
 * The flow's fast-retransmit threshold. Taken from the flow info when the engine provides it,
 * else from the duplicate count of the flow's first fast retransmit, else the protocol default
 * (TCP and RFC 4960 SCTP: 3; RFC 2960 SCTP and its New-Reno variants: 4).
 */
function thresholdOf(trace: Trace, flow: number): number {
  let perFlow = thresholdCache.get(trace);
  if (!perFlow) {
    perFlow = new Map();
    thresholdCache.set(trace, perFlow);
  }
  const cached = perFlow.get(flow);
  if (cached !== undefined) return cached;
  const info = trace.flows[flow] as
    ((typeof trace.flows)[number] & { dupackThreshold?: number }) | undefined;
  let thr = info?.dupackThreshold;
  if (thr === undefined) {
    const ds = trace.decisions;
    for (let i = 0; i < ds.length; i++) {
      if (ds.flow[i] !== flow || ds.trigger[i] !== TriggerKind.ack) continue;
      // The first fast retransmit of a recovery fires exactly at the threshold (FACK counts
      // differently; SCTP's New-Reno variants name it 'sctp.fast-recovery').
      const code = codeAt(trace, i);
      const first =
        (code.endsWith('fast-retransmit') && !code.startsWith('fack.')) ||
        code === 'sctp.fast-recovery';
      if (first) {
        thr = ds.dupacks[i]!;
        break;
      }
    }
  }
  // Else the sender's default (its descriptor's frtx); 3 for a sender this build does not know.
  if (thr === undefined) thr = (info && senderTraits(info.sender)?.frtx) || 3;
  perFlow.set(flow, thr);
  return thr;
}

const dupRunCache = new WeakMap<Trace, Int32Array>();

/**
 * Per decision row: how many ACK-triggered decisions of the same flow in a row, this one
 * included, carried the same cumulative ACK before it, less one — i.e. 0 for an ACK that
 * advanced (or the flow's first), k for the k-th duplicate of that ACK number. Counted from the
 * trace, apart from the sender's own counter (ns-2 NewReno does not reset dupacks_ on a partial
 * ACK; SACK counts only duplicates with new SACK information).
 */
function dupRuns(trace: Trace): Int32Array {
  let runs = dupRunCache.get(trace);
  if (runs) return runs;
  const ds = trace.decisions;
  runs = new Int32Array(ds.length);
  const lastAck = new Map<number, number>();
  const run = new Map<number, number>();
  for (let i = 0; i < ds.length; i++) {
    if (ds.trigger[i] !== TriggerKind.ack) continue;
    const f = ds.flow[i]!;
    const a = ds.cumAck[i]!;
    const k = lastAck.get(f) === a ? (run.get(f) ?? 0) + 1 : 0;
    lastAck.set(f, a);
    run.set(f, k);
    runs[i] = k;
  }
  dupRunCache.set(trace, runs);
  return runs;
}

/** Whether `d` is row d.id of the trace (synthetic decisions in tests are not). */
function inTrace(d: Decision, trace: Trace): boolean {
  const ds = trace.decisions;
  return (
    d.id >= 0 &&
    d.id < ds.length &&
    ds.flow[d.id] === d.flow &&
    ds.time[d.id] === d.time &&
    d.trigger.kind === 'ack' &&
    ds.trigger[d.id] === TriggerKind.ack &&
    ds.cumAck[d.id] === d.trigger.cumAck
  );
}

/** Duplicates of this ACK number so far (this one included), or null when not known. */
export function duplicatesOf(d: Decision, trace: Trace): number | null {
  return inTrace(d, trace) ? dupRuns(trace)[d.id]! : null;
}

/**
 * "3rd duplicate ACK for 14"; when the sender's own counter differs from the duplicates of
 * this ACK number (NewReno after a partial ACK, SACK skipping duplicates without new SACK
 * information), both: "1st duplicate ACK for 26 (NewReno's duplicate counter: 13)".
 */
export function dupackPhrase(d: Decision, trace: Trace, ack: number, counter: number): string {
  const n = duplicatesOf(d, trace);
  if (n === null || n === 0 || n === counter) return `${ordinal(counter)} duplicate ACK for ${ack}`;
  const name = senderMeta(trace.flows[d.flow]?.sender ?? '')?.name;
  return `${ordinal(n)} duplicate ACK for ${ack} (${name ? `${name}'s` : "the sender's"} duplicate counter: ${counter})`;
}

/** "5th duplicate SACK for TSN 28", or "SACK for TSN 28" when it advanced the Cumulative TSN Ack. */
export function sackPhrase(d: Decision, trace: Trace, ack: number): string {
  const n = duplicatesOf(d, trace);
  return n ? `${ordinal(n)} duplicate SACK for TSN ${ack}` : `SACK for TSN ${ack}`;
}

const isSctp = (trace: Trace, flow: number) => trace.flows[flow]?.protocol === 'sctp';

/** An SCTP window value (recorded in MTUs) in bytes, with MTUs: "7 500 bytes (7.5 MTUs)". */
function sctpBytes(trace: Trace, flow: number, mtus: number): string {
  const mtu = mtuOf(trace, flow);
  const inMtus = `${fmtNum(mtus)} MTU${mtus === 1 ? '' : 's'}`;
  return Number.isFinite(mtu) ? `${fmtBytes(mtus * mtu)} bytes (${inMtus})` : inMtus;
}

/** A changed SCTP window: "65 536 → 7 500 bytes (7.5 MTUs)". */
function sctpChange(trace: Trace, flow: number, from: number, to: number): string {
  const mtu = mtuOf(trace, flow);
  if (!Number.isFinite(mtu)) return `${fmtNum(from)} → ${fmtNum(to)} MTUs`;
  return `${fmtBytes(from * mtu)} → ${fmtBytes(to * mtu)} bytes (${fmtNum(to)} MTU${to === 1 ? '' : 's'})`;
}

/**
 * Why a Reno-style sender did or did not send on this ACK: ns-2 send_much sends while the next
 * packet lies within highest ACK + window, window = min(⌊cwnd⌋ + inflation, rwnd) (tcp-reno.cc
 * window()). "window ⌊cwnd⌋ + inflation = 7 + 4 = 11 vs 14 packets outstanding: nothing may be
 * sent", or "sends 30 (window ⌊cwnd⌋ + inflation = 7 + 9 = 16; 16 packets outstanding after it)".
 */
function windowCheck(d: Decision, trace: Trace): string {
  const a = d.after;
  const sender = trace.flows[d.flow]?.sender;
  if (sender !== undefined && senderTraits(sender)?.recovery === 'sack' && !(a.pipe >= 0)) {
    // ns-2 Sack1TcpAgent::recv calls send_much outside recovery only on a new ACK.
    return d.packets.length === 0
      ? 'nothing is sent (outside recovery, SACK sends only on a new ACK)'
      : `sends ${fmtPackets(d.packets)}`;
  }
  const base = Math.trunc(a.cwnd);
  // The inflation as the window readings give it (window.ts), which predict mode reads too.
  const infl = cwndReadings(d, trace).inflation;
  const rwnd = trace.flows[d.flow]?.windowPkts;
  const raw = base + infl;
  let win = infl > 0 ? `window ⌊cwnd⌋ + inflation = ${base} + ${fmtNum(infl)}` : `window ⌊cwnd⌋`;
  if (rwnd !== undefined && raw > rwnd)
    win = `${win.replace('window ', 'window min(')}, rwnd ${rwnd}) = ${rwnd}`;
  else win = infl > 0 ? `${win} = ${fmtNum(raw)}` : `${win} = ${base}`;
  // Packets beyond the cumulative ACK up to the next to send (ns-2 t_seqno_ − highest_ack_ − 1).
  const outstanding = a.nextSeq - a.highestAck - 1;
  if (d.packets.length === 0)
    return `${win} vs ${fmtNum(outstanding)} packets outstanding: nothing may be sent`;
  return `sends ${fmtPackets(d.packets)} (${win}; ${fmtNum(outstanding)} packets outstanding after it)`;
}

interface BlockIndex {
  /** uid → [start, end) rows of trace.ackBlocks. */
  rows: Map<number, [number, number]>;
}
const blockCache = new WeakMap<Trace, BlockIndex>();

function blocksOf(trace: Trace, event: number): Array<[number, number]> {
  let idx = blockCache.get(trace);
  if (!idx) {
    idx = { rows: new Map() };
    const B = trace.ackBlocks;
    for (let i = 0; i < B.length; i++) {
      const uid = B.uid[i]!;
      const r = idx.rows.get(uid);
      if (r) r[1] = i + 1;
      else idx.rows.set(uid, [i, i + 1]);
    }
    blockCache.set(trace, idx);
  }
  if (event < 0 || event >= trace.packets.length) return [];
  const r = idx.rows.get(trace.packets.uid[event]!);
  if (!r) return [];
  const out: Array<[number, number]> = [];
  for (let i = r[0]; i < r[1]; i++) out.push([trace.ackBlocks.first[i]!, trace.ackBlocks.last[i]!]);
  return out;
}

/**
 * A SACK that advances the Cumulative TSN Ack while TSN ack + 1 is still missing: under HTNA
 * (RFC 2960 §7.2.4; Caro et al. §2.1) it is a missing report for that TSN only if it newly acks
 * a TSN above it. Says so when it does not, e.g. Caro et al. Fig. 3's ACK for 28: "; not a
 * missing report for TSN 29: its highest newly acked TSN is 15 (HTNA), so 29 keeps 3 reports".
 * Empty otherwise (also inside New-Reno SCTP's fast recovery, where modified HTNA counts it).
 */
function htnaClause(d: Decision, trace: Trace): string {
  if (!isSctp(trace, d.flow) || d.trigger.kind !== 'ack' || !inTrace(d, trace)) return '';
  if (d.after.recover > 0) return '';
  const ds = trace.decisions;
  const cum = d.trigger.cumAck;
  let prev = -1;
  for (let i = d.id - 1; i >= 0; i--) {
    if (ds.flow[i] === d.flow && ds.trigger[i] === TriggerKind.ack) {
      prev = i;
      break;
    }
  }
  if (prev < 0) return '';
  const prevCum = ds.cumAck[prev]!;
  if (cum <= prevCum) return '';
  const now = blocksOf(trace, d.trigger.event);
  if (now.length === 0) return '';
  const before = blocksOf(trace, ds.event[prev]!);
  const ackedBefore = (tsn: number) =>
    tsn <= prevCum || before.some(([a, b]) => tsn >= a && tsn <= b);
  let highest = -1;
  for (let t = prevCum + 1; t <= cum; t++) if (!ackedBefore(t)) highest = t;
  for (const [a, b] of now)
    for (let t = a; t <= b; t++) if (!ackedBefore(t) && t > highest) highest = t;
  const hole = cum + 1;
  if (highest < 0 || highest >= hole) return '';
  const reports = d.trigger.dupacks;
  return `; not a missing report for TSN ${hole}: its highest newly acked TSN is ${highest} (HTNA), so ${hole} keeps ${reports} report${reports === 1 ? '' : 's'}`;
}

function varValue(d: Decision, name: SenderVarName, which: 0 | 1 | 'after'): number {
  const ch = d.changes[name];
  if (ch && which !== 'after') return ch[which];
  return d.after[name] ?? NaN;
}

/** Resolve one placeholder; undefined when unknown. */
function resolve(name: string, d: Decision, trace: Trace): string | undefined {
  const ackTrig = d.trigger.kind === 'ack' ? d.trigger : null;
  const ack = ackTrig ? ackTrig.cumAck : d.after.highestAck;
  const dupacks = ackTrig ? ackTrig.dupacks : d.after.dupacks;
  if (name.startsWith('old.') || name.startsWith('new.')) {
    const v = name.slice(4);
    if (!isSenderVar(v)) return undefined;
    return fmtNum(varValue(d, v, name.startsWith('old.') ? 0 : 1));
  }
  if (name.startsWith('bytes.')) {
    // SCTP windows (recorded in MTUs) in bytes and MTUs; TCP values as they are.
    const v = name.slice(6);
    if (!isSenderVar(v)) return undefined;
    const x = varValue(d, v, 'after');
    return isSctp(trace, d.flow) ? sctpBytes(trace, d.flow, x) : fmtNum(x);
  }
  if (name.startsWith('change.')) {
    const v = name.slice(7);
    if (!isSenderVar(v)) return undefined;
    const from = varValue(d, v, 0);
    const to = varValue(d, v, 1);
    return isSctp(trace, d.flow)
      ? sctpChange(trace, d.flow, from, to)
      : `${fmtNum(from)} → ${fmtNum(to)}`;
  }
  switch (name) {
    case 'ack':
      return String(ack);
    case 'ack1':
      return String(ack + 1);
    case 'nth':
      return ordinal(dupacks);
    case 'dupacks':
      return String(dupacks);
    case 'missingReport':
      // SCTP: the first hole's missing reports so far (0 when no SACK has counted one yet, e.g.
      // CMT's SFR or a DAC count of 0).
      return dupacks > 0 ? `the ${ordinal(dupacks)} missing report` : 'no missing report yet';
    case 'dupack':
      return dupackPhrase(d, trace, ack, dupacks);
    case 'sackFor':
      return sackPhrase(d, trace, ack);
    case 'windowCheck':
      return windowCheck(d, trace);
    case 'htna':
      return htnaClause(d, trace);
    case 'packets':
      return fmtPackets(d.packets);
    case 'retransmitted':
      return fmtPackets(d.packets.slice(0, 1));
    case 'others':
      return fmtPackets(d.packets.slice(1));
    case 'threshold':
      return String(thresholdOf(trace, d.flow));
    case 'fack':
      // FACK sets dupacks = forward-most SACKed − cumulative ACK − 1 (Mathis & Mahdavi §3).
      return String(ack + dupacks + 1);
    case 'pipeAfterAck': {
      // SACK recovery: every ACK takes pipe down by 1, a partial ACK by 2, before sending.
      const dec = d.code === 'sack.partial-ack' ? 2 : 1;
      return fmtNum(varValue(d, 'pipe', 0) - dec);
    }
    case 'sender':
      return trace.flows[d.flow]?.sender ?? String(d.flow);
    case 'time':
      return fmtNum(d.time, 6);
    case 'vegas.alpha':
    case 'vegas.beta':
    case 'vegas.gamma':
      // Vegas' thresholds, packets (tcp/variants/vegas.ts): the flow's own or ns-2.35's.
      return String((trace.flows[d.flow]?.vegas ?? VEGAS_DEFAULTS)[name.slice(6) as 'alpha']);
    case 'lastSent':
      // The highest packet sent so far (an application-limited sender has sent all it was offered).
      return String(d.after.nextSeq - 1);
    default:
      if (name.startsWith('prr.'))
        return prrPlaceholder(name.slice(4), d, trace, () => dupackPhrase(d, trace, ack, dupacks));
      if (isSenderVar(name)) return d.after[name] === undefined ? undefined : fmtNum(d.after[name]);
      if (name.startsWith('rate.')) return ratePlaceholder(name.slice(5), trace, d.id);
      if (name.startsWith('ecn.')) return ecnPlaceholder(name.slice(4), trace, d);
      return undefined;
  }
}

/** Replace every {name} in a template; unknown names become "?". */
export function fillTemplate(
  template: string,
  lookup: (name: string) => string | undefined,
): string {
  return template.replace(/\{([A-Za-z0-9_.]+)\}/g, (_m, name: string) => lookup(name) ?? '?');
}

/** Placeholder names used by a template (for tests and catalog checks). */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z0-9_.]+)\}/g)].map((m) => m[1]!);
}

/** Whether explain.ts can fill this placeholder name. */
export function isKnownPlaceholder(name: string): boolean {
  const probe: Decision = {
    id: 0,
    time: 0,
    flow: 0,
    code: 'tcp.ack-in-recovery',
    trigger: { kind: 'ack', cumAck: 1, dupacks: 0, event: 0 },
    packets: [],
    changes: {},
    after: ZERO_VARS,
  };
  return resolve(name, probe, EMPTY_TRACE) !== undefined;
}

const ZERO_VARS: SenderVars = {
  cwnd: 0,
  ssthresh: 0,
  dupacks: 0,
  recover: 0,
  pipe: -1,
  flightsize: 0,
  highestAck: 0,
  nextSeq: 1,
  partialBytesAcked: 0,
  rto: 0,
};

const EMPTY_TRACE: Trace = {
  version: 2,
  record: 'full',
  eventCount: 0,
  decisionCount: 0,
  nodes: [],
  links: [],
  flows: [],
  router: 0,
  bottleneck: 0,
  stopS: 0,
  packets: {
    length: 0,
    time: new Float64Array(0),
    kind: new Uint8Array(0),
    node: new Uint16Array(0),
    link: new Int16Array(0),
    uid: new Int32Array(0),
    qlen: new Uint16Array(0),
    cause: new Uint8Array(0),
  },
  transmissions: {
    length: 0,
    flow: new Uint16Array(0),
    type: new Uint8Array(0),
    packet: new Int32Array(0),
    retx: new Uint8Array(0),
    cumAck: new Int32Array(0),
    sackBlocks: new Uint8Array(0),
    size: new Uint16Array(0),
  },
  decisions: emptyDecisions(),
  samples: emptySamples(),
  ackBlocks: {
    length: 0,
    uid: new Int32Array(0),
    first: new Int32Array(0),
    last: new Int32Array(0),
  },
  flowStats: [],
  linkStats: [],
};

/**
 * One sentence for a decision, with its source in parentheses, e.g.
 * "3rd duplicate ACK for 14: fast retransmit of 15; ssthresh 28 → 7, cwnd 15 → 7 + 3 inflation
 * (RFC 2581 §3.2 steps 1–2 (ssthresh = flightsize/2, cwnd = ssthresh + 3))".
 */
export function explainDecision(d: Decision, trace: Trace): string {
  const note = explainNote(d, trace);
  const tail = note ? ` — ${note.sentence}` + (note.source ? ` (${note.source})` : '') : '';
  return explainRule(d, trace) + tail;
}

/** The decision's own sentence and source, without its note (the UI shows the note apart). */
export function explainRule(d: Decision, trace: Trace): string {
  const entry = reason(d.code);
  const sentence = fillTemplate(entry.template, (name) => resolve(name, d, trace)).replace(
    /\.\s*$/,
    '',
  );
  const text = entry.source ? `${sentence} (${entry.source})` : sentence;
  return text + zeroCwndNote(d, trace);
}

/**
 * The decision's note — what the RFC text would do here, in a run under ns-2's rules
 * (notes.ts) — as a sentence and its source, or null when it has none.
 */
export function explainNote(
  d: Decision,
  trace: Trace,
): { sentence: string; source: string } | null {
  if (!d.note) return null;
  return fillNote(d.note.code, d.note.value, trace, (name) => resolve(name, d, trace));
}

/** A note's sentence (no final period) and source: {value}, {value.node}, then `other`. */
function fillNote(
  code: string,
  value: number,
  trace: Trace,
  other: (name: string) => string | undefined,
): { sentence: string; source: string } {
  const entry = noteEntry(code);
  const sentence = fillTemplate(entry.template, (name) => {
    if (name === 'value') return fmtNum(value);
    if (name === 'value.node') return trace.nodes[value] ?? fmtNum(value);
    return other(name);
  }).replace(/\.\s*$/, '');
  return { sentence, source: entry.source };
}

/**
 * The note of path-event row `row` of a multi-homed SCTP association (PathEventColumns.note:
 * what RFC 4960 would do here, in a run under ns-2's rules) as a sentence and its source, or
 * null when it has none. Placeholders: {value}, {value.node}.
 */
export function explainPathNote(
  trace: Trace,
  row: number,
): { sentence: string; source: string } | null {
  const E = trace.pathEvents;
  const n = E?.note?.[row] ?? 0;
  if (!E || n === 0) return null;
  const code = PATH_NOTE_CODES[n - 1];
  return code ? fillNote(code, E.noteValue[row]!, trace, () => undefined) : null;
}

/**
 * A TCP decision that leaves cwnd below 1: ns-2.35 sets cwnd = ⌊window/2⌋ with no floor
 * (tcp.cc slowdown, CLOSE_CWND_HALF), so a fast retransmit at window 1 gives cwnd 0; the engine
 * mirrors it (ns-2 fixtures gen-*-frtx1-cwnd0*). Said in the row, since the RFC text differs.
 */
function zeroCwndNote(d: Decision, trace: Trace): string {
  const ch = d.changes.cwnd;
  if (!ch || !(ch[1] < 1) || trace.flows[d.flow]?.protocol !== 'tcp') return '';
  return ` — cwnd ${fmtNum(ch[1])} as in ns-2.35, which halves ⌊window⌋ = ${fmtNum(Math.trunc(ch[0]))} with no floor (tcp.cc slowdown); RFC 5681 §3.2 keeps cwnd ≥ 1 segment`;
}

export interface Explanation {
  time: number;
  flow: number;
  /** Decision id (index in Trace.decisions). */
  id: number;
  text: string;
}

/** Decision `i` of the trace (0-based row) as a sentence; built only when asked for. */
export function explainAt(trace: Trace, i: number): Explanation {
  const d = decisionAt(trace, i);
  return { time: d.time, flow: d.flow, id: i, text: explainDecision(d, trace) };
}

/** Every decision of the trace, in order, as a sentence (the CLI's `--out explain`). */
export function explainAll(trace: Trace): Explanation[] {
  const out: Explanation[] = new Array<Explanation>(trace.decisions.length);
  for (let i = 0; i < out.length; i++) out[i] = explainAt(trace, i);
  return out;
}
