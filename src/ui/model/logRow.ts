/**
 * How one explanation-log row reads: the engine's sentence split into what triggered the
 * decision (its head, before the first top-level ": "), the rule it applied and the packets it
 * sent, with the citation taken off the end so the row can show it in a quieter style.
 * Pure text work over explainAll's sentence and the decision's own record; the words are the
 * engine's, unchanged, and every word of the sentence and its source stays on screen.
 */
import type { Decision } from '../../engine';

export type LogPart =
  | { kind: 'text'; text: string }
  /** The rule's name where the sentence says it (drawn in the mark's colour). */
  | { kind: 'rule'; text: string }
  /** A packet number the decision sent (a link that lights the packet up). */
  | { kind: 'packet'; text: string; packet: number };

export interface LogRowParts {
  /** The trigger, e.g. "3rd duplicate ACK for 14:" (empty when the sentence has no head). */
  head: LogPart[];
  /** The rest of the sentence, e.g. " fast retransmit of 15; ssthresh 28 → 7, …". */
  body: LogPart[];
  /** Parts of the rule's label the sentence does not say itself (shown as a tag), or ''. */
  tag: string;
  /** The sentence without its source. */
  sentence: string;
  /** The source the engine appended in parentheses (RFC / paper section), or ''. */
  source: string;
  /** Packets sent that the sentence does not show as a number (shown after it as links). */
  extraPackets: number[];
}

/** Split "sentence (source)" as explainDecision writes it; the sentence is unchanged otherwise. */
export function splitSource(text: string, source: string): { sentence: string; source: string } {
  const tail = ` (${source})`;
  if (source && text.endsWith(tail)) return { sentence: text.slice(0, -tail.length), source };
  return { sentence: text, source: '' };
}

/** Index just after the first ": " outside parentheses, or -1. */
function headEnd(sentence: string): number {
  let depth = 0;
  for (let i = 0; i < sentence.length - 1; i++) {
    const c = sentence[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ':' && depth === 0 && sentence[i + 1] === ' ') return i + 1;
  }
  return -1;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const termPatterns = new Map<string, RegExp | null>();

/**
 * "fast retransmit (Tahoe)" → a pattern for "fast retransmit", "fast-retransmits", … (one
 * RegExp per label part, kept: a run has a few dozen labels and tens of thousands of rows).
 */
function termPattern(part: string): RegExp | null {
  let re = termPatterns.get(part);
  if (re === undefined) {
    const core = part.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
    const words = core.split(/\s+/).map(escape).join('[\\s-]');
    re = core.length < 3 ? null : new RegExp(`(?<![\\w-])${words}\\w*`, 'i');
    termPatterns.set(part, re);
  }
  return re;
}

const NAMED = /(?:retransmit of |retransmits |go back to |goes back to )(\d+)(?!\d)/g;
const REACHES = /(?<![\d.])(\d+) reaches \d+ and is fast-retransmitted/g;

interface Span {
  start: number;
  end: number;
  part: LogPart;
}

/**
 * Packet numbers of the decision as the sentence prints them: the numbers after its last
 * "sends " (up to a parenthesis or semicolon), and the first packet where the sentence names
 * the retransmission ("retransmit of 15", "retransmits 46", "go back to 46", "54 reaches 4 and
 * is fast-retransmitted"). Only numbers the decision really sent become links.
 */
function packetSpans(sentence: string, d: Decision): Span[] {
  const sent = new Set(d.packets);
  if (sent.size === 0) return [];
  const spans: Span[] = [];
  const add = (start: number, text: string) => {
    const packet = Number(text);
    if (!sent.has(packet) || spans.some((s) => s.start === start)) return;
    spans.push({ start, end: start + text.length, part: { kind: 'packet', text, packet } });
  };
  const sends = sentence.lastIndexOf('sends ');
  if (sends >= 0) {
    const from = sends + 'sends '.length;
    const stop = sentence.slice(from).search(/[(;]/);
    const seg = sentence.slice(from, stop < 0 ? sentence.length : from + stop);
    for (const m of seg.matchAll(/\d+/g)) add(from + (m.index ?? 0), m[0]);
  }
  // The first packet where the sentence names the retransmission (fixed patterns, the number
  // compared after the match).
  const first = d.packets[0]!;
  for (const m of sentence.matchAll(NAMED)) {
    if (Number(m[1]) !== first) continue;
    add((m.index ?? 0) + m[0].length - m[1]!.length, m[1]!);
    break;
  }
  for (const m of sentence.matchAll(REACHES)) {
    if (Number(m[1]) !== first) continue;
    add(m.index ?? 0, m[1]!);
    break;
  }
  return spans;
}

/** Cut [from, to) of the sentence into parts, with the spans that fall inside it. */
function partsOf(sentence: string, from: number, to: number, spans: Span[]): LogPart[] {
  const out: LogPart[] = [];
  let at = from;
  for (const s of spans) {
    if (s.start < from || s.end > to) continue;
    if (s.start > at) out.push({ kind: 'text', text: sentence.slice(at, s.start) });
    out.push(s.part);
    at = s.end;
  }
  if (at < to) out.push({ kind: 'text', text: sentence.slice(at, to) });
  return out;
}

/** The row's pieces for one decision, its engine sentence and its rule label. */
export function logRowParts(
  d: Decision,
  text: string,
  rule: { label: string; source: string },
): LogRowParts {
  const { sentence, source } = splitSource(text, rule.source);
  const spans = packetSpans(sentence, d);
  const missing: string[] = [];
  for (const part of rule.label.split(/,\s*/)) {
    const re = termPattern(part);
    const m = re ? re.exec(sentence) : null;
    if (!m) {
      if (part.trim()) missing.push(part.trim());
      continue;
    }
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (spans.some((s) => s.start < end && start < s.end)) continue;
    spans.push({ start, end, part: { kind: 'rule', text: m[0] } });
  }
  spans.sort((a, b) => a.start - b.start);
  // A head is worth setting apart only when a body follows it.
  let cut = headEnd(sentence);
  if (cut < 0 || cut >= sentence.length - 2) cut = 0;
  // A span across the cut stays whole in the body.
  for (const s of spans) if (s.start < cut && s.end > cut) cut = 0;
  const linked = new Set(spans.flatMap((s) => (s.part.kind === 'packet' ? [s.part.packet] : [])));
  const range = spans.filter((s) => s.part.kind === 'packet');
  const covered = (p: number) => {
    if (linked.has(p)) return true;
    // "71–84": the packets between two linked ends are shown by the range.
    for (let i = 0; i + 1 < range.length; i++) {
      const a = range[i]!;
      const b = range[i + 1]!;
      if (a.part.kind !== 'packet' || b.part.kind !== 'packet') continue;
      if (sentence.slice(a.end, b.start) === '–' && p > a.part.packet && p < b.part.packet)
        return true;
    }
    return false;
  };
  return {
    head: cut > 0 ? partsOf(sentence, 0, cut, spans) : [],
    body: partsOf(sentence, cut, sentence.length, spans),
    tag: missing.join(', '),
    sentence,
    source,
    extraPackets: d.packets.filter((p) => !covered(p)),
  };
}
