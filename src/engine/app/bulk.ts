import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { BulkApp } from './types';

/** Not implemented yet. */
export function bulkSource(_app: BulkApp, ctx: SourceContext): AppSource {
  throw new Error(`app 'bulk' is not implemented yet (flow ${ctx.flow.id + 1})`);
}
