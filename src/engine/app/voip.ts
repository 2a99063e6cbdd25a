import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { VoipApp } from './types';

/** Not implemented yet. */
export function voipSource(_app: VoipApp, ctx: SourceContext): AppSource {
  throw new Error(`app 'voip' is not implemented yet (flow ${ctx.flow.id + 1})`);
}
