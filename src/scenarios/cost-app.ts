/**
 * What a flow's application can offer by a time (cost.ts, the run-cost estimate): packets, an
 * upper bound.
 *
 * The source's own code decides it: the engine's `offeredBy` runs the source alone, with the
 * run's seed, so the same draws (an ON–OFF burst, a talk spurt, a Pareto file) in the same
 * order — exact for UDP, which sends what is offered at once; for TCP and SCTP an FTP client's
 * next file waits for the last to be drained, which the replay takes to be one round trip plus
 * the file's time through the path's slowest link (a lower bound, so the replay offers at least
 * as early as the run). A replay runs one scheduler event per offer, so it is used only while
 * it stays cheap (REPLAY_EVENTS per estimate); past that, the bound comes from the parameters:
 * cbr's count, and for sources of random cycles their mean rate with room for the mean of few
 * cycles to stray (cycleSlack). Replays are kept per flow (a WeakMap on the FlowConfig), so the
 * budget's search for the longest stop that fits reads one replay many times; and a replay is a
 * function of what it reads alone (replayOf), so a config built again for the same flows (each
 * edit of the address parses it anew; a sender or a queue changed) reuses it, with the same
 * events charged to the estimate as running it would.
 */
import { bisectRight } from 'd3';
import { LRUCache } from 'lru-cache';
import { offeredBy, isUdpSender, type FlowConfig } from '../engine';
import { pow } from '../engine';

/** Scheduler events one estimate may spend replaying sources (each ≈ 0.1 µs–1 µs). */
export const REPLAY_EVENTS = 200_000;

/**
 * How far above its mean ON (talk) share an onoff or voip source may be over a run when it is
 * not replayed: the share of a run of many exponential periods stays near its mean; a run of a
 * few long periods can pass it (cycleSlack).
 */
export const APP_ON_SLACK = 1.5;
/** How far above their mean the Pareto file sizes of an FTP client may add up over a run. */
export const PARETO_SLACK = 2;
/** The first file of an FTP client is counted at its size's 1 − this quantile. */
export const FIRST_FILE_TAIL = 1e-3;

/** A replayed source: its offers up to `untilS`. */
interface Replay {
  untilS: number;
  /** Offer times (s), increasing, and the packets offered so far at each. */
  times: number[];
  counts: number[];
}

/** Replays by flow (the config's own FlowConfig objects), with the seed and drain rule used. */
const REPLAYS = new WeakMap<FlowConfig, { key: string; replay: Replay }>();

/**
 * How far above its mean rate a source made of random cycles (ON–OFF bursts, talk spurts, FTP
 * files) may run over `activeS` seconds of cycles of mean `cycleS`: APP_ON_SLACK with many
 * cycles, more with few (the mean of n cycles strays by about 1/√n of itself; 4/√n allowed).
 */
function cycleSlack(activeS: number, cycleS: number): number {
  const n = Math.max(1, activeS / cycleS);
  return Math.max(APP_ON_SLACK, 1 + 4 / Math.sqrt(n));
}

/**
 * The application's bound from its parameters: packets offered over `activeS` seconds
 * (Infinity for bulk, and for an FTP client over TCP/SCTP, which the window bounds).
 */
function parameterBound(f: FlowConfig, activeS: number): number {
  const app = f.app;
  if (!app) return Infinity;
  switch (app.kind) {
    case 'cbr':
      // one at the start, then one per interval (times accumulate in double precision: one more)
      return Math.floor(activeS * app.pps) + 2;
    case 'onoff': {
      // bursts of max(1, ⌊X + 0.5⌋) packets: a cycle's mean packets plus one per mean cycle
      const interval = (8 * f.mssBytes) / app.rateBps;
      const cycle = app.onS + app.offS + interval;
      const mean = (app.onS / interval + 1) / cycle;
      const rate = Math.min(1 / interval, mean * cycleSlack(activeS, cycle));
      return rate * activeS + 2;
    }
    case 'voip': {
      // spurts of at least one frame while in a call; calls of mean holdS every holdS + gapS
      const cycle = app.talkS + app.silenceS;
      const mean = (app.talkS / app.frameS + 1) / cycle;
      const call = app.holdS + app.gapS;
      const inCall = Math.min(1, (app.holdS / call) * cycleSlack(activeS, call));
      return Math.min(mean * cycleSlack(activeS, cycle) * inCall, 1 / app.frameS) * activeS + 2;
    }
    case 'file':
      return Math.ceil(app.bytes / f.mssBytes);
    case 'ftp-clients': {
      if (!isUdpSender(f.sender)) return Infinity;
      // the first file at the start, then one per think time; the first alone may be far
      // above the mean (Pareto): its size at the 1 − FIRST_FILE_TAIL quantile, xm · q^(−1/α)
      const perFile = (Math.ceil(app.meanBytes / f.mssBytes) + 1) * PARETO_SLACK;
      const xm = (app.meanBytes * (app.shape - 1)) / app.shape;
      const first = Math.ceil((xm * pow(FIRST_FILE_TAIL, -1 / app.shape)) / f.mssBytes) + 1;
      const files = (activeS / app.thinkS) * cycleSlack(activeS, app.thinkS);
      return first + perFile * files;
    }
    default:
      return Infinity;
  }
}

/**
 * Packets the flow's application offers by `untilS` (s), at most: Infinity for bulk.
 * `budget.events`: replay events this estimate may still spend (decreased by what a replay
 * uses). `drainS(packets)`: a lower bound of the time the transport takes to drain an offer of
 * that many packets (0 for UDP); `drainKey` names it, so a kept replay is reused only under the
 * same rule.
 */
export function offeredBound(
  f: FlowConfig,
  seed: number,
  untilS: number,
  budget: { events: number },
  drainS: (packets: number) => number,
  drainKey: string,
): number {
  const kind = f.app?.kind ?? 'bulk';
  if (kind === 'bulk') return Infinity;
  const activeS = Math.max(0, untilS - f.startS);
  // a file is offered at once, a cbr source by the clock: their counts need no replay
  if (kind === 'file' || kind === 'cbr') return parameterBound(f, activeS);
  const key = `${seed}|${drainKey}`;
  const kept = REPLAYS.get(f);
  if (kept && kept.key === key && kept.replay.untilS >= untilS) return countAt(kept.replay, untilS);
  const fallback = parameterBound(f, activeS);
  // a replay costs one event per offer (and one per file drained): skip it when the
  // parameters' bound already says it would pass the budget
  const expected = kind === 'ftp-clients' ? 2 * ftpFiles(f, activeS) : fallback;
  if (!(expected < budget.events)) return fallback;
  const { n, times, counts } = replayOf(
    f,
    seed,
    untilS,
    budget.events,
    kind === 'ftp-clients' ? { drainS, drainKey } : null,
  );
  budget.events -= n === null ? budget.events : Math.min(budget.events, times.length + 1);
  if (n === null) return fallback;
  REPLAYS.set(f, { key, replay: { untilS, times, counts } });
  return n;
}

/** A replay's result: packets offered by its end (null past `maxEvents`), and its offers. */
interface ReplayResult {
  n: number | null;
  times: number[];
  counts: number[];
}

/**
 * Replays by what a replay reads (its key, replayOf), the most recent up to 2 M offers in all
 * (about 32 MB); a replay is at most REPLAY_EVENTS offers.
 */
const RESULTS = new LRUCache<string, ReplayResult>({
  maxSize: 2_000_000,
  sizeCalculation: (r) => Math.max(1, r.times.length),
});

/**
 * The engine's replay of the flow's application (offeredBy) to `untilS` within `maxEvents`
 * scheduler events: a function of the source's inputs alone — its application, the flow's id
 * (its random streams' names), packet size and start (what src/engine/app reads of a flow), the
 * seed, the end, the event limit and for an FTP client the drain rule (`drain`, named by its
 * key; null for the other sources, which never wait for a drain) — so it is kept by them.
 */
export function replayOf(
  f: FlowConfig,
  seed: number,
  untilS: number,
  maxEvents: number,
  drain: { drainS: (packets: number) => number; drainKey: string } | null,
): ReplayResult {
  const key = JSON.stringify([
    f.app,
    f.id,
    f.mssBytes,
    f.startS,
    seed,
    untilS,
    maxEvents,
    drain?.drainKey ?? null,
  ]);
  const hit = RESULTS.get(key);
  if (hit) return hit;
  const times: number[] = [];
  const counts: number[] = [];
  const n = offeredBy(f, seed, untilS, {
    maxEvents,
    drainDelayS: drain?.drainS,
    onOffer: (t, c) => {
      times.push(t);
      counts.push(c);
    },
  });
  const r = { n, times, counts };
  RESULTS.set(key, r);
  return r;
}

/** Files an FTP client may ask for in `activeS` seconds (a replay's size). */
function ftpFiles(f: FlowConfig, activeS: number): number {
  const app = f.app;
  return app?.kind === 'ftp-clients' ? (activeS / app.thinkS) * cycleSlack(activeS, app.thinkS) : 0;
}

function countAt(r: Replay, t: number): number {
  const i = bisectRight(r.times, t);
  return i === 0 ? 0 : r.counts[i - 1]!;
}

/** Forget every replay kept by replayOf (for tests: an estimate as a fresh page makes it). */
export function clearReplays(): void {
  RESULTS.clear();
}
