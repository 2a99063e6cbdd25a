/// <reference lib="webworker" />
/**
 * Worker entry: runs the engine off the main thread. Only worker/bridge.ts talks to it.
 * Cancellation: the bridge terminates this worker (a run is one synchronous call).
 *
 * The engine's modules finish loading asynchronously (the fingerprint hasher compiles
 * WebAssembly with a top-level await). A message that arrives before Comlink listens would be
 * lost and its run would never answer, so messages are held from the first moment and handed
 * to Comlink once the API is exposed.
 */
import '../zodConfig';
import * as Comlink from 'comlink';

const held: MessageEvent[] = [];
const hold = (e: MessageEvent) => {
  held.push(e);
  e.stopImmediatePropagation();
};
self.addEventListener('message', hold);

void import('./engineApi').then(({ api }) => {
  self.removeEventListener('message', hold);
  Comlink.expose(api);
  for (const e of held.splice(0))
    self.dispatchEvent(new MessageEvent('message', { data: e.data, ports: [...e.ports] }));
});
