/**
 * Warnings about the traffic-mix keys that involve a flow's sender or application
 * (appWarnings, query.ts): keys that were typed but cannot matter, as `bugfix` on an SCTP flow
 * is reported — an application key for a flow whose `app` does not read it (`pps` with
 * app=file; the descriptors' `readBy`), a TCP/SCTP key (`icwnd`, `frtx`, `window`, …; the
 * descriptors' `transportOnly`) on UDP flows only. The error of a UDP flow without a paced
 * application is the `app` descriptor's check (fields-app.ts). Also usesSeed.
 */
import { isUdpSender } from '../engine';
import { SCENARIO_KEYS } from './fields';
import { parseKeyName } from './keys';
import type { FlowSpec, Scenario } from './types';

/** The applications each application key is read by (its descriptor's `readBy`). */
export const APP_KEY_USERS: Readonly<Record<string, readonly FlowSpec['app'][]>> =
  Object.fromEntries(SCENARIO_KEYS.flatMap((m) => (m.readBy ? [[m.key, m.readBy]] : [])));

/** Keys of the machinery a UDP flow has none of (descriptors with `transportOnly`). */
export const TRANSPORT_ONLY_KEYS: readonly string[] = SCENARIO_KEYS.filter(
  (m) => m.transportOnly,
).map((m) => m.key);

/** Applications whose random draws come from the run's seed (SimConfig.seed). */
const RANDOM_APPS: ReadonlySet<FlowSpec['app']> = new Set(['onoff', 'voip', 'ftp-clients']);

/** Whether the run draws anything from `seed`: random loss, delay variation or a random application. */
export function usesSeed(s: Scenario): boolean {
  return s.loss > 0 || s.jitter > 0 || s.flows.some((f) => RANDOM_APPS.has(f.app));
}

/** Warnings about typed keys that cannot matter for the flows they set. */
export function appWarnings(s: Scenario, given: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const name of given) {
    const kn = parseKeyName(name);
    if (!kn || kn.kind === 'v1') continue;
    const flows =
      kn.kind === 'flow' ? [s.flows[kn.flow - 1]].filter((f) => f !== undefined) : s.flows;
    if (flows.length === 0) continue;
    const users = APP_KEY_USERS[kn.key];
    if (users && !flows.some((f) => users.includes(f.app))) {
      const apps = [...new Set(flows.map((f) => f.app))].join(', ');
      out.push(`${name}: has no effect with app=${apps} (it is read by app=${users.join(', ')})`);
    }
    if (TRANSPORT_ONLY_KEYS.includes(kn.key) && flows.every((f) => isUdpSender(f.sender))) {
      out.push(
        `${name}: has no effect on UDP flows (no congestion control, acknowledgements or retransmissions)`,
      );
    }
  }
  return out;
}
