import type { VariantMeta } from '../variant-meta';

/**
 * UDP (RFC 768): no congestion control, no retransmission, no acknowledgements; one datagram per
 * packet the application offers, sent at once. Its identity, like a TCP or SCTP variant's.
 */
export const UDP_VARIANT_LIST = [
  {
    id: 'udp',
    meta: {
      label: 'UDP',
      name: 'UDP',
      color: '#999999',
      dash: '2 2',
      frtx: 0,
      frtxSource: 'UDP has no retransmission (RFC 768)',
    } satisfies VariantMeta,
  },
] as const;

export type UdpSenderId = (typeof UDP_VARIANT_LIST)[number]['id'];

/** UDP header bytes on the wire with IPv4: 8 + 20 = 28. */
export const UDP_HEADER_BYTES = 28;
