/**
 * Public API of the engine (pure TypeScript, no DOM): run a SimConfig, get a Trace.
 * See src/engine/README.md for the layout.
 */
export { run, RunCancelled, type RunOptions, type RecordMode } from './run';
export { offeredBy, type OfferedOptions } from './app/offered';
export {
  DEFAULT_BIN_S,
  flowAccumulators,
  runAccumulators,
  type BottleneckAccumulators,
  type FlowAccumulators,
  type RunAccumulators,
} from './trace/accumulators';
export { rfc3550Jitter } from './trace/delay-tally';
export * from './trace/records';
export { AFTER_CHECKPOINT, AfterReader, afterVar, afterVector } from './trace/after-vars';
export { cwndReadings, keepsInflation, mtuOf, type CwndReadings } from './trace/window';
export * from './trace/vars';
export type { FlowEndpoints } from './flow';
export { pacesByDefault } from './tcp/flow';
export * from './config';
export * from './trace/types';
export {
  reason,
  reasonCodes,
  registerReasons,
  TCP_REASONS,
  type ReasonCode,
  type ReasonEntry,
} from './trace/reasons';
export { noteEntry, RFC_NOTES, type NoteCode, type NoteEntry } from './trace/notes';
export {
  SENDERS,
  findSender,
  senderMeta,
  senderTraits,
  SCTP_VARIANT_LIST,
  TCP_VARIANT_LIST,
  UDP_VARIANT_LIST,
  type RecoveryFamily,
  type SenderDescriptor,
  type SenderTraits,
  type VariantMeta,
} from './senders';

// Read by the trace readers (src/trace), the CLI, the UI, the metrics and pcap export: the
// engine's internals are reached only through this index (lint-enforced).
export { emptyDecisions, emptySamples } from './trace/decision-table';
export { PATH_NOTE_CODES } from './trace/notes';
export { PATH_EVENT_NAMES, PATH_STATE_NAMES, type PathEventName } from './trace/path-events';
export { PRR_COLUMNS, PrrBound, prrRowOf, type PrrColumns, type PrrRow } from './trace/prr-rows';
export { lastBinWidth } from './trace/packet-tally';
export { AQM_SAMPLE_COLUMNS, type AqmSampleColumns } from './trace/aqm-samples';
export { ECN_COLUMNS, type EcnColumns } from './trace/ecn-rows';
export {
  EcnCodepoint,
  AQM_STATE_NAMES,
  makeQueueDisc,
  queueDiscBuilt,
  CODEL_DEFAULTS,
  FQ_CODEL_DEFAULTS,
  PIE_DEFAULTS,
  type CoDelConfig,
  type FqCoDelConfig,
  type PieConfig,
  type AqmKind,
  type QueueConfig,
  type QueueContext,
  type QueueDisc,
  RED_DEFAULTS,
  redWeight,
  type RedConfig,
} from './net/queue';
export { EcnFlag } from './net/packet';
export { cbrt, ln, pow } from './core/libm';
export { UDP_HEADER_BYTES } from './udp/variant';
export { initialRwndOf } from './sctp/chunks';
export { ssnOf, streamOf } from './sctp/streams';
// RFC 4960 §15 defaults the scenario layer's SCTP keys take as theirs (written once, here).
export { PATH_MAX_RETRANS } from './sctp/path-manager';
export { ASSOCIATION_MAX_RETRANS, RTO_MAX_S } from './sctp/chunks';
export { HB_INTERVAL_S } from './sctp/heartbeat';
export { VEGAS_DEFAULTS } from './tcp/variants/vegas';
// The rate trace (issue 25): its columns, and BBR's mode names its `state` indexes.
export { RATE_COLUMNS, type RateColumns, type RateRow } from './trace/rates';
export { BBR_MODES } from './tcp/variants/bbr-model';
// Whether a TCP flow paces (BBR by default, pacing=1): the cost bound counts its pacing timer.
export { pacedFlow } from './tcp/flow';
// Shared media (issue 28): the 802.11 cell's PHY sets, Bianchi's model, the MAC rows.
export { MAC_EVENT_NAMES, MacEvent, type MacColumns, type MacEventName } from './trace/mac-rows';
export { PHY_80211B, PHY_80211B_NS2, PHY_80211G, wifiPhy, type WifiPhy } from './net/wifi/wifi-phy';
export {
  bianchi,
  bianchiCell,
  bianchiFreezeTau,
  bianchiTau,
  dcfTimes,
  type BianchiCellOptions,
  type BianchiInput,
  type BianchiResult,
} from './net/wifi/bianchi';
