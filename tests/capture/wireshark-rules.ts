/**
 * Wireshark's expert analysis (tshark 4.0, packet-tcp.c) labels some packets by rules that
 * differ from the RFC classes the capture analysis uses. This helper restates those rules on
 * our own analysis so a test can show that every difference in counts comes from the rule,
 * not from a misread packet.
 *
 * tcp.analysis.fast_retransmission: a retransmission whose sequence number equals the ACK
 * number of the latest duplicate ACKs from the peer, after at least 2 of them, within 20 ms of
 * the last one. Our `fast` class instead follows RFC 5681 §3.2 / RFC 6675 (3 duplicate ACKs or
 * more than 2 segments SACKed above the hole, the sender's view; at the receiver side only
 * duplicate ACKs that passed at least one loop through the sender before the retransmission
 * came, or the one it answers by its timing: analyse.ts).
 */
import type { ConnectionAnalysis } from '../../src/capture';

export function wiresharkFastRetransmissions(a: ConnectionAnalysis): number {
  const P = a.packets;
  let n = 0;
  let d = -1;
  for (const r of a.retransmissions) {
    while (d + 1 < a.dupacks.length && a.dupacks[d + 1]!.packet < r.packet) d++;
    const dup = a.dupacks[d];
    if (!dup || dup.count < 2 || dup.ack !== r.seq || r.time - dup.time >= 0.02) continue;
    // The peer's latest ACK before the retransmission must still be that duplicate ACK value.
    let j = r.packet - 1;
    while (j >= 0 && P.dir[j] !== 1) j--;
    if (P.ack[j] === r.seq) n++;
  }
  return n;
}
