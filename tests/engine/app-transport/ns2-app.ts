/**
 * The ns-2.35 runs of tests/fixtures/ns2-app (scripts/ns2/app-regen.mjs): reading them, their
 * engine configs, and the comparison of an engine run with one — the router's rows packet for
 * packet at exact times, and the sender's variables at every row ns-2 printed them.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import { decisionsOf, run, type AppConfig, type SimConfig, type Trace } from '../../../src/engine';
import { fallFloydConfig } from '../../helpers/fall-floyd';
import { ns2Cwnd } from '../../helpers/ns2-fixtures';
import { firstDivergence, r1Events, type R1Event, type R1EventName } from '../../helpers/r1-events';

const DIR = new URL('../../fixtures/ns2-app/', import.meta.url);

export interface AppRunParams {
  variant: 'reno' | 'newreno' | 'sack';
  drops: number[];
  window: number;
  maxburst: number;
  bugfix: boolean;
  queueLimit: number;
  bottleneckBps: number;
  bottleneckDelayS: number;
  minRtoS: number;
  dupackThreshold: number;
  stopS: number;
  app: 'file' | 'cbr';
  bytes?: number;
  rateBps?: number;
  cbrStopS?: number;
  cbrStartS?: number;
  initialCwndPkts?: number;
  synSegment?: boolean;
  delayGrowth?: boolean;
  limitedTransmit?: boolean;
  precisionReduce?: boolean;
  newrenoImpatient?: boolean;
  newrenoPartialWindowDeflation?: boolean;
}

export interface AppRun {
  name: string;
  protocol: 'tcp';
  params: AppRunParams;
}

/** A row of <run>.vars.csv.gz: the sender after an ACK (ack) or a send outside one (timer). */
export interface AppVars {
  time: number;
  cwnd: number;
  ssthresh: number;
  dupacks: number;
  /** 1-based highest cumulative ACK. */
  highestAck: number;
  cause: 'start' | 'ack' | 'timer';
}

export function loadAppRuns(): AppRun[] {
  return (JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as { runs: AppRun[] })
    .runs;
}

function rows(file: string): string[][] {
  const text = strFromU8(gunzipSync(readFileSync(new URL(file, DIR))));
  return text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
}

export function loadAppEvents(name: string): R1Event[] {
  return rows(`${name}.events.csv.gz`).map(([time, event, pkt, retx, cause, cum, sack]) => ({
    time: Number(time),
    event: event as R1EventName,
    pkt: pkt ? Number(pkt) : 0,
    retx: retx === '1' ? 1 : 0,
    cause: cause ?? '',
    cumAck: cum ? Number(cum) : 0,
    sackBlocks: sack ? Number(sack) : 0,
  }));
}

export function loadAppVars(name: string): AppVars[] {
  return rows(`${name}.vars.csv.gz`).map(
    ([time, cwnd, ssthresh, dupacks, highestAck, , , cause]) => ({
      time: Number(time),
      cwnd: Number(cwnd),
      ssthresh: Number(ssthresh),
      dupacks: Number(dupacks),
      highestAck: Number(highestAck),
      cause: cause as AppVars['cause'],
    }),
  );
}

/** The application of a run as FlowConfig.app (CBR: 1000-byte packets at rateBps). */
export function appOf(p: AppRunParams): AppConfig {
  if (p.app === 'file') return { kind: 'file', bytes: p.bytes! };
  return { kind: 'cbr', pps: p.rateBps! / 8000 };
}

/** The engine config of a run: the Fall & Floyd setup with the run's stack and application. */
export function appConfigFor(r: AppRun, rules: 'ns2' | 'rfc' = 'ns2'): SimConfig {
  const p = r.params;
  return fallFloydConfig(p.variant, p.drops, {
    flow: {
      windowPkts: p.window,
      maxburst: p.maxburst,
      bugfix: p.bugfix,
      minRtoS: p.minRtoS,
      dupackThreshold: p.dupackThreshold,
      initialCwndPkts: p.initialCwndPkts ?? 1,
      synSegment: p.synSegment ?? false,
      delayGrowth: p.delayGrowth ?? false,
      limitedTransmit: p.limitedTransmit ?? false,
      precisionReduce: p.precisionReduce ?? false,
      newrenoImpatient: p.newrenoImpatient ?? false,
      newrenoPartialWindowDeflation: p.newrenoPartialWindowDeflation ?? false,
      app: appOf(p),
      rules,
    },
    bottleneck: {
      bandwidthBps: p.bottleneckBps,
      delayS: p.bottleneckDelayS,
      queueLimit: p.queueLimit,
    },
    stopS: p.stopS,
  });
}

export interface AppComparison {
  trace: Trace;
  ours: R1Event[];
  theirs: R1Event[];
  /** First router-row divergence, or null. */
  events: string | null;
  /** First sender-variable divergence at an ns-2 V row, or null. */
  vars: string | null;
}

/**
 * Every ns-2 V row (after an ACK, or after a send outside one) against the engine's variables
 * after its last decision at or before that time: cwnd (6 significant digits), ssthresh, the
 * duplicate-ACK count and the highest cumulative ACK.
 */
export function firstAppVarsDivergence(trace: Trace, vars: readonly AppVars[]): string | null {
  const ds = decisionsOf(trace);
  let j = -1;
  for (const v of vars) {
    if (v.cause === 'start') continue;
    while (j + 1 < ds.length && ds[j + 1]!.time <= v.time) j++;
    const d = ds[j];
    if (!d) return `ns-2 row at ${v.time}: the engine has no decision yet`;
    const a = d.after;
    const ours = [ns2Cwnd(a.cwnd), a.ssthresh, a.dupacks, a.highestAck];
    const theirs = [v.cwnd, v.ssthresh, v.dupacks, v.highestAck];
    if (ours.some((x, i) => x !== theirs[i])) {
      return `at ${v.time} (${v.cause}): engine cwnd, ssthresh, dupacks, highest ACK = ${ours.join(', ')} (decision ${d.code} at ${d.time}); ns-2 ${theirs.join(', ')}`;
    }
  }
  return null;
}

/** Run the engine on a fixture run (or on `cfg`) and compare it with ns-2 up to the run's stop. */
export function compareApp(r: AppRun, cfg: SimConfig = appConfigFor(r)): AppComparison {
  const trace = run(cfg);
  const stop = r.params.stopS;
  const ours = r1Events(trace, { before: stop });
  const theirs = loadAppEvents(r.name).filter((e) => e.time < stop);
  return {
    trace,
    ours,
    theirs,
    events: firstDivergence(ours, theirs)?.report ?? null,
    vars: firstAppVarsDivergence(trace, loadAppVars(r.name)),
  };
}
