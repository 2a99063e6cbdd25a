/**
 * The ns-2.35 RED fixtures (tests/fixtures/ns2-red/, scripts/ns2/red.tcl): the manifest, the
 * fixture rows, and each run as an engine config — the same nodes in ns-2's id order (R1, K1,
 * S1…), the same links in the same order, Fall & Floyd TCP flows, RED on both directions of
 * R1–K1 with ns-2's decisions replayed.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import type { FlowConfig, RedConfig, SenderId, SimConfig } from '../../src/engine';
import { fallFloydConfig } from './fall-floyd';
import { defaultStreamDraws } from './ns2-rng';

const DIR = new URL('../fixtures/ns2-red/', import.meta.url);

/** red.tcl's parameters as the manifest keeps them (absent: red.tcl's defaults). */
export interface RedCaseParams {
  variant: 'reno' | 'newreno' | 'sack';
  n: number;
  starts?: string;
  adelays?: string;
  bw?: string;
  delay?: string;
  q?: number;
  minth?: number;
  maxth?: number;
  linterm?: number;
  wq?: number;
  gentle?: number;
  bytes?: number;
  wait?: number;
  meanpkt?: number;
  usemarkp?: number;
  ecn?: number;
  window?: number;
  delack?: number;
  stop?: number;
}

export interface RedCase {
  name: string;
  params: RedCaseParams;
  /** RED's parameters after ns-2 set them (R1 → K1). */
  ns2: { q_weight: number; thresh: number; maxthresh: number };
  /** Flow (1-based, as text) → which draw of ns-2's default stream its boot_time_ is. */
  boot: Record<string, number>;
  /** Per direction (R1 → K1, K1 → R1): the arrivals ns-2's RED dropped or marked, 1-based. */
  replay: [number[], number[]];
  /** Per direction: the arrivals of `replay` that ns-2 dropped carrying ECT, not CE. */
  replayUnmarked: [number[], number[]];
}

/**
 * The held-out runs (issue 26: other loads and parameters than the first eight), compared in the
 * tables tier (tests/tables/red-ns2-held-out.test.ts).
 */
export const RED_HELD_OUT: readonly string[] = [
  'sack-3-ecn-nongentle-bytes',
  'reno-4-ecn-2mb-40ms',
  'newreno-2-nongentle-nowait',
  'sack-1-ecn-delack-auto',
  'reno-3-bytes-steep',
];

export const RED_MANIFEST = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as {
  runs: RedCase[];
};

/** A fixture's rows without the header. */
export function redFixture(name: string, kind: 'events' | 'vars'): string[] {
  const text = strFromU8(gunzipSync(readFileSync(new URL(`${name}.${kind}.csv.gz`, DIR))));
  return text.trim().split('\n').slice(1);
}

/** "1.5Mb" → 1.5e6, "800Kb" → 8e5 (bit/s); "20ms" → 0.02 (s). */
const bits = (s: string): number =>
  Number(s.replace(/[KMG]b$/, '')) * { K: 1e3, M: 1e6, G: 1e9 }[s.slice(-2, -1) as 'K' | 'M' | 'G'];
const secs = (s: string): number => (s.endsWith('ms') ? Number(s.slice(0, -2)) / 1000 : Number(s));

const SENDERS: Record<RedCaseParams['variant'], SenderId> = {
  reno: 'reno',
  newreno: 'newreno',
  sack: 'sack',
};

/** The run's RED configuration (RedConfig), ns-2's decisions replayed. */
export function redQueueConfig(c: RedCase): RedConfig {
  const p = c.params;
  const on = (x: number | undefined, dflt: boolean): boolean => (x === undefined ? dflt : x === 1);
  return {
    kind: 'red',
    minth: p.minth ?? 0,
    maxth: p.maxth ?? 0,
    maxp: 1 / (p.linterm ?? 10),
    wq: p.wq ?? -1,
    gentle: on(p.gentle, true),
    bytes: on(p.bytes, true),
    meanPktSize: p.meanpkt ?? 500,
    wait: on(p.wait, true),
    ecn: on(p.ecn, false),
    markP: on(p.usemarkp, true) ? 0.1 : null,
    replay: c.replay,
    replayUnmarked: c.replayUnmarked,
  };
}

/** The run as an engine config. */
export function redConfig(c: RedCase): SimConfig {
  const p = c.params;
  const n = p.n;
  const starts = (p.starts ?? '1.0,1.3').split(',').map(Number);
  const adelays = (p.adelays ?? '0.001,0.011').split(',').map(Number);
  const stopS = p.stop ?? 10;
  const base = fallFloydConfig(SENDERS[p.variant], [], { stopS }).flows[0]!;
  const draws = defaultStreamDraws(2 * n, 0.01);
  const flows: FlowConfig[] = [];
  const nodes = ['R1', 'K1'];
  const links: SimConfig['links'] = [
    {
      a: 'R1',
      b: 'K1',
      bandwidthBps: bits(p.bw ?? '1.5Mb'),
      delayS: secs(p.delay ?? '20ms'),
      queueLimit: p.q ?? 30,
      queue: redQueueConfig(c),
    },
  ];
  for (let i = 1; i <= n; i++) {
    nodes.push(`S${i}`);
    links.push({
      a: `S${i}`,
      b: 'R1',
      bandwidthBps: 10e6,
      delayS: adelays[i - 1]!,
      queueLimit: 100,
    });
    flows.push({
      ...base,
      id: i - 1,
      src: `S${i}`,
      dst: 'K1',
      startS: starts[i - 1]!,
      windowPkts: p.window ?? 28,
      delayedAck: p.delack === 1,
      tickPhaseS: draws[c.boot[String(i)]! - 1]!,
      ...(p.ecn === 1 ? { ecn: true } : {}),
    });
  }
  return {
    nodes,
    links,
    flows,
    losses: [],
    stopS,
    router: 'R1',
    bottleneck: { from: 'R1', to: 'K1' },
  };
}
