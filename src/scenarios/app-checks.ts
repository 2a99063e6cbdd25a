/**
 * Checks of the traffic-mix keys that involve a flow's sender or application:
 *
 * - appErrors (the `app` descriptor's check, fields-app.ts): a UDP flow needs an application that paces it —
 *   UDP has no congestion control (RFC 768), so a bulk source behind it would send without
 *   limit; the error names the flow's `app` key.
 * - appWarnings (query.ts): keys that were typed but cannot matter, as `bugfix` on an SCTP flow
 *   is reported — an application key for a flow whose `app` does not read it (`pps` with
 *   app=file), a TCP/SCTP key (`icwnd`, `frtx`, `window`, …) on UDP flows only.
 */
import { isUdpSender } from '../engine';
import { flowErrorKey, flowList, parseKeyName } from './keys';
import type { FlowSpec, Scenario, ScenarioError } from './types';

/** The applications each application key is read by. */
export const APP_KEY_USERS: Readonly<Record<string, readonly FlowSpec['app'][]>> = {
  bytes: ['file', 'ftp-clients'],
  size: ['cbr', 'onoff', 'voip'],
  pps: ['cbr'],
  on: ['onoff'],
  off: ['onoff'],
  rate: ['onoff'],
  hold: ['voip'],
  gap: ['voip'],
  talk: ['voip'],
  silence: ['voip'],
  frame: ['voip'],
  shape: ['ftp-clients'],
  think: ['ftp-clients'],
};

/** Keys of the congestion control and retransmission machinery, which a UDP flow has none of. */
export const TRANSPORT_ONLY_KEYS: readonly string[] = [
  'window',
  'rwnd',
  'maxburst',
  'bugfix',
  'icwnd',
  'frtx',
  'handshake',
  'delack',
  'profile',
];

/** Applications whose random draws come from the run's seed (SimConfig.seed). */
const RANDOM_APPS: ReadonlySet<FlowSpec['app']> = new Set(['onoff', 'voip', 'ftp-clients']);

/** Whether the run draws anything from `seed`: random loss, delay variation or a random application. */
export function usesSeed(s: Scenario): boolean {
  return s.loss > 0 || s.jitter > 0 || s.flows.some((f) => RANDOM_APPS.has(f.app));
}

/** UDP flows fed by a bulk source, each named by its `app` key. */
export function appErrors(s: Scenario): ScenarioError[] {
  const bad = s.flows.flatMap((f, i) => (isUdpSender(f.sender) && f.app === 'bulk' ? [i] : []));
  if (bad.length === 0) return [];
  const key = flowErrorKey(s.flows.length, 'app', bad);
  const which =
    s.flows.length === 1
      ? 'a UDP flow needs'
      : `${flowList(bad)} (UDP) ${bad.length === 1 ? 'needs' : 'need'}`;
  return [
    {
      key,
      message: `${key}: ${which} an application that sets its pace (cbr, onoff, voip, file or ftp-clients): UDP has no congestion control, so a bulk source would send without limit, got bulk`,
    },
  ];
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
