/**
 * Read a file (a Blob) slice by slice, handing each slice on before reading the next: a
 * 100 MB capture is never held whole, progress moves after each slice, and Cancel
 * (terminating the capture worker) takes effect between slices.
 */

/** Bytes read per slice. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

export async function readInChunks(
  file: Blob,
  onChunk: (chunk: Uint8Array, bytesRead: number) => void,
  chunkBytes = CHUNK_BYTES,
): Promise<void> {
  for (let at = 0; at < file.size; at += chunkBytes) {
    const part = new Uint8Array(await file.slice(at, at + chunkBytes).arrayBuffer());
    onChunk(part, at + part.length);
  }
}
