/**
 * Sentences for sender decisions: fills the reason catalog's template (reasons.ts) with the
 * numbers the engine recorded in a Decision and appends the rule's source. Pure; shared by the
 * UI's explanation log and the CLI (`--out explain`).
 *
 * Placeholders (see reasons.ts): {ack} cumulative ACK of the triggering ACK, {ack1} = ack + 1,
 * {nth} ordinal of the duplicate count, {dupacks}, {packets} packets sent by the decision,
 * {retransmitted} the first of them, {others} the rest, {threshold} the flow's fast-retransmit
 * threshold, {fack} FACK's forward-most SACKed packet, {pipeAfterAck} SACK pipe after the ACK's
 * decrement, any SenderVars name ({cwnd}, {ssthresh}, {recover}, {pipe}, {rto}, …) with its value
 * after the decision, and {old.X}/{new.X} for changed variables (both fall back to the value
 * after the decision when X did not change). An unknown placeholder renders as "?".
 */
import { fmtNum, fmtPackets, ordinal } from './format';
import { noteEntry } from './notes';
import { reason } from './reasons';
import { emptyDecisions, emptySamples } from './decision-table';
import { codeAt, decisionAt } from './records';
import { TriggerKind, type Decision, type SenderVarName, type SenderVars, type Trace } from './types';
import { VAR_NAMES } from './vars';

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
  if (thr === undefined)
    thr = info && info.protocol === 'sctp' && info.sender !== 'sctp-4960' ? 4 : 3;
  perFlow.set(flow, thr);
  return thr;
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
  switch (name) {
    case 'ack':
      return String(ack);
    case 'ack1':
      return String(ack + 1);
    case 'nth':
      return ordinal(dupacks);
    case 'dupacks':
      return String(dupacks);
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
    default:
      if (isSenderVar(name)) return d.after[name] === undefined ? undefined : fmtNum(d.after[name]);
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
    flow: new Uint16Array(0),
    type: new Uint8Array(0),
    packet: new Int32Array(0),
    retx: new Uint8Array(0),
    cumAck: new Int32Array(0),
    sackBlocks: new Uint8Array(0),
    size: new Uint16Array(0),
    uid: new Int32Array(0),
    qlen: new Uint16Array(0),
    cause: new Uint8Array(0),
  },
  decisions: emptyDecisions(),
  samples: emptySamples(),
  ackBlocks: { length: 0, uid: new Int32Array(0), first: new Int32Array(0), last: new Int32Array(0) },
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
export function explainNote(d: Decision, trace: Trace): { sentence: string; source: string } | null {
  if (!d.note) return null;
  const { value } = d.note;
  const entry = noteEntry(d.note.code);
  const sentence = fillTemplate(entry.template, (name) =>
    name === 'value' ? fmtNum(value) : resolve(name, d, trace),
  ).replace(/\.\s*$/, '');
  return { sentence, source: entry.source };
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
