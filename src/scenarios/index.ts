/**
 * Public API of the scenario model: the Scenario type and its defaults, the URL codec, the
 * presets, the form metadata, and the bridge to the engine (buildSimConfig).
 * See src/scenarios/README.md for the layout.
 */
export {
  SCENARIO_KEY_ORDER,
  SCENARIO_VERSION,
  MAX_FLOWS,
  FLOW_KEYS,
  APP_FLOW_KEYS,
  SCTP_FLOW_KEYS,
  RUN_KEYS,
  type FlowKey,
  type FlowSettings,
  type FlowSpec,
  type ProfileId,
  type RunKey,
  type RunSettings,
  type DropSpec,
  type LinkTimeSpec,
  type ParseResult,
  type Scenario,
  type ScenarioDefaults,
  type ScenarioError,
  type ScenarioKey,
} from './types';
export {
  DEFAULT_PRESET_ID,
  DEFAULT_SCENARIO,
  presetDefaults,
  presetScenarioDefaults,
  scenarioFromPreset,
} from './defaults';
export { type FlatDefaults } from './flat';
export { APP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS } from './app-defaults';
export { appConfig, payloadBytes, PACKET_APPS } from './app-config';
export { randomLoss } from './loss-config';
export { SCTP_FLOW_DEFAULTS, usesStreams } from './sctp-config';
export { LOSS_TYPES } from './fields-loss';
export { linkNamesText, NODE_NAME_RE } from './link-events';
export { APP_KEY_USERS, TRANSPORT_ONLY_KEYS, usesSeed } from './app-checks';
export { VICUNA_COMBOS, VICUNA_BASE, vicunaFlows, type VicunaMix } from './presets/vicuna';
export {
  parseScenarioQuery,
  readScenarioQuery,
  scenarioToQuery,
  keyText,
  type QueryReading,
} from './query';
export { parseKeyName, flowKeyName, isFlowKey, type KeyName } from './keys';
export {
  PROFILE_IDS,
  PROFILE_LABELS,
  effectiveHandshake,
  effectiveMaxburst,
  stackFields,
} from './profiles';
export { VIEW_KEYS, isViewKey, type ViewKey } from './view-keys';
export {
  boundRunCost,
  estimateRunCost,
  COST_CONSTANTS,
  COUNT_BELOW_EVENTS,
  type FlowCost,
  type RunCost,
} from './cost';
export {
  boundScenarioCost,
  budgetError,
  budgetLoad,
  estimateScenarioCost,
  limitText,
  longestStop,
  runGuards,
  withinLimits,
} from './budget';
export { buildSimConfig } from './build';
export { roundStopDown, solveLongestStop, type StopLoad } from './longest-stop';
export {
  PRESETS,
  getPreset,
  presetCompare,
  compareKnobKey,
  presetNotice,
  type Preset,
  type PresetOpen,
  type PresetSweep,
  type PresetView,
  type PublishedTable,
  type StepLevel,
} from './presets';
export {
  SCENARIO_KEYS,
  keyMeta,
  isScenarioKey,
  type FieldKind,
  type ScenarioKeyMeta,
} from './fields';
export {
  validateField,
  parseField,
  expandSenders,
  compressSenders,
  type FieldParse,
} from './field-parse';
export { validateScenario, ScenarioSchema } from './schema';
export { parseDrops, formatDrops, normalizeDrops } from './drops';
export { VARIANTS, variantInfo, findVariant, type VariantInfo } from './variants';
export {
  SENDER_IDS,
  SENDER_LABELS,
  defaultFrtx,
  effectiveFrtx,
  isSenderId,
  protocolOf,
} from './senders';
export {
  TOPOLOGY_LIST,
  getTopology,
  dumbbell,
  GEO_SHARED,
  SATELLITE_DUMBBELL,
  type DumbbellSpec,
  FALL_FLOYD_DROP_LISTS,
  GEO_TABLE_I,
  VICUNA_RTT_RANGE_S,
  vicunaRttS,
  type Topology,
} from './topologies';
export * as limits from './limits';
