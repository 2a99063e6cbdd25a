/**
 * Where an encoded packet goes: the event encoder (encode.ts) hands each packet's header
 * fields to a sink, which either measures it (its length in bytes, for the pcap's first pass)
 * or writes it in place at an offset of the file's one buffer (its second pass). Either way
 * the sink returns the packet's length.
 */
import { sctpPacketBytes, writeSctp, type SctpPacket } from './sctp';
import { tcpPacketBytes, writeTcp, type TcpSegment } from './tcp';
import { udpPacketBytes, writeUdp, type UdpDatagram } from './udp';

export interface PacketSink {
  tcp(s: TcpSegment): number;
  sctp(p: SctpPacket): number;
  udp(d: UdpDatagram): number;
}

/** The sink that only measures: each packet's length in bytes. */
export const MEASURE: PacketSink = {
  tcp: tcpPacketBytes,
  sctp: sctpPacketBytes,
  udp: udpPacketBytes,
};

/** A sink writing each packet at `out[at..)` (set `out` and `at` before each packet); the
 * range must be zero-filled, as payload bytes are not written. */
export class PacketWriter implements PacketSink {
  out: Uint8Array = new Uint8Array(0);
  at = 0;
  tcp(s: TcpSegment): number {
    return writeTcp(this.out, this.at, s);
  }
  sctp(p: SctpPacket): number {
    return writeSctp(this.out, this.at, p);
  }
  udp(d: UdpDatagram): number {
    return writeUdp(this.out, this.at, d);
  }
}
