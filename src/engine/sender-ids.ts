/**
 * The engine's sender ids and the transport protocol of each: a leaf module (it imports
 * nothing), so `config.ts` and every file that only names a sender can use these types without
 * depending on the variants' code. The descriptors with each sender's traits and ops are in the
 * registries (tcp/variants/index.ts, sctp/variants.ts, udp/variant.ts; gathered in senders.ts),
 * each typed `satisfies Record<…SenderId, …>`: an id added here without its descriptor does not
 * compile.
 *
 * Order is the picker's: TCP (Tahoe, Reno, NewReno, SACK [ns-2 Sack1], FACK, CUBIC, Vegas, BBR), SCTP
 * (RFC 2960, New-Reno SCTP [Caro et al. 2003 §2.2], New-Reno SCTP* [§5], RFC 4960), UDP.
 */
export const SENDER_PROTOCOLS = {
  tahoe: 'tcp',
  reno: 'tcp',
  newreno: 'tcp',
  sack: 'tcp',
  fack: 'tcp',
  cubic: 'tcp',
  vegas: 'tcp',
  bbr: 'tcp',
  'sctp-2960': 'sctp',
  'sctp-newreno': 'sctp',
  'sctp-newreno-ca': 'sctp',
  'sctp-4960': 'sctp',
  udp: 'udp',
} as const;

/** Every sender id a FlowConfig may name. */
export type SenderId = keyof typeof SENDER_PROTOCOLS;

/** The transport protocol of a sender. */
export type Protocol = (typeof SENDER_PROTOCOLS)[SenderId];

/** The sender ids of one protocol. */
export type SenderIdOf<P extends Protocol> = {
  [K in SenderId]: (typeof SENDER_PROTOCOLS)[K] extends P ? K : never;
}[SenderId];

export type TcpSenderId = SenderIdOf<'tcp'>;
export type SctpSenderId = SenderIdOf<'sctp'>;
export type UdpSenderId = SenderIdOf<'udp'>;

/** Every sender id, TCP first, in picker order. */
export const SENDER_IDS = Object.keys(SENDER_PROTOCOLS) as readonly SenderId[];

const ofProtocol = <P extends Protocol>(p: P): readonly SenderIdOf<P>[] =>
  SENDER_IDS.filter((id): id is SenderIdOf<P> => SENDER_PROTOCOLS[id] === p);

export const TCP_SENDERS: readonly TcpSenderId[] = ofProtocol('tcp');
export const SCTP_SENDERS: readonly SctpSenderId[] = ofProtocol('sctp');
export const UDP_SENDERS: readonly UdpSenderId[] = ofProtocol('udp');

/** Whether a string (a URL value, a trace file's field) is a sender id. */
export function isSenderId(s: string): s is SenderId {
  return Object.prototype.hasOwnProperty.call(SENDER_PROTOCOLS, s);
}

/** The transport protocol a sender id belongs to. */
export function senderProtocol(id: SenderId): Protocol {
  return SENDER_PROTOCOLS[id];
}

export function isTcpSender(id: SenderId): id is TcpSenderId {
  return SENDER_PROTOCOLS[id] === 'tcp';
}

export function isSctpSender(id: SenderId): id is SctpSenderId {
  return SENDER_PROTOCOLS[id] === 'sctp';
}

export function isUdpSender(id: SenderId): id is UdpSenderId {
  return SENDER_PROTOCOLS[id] === 'udp';
}
