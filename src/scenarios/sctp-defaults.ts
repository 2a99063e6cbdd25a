/**
 * The SCTP flow keys' defaults (fields-sctp.ts), in a module of their own with no imports beyond
 * types: every topology's defaults spread them (app-defaults.ts) while sctp-config.ts, which
 * reads the presets, is loaded.
 */
import type { FlowSettings, SCTP_FLOW_KEYS } from './types';

/**
 * The SCTP keys' defaults: RFC 4960 §15's Path.Max.Retrans 5, Association.Max.Retrans 10,
 * RTO.Max 60 s and HB.interval 30 s (the engine's defaults too), RTO.Min and RTO.Initial from
 * the profile and topology, one stream, ordered, fully reliable, no CMT.
 */
export const SCTP_FLOW_DEFAULTS = {
  pmr: 5,
  amr: 10,
  rtomin: null,
  rtomax: 60,
  rtoinit: null,
  hb: 30,
  primary: null,
  cmt: false,
  streams: 1,
  unordered: false,
  pr: null,
} as const satisfies Pick<FlowSettings, (typeof SCTP_FLOW_KEYS)[number]>;
