import type { FlowConfig } from '../config';
import type { ReceiverEndpoint } from '../flow';
import type { Packet } from '../net/packet';

/**
 * A UDP receiver: counts the datagrams handed to it and their payload (mssBytes each); sends
 * nothing back (RFC 768: no acknowledgements). A UDP sender never sends a packet twice, so each
 * datagram is counted once. deliveredPackets is the number received, not the highest in order
 * (datagrams are not reordered by the network, so the two agree unless some were lost).
 */
export class UdpReceiver implements ReceiverEndpoint {
  deliveredBytes = 0;
  deliveredPackets = 0;

  constructor(private readonly cfg: FlowConfig) {}

  receive(_p: Packet): void {
    this.deliveredPackets++;
    this.deliveredBytes += this.cfg.mssBytes;
  }
}
