/**
 * The run keys `fail` and `repair` (fields-net.ts): `link@t` entries → SimConfig.linkEvents.
 *
 * - parseLinkEvents: the URL text → LinkTimeSpec[] (syntax and time range only; the link names
 *   depend on the preset's topology);
 * - linkEventErrors: the cross-key check — every name must be one of the topology's links
 *   (topologies/link-names.ts); the message names the valid ones;
 * - linkEventsOf: the engine's LinkEvent list of a valid scenario: `fail` entries (down) then
 *   `repair` entries (up), each in URL order (events at one time apply in list order, so a
 *   link failed and repaired at the same time ends up).
 */
import { z } from 'zod';
import type { LinkEvent, SimConfig } from '../engine';
import type { ScenarioKeyMeta } from './field-types';
import { MAX_LINK_EVENTS } from './fields-net';
import { formatNumber, parseNumber, quote, readableNumber } from './format';
import type { Preset } from './presets/types';
import { linkNamesOf, type LinkNames } from './topologies/link-names';
import type { Topology } from './topologies/types';
import type { LinkTimeSpec, Scenario, ScenarioError } from './types';

/** A node or link name: letters, digits, `-` and `_`, at most 40 characters. */
export const NODE_NAME_RE = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,39}$/;

export type LinkEventsParse =
  { ok: true; events: LinkTimeSpec[] } | { ok: false; errors: string[] };

/** Parse `name@t,name@t,…` (empty text: no events). Messages start with the key. */
export function parseLinkEvents(raw: string, meta: ScenarioKeyMeta): LinkEventsParse {
  const key = meta.key;
  if (raw === '') return { ok: true, events: [] };
  const pieces = raw.split(',');
  if (pieces.length > MAX_LINK_EVENTS) {
    return { ok: false, errors: [`${key}: more than ${MAX_LINK_EVENTS} entries`] };
  }
  const events: LinkTimeSpec[] = [];
  const errors: string[] = [];
  for (const piece of pieces) {
    const text = piece.trim();
    const at = text.lastIndexOf('@');
    const name = at < 0 ? text : text.slice(0, at);
    const time = at < 0 ? null : parseNumber(text.slice(at + 1).trim());
    if (at < 0 || !NODE_NAME_RE.test(name.trim())) {
      errors.push(`${key}: each entry must be link@time (e.g. primary@5), got ${quote(text)}`);
    } else if (time === null || time < meta.min! || time > meta.max!) {
      errors.push(
        `${key}: the time of ${quote(name.trim())} must be a number of seconds between ${readableNumber(meta.min!)} and ${readableNumber(meta.max!)}, got ${quote(text.slice(at + 1))}`,
      );
    } else events.push({ link: name.trim(), at: time });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, events };
}

/** Canonical URL text of a list of link events. */
export function formatLinkEvents(events: readonly LinkTimeSpec[]): string {
  return events.map((e) => `${e.link}@${formatNumber(e.at)}`).join(',');
}

/** The zod schema of a `links` key's value. */
export function linkEventsSchema(meta: ScenarioKeyMeta): z.ZodType {
  const error = () =>
    `${meta.key}: must be a list of {link, at} with link names of letters, digits, - and _ and times ${readableNumber(meta.min!)}–${readableNumber(meta.max!)} s`;
  return z
    .array(
      z
        .object({
          link: z.string().regex(NODE_NAME_RE),
          at: z.number().refine((v) => Number.isFinite(v) && v >= meta.min! && v <= meta.max!),
        })
        .strict(),
      { error },
    )
    .max(MAX_LINK_EVENTS, { error: () => `${meta.key}: more than ${MAX_LINK_EVENTS} entries` });
}

/** Most link names a message spells out. */
const MAX_LISTED_LINKS = 12;

/** The valid names of a topology's links for a message: aliases first. */
export function linkNamesText(names: LinkNames): string {
  const list = [...names.aliases.keys(), ...names.pairs];
  const shown = list.slice(0, MAX_LISTED_LINKS).join(', ');
  return list.length > MAX_LISTED_LINKS ? `${shown}, … (${list.length} in all)` : shown;
}

/** `fail` / `repair` entries naming no link of the topology: one error per key. */
export function linkEventErrors(s: Scenario, topology: Topology, preset: Preset): ScenarioError[] {
  if (s.fail.length === 0 && s.repair.length === 0) return [];
  const names = linkNamesOf(topology, s, preset);
  const errors: ScenarioError[] = [];
  for (const key of ['fail', 'repair'] as const) {
    const bad = s[key].filter((e) => !names.resolve(e.link));
    if (bad.length === 0) continue;
    const which = [...new Set(bad.map((e) => quote(e.link)))].join(', ');
    errors.push({
      key,
      message: `${key}: unknown link ${which}; the links of ${preset.id} are ${linkNamesText(names)}`,
    });
  }
  return errors;
}

/** The engine's link events of a scenario built into `cfg` (unknown names are left out). */
export function linkEventsOf(s: Scenario, cfg: SimConfig, topology: Topology): LinkEvent[] {
  if (s.fail.length === 0 && s.repair.length === 0) return [];
  const names = linkNamesOf(topology, s, undefined, cfg);
  const out: LinkEvent[] = [];
  for (const [list, up] of [
    [s.fail, false],
    [s.repair, true],
  ] as const) {
    for (const e of list) {
      const link = names.resolve(e.link);
      // An unknown name is linkEventErrors' to report; the cost estimate still runs without it.
      if (!link) continue;
      out.push({ link: { a: link.a, b: link.b }, at: e.at, up });
    }
  }
  return out;
}
