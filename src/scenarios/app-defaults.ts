/**
 * The default values of the traffic-mix keys (fields-app.ts), the SCTP keys (fields-sctp.ts) and
 * the dynamic-network keys (fields-net.ts) that every topology shares: an
 * infinite bulk source in the forward direction, and a bottleneck without delay variation or
 * bursty loss — so every scenario written before these keys existed builds the same SimConfig.
 * The other values are what a flow switched to that application starts with: 003_…'s noise
 * source (40 kb/s, 100 ms mean ON and OFF), G.729-like calls (20-byte frames every 20 ms, talk
 * spurts and silences of ITU-T P.59, 30 s calls, 60 s gaps), 003_…'s FTP clients (Pareto shape
 * 1.18, 90 s think time) with 80 KB mice, and 100 packets a second for cbr (002_…'s low rate).
 */
import { SCTP_FLOW_DEFAULTS } from './sctp-defaults';
import type { FlowSettings, RunSettings } from './types';

export const APP_FLOW_DEFAULTS = {
  app: 'bulk',
  bytes: 80_000,
  size: null,
  pps: 100,
  on: 0.1,
  off: 0.1,
  rate: 40_000,
  hold: 30,
  gap: 60,
  talk: 1.004,
  silence: 1.587,
  frame: 0.02,
  shape: 1.18,
  think: 90,
  reverse: false,
  // The SCTP keys (issue 13): RFC 4960 §15's values, one stream, reliable, no CMT.
  ...SCTP_FLOW_DEFAULTS,
} as const satisfies Partial<FlowSettings>;

/**
 * The run keys of the path that every topology shares: no delay variation, Bernoulli loss of
 * data packets only, a static network (no link fails). Fresh lists each time it is read
 * (resolveDefaults copies them again).
 */
export const PATH_RUN_DEFAULTS: Pick<
  RunSettings,
  'burst' | 'jitter' | 'losson' | 'fail' | 'repair'
> = {
  burst: null,
  jitter: 0,
  losson: ['data'],
  fail: [],
  repair: [],
};
