import type { TcpSenderId } from '../../config';
import type { TcpVariant } from '../variant';
import { fack } from './fack';
import { newreno } from './newreno';
import { reno } from './reno';
import { sack } from './sack';
import { tahoe } from './tahoe';

export const TCP_VARIANTS: Record<TcpSenderId, TcpVariant> = { tahoe, reno, newreno, sack, fack };
