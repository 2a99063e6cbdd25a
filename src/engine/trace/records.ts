/**
 * Rows of the decision and sample columns as the objects explain.ts, the CLI and the UI read
 * (Decision, StateSample in types.ts). Built on demand: `decisionAt` makes one row;
 * `decisionsOf` / `samplesOf` make (and keep, per trace) the whole list, for code that walks
 * every row anyway. Hot paths read the columns directly (e.g. `codeAt`).
 */
import { AfterReader, afterVar, afterVector } from './after-vars';
import type { NoteCode } from './notes';
import type { ReasonCode } from './reasons';
import {
  TriggerKind,
  type Decision,
  type SenderVarName,
  type StateSample,
  type Trace,
  type Trigger,
} from './types';
import { NV, PHASES, V, VAR_NAMES, varsAt } from './vars';

/** Reason code of decision `i` (0-based row). */
export function codeAt(trace: Trace, i: number): ReasonCode {
  const d = trace.decisions;
  return d.codes[d.code[i]!]! as ReasonCode;
}

/** Trigger of decision `i`. */
export function triggerAt(trace: Trace, i: number): Trigger {
  const d = trace.decisions;
  const k = d.trigger[i]!;
  if (k === TriggerKind.ack)
    return { kind: 'ack', cumAck: d.cumAck[i]!, dupacks: d.dupacks[i]!, event: d.event[i]! };
  if (k === TriggerKind.start) return { kind: 'start', event: -1 };
  if (k === TriggerKind.app) return { kind: 'app', event: -1 };
  if (k === TriggerKind.pacing) return { kind: 'timer', timer: 'pacing', event: -1 };
  return { kind: 'timer', timer: 'rto', event: -1 };
}

/** Packets (1-based) sent by decision `i`. */
export function packetsAt(trace: Trace, i: number): number[] {
  const d = trace.decisions;
  return Array.from(d.packetList.subarray(d.packetStart[i]!, d.packetStart[i + 1]!));
}

/** Value of one variable after decision `i` (NaN when the sender does not use it). */
export function varAfter(trace: Trace, i: number, name: SenderVarName): number {
  return afterVar(trace.decisions, i, V[name]);
}

/** Note j of the sparse note columns. */
function noteRow(trace: Trace, j: number): NonNullable<Decision['note']> {
  const d = trace.decisions;
  return { code: d.codes[d.noteCode[j]!]! as NoteCode, value: d.noteValue[j]! };
}

/** The note of decision `i`, if it has one. */
export function noteAt(trace: Trace, i: number): Decision['note'] {
  const j = trace.decisions.noteRow.indexOf(i);
  return j < 0 ? undefined : noteRow(trace, j);
}

/** Decision `i` (0-based row = id) as an object. */
export function decisionAt(trace: Trace, i: number): Decision {
  const row = rowAt(trace, i, afterVector(trace.decisions, i));
  const note = noteAt(trace, i);
  if (note) row.note = note;
  return row;
}

/** Decision `i` without its note; `after` = its variable vector (after-vars.ts). */
function rowAt(trace: Trace, i: number, after: Float64Array): Decision {
  const d = trace.decisions;
  const changes: Decision['changes'] = {};
  const mask = d.changed[i]!;
  if (mask !== 0) {
    let b = d.beforeStart[i]!;
    for (let k = 0; k < NV; k++) {
      if (mask & (1 << k)) changes[VAR_NAMES[k]!] = [d.beforeList[b++]!, after[k]!];
    }
  }
  return {
    id: i,
    time: d.time[i]!,
    flow: d.flow[i]!,
    code: codeAt(trace, i),
    trigger: triggerAt(trace, i),
    packets: packetsAt(trace, i),
    changes,
    after: varsAt(after, 0),
  };
}

/** Sample `j` (0-based row) as an object. */
export function sampleAt(trace: Trace, j: number): StateSample {
  return sampleRow(trace, j, afterVector(trace.decisions, trace.samples.decision[j]!));
}

/** Sample `j`; `after` = its decision's variable vector. */
function sampleRow(trace: Trace, j: number, after: Float64Array): StateSample {
  const s = trace.samples;
  const row = s.decision[j]!;
  const d = trace.decisions;
  return {
    ...varsAt(after, 0),
    time: d.time[row]!,
    flow: d.flow[row]!,
    phase: PHASES[s.phase[j]!]!,
    cwndBytes: s.cwndBytes[j]!,
    ssthreshBytes: s.ssthreshBytes[j]!,
  };
}

const decisionLists = new WeakMap<Trace, Decision[]>();
const sampleLists = new WeakMap<Trace, StateSample[]>();

/** Every decision as an object, in engine order (built once per trace). */
export function decisionsOf(trace: Trace): Decision[] {
  let list = decisionLists.get(trace);
  if (!list) {
    list = new Array<Decision>(trace.decisions.length);
    const reader = new AfterReader(trace.decisions);
    for (let i = 0; i < list.length; i++) list[i] = rowAt(trace, i, reader.vector(i));
    const rows = trace.decisions.noteRow;
    for (let j = 0; j < rows.length; j++) list[rows[j]!]!.note = noteRow(trace, j);
    decisionLists.set(trace, list);
  }
  return list;
}

/** Every state sample as an object, in engine order (built once per trace). */
export function samplesOf(trace: Trace): StateSample[] {
  let list = sampleLists.get(trace);
  if (!list) {
    list = new Array<StateSample>(trace.samples.length);
    const reader = new AfterReader(trace.decisions);
    const rows = trace.samples.decision;
    for (let j = 0; j < list.length; j++) list[j] = sampleRow(trace, j, reader.vector(rows[j]!));
    sampleLists.set(trace, list);
  }
  return list;
}

/** Time (seconds) and flow of sample `j`. */
export function sampleTime(trace: Trace, j: number): number {
  return trace.decisions.time[trace.samples.decision[j]!]!;
}
