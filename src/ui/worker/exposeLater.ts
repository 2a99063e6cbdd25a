/// <reference lib="webworker" />
/**
 * Expose a worker's Comlink API once its modules have loaded. Modules that finish loading
 * asynchronously (a top-level await, WebAssembly) would let a message arrive before Comlink
 * listens, and its call would never answer; so messages are held from the first moment and
 * handed to Comlink once the API is exposed.
 */
import * as Comlink from 'comlink';

export function exposeLater(load: () => Promise<object>): void {
  const held: MessageEvent[] = [];
  const hold = (e: MessageEvent) => {
    held.push(e);
    e.stopImmediatePropagation();
  };
  self.addEventListener('message', hold);
  void load().then((api) => {
    self.removeEventListener('message', hold);
    Comlink.expose(api);
    for (const e of held.splice(0))
      self.dispatchEvent(new MessageEvent('message', { data: e.data, ports: [...e.ports] }));
  });
}
