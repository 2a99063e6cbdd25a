import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { CbrApp } from './types';

/** Not implemented yet. */
export function cbrSource(_app: CbrApp, ctx: SourceContext): AppSource {
  throw new Error(`app 'cbr' is not implemented yet (flow ${ctx.flow.id + 1})`);
}
