/**
 * createCaptureReader: the streaming entry point (types.ts CaptureReader). Container records →
 * TCP decode → the connection table; analysis on demand per connection.
 */
import { analyseNormalised } from './analyse';
import { normalise } from './columns';
import { ContainerReader } from './container';
import { decodeTcp, newTcpFields } from './decode';
import { ConnectionTable } from './store';
import {
  CaptureCancelled,
  type CaptureProgress,
  type CaptureReader,
  type CaptureReaderOptions,
  type ConnectionAnalysis,
  type ConnectionSummary,
} from './types';

export function createCaptureReader(options: CaptureReaderOptions = {}): CaptureReader {
  const table = new ConnectionTable();
  const fields = newTcpFields();
  const progress: CaptureProgress = {
    bytesRead: 0,
    totalBytes: options.totalBytes ?? null,
    packets: 0,
    tcpPackets: 0,
  };
  let first: number | null = null;
  let base = 0;
  let cancelled = false;
  let ended = false;
  const container = new ContainerReader((r) => {
    progress.packets++;
    if (first === null) {
      first = r.time;
      base = r.base;
    }
    if (!decodeTcp(r.linkType, r.data, fields)) return;
    progress.tcpPackets++;
    table.add(r.time, fields);
  });
  const cache = new Map<number, ConnectionAnalysis>();
  const analyse = (id: number): ConnectionAnalysis => {
    const hit = cache.get(id);
    if (hit) return hit;
    const c = table.list[id];
    if (!c) throw new RangeError(`no connection ${id}`);
    const start = c.time.data[0]!;
    const a = analyseNormalised(normalise(c, start), id, start - (first ?? 0));
    cache.set(id, a);
    return a;
  };
  return {
    push(chunk) {
      if (cancelled) throw new CaptureCancelled();
      if (ended) throw new Error('push after end()');
      container.push(chunk);
      progress.bytesRead += chunk.length;
      options.onProgress?.({ ...progress });
    },
    end() {
      if (cancelled) throw new CaptureCancelled();
      if (ended) return;
      container.end();
      ended = true;
      options.onProgress?.({ ...progress });
    },
    cancel() {
      cancelled = true;
    },
    get progress() {
      return { ...progress };
    },
    get format() {
      return container.format;
    },
    get startTime() {
      return first === null ? null : base + first;
    },
    connections(): ConnectionSummary[] {
      return table.list.map((c) => analyse(c.id).summary);
    },
    analyse,
  };
}

/** Reads a whole capture held in memory (CLI, tests). */
export function readCapture(bytes: Uint8Array, options: CaptureReaderOptions = {}): CaptureReader {
  const r = createCaptureReader({ totalBytes: bytes.length, ...options });
  const step = 1 << 20;
  for (let o = 0; o < bytes.length; o += step) r.push(bytes.subarray(o, o + step));
  r.end();
  return r;
}
