import type { FlowConfig } from '../config';
import type { AppSource } from '../app/source';
import type { Scheduler } from '../core/scheduler';
import type { SenderEndpoint } from '../flow';
import type { Network } from '../net/network';
import { NO_BLOCKS, type Packet } from '../net/packet';
import { PacketType } from '../trace/types';
import { UDP_HEADER_BYTES } from './variant';

/**
 * A UDP sender (RFC 768): every packet the application offers is sent at once as one datagram —
 * no window, no acknowledgements, no retransmission, no timers. Datagram k (1-based `seq`) is
 * `mssBytes` of payload plus UDP_HEADER_BYTES (UDP 8 + IPv4 20) on the wire, whatever the
 * flow's headerBytes says. When everything offered so far has been sent it tells the source
 * (AppSource.drained). Records no decisions and no cwnd samples: UDP has no congestion state.
 *
 * ns-2's Agent/UDP (udp.cc sendmsg) sends the application's bytes as they are, with no header
 * added: an ns-2 CBR packetSize_ of mssBytes + 28 is the same datagram on the wire.
 */
export class UdpSender implements SenderEndpoint {
  readonly node: number;
  private readonly dst: number;
  packetsSent = 0;
  readonly retransmissions = 0;
  readonly timeouts = 0;
  readonly fastRetransmits = 0;
  private pumping = false;

  constructor(
    private readonly cfg: FlowConfig,
    private readonly source: AppSource,
    private readonly sched: Scheduler,
    private readonly net: Network,
  ) {
    this.node = net.nodeIndex(cfg.src);
    this.dst = net.nodeIndex(cfg.dst);
  }

  /** Starts the application at cfg.startS. */
  start(): void {
    this.sched.at(this.cfg.startS, () => {
      this.source.start(() => this.pump());
      this.pump();
    });
  }

  /** Nothing comes back to a UDP sender. */
  receive(): void {}

  /**
   * Send every offered packet not yet sent, then report the source drained. Re-entrant calls
   * (a source that offers more from drained()) are folded into the running loop.
   * @throws Error when the source offers without limit (a bulk source behind UDP).
   */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const offered = this.source.offered();
        if (offered === Infinity) {
          throw new Error(
            `flow ${this.cfg.id + 1}: UDP needs an application that sets its pace (cbr, onoff, voip, file, ftp-clients), not bulk`,
          );
        }
        if (this.packetsSent >= offered) break;
        while (this.packetsSent < offered) this.send(this.packetsSent + 1);
        this.source.drained();
      }
    } finally {
      this.pumping = false;
    }
  }

  private send(seq: number): void {
    const cfg = this.cfg;
    const p: Packet = {
      uid: this.net.newUid(),
      flow: cfg.id,
      type: PacketType.data,
      src: this.node,
      dst: this.dst,
      size: cfg.mssBytes + UDP_HEADER_BYTES,
      seq,
      retx: false,
      sentAt: this.sched.now,
      cumAck: 0,
      blocks: NO_BLOCKS,
      forSeq: 0,
      tsEcho: 0,
      ecn: 0,
      ecnFlags: 0,
    };
    this.packetsSent++;
    this.net.send(p);
  }
}
