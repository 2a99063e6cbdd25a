/**
 * Builds the source of a flow from its AppConfig (types.ts): one file per application kind.
 */
import type { FlowConfig } from '../config';
import type { Scheduler } from '../core/scheduler';
import { bulkSource } from './bulk';
import { cbrSource } from './cbr';
import { sourceContext } from './context';
import { fileSource } from './file';
import { ftpClientsSource } from './ftp-clients';
import { onoffSource } from './onoff';
import type { AppSource } from './source';
import { BULK } from './types';
import { voipSource } from './voip';

export type { AppSource } from './source';
export type { SourceContext } from './context';

/** The flow's application source (bulk when FlowConfig.app is unset). `seed`: SimConfig.seed. */
export function makeSource(flow: FlowConfig, sched: Scheduler, seed: number): AppSource {
  const app = flow.app ?? BULK;
  const ctx = sourceContext(flow, sched, seed);
  switch (app.kind) {
    case 'bulk':
      return bulkSource(app, ctx);
    case 'file':
      return fileSource(app, ctx);
    case 'cbr':
      return cbrSource(app, ctx);
    case 'onoff':
      return onoffSource(app, ctx);
    case 'voip':
      return voipSource(app, ctx);
    case 'ftp-clients':
      return ftpClientsSource(app, ctx);
  }
}
