/**
 * The SCTP flow keys' defaults, read from their descriptors (fields-sctp.ts: RFC 4960 §15's
 * Path.Max.Retrans 5, Association.Max.Retrans 10, RTO.Max 60 s and HB.interval 30 s are the
 * engine's own constants; RTO.Min and RTO.Initial from the profile and topology, one stream,
 * ordered, fully reliable, no CMT). A module of its own with no imports of presets or
 * topologies: every topology's defaults spread them (app-defaults.ts).
 */
import { defaultsOf } from './field-types';
import { SCTP_FIELDS } from './fields-sctp';

export const SCTP_FLOW_DEFAULTS = defaultsOf(SCTP_FIELDS);
