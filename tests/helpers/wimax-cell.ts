/**
 * Inline SimConfigs of one 802.16-like cell: a server S – 1 Gb/s – base station BS, and n
 * subscriber stations SS1…SSn in the cell (SimConfig.media, kind 'wimax'), UDP + CBR or TCP
 * flows S → SSi (downlink) or SSi → S (uplink), independent of src/scenarios. Link indices: S → BS
 * 0, BS → S 1, then per station i (1-based) SSi → BS 2i, BS → SSi 2i + 1.
 */
import type { AppConfig, FlowConfig, SenderId, SimConfig, WimaxCellConfig } from '../../src/engine';
import { fallFloydConfig } from './fall-floyd';

export interface CellRun {
  stations: number;
  /** Per flow: its station (1-based), direction and application. */
  flows: { ss: number; up?: boolean; app?: AppConfig; sender?: SenderId; payload?: number }[];
  stopS: number;
  /** Flow k starts at startS + k ms (default 0.1 s). */
  startS?: number;
  queue?: number;
  /** The flows' wired end is the base station itself (as ns-3's runs), not a server S behind it. */
  atBs?: boolean;
  wimax?: Partial<WimaxCellConfig>;
}

export function cellConfig(c: CellRun): SimConfig {
  const base = fallFloydConfig('reno').flows[0]!;
  const ss = Array.from({ length: c.stations }, (_, i) => `SS${i + 1}`);
  const wired = c.atBs ? 'BS' : 'S';
  const flows: FlowConfig[] = c.flows.map((f, id) => {
    const sender = f.sender ?? 'udp';
    const far = ss[f.ss - 1]!;
    return {
      ...base,
      id,
      sender,
      app: f.app,
      mssBytes: f.payload ?? 1472,
      startS: (c.startS ?? 0.1) + id * 0.001,
      windowPkts: 64,
      headerBytes: sender === 'udp' ? 28 : 40,
      src: f.up ? far : wired,
      dst: f.up ? wired : far,
    };
  });
  return {
    nodes: ['S', 'BS', ...ss],
    links: [{ a: 'S', b: 'BS', bandwidthBps: 1e9, delayS: 0.001, queueLimit: 1000 }],
    media: [
      {
        kind: 'wimax',
        nodes: ['BS', ...ss],
        bs: 'BS',
        queueLimit: c.queue ?? 100,
        delayS: 1e-6,
        ...c.wimax,
      },
    ],
    flows,
    losses: [],
    stopS: c.stopS,
    router: 'BS',
    bottleneck: { from: 'BS', to: ss[0]! },
    seed: 1,
  };
}
