import type { UdpSenderId } from '../sender-ids';
import type { VariantMeta } from '../variant-meta';

/** A UDP sender's descriptor: only its identity (no window, no ops). */
export interface UdpVariant<Id extends UdpSenderId = UdpSenderId> {
  readonly id: Id;
  readonly meta: VariantMeta;
}

/**
 * UDP (RFC 768): no congestion control, no retransmission, no acknowledgements; one datagram per
 * packet the application offers, sent at once. Its identity, like a TCP or SCTP variant's.
 */
export const udp: UdpVariant<'udp'> = {
  id: 'udp',
  meta: {
    label: 'UDP',
    name: 'UDP',
    color: '#999999',
    dash: '2 2',
    frtx: 0,
    frtxSource: 'UDP has no retransmission (RFC 768)',
  },
};

/** The UDP registry, keyed by the UDP ids of sender-ids.ts. */
export const UDP_VARIANTS = { udp } as const satisfies {
  readonly [K in UdpSenderId]: UdpVariant<K>;
};

export const UDP_VARIANT_LIST: readonly UdpVariant[] = [udp];

export type { UdpSenderId };

/** UDP header bytes on the wire with IPv4: 8 + 20 = 28. */
export const UDP_HEADER_BYTES = 28;
