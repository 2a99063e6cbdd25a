/// <reference lib="webworker" />
/**
 * Worker entry: runs the engine off the main thread. Only worker/bridge.ts talks to it.
 * Cancellation: the bridge terminates this worker (a run is one synchronous call).
 *
 * The engine's modules finish loading asynchronously (the fingerprint hasher compiles
 * WebAssembly with a top-level await): the API is exposed once they have (exposeLater).
 */
import '../zodConfig';
import { exposeLater } from './exposeLater';

exposeLater(() => import('./engineApi').then((m) => m.api));
