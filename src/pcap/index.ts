/**
 * pcap export of a trace (issue 10): pure TypeScript, no DOM and no Node APIs, so the worker,
 * the UI and the CLI share it. One concept per file:
 * - capture.ts: which events a capture at a node holds, and the control packets' labels;
 * - flows.ts: addresses, ports, tags, packet number → TCP byte sequence number;
 * - encode.ts: one event → its IPv4 packet, handed to a sink.ts (measure it, or write it in
 *   place); ipv4.ts, tcp.ts, sctp.ts, udp.ts the headers, written at an offset (bytes.ts);
 *   checksum.ts the Internet checksum, crc32c.ts SCTP's CRC32c;
 * - writer.ts: the pcap file, sized from the packets' lengths and written in one buffer;
 *   export.ts: all of it from a Trace.
 */
export { tracePcap, defaultCaptureNode, type PcapCapture, type PcapOptions } from './export';
export {
  captureNode,
  captureEvents,
  controlLabels,
  CONTROL_LABELS,
  type ControlLabel,
} from './capture';
export { PCAP_MAGIC_NS, LINKTYPE_RAW, writePcap } from './writer';
