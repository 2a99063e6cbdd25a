import type { FlowConfig, TcpRules } from '../config';

/**
 * Wire size of TCP seqno `seqno` (0-based), bytes: payload + header, as ns-2.35's
 * TcpAgent::output sizes it — seqno 0 is a header-only SYN segment (FlowConfig.synSegment) or,
 * in ns-2's one-way TCP without a handshake, may go without its header
 * (firstPacketWithoutHeader); a variant whose ns-2 output() sends packetSize_ bytes with no
 * header (`headerless`, Vegas) under `ns2` rules sends mssBytes.
 */
export function tcpWireSize(
  cfg: FlowConfig,
  rules: TcpRules,
  headerless: boolean,
  seqno: number,
): number {
  if (headerless && rules === 'ns2') return cfg.mssBytes;
  if (seqno !== 0) return cfg.mssBytes + cfg.headerBytes;
  if (cfg.synSegment) return cfg.headerBytes;
  return cfg.firstPacketWithoutHeader && !cfg.handshake
    ? cfg.mssBytes
    : cfg.mssBytes + cfg.headerBytes;
}
