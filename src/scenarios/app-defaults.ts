/**
 * The default values of the traffic-mix keys (fields-app.ts), the SCTP keys (fields-sctp.ts) and
 * the path keys (fields-loss.ts, fields-net.ts) that every topology shares, read from their
 * descriptors (each written there once): an
 * infinite bulk source in the forward direction, and a bottleneck without delay variation or
 * bursty loss — so every scenario written before these keys existed builds the same SimConfig.
 * The other values are what a flow switched to that application starts with: 003_…'s noise
 * source (40 kb/s, 100 ms mean ON and OFF), G.729-like calls (20-byte frames every 20 ms, talk
 * spurts and silences of ITU-T P.59, 30 s calls, 60 s gaps), 003_…'s FTP clients (Pareto shape
 * 1.18, 90 s think time) with 80 KB mice, and 100 packets a second for cbr (002_…'s low rate).
 */
import { defaultsOf } from './field-types';
import { APP_FIELDS } from './fields-app';
import { AQM_FIELDS } from './fields-aqm';
import { LOSS_FIELDS } from './fields-loss';
import { NET_FIELDS } from './fields-net';
import { STACK_FIELDS } from './fields-stack';
import { SCTP_FLOW_DEFAULTS } from './sctp-defaults';
import type { FamilyKey } from './key-names';
import type { RunSettings } from './types';

/** The application and direction keys' defaults (their descriptors', fields-app.ts) and the SCTP keys'. */
export const APP_FLOW_DEFAULTS = {
  ...defaultsOf(APP_FIELDS),
  // The SCTP keys (issue 13): RFC 4960 §15's values, one stream, reliable, no CMT.
  ...SCTP_FLOW_DEFAULTS,
  // TCP pacing (issue 25): the sender's own choice (on for BBR only).
  ...defaultsOf({ pacing: STACK_FIELDS.pacing }),
  // ECN (issue 26): off.
  ...defaultsOf({ ecn: STACK_FIELDS.ecn }),
};

/**
 * The run keys of the path that every topology shares (their descriptors' defaults): no delay
 * variation, a drop-tail bottleneck, Bernoulli loss of data packets only, a static network (no link fails). Copied by
 * resolveDefaults, so a scenario never shares these lists.
 */
export const PATH_RUN_DEFAULTS: Pick<
  RunSettings,
  | 'burst'
  | 'jitter'
  | 'aqm'
  | 'red.minth'
  | 'red.maxth'
  | 'red.maxp'
  | 'red.wq'
  | 'red.gentle'
  | 'red.bytes'
  | FamilyKey<'aqm'>
  | 'losson'
  | 'fail'
  | 'repair'
  | 'link'
  | 'rts'
  | 'wimaxframe'
  | 'wimaxdl'
> = {
  ...defaultsOf({ burst: LOSS_FIELDS.burst, losson: LOSS_FIELDS.losson }),
  ...defaultsOf({ jitter: NET_FIELDS.jitter, fail: NET_FIELDS.fail, repair: NET_FIELDS.repair }),
  ...defaultsOf({ link: NET_FIELDS.link, rts: NET_FIELDS.rts }),
  ...defaultsOf({
    aqm: NET_FIELDS.aqm,
    'red.minth': NET_FIELDS['red.minth'],
    'red.maxth': NET_FIELDS['red.maxth'],
    'red.maxp': NET_FIELDS['red.maxp'],
    'red.wq': NET_FIELDS['red.wq'],
    'red.gentle': NET_FIELDS['red.gentle'],
    'red.bytes': NET_FIELDS['red.bytes'],
  }),
  ...defaultsOf(AQM_FIELDS),
  ...defaultsOf({ wimaxframe: NET_FIELDS.wimaxframe, wimaxdl: NET_FIELDS.wimaxdl }),
};
