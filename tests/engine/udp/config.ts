/**
 * Inline SimConfigs for the UDP tests: the Fall & Floyd path (S1 –8 Mb/s, 0 s– R1 –800 kb/s,
 * 100 ms, queue 8– K1) with UDP flows fed by an application, independent of src/scenarios.
 */
import type { AppConfig, FlowConfig, SenderId, SimConfig } from '../../../src/engine';
import { fallFloydConfig } from '../../helpers/fall-floyd';

/** A flow on S1 → K1: UDP unless `sender` says otherwise, payload `mssBytes`. */
export function flowOf(
  id: number,
  app: AppConfig,
  mssBytes: number,
  startS = 1,
  sender: SenderId = 'udp',
): FlowConfig {
  const base = fallFloydConfig('reno').flows[0]!;
  return {
    ...base,
    id,
    sender,
    app,
    mssBytes,
    startS,
    headerBytes: sender === 'udp' ? 28 : base.headerBytes,
  };
}

/** The Fall & Floyd path carrying `flows` until `stopS`. */
export function pathWith(
  flows: FlowConfig[],
  stopS = 6,
  extra: Partial<SimConfig> = {},
): SimConfig {
  const cfg = fallFloydConfig('reno', [], { stopS });
  return { ...cfg, flows, ...extra };
}
