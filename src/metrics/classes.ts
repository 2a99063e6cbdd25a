/**
 * Flows grouped by class — application kind and transport protocol, e.g. 'ftp-clients/tcp',
 * 'voip/udp' (Vicuña et al. 003_… compare FTP and VoIP clients over TCP, SCTP and UDP by class)
 * — with the class's sums and means of the per-flow metrics. Pure; units as in types.ts.
 */
import type { AppKind, Protocol } from '../engine';
import type { FlowMetrics, RunMetrics } from './types';

/** A flow's class name: `${app}/${protocol}`. */
export function flowClassOf(app: AppKind, protocol: Protocol): string {
  return `${app}/${protocol}`;
}

/** One class of flows in a run. */
export interface ClassMetrics {
  /** `${app}/${protocol}`, e.g. 'voip/udp'. */
  flowClass: string;
  app: AppKind;
  protocol: Protocol;
  /** Number of flows in the class. */
  flows: number;
  /** Their flow numbers (1-based), in flow order. */
  flowNumbers: number[];
  /** Σ tputBps (first transmissions of payload over the run), bits/s. */
  tputBps: number;
  /** Σ goodputBps (delivered payload over the run), bits/s. */
  goodputBps: number;
  /** tputBps / flows: the mean flow's throughput, bits/s. */
  meanTputBps: number;
  /** Σ deliveredBytes, bytes. */
  deliveredBytes: number;
  /** Σ deliveredBps (each over its flow's active time), bits/s; null if any flow's is null. */
  deliveredBps: number | null;
  /** Σ offeredBytes, bytes; null if any flow's is null (a bulk source). */
  offeredBytes: number | null;
  /** Σ requestedBps, bits/s; null if any flow's is null. */
  requestedBps: number | null;
  /** Σ dataSent, Σ dataDropped, Σ arrivals: data transmissions. */
  dataSent: number;
  dataDropped: number;
  arrivals: number;
  /** Σ dataDropped / Σ dataSent: the class's loss rate; null when it sent nothing. */
  lossRate: number | null;
  /** Mean one-way delay over all the class's arrivals (each packet weighs the same), seconds;
   * null without arrivals. */
  delayMeanS: number | null;
  /** Largest one-way delay in the class, seconds; null without arrivals. */
  delayMaxS: number | null;
  /** Mean over the class's flows that have one of their RFC 3550 jitter, seconds; null if none. */
  jitterS: number | null;
  /** Mean |D| over all the class's consecutive-arrival pairs (002_…'s mean jitter), seconds;
   * null if none. */
  jitterMeanS: number | null;
  /** Largest |D| in the class, seconds; null if none. */
  jitterMaxS: number | null;
}

/** Σ of values, null as soon as one is null. */
function sumOrNull(xs: readonly (number | null)[]): number | null {
  let s = 0;
  for (const x of xs) {
    if (x === null) return null;
    s += x;
  }
  return s;
}

/** Largest non-null value, or null. */
function maxOrNull(xs: readonly (number | null)[]): number | null {
  let m: number | null = null;
  for (const x of xs) if (x !== null && (m === null || x > m)) m = x;
  return m;
}

/** The class of a group of flows (all of one class). */
function classOf(fs: readonly FlowMetrics[]): ClassMetrics {
  const f0 = fs[0]!;
  const sum = (g: (f: FlowMetrics) => number): number => fs.reduce((a, f) => a + g(f), 0);
  const dataSent = sum((f) => f.dataSent);
  const dataDropped = sum((f) => f.dataDropped);
  const arrivals = sum((f) => f.arrivals);
  const pairs = sum((f) => (f.arrivals > 1 ? f.arrivals - 1 : 0));
  const withJitter = fs.filter((f) => f.jitterS !== null);
  const tputBps = sum((f) => f.tputBps);
  return {
    flowClass: f0.flowClass,
    app: f0.app,
    protocol: f0.protocol,
    flows: fs.length,
    flowNumbers: fs.map((f) => f.flow),
    tputBps,
    goodputBps: sum((f) => f.goodputBps),
    meanTputBps: tputBps / fs.length,
    deliveredBytes: sum((f) => f.deliveredBytes),
    deliveredBps: sumOrNull(fs.map((f) => f.deliveredBps)),
    offeredBytes: sumOrNull(fs.map((f) => f.offeredBytes)),
    requestedBps: sumOrNull(fs.map((f) => f.requestedBps)),
    dataSent,
    dataDropped,
    arrivals,
    lossRate: dataSent > 0 ? dataDropped / dataSent : null,
    delayMeanS: arrivals > 0 ? sum((f) => (f.delayMeanS ?? 0) * f.arrivals) / arrivals : null,
    delayMaxS: maxOrNull(fs.map((f) => f.delayMaxS)),
    jitterS:
      withJitter.length > 0
        ? withJitter.reduce((a, f) => a + f.jitterS!, 0) / withJitter.length
        : null,
    jitterMeanS:
      pairs > 0 ? sum((f) => (f.jitterMeanS ?? 0) * Math.max(0, f.arrivals - 1)) / pairs : null,
    jitterMaxS: maxOrNull(fs.map((f) => f.jitterMaxS)),
  };
}

/**
 * The run's flows grouped by class (application kind + protocol), classes in the order of their
 * first flow; every flow is in exactly one class.
 */
export function classMetrics(m: RunMetrics): ClassMetrics[] {
  const groups = new Map<string, FlowMetrics[]>();
  for (const f of m.flows) {
    const g = groups.get(f.flowClass);
    if (g) g.push(f);
    else groups.set(f.flowClass, [f]);
  }
  return [...groups.values()].map(classOf);
}
