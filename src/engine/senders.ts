/**
 * The engine's sender ids, derived from the variant registries (tcp/variants/index.ts,
 * sctp/variants.ts): adding a variant there adds its id here. Neither registry imports this
 * module or config.ts at run time (only types), so config.ts can re-export it without a cycle.
 */
import { SCTP_VARIANT_LIST, type SctpSenderId } from './sctp/variants';
import { TCP_VARIANT_LIST, type TcpSenderId } from './tcp/variants';
import { UDP_VARIANT_LIST, type UdpSenderId } from './udp/variant';

export { SCTP_VARIANT_LIST, TCP_VARIANT_LIST, UDP_VARIANT_LIST };
export type { SctpSenderId, TcpSenderId, UdpSenderId };
export type { VariantMeta } from './variant-meta';
export type SenderId = TcpSenderId | SctpSenderId | UdpSenderId;

/** The transport protocol of a sender. */
export type Protocol = 'tcp' | 'sctp' | 'udp';

export const TCP_SENDERS: readonly TcpSenderId[] = TCP_VARIANT_LIST.map((v) => v.id);
export const SCTP_SENDERS: readonly SctpSenderId[] = SCTP_VARIANT_LIST.map((v) => v.id);
export const UDP_SENDERS: readonly UdpSenderId[] = UDP_VARIANT_LIST.map((v) => v.id);

const META = new Map<string, import('./variant-meta').VariantMeta>(
  [...TCP_VARIANT_LIST, ...SCTP_VARIANT_LIST, ...UDP_VARIANT_LIST].map((v) => [v.id, v.meta]),
);

/** A sender's names, colours and threshold from its registry entry, or undefined for an unknown id. */
export function senderMeta(id: string): import('./variant-meta').VariantMeta | undefined {
  return META.get(id);
}

export function isTcpSender(id: SenderId): id is TcpSenderId {
  return (TCP_SENDERS as readonly string[]).includes(id);
}

export function isSctpSender(id: SenderId): id is SctpSenderId {
  return (SCTP_SENDERS as readonly string[]).includes(id);
}

export function isUdpSender(id: SenderId): id is UdpSenderId {
  return (UDP_SENDERS as readonly string[]).includes(id);
}

/** The transport protocol a sender id belongs to. */
export function senderProtocol(id: SenderId): Protocol {
  return isTcpSender(id) ? 'tcp' : isUdpSender(id) ? 'udp' : 'sctp';
}
