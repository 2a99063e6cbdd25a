/**
 * Reading the ns-2 fixtures of tests/fixtures/ns2 (see its README.md) and turning a fixture
 * run's parameters into an engine config.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import type { SenderId, SimConfig, TcpSenderId } from '../../src/engine';
import { fallFloydConfig, type DropSpec } from './fall-floyd';
import type { R1Event, R1EventName } from './r1-events';

const DIR = new URL('../fixtures/ns2/', import.meta.url);

export interface Ns2Params {
  variant: TcpSenderId;
  drops: DropSpec[];
  window: number;
  maxburst: number;
  bugfix: boolean;
  queueLimit: number;
  bottleneckBps: number;
  bottleneckDelayS: number;
  minRtoS: number;
  /** ns-2 numdupacks_; absent in older runs = 3. */
  dupackThreshold?: number;
  /**
   * Stack settings (set "ns2-defaults"); absent = the Fall & Floyd value. Named as the FlowConfig
   * fields, except updatedRttvar (ns-2 updated_rttvar_, which no ns-2.35 TCP agent reads).
   */
  initialCwndPkts?: number;
  synSegment?: boolean;
  delayGrowth?: boolean;
  limitedTransmit?: boolean;
  precisionReduce?: boolean;
  updatedRttvar?: boolean;
  newrenoImpatient?: boolean;
  newrenoPartialWindowDeflation?: boolean;
  /** Delayed-ACK sink (set "delayed-ack"; ns-2 TCPSink/DelAck, TCPSink/Sack1/DelAck). */
  delayedAck?: boolean;
  /** Vegas v_alpha_, v_beta_, v_gamma_ (set "vegas"), packets; absent = ns-2.35's 1, 3, 1. */
  vegasAlpha?: number;
  vegasBeta?: number;
  vegasGamma?: number;
}

export interface Ns2Summary {
  data_departed_R1: number;
  unique_pkts_departed_R1: number;
  retransmissions: number;
  timeouts: number;
  fast_retransmits: number;
  cwnd_cuts: number;
  final_cum_ack: number;
  highest_pkt_sent: number;
  scripted_drops: number;
  overflow_drops: number;
  ns2_timeout_events: number | '';
}

export interface Ns2Run {
  name: string;
  set:
    | 'published'
    | 'generalisation'
    | 'ns2-defaults'
    | 'delayed-ack'
    | 'early-loss'
    | 'early-loss-sweep'
    | 'vegas';
  params: Ns2Params;
  summary: Ns2Summary;
}

export interface Ns2Manifest {
  stopS: number;
  runs: Ns2Run[];
}

/** A row of <run>.vars.csv.gz. cwnd is ns-2's 6-significant-digit rendering. */
export interface Ns2Vars {
  time: number;
  cwnd: number;
  cwndText: string;
  ssthresh: number;
  dupacks: number;
  highestAck: number;
  cause: 'start' | 'ack' | 'timer';
}

export function loadManifest(): Ns2Manifest {
  return JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as Ns2Manifest;
}

function readGzCsv(file: string): string[][] {
  const text = strFromU8(gunzipSync(readFileSync(new URL(file, DIR))));
  const lines = text.trimEnd().split('\n');
  return lines.slice(1).map((l) => l.split(','));
}

export function loadEvents(name: string): R1Event[] {
  return readGzCsv(`${name}.events.csv.gz`).map(([time, event, pkt, retx, cause, cum, sack]) => ({
    time: Number(time),
    event: event as R1EventName,
    pkt: pkt ? Number(pkt) : 0,
    retx: retx === '1' ? 1 : 0,
    cause: cause ?? '',
    cumAck: cum ? Number(cum) : 0,
    sackBlocks: sack ? Number(sack) : 0,
  }));
}

export function loadVars(name: string): Ns2Vars[] {
  return readGzCsv(`${name}.vars.csv.gz`).map(
    ([time, cwnd, ssthresh, dupacks, highestAck, cause]) => ({
      time: Number(time),
      cwnd: Number(cwnd),
      cwndText: cwnd!,
      ssthresh: Number(ssthresh),
      dupacks: Number(dupacks),
      highestAck: Number(highestAck),
      cause: cause as Ns2Vars['cause'],
    }),
  );
}

/** The engine config of a fixture run. */
export function configFor(run: Ns2Run, stopS = 6): SimConfig {
  const p = run.params;
  return fallFloydConfig(p.variant as SenderId, p.drops, {
    flow: {
      windowPkts: p.window,
      maxburst: p.maxburst,
      bugfix: p.bugfix,
      minRtoS: p.minRtoS,
      dupackThreshold: p.dupackThreshold ?? 3,
      initialCwndPkts: p.initialCwndPkts ?? 1,
      synSegment: p.synSegment ?? false,
      delayGrowth: p.delayGrowth ?? false,
      limitedTransmit: p.limitedTransmit ?? false,
      precisionReduce: p.precisionReduce ?? false,
      newrenoImpatient: p.newrenoImpatient ?? false,
      newrenoPartialWindowDeflation: p.newrenoPartialWindowDeflation ?? false,
      delayedAck: p.delayedAck ?? false,
      ...(p.variant === 'vegas'
        ? { vegas: { alpha: p.vegasAlpha ?? 1, beta: p.vegasBeta ?? 3, gamma: p.vegasGamma ?? 1 } }
        : {}),
    },
    bottleneck: {
      bandwidthBps: p.bottleneckBps,
      delayS: p.bottleneckDelayS,
      queueLimit: p.queueLimit,
    },
    stopS,
  });
}

/** ns-2 hands cwnd to Tcl with 6 significant digits (%g). */
export function ns2Cwnd(x: number): number {
  return Number(x.toPrecision(6));
}
