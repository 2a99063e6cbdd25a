/**
 * The sender-variable vector: the fixed order in which decisions and state samples store a
 * sender's variables (SenderVars) in typed columns, NV numbers per row. A variable a sender does
 * not use (`inflation` for SCTP, `fack` except for FACK) is NaN in the vector and absent from
 * the materialised SenderVars object.
 */
import type { Phase, SenderVarName, SenderVars } from './types';

/** Variable names in vector order (never reorder: the fingerprint hashes this layout). */
export const VAR_NAMES = [
  'cwnd',
  'ssthresh',
  'dupacks',
  'recover',
  'pipe',
  'flightsize',
  'highestAck',
  'nextSeq',
  'partialBytesAcked',
  'rto',
  'inflation',
  'fack',
] as const satisfies readonly SenderVarName[];

/** Numbers per row of a variable vector. */
export const NV = VAR_NAMES.length;

/** Index of each variable in the vector. */
export const V = {
  cwnd: 0,
  ssthresh: 1,
  dupacks: 2,
  recover: 3,
  pipe: 4,
  flightsize: 5,
  highestAck: 6,
  nextSeq: 7,
  partialBytesAcked: 8,
  rto: 9,
  inflation: 10,
  fack: 11,
} as const satisfies Record<SenderVarName, number>;

/** Phase codes as stored in the sample columns. */
export const PHASES = [
  'slow-start',
  'congestion-avoidance',
  'fast-recovery',
  'rto-recovery',
] as const satisfies readonly Phase[];

export const PHASE_CODE: Record<Phase, number> = {
  'slow-start': 0,
  'congestion-avoidance': 1,
  'fast-recovery': 2,
  'rto-recovery': 3,
};

/**
 * PHASE_CODE[phase] by comparisons (the phases are constant strings, so each test is one
 * pointer compare; a keyed object lookup per state sample costs more).
 */
export function phaseCode(phase: Phase): number {
  if (phase === 'slow-start') return 0;
  if (phase === 'congestion-avoidance') return 1;
  return phase === 'fast-recovery' ? 2 : 3;
}

/** The SenderVars object of the vector row at `offset` (NaN entries left out). */
export function varsAt(vec: Float64Array, offset: number): SenderVars {
  const o: Record<string, number> = {};
  for (let k = 0; k < NV; k++) {
    const v = vec[offset + k]!;
    if (!Number.isNaN(v)) o[VAR_NAMES[k]!] = v;
  }
  return o as unknown as SenderVars;
}
