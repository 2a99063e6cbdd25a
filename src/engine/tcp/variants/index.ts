/**
 * The TCP variant registry: one line per variant. The engine's TCP sender ids, the app's picker,
 * labels, compare colours and the reason catalog all derive from this list.
 */
import { cubic } from './cubic';
import { fack } from './fack';
import { newreno } from './newreno';
import { reno } from './reno';
import { sack } from './sack';
import { tahoe } from './tahoe';
import { vegas } from './vegas';

export const TCP_VARIANT_LIST = [tahoe, reno, newreno, sack, fack, cubic, vegas] as const;

/** TCP sender ids (ns-2 names in brackets): Tahoe, Reno, NewReno, SACK [Sack1], FACK, … */
export type TcpSenderId = (typeof TCP_VARIANT_LIST)[number]['id'];

export const TCP_VARIANTS = Object.fromEntries(TCP_VARIANT_LIST.map((v) => [v.id, v])) as Record<
  TcpSenderId,
  (typeof TCP_VARIANT_LIST)[number]
>;
