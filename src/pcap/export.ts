/**
 * A full trace → a pcap file of every packet seen at one node (capture.ts says what that
 * means): TCP segments with byte sequence numbers and SACK options, SCTP packets with DATA /
 * SACK chunks and a valid CRC32c, the control packets the trace names (TCP SYN / SYN-ACK /
 * FIN / its ACK, SCTP INIT … SHUTDOWN COMPLETE), UDP datagrams with their checksum (flows.ts,
 * encode.ts, udp.ts), stamped with the run's own clock (pcap time = simulated seconds since
 * the epoch, to the nanosecond).
 *
 * Two passes over the captured events: the first measures each packet (the file's exact
 * size), the second writes every header in place in the file's one buffer (writer.ts).
 *
 * Sizes: each packet is encoded with real headers and its real payload (zeros), so its length
 * in the file is what such a packet measures, not always the trace's `size` (ns-2 counts a
 * 40-byte TCP ACK whatever its SACK option, and a 40-byte header per SCTP DATA packet where
 * IPv4 + SCTP + DATA chunk headers take 48). Packets are written whole unless a snap length is
 * given (then cut to it, original length kept).
 */
import type { SimConfig } from '../engine';
import { PacketType, type Trace } from '../engine';
import { captureEvents, captureNode, controlLabels } from './capture';
import { blocksByUid, encodeEvent, type EventPacket } from './encode';
import { flowWires } from './flows';
import { MEASURE, PacketWriter } from './sink';
import { DEFAULT_SNAPLEN, writePcapPackets } from './writer';

export interface PcapOptions {
  /** Node to capture at, by name (trace.nodes); default: the bottleneck's upstream router. */
  node?: string | null;
  /** TCP initial sequence number of both ends (default 0). */
  isn?: number;
  /** Snapshot length in bytes (default: whole packets). */
  snapLen?: number;
}

export interface PcapCapture {
  /** The node captured at. */
  node: string;
  /** Packets written. */
  packets: number;
  bytes: Uint8Array;
}

/** The name of the node a capture uses by default (the bottleneck's upstream router). */
export function defaultCaptureNode(trace: Trace): string {
  return trace.nodes[trace.router] ?? '';
}

/** The pcap file of a full trace seen at one node. Throws on a metrics-only trace or an
 * unknown node. */
export function tracePcap(
  trace: Trace,
  config: SimConfig | null = null,
  options: PcapOptions = {},
): PcapCapture {
  if (trace.record !== 'full')
    throw new Error('a pcap needs a full trace (this run kept counters only)');
  const node = captureNode(trace, options.node);
  const events = captureEvents(trace, node);
  const labels = controlLabels(trace);
  const wires = flowWires(trace, config, options.isn ?? 0, labels);
  const p = trace.packets;
  const x = trace.transmissions;
  const uids = new Set<number>();
  for (const i of events) uids.add(p.uid[i]!);
  const blocks = blocksByUid(trace, uids);
  const packet = (i: number): EventPacket => {
    const uid = p.uid[i]!;
    return { event: i, label: labels.get(uid), blocks: blocks.get(uid) };
  };
  // First pass: the events written and each one's packet length.
  const kept = new Int32Array(events.length);
  const lengths = new Int32Array(events.length);
  let count = 0;
  for (const i of events) {
    const uid = p.uid[i]!;
    const w = wires[x.flow[uid]!];
    if (!w) continue;
    // A control packet the trace does not name (a hand-built trace) is left out.
    if (x.type[uid] === PacketType.control && !labels.has(uid)) continue;
    kept[count] = i;
    lengths[count++] = encodeEvent(trace, w, packet(i), MEASURE);
  }
  // Second pass: each packet written in place in the file's one buffer.
  const writer = new PacketWriter();
  const bytes = writePcapPackets(
    {
      count,
      time: (k) => p.time[kept[k]!]!,
      length: (k) => lengths[k]!,
      write: (k, out, at) => {
        const i = kept[k]!;
        writer.out = out;
        writer.at = at;
        return encodeEvent(trace, wires[x.flow[p.uid[i]!]!]!, packet(i), writer);
      },
    },
    options.snapLen ?? DEFAULT_SNAPLEN,
  );
  return { node: trace.nodes[node] ?? '', packets: count, bytes };
}
