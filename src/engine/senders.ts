/**
 * Every sender's descriptor in one table: its id and protocol (sender-ids.ts), its identity
 * (`meta`: names, compare colour and dash, fast-retransmit threshold) and its traits (what
 * code outside its variant file may ask of it: SACK receiver, cwnd unit, recovery family …),
 * gathered from the three registries (tcp/variants/index.ts, sctp/variants.ts,
 * udp/variant.ts). Read a sender's traits here instead of matching its id.
 */
import { SENDER_IDS, SENDER_PROTOCOLS, type Protocol, type SenderId } from './sender-ids';
import { SCTP_VARIANT_LIST, SCTP_VARIANTS } from './sctp/variants';
import { TCP_VARIANT_LIST, TCP_VARIANTS } from './tcp/variants';
import { UDP_VARIANT_LIST, UDP_VARIANTS } from './udp/variant';
import type { SenderTraits, VariantMeta } from './variant-meta';

export * from './sender-ids';
export { SCTP_VARIANT_LIST, TCP_VARIANT_LIST, UDP_VARIANT_LIST };
export type { RecoveryFamily, SenderTraits, VariantMeta } from './variant-meta';

/** A sender as the rest of the app sees it: id, protocol, identity and traits. */
export interface SenderDescriptor<Id extends SenderId = SenderId> {
  readonly id: Id;
  readonly protocol: Protocol;
  readonly meta: VariantMeta;
  readonly traits: SenderTraits;
}

function describe(id: SenderId): SenderDescriptor {
  const protocol = SENDER_PROTOCOLS[id];
  switch (protocol) {
    case 'tcp': {
      const v = TCP_VARIANTS[id as keyof typeof TCP_VARIANTS];
      return {
        id,
        protocol,
        meta: v.meta,
        traits: {
          protocol,
          sackReceiver: v.sack,
          cwndUnit: 'packets',
          recovery: v.recovery,
          windowInflation: v.meta.windowInflation === true,
          frtx: v.meta.frtx,
        },
      };
    }
    case 'sctp': {
      const v = SCTP_VARIANTS[id as keyof typeof SCTP_VARIANTS];
      return {
        id,
        protocol,
        meta: v.meta,
        traits: {
          protocol,
          sackReceiver: true,
          cwndUnit: 'bytes',
          recovery: v.fastRecovery ? 'sctp-newreno' : 'sctp-2960',
          windowInflation: false,
          frtx: v.meta.frtx,
        },
      };
    }
    case 'udp': {
      const v = UDP_VARIANTS[id as keyof typeof UDP_VARIANTS];
      return {
        id,
        protocol,
        meta: v.meta,
        traits: {
          protocol,
          sackReceiver: false,
          cwndUnit: 'none',
          recovery: 'none',
          windowInflation: false,
          frtx: v.meta.frtx,
        },
      };
    }
  }
}

/** Every sender's descriptor, in picker order (TCP, SCTP, UDP). */
export const SENDERS: readonly SenderDescriptor[] = SENDER_IDS.map(describe);

const BY_ID = new Map<string, SenderDescriptor>(SENDERS.map((d) => [d.id, d]));

/** The descriptor of any string (a URL value, a trace's FlowInfo.sender), or undefined. */
export function findSender(id: string): SenderDescriptor | undefined {
  return BY_ID.get(id);
}

/** A sender's names, colours and threshold from its registry entry, or undefined for an unknown id. */
export function senderMeta(id: string): VariantMeta | undefined {
  return BY_ID.get(id)?.meta;
}

/** A sender's traits from its descriptor, or undefined for an unknown id. */
export function senderTraits(id: string): SenderTraits | undefined {
  return BY_ID.get(id)?.traits;
}
