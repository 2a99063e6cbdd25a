import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { OnOffApp } from './types';

/** Not implemented yet. */
export function onoffSource(_app: OnOffApp, ctx: SourceContext): AppSource {
  throw new Error(`app 'onoff' is not implemented yet (flow ${ctx.flow.id + 1})`);
}
