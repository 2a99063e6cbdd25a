import type { Packet } from '../net/packet';
import { NO_BLOCKS } from '../net/packet';
import { PacketType } from '../trace/types';

/**
 * A TCP control packet (40 bytes: IP + TCP header, no payload): the handshake's SYN and SYN-ACK,
 * the close's FIN and FIN-ACK (close.ts). `label` names it in the trace.
 */
export function controlPacket(
  uid: number,
  flow: number,
  src: number,
  dst: number,
  label: string,
  now: number,
): Packet {
  return {
    uid,
    flow,
    type: PacketType.control,
    src,
    dst,
    size: 40,
    seq: 0,
    retx: false,
    sentAt: now,
    cumAck: 0,
    blocks: NO_BLOCKS,
    forSeq: 0,
    tsEcho: 0,
    ecn: 0,
    ecnFlags: 0,
    label,
  };
}
