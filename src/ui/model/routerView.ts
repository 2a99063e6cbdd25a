/**
 * The `router` view key: the router the router plot and the queue view show, by node name
 * (`router=A1`), for a multi-homed run whose paths leave the sender through different first
 * routers (the panels' routerChoices). Absent: the run's own router, the first choice; the app
 * writes the key only for another one. Which names are good depends on the run, so a link's
 * value is checked when its run arrives (routerProblem), like `e` past the last event.
 */
import type { Trace } from '../../engine';
import { routerChoiceIndex, routerChoiceName, routerChoices } from '../deps/panels';
import { NODE_NAME_RE } from '../deps/scenarios';

/** Why a raw `router` value cannot name a router of any run (not a node name as the scenario
 * keys spell them, link-events.ts), or null. */
export function routerSyntaxProblem(raw: string): string | null {
  return NODE_NAME_RE.test(raw) ? null : 'is not a node name (letters and digits, e.g. A1)';
}

/** The node names of the routers `trace` can show, its own first. */
export function routerNames(trace: Trace): string[] {
  return routerChoices(trace).map((c) => routerChoiceName(trace, c));
}

/**
 * The message for a `router` value naming no router this run can show, or null when it names
 * one: `router: “A5” is not a router this run can show (A0, A1); showing A0`.
 */
export function routerProblem(trace: Trace, node: string): string | null {
  if (routerChoiceIndex(trace, node) >= 0) return null;
  const names = routerNames(trace);
  return `router: “${node}” is not a router this run can show (${names.join(', ')}); showing ${names[0]}`;
}

/**
 * The `router` value to write for the choice `node` with the run `trace` on screen: none for
 * the run's own router (the default) or no choice; the name otherwise (also while the run a
 * link named it for is still coming: `trace` null).
 */
export function routerParam(trace: Trace | null, node: string | null): string | undefined {
  if (node === null) return undefined;
  if (trace && routerChoiceIndex(trace, node) === 0) return undefined;
  return node;
}

/**
 * What an export file name adds for the router `node` shown with `trace`: `-A1` for another
 * router than the run's own, nothing for its own, no choice or a name it cannot show.
 */
export function routerFileTag(trace: Trace | null, node: string | null): string {
  if (!trace || routerChoiceIndex(trace, node) <= 0) return '';
  return `-${node}`;
}
