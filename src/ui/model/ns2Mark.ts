/**
 * The "matches ns-2.35" mark: shown while the scenario is a preset as written (noticeState.ts
 * decides "edited") and the preset carries an ns-2.35 claim (Preset.ns2) for the sender on
 * screen — a preset pinned for Reno but not for CUBIC shows it only with Reno. An edited
 * scenario loses it: the fixture pinned the preset's run, not this one. Compare mode shows
 * several runs at once, so the mark (about one run) is not shown there.
 *
 * Every claim is checked against its fixture by tests/scenarios/preset-ns2.test.ts.
 */
import { getPreset, type Preset, type Scenario } from '../deps/scenarios';
import { noticeState } from './noticeState';
import { senderOf } from './scenarioQuery';

export type Ns2Claim = NonNullable<Preset['ns2']>[number];

export interface Ns2MarkState {
  kind: Ns2Claim['kind'];
  fixture: string;
  /** The mark's short text: "matches ns-2.35 · " and `detail`. */
  label: string;
  /** What matches: "every event", "table means" (a narrow header leaves it to the tooltip). */
  detail: string;
  /** What was compared and with which fixture, for the tooltip and screen readers. */
  tooltip: string;
}

/** The committed fixture's place, as the tooltip names it. */
export function fixturePath(c: Ns2Claim): string {
  return c.kind === 'events'
    ? `run ${c.fixture} of tests/fixtures/ns2`
    : `tests/fixtures/ns2-tables/${c.fixture}`;
}

/** The claim of the preset for this sender, if any (a claim without a sender: any). */
export function claimFor(preset: Preset, sender: string): Ns2Claim | null {
  return (preset.ns2 ?? []).find((c) => c.sender === undefined || c.sender === sender) ?? null;
}

/** The mark for the scenario on screen, or null. */
export function ns2Mark(s: Scenario, compare: readonly string[] = []): Ns2MarkState | null {
  if (compare.length >= 2) return null;
  const ns = noticeState(s);
  if (!ns || ns.edited) return null;
  const preset = getPreset(ns.presetId);
  const claim = preset ? claimFor(preset, senderOf(s)) : null;
  if (!claim) return null;
  const tooltip =
    claim.kind === 'events'
      ? `Matches ns-2.35: ${claim.what} (${fixturePath(claim)}).`
      : `Matches ns-2.35: ${claim.what} (fixture ${fixturePath(claim)}).`;
  const detail = claim.kind === 'events' ? 'every event' : 'table means';
  return {
    kind: claim.kind,
    fixture: claim.fixture,
    label: `matches ns-2.35 · ${detail}`,
    detail,
    tooltip: `${tooltip} Editing the scenario removes this mark.`,
  };
}
