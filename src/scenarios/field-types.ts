/**
 * The shape of a URL key's descriptor (fields.ts is the registry, one fields-<family>.ts file per
 * family): what the form renders and checks, the URL codec parses and writes, the zod schemas
 * are generated from, and the README key tables are generated from (key-tables.ts). Types only,
 * plus defaultsOf — no imports of presets or topologies, so the topologies' defaults may read
 * the families' defaults.
 */
import type { FlowConfig } from '../engine';
import type { FlowSpec, Scenario, ScenarioKey } from './types';

export type FieldKind =
  'number' | 'int' | 'bool' | 'enum' | 'drops' | 'senders' | 'list' | 'links' | 'name';

/**
 * The families, one file each: meta (v, preset, n, stop), flows (the flow list and each flow's
 * sender, drops and start), loss (random loss and its seed), net (the bottleneck and link
 * events), stack (TCP/SCTP stack keys), app (applications and direction), sctp (SCTP's own).
 */
export type KeyFamily = 'meta' | 'flows' | 'loss' | 'net' | 'stack' | 'app' | 'sctp';

/** The typed value of a key in a Scenario (a run or meta key's) or a FlowSpec (a flow key's). */
export type KeyValue<K extends ScenarioKey> = K extends keyof FlowSpec
  ? FlowSpec[K]
  : K extends keyof Scenario
    ? Scenario[K]
    : never;

export interface ScenarioKeyMeta<K extends ScenarioKey = ScenarioKey> {
  key: K;
  /**
   * 'run': one value for the run; 'flow': one value per flow (`f<k>.key` sets flow k's, the bare
   * key every flow's — but `sender` and `drops` are flow 1's); 'meta': v, preset, n, flows.
   */
  scope: 'meta' | 'run' | 'flow';
  /** The family (the fields-<family>.ts file the descriptor is written in). */
  family: KeyFamily;
  /** Short label for a form. */
  label: string;
  /** Unit shown beside the input ('' when the value has none). */
  unit: string;
  /** Smallest value (for 'drops': smallest packet number). Absent for 'enum'. */
  min?: number;
  /** Largest value (for 'drops': largest packet number). Absent for 'enum'. */
  max?: number;
  /** Input step (1 for integers; a convenient increment for real numbers). */
  step?: number;
  /**
   * number: real; int: whole number; bool: 0/1; enum: one of options; drops: drop list;
   * senders: comma-separated sender ids, one per flow; list: comma-separated options, each at
   * most once (losson); links: `link@t` entries, comma-separated (fail, repair; min/max bound
   * the times, s); name: a node name (primary), checked against the topology.
   */
  kind: FieldKind;
  /** Allowed values of an 'enum' or 'list' key. */
  options?: readonly string[];
  /**
   * Present when the key may be "unset" (null in the Scenario): the URL text that means so.
   * The empty string means it too.
   */
  nullText?: string;
  /**
   * The key's value wherever no topology or preset sets it (the application, SCTP and path keys
   * every topology shares: APP_FLOW_DEFAULTS, SCTP_FLOW_DEFAULTS, PATH_RUN_DEFAULTS are read
   * from here). Absent for keys whose default is the topology's or the preset's (bw, mss, …).
   */
  default?: KeyValue<K>;
  /**
   * The engine fields a flow's value sets, for a flow key no topology reads itself (the SCTP
   * keys: fields-sctp.ts → sctp-config.ts sctpFlowFields, which applies it to SCTP flows only
   * and only when the value differs from `default`, so scenarios written before the key build
   * the same FlowConfig). A method, so a descriptor of one key is one of any key.
   */
  apply?(value: KeyValue<K>): Partial<FlowConfig>;
  /** How a message names the key in a sentence ("Path.Max.Retrans is an SCTP key"); the key. */
  noun?: string;
  /** One line of help for the class: what it does and where the default comes from. */
  help: string;
  /** The "meaning" cell of the repo README's key table (users). */
  doc: string;
  /** The "meaning" cell of src/scenarios/README.md's key table (developers). */
  devDoc: string;
  /** After the default in the key tables, in parentheses: `auto` (0), `reno` (by preset). */
  defaultNote?: string;
  /** The key tables' range when the one derived from kind, min, max and options would not do. */
  range?: string;
  /** After the derived range in the key tables: `0.1–2000, after every flow's start`. */
  rangeNote?: string;
}

/** A family's descriptors, by key: a key of the family without its descriptor does not compile. */
export type KeyFamilyFields<K extends ScenarioKey> = { readonly [P in K]: ScenarioKeyMeta<P> };

/**
 * The `default` of every descriptor of a family, by key (APP_FLOW_DEFAULTS, SCTP_FLOW_DEFAULTS,
 * PATH_RUN_DEFAULTS).
 * @throws Error naming a descriptor without a default.
 */
export function defaultsOf<K extends ScenarioKey>(
  fields: Pick<KeyFamilyFields<ScenarioKey>, K>,
): { [P in K]: KeyValue<P> } {
  const out: Record<string, unknown> = {};
  for (const m of Object.values<ScenarioKeyMeta>(fields)) {
    if (!('default' in m)) throw new Error(`URL key ${m.key} has no default`);
    out[m.key] = m.default;
  }
  return out as { [P in K]: KeyValue<P> };
}
