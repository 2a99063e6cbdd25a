/**
 * What the header shows about a preset: its title and "what to notice" text, and — when the
 * scenario is no longer the preset as written — which keys changed and what this run did.
 *
 * A notice states numbers read off the unedited preset's run (tests/scenarios/ re-check them).
 * Once a key that changes the run differs from the preset's default (drops, queue, bw, delay,
 * loss, seed, stop, window, the flows, …), those numbers may be false for the run on screen,
 * so the notice is shown as describing the unedited preset, with the changes listed and a
 * summary of the actual run beside it: drops, fast retransmits, timeouts and retransmissions
 * per flow, all read from the trace (FlowStats and the drop events), none recomputed here.
 *
 * Not an edit: the table size `n` (the notice is written for every row), and choosing another
 * sender in a one-flow preset whose notice covers it (a `senderNotes` entry, one of the
 * preset's `compare` senders, or a notice written for every sender: a preset that names no
 * sender and has no sender notes).
 */
import { PacketEventKind, PacketType, type Trace } from '../../engine';
import {
  getPreset,
  keyText,
  parseScenarioQuery,
  presetNotice,
  scenarioToQuery,
  SENDER_LABELS,
  type Preset,
  type Scenario,
} from '../deps/scenarios';
import { flowCount, presetOf, senderOf } from './scenarioQuery';

/** One key whose value differs from the preset's: `drops 15 → 14`. */
export interface NoticeChange {
  key: string;
  from: string;
  to: string;
}

export interface NoticeState {
  presetId: string;
  /** The preset's title, as written. */
  title: string;
  /** What to watch, for a student (Preset.student): shown first. */
  student: string;
  /** The notice, with the chosen sender's note when the preset has one: what the paper says,
   * for the instructor (shown folded under the student's text). */
  text: string;
  /** The scenario differs from the preset in a key that changes the run. */
  edited: boolean;
  /** The keys that differ, in the address's order (empty when not edited). */
  changes: NoticeChange[];
  /** The title to show: the preset's, or `Preset ff-1-drops, edited: drops 15 → 14, queue 8 → 4`. */
  heading: string;
  /** When edited: the line saying the notice describes the unedited preset, else null. */
  banner: string | null;
}

/** Keys that never make a scenario "edited": the preset itself and its table row. */
const NOT_EDITS = new Set(['preset', 'n']);

/** The preset as written (at the scenario's table row, if it has one), or null. */
function unedited(s: Scenario, preset: Preset): Scenario | null {
  const q = new URLSearchParams({ preset: preset.id });
  const n = keyText(s, 'n');
  if (preset.sizes && n !== '' && n !== String(preset.sizes.default)) q.set('n', n);
  const r = parseScenarioQuery(q.toString());
  return r.ok ? r.scenario : null;
}

/** Whether the preset's notice (with its sender notes) is written for this sender. */
function coversSender(preset: Preset, sender: string): boolean {
  // A comparison preset's notice is written about each of its senders.
  if (preset.compare?.some((c) => c === sender)) return true;
  if (preset.senderNotes) return sender in preset.senderNotes;
  return preset.scenario.sender === undefined && preset.scenario.flows === undefined;
}

const shown = (key: string, v: string) => (v === '' ? (key.endsWith('drops') ? 'none' : '—') : v);

/** The keys that differ between the scenario and its preset as written, in address order. */
export function presetChanges(s: Scenario, preset: Preset): NoticeChange[] {
  const base = unedited(s, preset);
  if (!base) return [];
  const keys: string[] = [];
  for (const q of [scenarioToQuery(s), scenarioToQuery(base)])
    for (const k of new URLSearchParams(q).keys()) if (!keys.includes(k)) keys.push(k);
  const oneFlow = flowCount(s) === 1 && flowCount(base) === 1;
  const out: NoticeChange[] = [];
  for (const key of keys) {
    if (NOT_EDITS.has(key)) continue;
    const from = keyText(base, key);
    const to = keyText(s, key);
    if (from === to) continue;
    if (key === 'sender' && oneFlow && coversSender(preset, to)) continue;
    out.push({ key, from: shown(key, from), to: shown(key, to) });
  }
  return out;
}

/** `drops 15 → 14, queue 8 → 4` */
export function changesText(changes: readonly NoticeChange[]): string {
  return changes.map((c) => `${c.key} ${c.from} → ${c.to}`).join(', ');
}

/** What to show for the scenario's preset, or null when it has none. */
export function noticeState(s: Scenario): NoticeState | null {
  const id = presetOf(s);
  const preset = id ? getPreset(id) : undefined;
  if (!preset) return null;
  const text = presetNotice(preset, senderOf(s) as Parameters<typeof presetNotice>[1]);
  const changes = presetChanges(s, preset);
  const edited = changes.length > 0;
  const what = changesText(changes);
  return {
    presetId: preset.id,
    title: preset.title,
    student: preset.student,
    text,
    edited,
    changes,
    heading: edited ? `Preset ${preset.id}, edited: ${what}` : preset.title,
    banner: edited ? `This text describes the unedited preset; your run differs: ${what}.` : null,
  };
}

/** What one flow of a run did, read from the trace. */
export interface FlowRunSummary {
  /** 1-based flow number. */
  flow: number;
  sender: string;
  /** Data packets of this flow dropped anywhere (null in a counters-only trace). */
  drops: number | null;
  fastRetransmits: number;
  timeouts: number;
  retransmissions: number;
}

/** Per flow: drops (the trace's drop events of its data packets) and FlowStats' counters. */
export function runSummary(trace: Trace): FlowRunSummary[] {
  const full = trace.record === 'full';
  const drops = trace.flows.map(() => 0);
  if (full) {
    const P = trace.packets;
    const kind = P.kind;
    const uid = P.uid;
    const typeOf = trace.transmissions.type;
    const flowOf = trace.transmissions.flow;
    for (let i = 0; i < P.length; i++) {
      if (kind[i] !== PacketEventKind.drop) continue;
      const u = uid[i]!;
      if (typeOf[u] !== PacketType.data) continue;
      const f = flowOf[u]!;
      if (f < drops.length) drops[f]! += 1;
    }
  }
  return trace.flows.map((f, i) => {
    const st = trace.flowStats[i];
    return {
      flow: i + 1,
      sender: f.sender,
      drops: full ? drops[i]! : null,
      fastRetransmits: st?.fastRetransmits ?? 0,
      timeouts: st?.timeouts ?? 0,
      retransmissions: st?.retransmissions ?? 0,
    };
  });
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `flow 1 (Reno): 1 drop, 1 fast retransmit, 1 timeout, 3 retransmissions` per flow. */
export function runSummaryText(rows: readonly FlowRunSummary[]): string {
  return rows
    .map((r) => {
      const label = (SENDER_LABELS as Record<string, string>)[r.sender] ?? r.sender;
      const parts = [
        ...(r.drops === null ? [] : [count(r.drops, 'drop')]),
        count(r.fastRetransmits, 'fast retransmit'),
        count(r.timeouts, 'timeout'),
        count(r.retransmissions, 'retransmission'),
      ];
      return `flow ${r.flow} (${label}): ${parts.join(', ')}`;
    })
    .join('; ');
}
