/**
 * The panels a scenario opens with when the address names none: every panel but the sweep,
 * the cwnd panel in the lower slot (the projector: router, cwnd and log only) — or, when a flow
 * is BBR or paces (`sender=bbr`, `pacing=1`), the rate panel there instead, since for BBR the
 * pacing rate and bandwidth estimate are what decide (issue 25); or, when every flow is UDP
 * through a wireless cell (`link=wifi-b|wifi-g|wimax`, e.g. wifi-saturation), the MAC panel,
 * since no flow has a cwnd and the medium is the subject (issue 28); or, when the bottleneck runs
 * an AQM (`aqm=red|codel|fq-codel|pie`) or compare mode compares disciplines or ECN, the
 * queue-over-time panel (issue 26: RED's average queue, CoDel's sojourn). The address leaves `panels`
 * out while it equals this default, so a link keeps the choice only when the user made one.
 */
import { pacesByDefault } from '../../engine';
import { findVariant, type Scenario } from '../deps/scenarios';
import { LOWER_PANELS } from '../deps/panels';
import { ALL_PANELS, DEFAULT_PANELS, type PanelId, type ThemeName } from '../store/types';

const LOWER: ReadonlySet<PanelId> = new Set(LOWER_PANELS);

/**
 * Whether a flow of the scenario is a TCP flow that paces (BBR by default, or `pacing=1`), or
 * compare mode runs BBR (`compare` entries `sender` / `sender@profile`).
 */
export function pacedScenario(scenario: Scenario, compare: readonly string[] = []): boolean {
  // A compared sender that paces by default (`sender` or `sender@profile`).
  if (compare.length >= 2 && compare.some((e) => pacesByDefault(e.split('@')[0] ?? '')))
    return true;
  return scenario.flows.some((f) => {
    if (findVariant(f.sender)?.protocol !== 'tcp') return false;
    return f.pacing ?? pacesByDefault(f.sender);
  });
}

/** The panels shown when the address names none (see the module's comment). */
export function defaultPanelsFor(
  scenario: Scenario,
  theme: ThemeName = 'light',
  compare: readonly string[] = [],
): PanelId[] {
  const base: PanelId[] = theme === 'projector' ? ['router', 'cwnd', 'log'] : [...DEFAULT_PANELS];
  const udpCell =
    scenario.link !== 'wired' &&
    scenario.flows.every((f) => findVariant(f.sender)?.protocol === 'udp');
  // One panel in the lower slot (PanelGrid withLowerPanel's rule), the others kept.
  const lower = (id: PanelId) =>
    ALL_PANELS.filter((p) => p === id || (base.includes(p) && !LOWER.has(p)));
  if (udpCell) return lower('mac');
  if (pacedScenario(scenario, compare)) return lower('rate');
  if (aqmScenario(scenario, compare)) return lower('qlen');
  return base;
}

/**
 * Whether the bottleneck runs a queue discipline other than drop-tail (`aqm=red|codel|…`), or
 * compare mode compares disciplines or ECN (`compare=aqm:droptail,aqm:codel`, `ecn:0,ecn:1`):
 * the queue is the subject.
 */
export function aqmScenario(scenario: Scenario, compare: readonly string[] = []): boolean {
  if (compare.length >= 2 && compare.every((e) => /^(aqm|ecn):/.test(e))) return true;
  return scenario.aqm !== 'droptail';
}
