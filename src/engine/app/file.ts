import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { FileApp } from './types';

/** Not implemented yet. */
export function fileSource(_app: FileApp, ctx: SourceContext): AppSource {
  throw new Error(`app 'file' is not implemented yet (flow ${ctx.flow.id + 1})`);
}
