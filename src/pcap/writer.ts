/**
 * The classic libpcap file format (pcap-savefile(5); IETF draft-ietf-opsawg-pcap): a 24-byte
 * file header with the nanosecond-resolution magic 0xA1B23C4D, then one 16-byte record header
 * (seconds, nanoseconds, captured length, original length) before each packet's bytes. Written
 * little-endian; readers detect the byte order from the magic. Link type 101 (LINKTYPE_RAW):
 * each record starts with the IPv4 header. No npm package writes pcap without Node's fs, so the
 * 40 lines are here; Uint8Array in, Uint8Array out (browser, worker, Node).
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
 * A pcap file of the records in order. Packets longer than `snapLen` are cut to it (the record
 * keeps the original length).
 */
export function writePcap(
  records: Iterable<PcapRecord>,
  snapLen = DEFAULT_SNAPLEN,
  linkType = LINKTYPE_RAW,
): Uint8Array {
  const list = [...records];
  let total = PCAP_FILE_HEADER_BYTES;
  for (const r of list) total += PCAP_RECORD_HEADER_BYTES + Math.min(r.data.length, snapLen);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setUint32(0, PCAP_MAGIC_NS, true);
  v.setUint16(4, 2, true);
  v.setUint16(6, 4, true);
  v.setInt32(8, 0, true); // thiszone
  v.setUint32(12, 0, true); // sigfigs
  v.setUint32(16, snapLen, true);
  v.setUint32(20, linkType, true);
  let o = PCAP_FILE_HEADER_BYTES;
  for (const r of list) {
    const [sec, ns] = splitTime(r.time);
    const cap = Math.min(r.data.length, snapLen);
    v.setUint32(o, sec, true);
    v.setUint32(o + 4, ns, true);
    v.setUint32(o + 8, cap, true);
    v.setUint32(o + 12, r.data.length, true);
    out.set(cap === r.data.length ? r.data : r.data.subarray(0, cap), o + PCAP_RECORD_HEADER_BYTES);
    o += PCAP_RECORD_HEADER_BYTES + cap;
  }
  return out;
}
