/**
 * Public API of the engine (pure TypeScript, no DOM): run a SimConfig, get a Trace.
 * See src/engine/README.md for the layout.
 */
export { run, RunCancelled, type RunOptions } from './run';
export type { FlowEndpoints } from './flow';
export * from './config';
export * from './trace/types';
export { reason, registerReasons, TCP_REASONS, type ReasonCode, type ReasonEntry } from './trace/reasons';
