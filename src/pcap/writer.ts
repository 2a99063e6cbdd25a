/**
 * The classic libpcap file format (pcap-savefile(5); IETF draft-ietf-opsawg-pcap): a 24-byte
 * file header with the nanosecond-resolution magic 0xA1B23C4D, then one 16-byte record header
 * (seconds, nanoseconds, captured length, original length) before each packet's bytes. Written
 * little-endian; readers detect the byte order from the magic. Link type 101 (LINKTYPE_RAW):
 * each record starts with the IPv4 header. No npm package writes pcap without Node's fs, so the
 * framing is here; Uint8Array out (browser, worker, Node).
 */

export const PCAP_MAGIC_NS = 0xa1b23c4d;
export const PCAP_MAGIC_US = 0xa1b2c3d4;
export const LINKTYPE_RAW = 101;
export const PCAP_FILE_HEADER_BYTES = 24;
export const PCAP_RECORD_HEADER_BYTES = 16;
/** Default snapshot length: every packet is kept whole. */
export const DEFAULT_SNAPLEN = 262144;

export interface PcapRecord {
  /** Capture time, seconds since the epoch of the file (the run's clock). */
  time: number;
  /** The packet's bytes (starting with the link-layer header: here the IPv4 header). */
  data: Uint8Array;
}

/** Seconds → [whole seconds, nanoseconds], rounded to the nearest nanosecond. */
export function splitTime(t: number): [number, number] {
  let sec = Math.floor(t);
  let ns = Math.round((t - sec) * 1e9);
  if (ns >= 1e9) {
    sec += 1;
    ns -= 1e9;
  }
  return [sec, ns];
}

/**
 * Packets to write, by index 0 … count − 1, in file order: each one's capture time, its length
 * in bytes, and a way to write its bytes in place.
 */
export interface PcapPackets {
  count: number;
  /** Capture time of packet k, seconds since the epoch of the file. */
  time(k: number): number;
  /** Length in bytes of packet k (the record's original length). */
  length(k: number): number;
  /** Write packet k's `length(k)` bytes at `out[at..)`, a zero-filled range; returns how many
   * were written (its length). */
  write(k: number, out: Uint8Array, at: number): number;
}

/** Write the 24-byte file header at the start of `v`. */
function writeFileHeader(v: DataView, snapLen: number, linkType: number): void {
  v.setUint32(0, PCAP_MAGIC_NS, true);
  v.setUint16(4, 2, true);
  v.setUint16(6, 4, true);
  v.setInt32(8, 0, true); // thiszone
  v.setUint32(12, 0, true); // sigfigs
  v.setUint32(16, snapLen, true);
  v.setUint32(20, linkType, true);
}

/** Write a 16-byte record header at `at`: time t (seconds, splitTime), captured and original
 * lengths. */
function writeRecordHeader(v: DataView, at: number, t: number, cap: number, orig: number): void {
  const [sec, ns] = splitTime(t);
  v.setUint32(at, sec, true);
  v.setUint32(at + 4, ns, true);
  v.setUint32(at + 8, cap, true);
  v.setUint32(at + 12, orig, true);
}

/**
 * A pcap file of the packets in order, written in two passes into one buffer: the lengths give
 * the file's exact size, then each packet is written in place behind its record header.
 * Packets longer than `snapLen` are written whole into a scratch buffer and cut to it (the
 * record keeps the original length). Throws when a packet writes other than its length.
 */
export function writePcapPackets(
  packets: PcapPackets,
  snapLen = DEFAULT_SNAPLEN,
  linkType = LINKTYPE_RAW,
): Uint8Array {
  const n = packets.count;
  let total = PCAP_FILE_HEADER_BYTES;
  for (let k = 0; k < n; k++)
    total += PCAP_RECORD_HEADER_BYTES + Math.min(packets.length(k), snapLen);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  writeFileHeader(v, snapLen, linkType);
  let scratch = new Uint8Array(0);
  let o = PCAP_FILE_HEADER_BYTES;
  for (let k = 0; k < n; k++) {
    const len = packets.length(k);
    const cap = Math.min(len, snapLen);
    writeRecordHeader(v, o, packets.time(k), cap, len);
    o += PCAP_RECORD_HEADER_BYTES;
    let written: number;
    if (cap === len) {
      written = packets.write(k, out, o);
    } else {
      if (scratch.length < len) scratch = new Uint8Array(len);
      else scratch.fill(0, 0, len);
      written = packets.write(k, scratch, 0);
      out.set(scratch.subarray(0, cap), o);
    }
    if (written !== len) throw new Error(`pcap: packet ${k} wrote ${written} bytes, not ${len}`);
    o += cap;
  }
  return out;
}

/**
 * A pcap file of the records in order (writePcapPackets). Packets longer than `snapLen` are cut
 * to it (the record keeps the original length).
 */
export function writePcap(
  records: Iterable<PcapRecord>,
  snapLen = DEFAULT_SNAPLEN,
  linkType = LINKTYPE_RAW,
): Uint8Array {
  const list = [...records];
  return writePcapPackets(
    {
      count: list.length,
      time: (k) => list[k]!.time,
      length: (k) => list[k]!.data.length,
      write: (k, out, at) => {
        out.set(list[k]!.data, at);
        return list[k]!.data.length;
      },
    },
    snapLen,
    linkType,
  );
}
