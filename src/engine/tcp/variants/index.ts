/**
 * The TCP variant registry: one line per variant, keyed by its id from sender-ids.ts. The
 * `satisfies` check makes a TCP id without its variant (or a variant under another id's key)
 * a compile error. The app's picker, labels, compare colours and the reason catalog all read it
 * (through senders.ts).
 */
import type { TcpSenderId } from '../../sender-ids';
import { TCP_SENDERS } from '../../sender-ids';
import type { TcpVariant } from '../variant';
import { cubic } from './cubic';
import { fack } from './fack';
import { newreno } from './newreno';
import { reno } from './reno';
import { sack } from './sack';
import { tahoe } from './tahoe';
import { vegas } from './vegas';
import { bbr } from './bbr';

export const TCP_VARIANTS = {
  tahoe,
  reno,
  newreno,
  sack,
  fack,
  cubic,
  vegas,
  bbr,
} as const satisfies { readonly [K in TcpSenderId]: TcpVariant<K> };

/** The variants in picker order (sender-ids.ts). */
export const TCP_VARIANT_LIST: readonly TcpVariant[] = TCP_SENDERS.map((id) => TCP_VARIANTS[id]);

export type { TcpSenderId };
