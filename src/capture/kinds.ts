/**
 * Names of the PacketColumns.kind bits (types.ts PACKET_KIND), as the CLI's `router` output
 * prints them (a packet's labels for a view's tooltip too).
 */
import { PACKET_KIND } from './types';

export const KIND_NAMES: [number, string][] = [
  [PACKET_KIND.data, 'data'],
  [PACKET_KIND.retransmission, 'retransmission'],
  [PACKET_KIND.ack, 'ack'],
  [PACKET_KIND.duplicateAck, 'dupack'],
  [PACKET_KIND.windowUpdate, 'window-update'],
  [PACKET_KIND.zeroWindow, 'zero-window'],
  [PACKET_KIND.outOfOrder, 'out-of-order'],
  [PACKET_KIND.sack, 'sack'],
  [PACKET_KIND.dsack, 'dsack'],
  [PACKET_KIND.spurious, 'spurious'],
  [PACKET_KIND.syn, 'syn'],
  [PACKET_KIND.fin, 'fin'],
  [PACKET_KIND.rst, 'rst'],
];

/** The labels of one packet joined by '+', e.g. 'ack+dupack+sack'. */
export function kindNames(k: number): string {
  return KIND_NAMES.filter(([bit]) => k & bit)
    .map(([, name]) => name)
    .join('+');
}
