/**
 * Read a file (a Blob) in chunks into one byte array, reporting the fraction read after each
 * chunk. Used in the capture worker; a 100 MB capture is read in 4 MiB slices so progress moves
 * and Cancel (terminating the worker) takes effect between slices.
 */

/** Bytes read per slice. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

export async function readInChunks(
  file: Blob,
  onProgress?: (fraction: number) => void,
  chunkBytes = CHUNK_BYTES,
): Promise<Uint8Array> {
  const out = new Uint8Array(file.size);
  for (let at = 0; at < file.size; at += chunkBytes) {
    const part = new Uint8Array(await file.slice(at, at + chunkBytes).arrayBuffer());
    out.set(part, at);
    onProgress?.(Math.min(1, (at + part.length) / file.size));
  }
  return out;
}
