/**
 * The engine's sender ids, derived from the variant registries (tcp/variants/index.ts,
 * sctp/variants.ts): adding a variant there adds its id here.
 */
import { TCP_VARIANT_LIST, type TcpSenderId } from './tcp/variants';

export { TCP_VARIANT_LIST };
export type { TcpSenderId };
export type { VariantMeta } from './variant-meta';
/** SCTP sender variants: RFC 2960, New-Reno SCTP (Caro et al. §2.2), New-Reno SCTP* (§5), RFC 4960. */
export type SctpSenderId = 'sctp-2960' | 'sctp-newreno' | 'sctp-newreno-ca' | 'sctp-4960';
export type SenderId = TcpSenderId | SctpSenderId;

export const TCP_SENDERS: readonly TcpSenderId[] = TCP_VARIANT_LIST.map((v) => v.id);
export const SCTP_SENDERS: readonly SctpSenderId[] = [
  'sctp-2960',
  'sctp-newreno',
  'sctp-newreno-ca',
  'sctp-4960',
];

export function isTcpSender(id: SenderId): id is TcpSenderId {
  return (TCP_SENDERS as readonly string[]).includes(id);
}
