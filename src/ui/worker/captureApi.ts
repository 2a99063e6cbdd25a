/**
 * The API the capture worker exposes (Comlink): read a capture file in chunks and analyse it,
 * reporting progress; the result's columns are transferred. Loaded by capture.worker.ts.
 */
import * as Comlink from 'comlink';
import { analyseCapture } from '../capture/captureView';
import { readInChunks } from '../capture/readFile';
import { captureBuffers } from '../capture/transfer';
import type { CaptureView } from '../capture/types';

export type CapturePhase = 'reading' | 'analysing';

export interface CaptureApi {
  /**
   * Read `file` (pcap or pcapng) and analyse its TCP connections. `onProgress` receives the
   * fraction done of each phase. Rejects with a sentence saying what is wrong with the file.
   */
  open(
    file: Blob,
    name: string,
    onProgress?: (fraction: number, phase: CapturePhase) => void,
  ): Promise<CaptureView>;
}

/** Progress messages at most this often (ms). */
const PROGRESS_MS = 50;

export const captureApi: CaptureApi = {
  async open(file, name, onProgress) {
    let last = -Infinity;
    const report = (f: number, phase: CapturePhase) => {
      const now = performance.now();
      if (onProgress && (now - last > PROGRESS_MS || f >= 1)) {
        last = now;
        void onProgress(f, phase);
      }
    };
    const bytes = await readInChunks(file, (f) => report(f, 'reading'));
    const view = analyseCapture(bytes, name, (f) => report(f, 'analysing'));
    return Comlink.transfer(view, captureBuffers(view));
  },
};
