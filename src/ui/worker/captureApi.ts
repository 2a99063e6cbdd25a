/**
 * The API the capture worker exposes (Comlink): read a capture file slice by slice into the
 * capture module's streaming reader, reporting progress, then analyse a connection on request
 * (its columns transferred, not copied). The reader stays in the worker while the capture is
 * open. Loaded by capture.worker.ts.
 */
import * as Comlink from 'comlink';
import {
  createCaptureReader,
  replayScenario,
  type CaptureReader,
  type ConnectionAnalysis,
  type Replay,
} from '../deps/capture';
import { readInChunks } from '../capture/readFile';
import { packConnection, type PackedConnection } from '../capture/pack';
import type { CaptureFile } from '../capture/types';

export interface CaptureApi {
  /**
   * Read `file` (pcap or pcapng) and list its TCP connections. `onProgress` receives the
   * fraction of the file read. Rejects with the reader's sentence on a file it cannot read.
   */
  open(file: Blob, name: string, onProgress?: (fraction: number) => void): Promise<CaptureFile>;
  /**
   * The analysis of connection `id` of the file opened last, packed for the page with its
   * plots' models built here (capture/pack.ts).
   */
  analyse(id: number): Promise<PackedConnection>;
  /**
   * The simulator scenario replaying connection `id` with `sender` (the capture module's
   * replayScenario, run here on the whole analysis): its query string and what each value was
   * estimated from.
   */
  replay(id: number, sender: string): Promise<Replay>;
}

/** Progress messages at most this often (ms). */
const PROGRESS_MS = 50;

let reader: CaptureReader | null = null;
/** The analyses sent to the page, whole (the page gets them packed). */
const analyses = new Map<number, ConnectionAnalysis>();

export const captureApi: CaptureApi = {
  async open(file, name, onProgress) {
    reader = null;
    analyses.clear();
    const r = createCaptureReader({ totalBytes: file.size });
    let last = -Infinity;
    await readInChunks(file, (chunk, read) => {
      r.push(chunk);
      const now = performance.now();
      if (onProgress && now - last > PROGRESS_MS) {
        last = now;
        void onProgress(read / Math.max(1, file.size));
      }
    });
    r.end();
    if (!r.format) throw new Error('the file is empty');
    reader = r;
    const p = r.progress;
    return {
      name,
      bytes: file.size,
      format: r.format,
      packets: p.packets,
      tcpPackets: p.tcpPackets,
      connections: r.connections(),
    };
  },
  async analyse(id) {
    if (!reader) throw new Error('no capture is open');
    const a = analyses.get(id) ?? reader.analyse(id);
    analyses.set(id, a);
    const { packed, buffers } = packConnection(a);
    return Comlink.transfer(packed, buffers);
  },
  async replay(id, sender) {
    if (!reader) throw new Error('no capture is open');
    const a = analyses.get(id) ?? reader.analyse(id);
    analyses.set(id, a);
    return replayScenario(a, { sender });
  },
};
