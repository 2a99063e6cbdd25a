import type { FlowConfig } from '../config';

/**
 * Payload bytes of a flow's packet `n` (1-based, as the application numbers what it offers: TCP
 * segments after ns-2's SYN segment, SCTP TSNs, UDP datagrams) as the application handed them to
 * the transport: FlowConfig.mssBytes, except the last packet of a `file` transfer, which carries
 * what is left of the file (bytes − (⌈bytes / mss⌉ − 1) · mss). ns-2.35's SctpAgent::sendmsg cuts
 * a message into pieces of mtu_ − 48 bytes the same way, the last one shorter; its
 * TcpAgent::sendmsg rounds the transfer up to whole segments on the wire, so TCP sends a full
 * last segment but only these bytes are the file's (offered and delivered bytes).
 */
export function appPacketBytes(cfg: FlowConfig, n: number): number {
  const app = cfg.app;
  if (app?.kind === 'file') {
    const packets = Math.ceil(app.bytes / cfg.mssBytes);
    if (n === packets) return app.bytes - (packets - 1) * cfg.mssBytes;
  }
  return cfg.mssBytes;
}
