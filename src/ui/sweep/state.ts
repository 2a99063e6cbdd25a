/**
 * The sweep's state machine, pure (the store's sweep slice applies it):
 *
 *   idle ──start──▶ running ──(last run)──▶ done
 *                    │  ▲ run / failed run
 *                    ├──cancel──▶ cancelled   (the finished rows stay)
 *                    └──fail────▶ error       (the finished rows stay)
 *   done / cancelled / error ──start──▶ running (a new sweep: rows cleared)
 *
 * Events of an old sweep (a worker's late answer after a cancel or a new start) carry its id
 * and are ignored.
 */
import type { SweepRunRecord } from './aggregate';

export type SweepStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export interface SweepSpec {
  preset: string;
  key: string;
  values: string[];
  seeds: number[];
  /** Published table rows' key (the preset's), when the sweep varies it. */
  published: {
    source: string;
    columns: readonly string[];
    rows: readonly { key: number; values: readonly number[] }[];
  } | null;
  /** Query of the base scenario (for the CSV and the report). */
  baseQuery: string;
  /** Workers used. */
  workers: number;
}

export interface SweepState {
  status: SweepStatus;
  /** Sweep id: events of another sweep are ignored. */
  id: number;
  spec: SweepSpec | null;
  total: number;
  runs: SweepRunRecord[];
  /** Runs the engine refused or failed, with the message. */
  failures: { index: number; value: string; seed: number; message: string }[];
  startedMs: number;
  /** When the last run finished (or the sweep stopped), ms. */
  endedMs: number | null;
  message: string | null;
}

export type SweepEvent =
  | { type: 'start'; id: number; spec: SweepSpec; total: number; now: number }
  | { type: 'run'; id: number; run: SweepRunRecord; now: number }
  | {
      type: 'runFailed';
      id: number;
      index: number;
      value: string;
      seed: number;
      message: string;
      now: number;
    }
  | { type: 'cancel'; id: number; now: number }
  | { type: 'fail'; id: number; message: string; now: number };

export const INITIAL_SWEEP: SweepState = {
  status: 'idle',
  id: 0,
  spec: null,
  total: 0,
  runs: [],
  failures: [],
  startedMs: 0,
  endedMs: null,
  message: null,
};

/** Runs finished (with or without a result). */
export function finished(s: SweepState): number {
  return s.runs.length + s.failures.length;
}

export function sweepReducer(s: SweepState, e: SweepEvent): SweepState {
  if (e.type === 'start') {
    if (s.status === 'running') return s;
    return {
      status: e.total === 0 ? 'done' : 'running',
      id: e.id,
      spec: e.spec,
      total: e.total,
      runs: [],
      failures: [],
      startedMs: e.now,
      endedMs: e.total === 0 ? e.now : null,
      message: null,
    };
  }
  if (e.id !== s.id || s.status !== 'running') return s;
  switch (e.type) {
    case 'run':
    case 'runFailed': {
      const next: SweepState =
        e.type === 'run'
          ? { ...s, runs: [...s.runs, e.run] }
          : {
              ...s,
              failures: [
                ...s.failures,
                { index: e.index, value: e.value, seed: e.seed, message: e.message },
              ],
            };
      return finished(next) >= next.total ? { ...next, status: 'done', endedMs: e.now } : next;
    }
    case 'cancel':
      return {
        ...s,
        status: 'cancelled',
        endedMs: e.now,
        message: `Sweep cancelled after ${finished(s)} of ${s.total} runs; the finished runs are kept.`,
      };
    case 'fail':
      return { ...s, status: 'error', endedMs: e.now, message: e.message };
  }
}

/** Seconds left, from the pace so far (runs finished per second of wall time); null before any. */
export function etaSeconds(s: SweepState, now: number): number | null {
  const done = finished(s);
  if (s.status !== 'running' || done === 0) return null;
  const elapsed = (now - s.startedMs) / 1000;
  return (elapsed / done) * (s.total - done);
}

/** "~40 s left", "~3 min left", "under a second left". */
export function etaText(seconds: number | null): string {
  if (seconds === null) return 'estimating the time left…';
  if (seconds < 1) return 'under a second left';
  if (seconds < 90) return `~${Math.round(seconds)} s left`;
  return `~${Math.round(seconds / 60)} min left`;
}

/** The progress line: "run 57 of 210, ~40 s left" (running), or how the sweep ended. */
export function progressText(s: SweepState, now: number): string {
  const done = finished(s);
  const failed = s.failures.length ? ` (${s.failures.length} failed)` : '';
  switch (s.status) {
    case 'idle':
      return 'No sweep yet.';
    case 'running':
      return `run ${done} of ${s.total}${failed}, ${etaText(etaSeconds(s, now))}`;
    case 'done': {
      const secs = ((s.endedMs ?? now) - s.startedMs) / 1000;
      return `${s.total} runs in ${secs < 10 ? secs.toFixed(1) : Math.round(secs)} s${failed}`;
    }
    case 'cancelled':
    case 'error':
      return s.message ?? '';
  }
}
