import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { FtpClientsApp } from './types';

/** Not implemented yet. */
export function ftpClientsSource(_app: FtpClientsApp, ctx: SourceContext): AppSource {
  throw new Error(`app 'ftp-clients' is not implemented yet (flow ${ctx.flow.id + 1})`);
}
