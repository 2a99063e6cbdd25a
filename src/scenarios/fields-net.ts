/**
 * SCENARIO_KEYS entries (fields.ts) of the dynamic network (issue 13): which packets random loss
 * hits (`losson`, LossConfig.types) and the links that fail and come back during a run
 * (`fail`, `repair`, SimConfig.linkEvents). Link names are the topology's
 * (topologies/link-names.ts): a node pair `A-B` for every link, and aliases such as
 * `bottleneck`, `primary`, `backup`; the names are checked against the preset's topology by
 * link-events.ts (a cross-key check: the valid names depend on the preset).
 */
import type { ScenarioKeyMeta } from './fields';

/** The packet classes of `losson`, in canonical order (LossConfig.types). */
export const LOSS_TYPES = ['data', 'ack', 'control'] as const;

/** Latest time a link event may name, s (the longest run's stop). */
export const MAX_LINK_EVENT_S = 2000;

/** Most entries in one `fail` or `repair` list. */
export const MAX_LINK_EVENTS = 100;

export const LOSSON_FIELD: ScenarioKeyMeta = {
  key: 'losson',
  scope: 'run',
  label: 'Random loss hits',
  unit: 'packet types',
  kind: 'list',
  options: LOSS_TYPES,
  help: 'Which packets random loss (loss, burst) may drop, comma-separated: data (with payload), ack (ACKs and SACKs), control (SYN, INIT, COOKIE, HEARTBEAT, SHUTDOWN and their answers). Default data only; scripted drops are always data.',
};

export const FAIL_FIELD: ScenarioKeyMeta = {
  key: 'fail',
  scope: 'run',
  label: 'Links that fail',
  unit: 'link@s',
  min: 0,
  max: MAX_LINK_EVENT_S,
  kind: 'links',
  help: 'Links that go down during the run, link@time, comma-separated (fail=primary@5,backup@9): both directions drop what they hold and everything sent to them, and routes are recomputed. A link is named by its ends (R1-K1) or by the topology’s alias (bottleneck; primary and backup on the multi-homed networks).',
};

export const REPAIR_FIELD: ScenarioKeyMeta = {
  key: 'repair',
  scope: 'run',
  label: 'Links that come back',
  unit: 'link@s',
  min: 0,
  max: MAX_LINK_EVENT_S,
  kind: 'links',
  help: 'Links that come back up, link@time, comma-separated (repair=primary@12): the link carries traffic again and routes are recomputed. Names as for fail.',
};

export const NET_RUN_FIELDS: readonly ScenarioKeyMeta[] = [LOSSON_FIELD, FAIL_FIELD, REPAIR_FIELD];
