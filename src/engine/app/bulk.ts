import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { BulkApp } from './types';

/**
 * An infinite backlog (ns-2 Application/FTP `start`, i.e. `sendmsg(-1)`: curseq_ = TCP_MAXSEQ):
 * offered() is Infinity from the start, the transport never drains it, and never wakes it.
 * The transports' only path before applications existed, kept byte for byte.
 */
export function bulkSource(_app: BulkApp, _ctx: SourceContext): AppSource {
  return BULK_SOURCE;
}

/** The one bulk source (it holds no state). */
export const BULK_SOURCE: AppSource = Object.freeze({
  offered: () => Infinity,
  finished: () => false,
  start: () => {},
  drained: () => {},
  offeredBytes: () => Infinity,
});
