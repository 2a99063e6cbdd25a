/** The buffers of a CaptureView's columns, to transfer it from the worker without a copy. */
import type { CaptureView } from './types';

export function captureBuffers(view: CaptureView): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const add = (cols: object) => {
    for (const v of Object.values(cols))
      if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  };
  for (const c of view.connections) {
    add(c.packets);
    add(c.sacks);
    add(c.rtt);
    add(c.inflight);
    add(c.cwndBound);
  }
  return [...out];
}
