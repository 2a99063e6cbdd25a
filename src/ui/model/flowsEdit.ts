/**
 * Editing a scenario's flows through its URL keys (like every edit in the UI: the result is
 * parsed and validated by the scenario module): the senders as `flows=`, a flow's start as
 * `f<k>.start`, adding a flow at the end, and removing flow k — the flows after it move up one
 * number and take their `f<j>.` keys with them. Flows are numbered from 1, as in the URL. Pure.
 */
import { FLOW_KEYS, keyText, MAX_FLOWS, type Scenario } from '../deps/scenarios';
import { applyFields, flowCount, parseQuery, queryOf, type Edit } from './scenarioQuery';

/** The URL name of flow k's key (flow 1's `drops` and `sender` are unprefixed). */
function keyName(key: string, k: number): string {
  return k === 1 && (key === 'drops' || key === 'sender') ? key : `f${k}.${key}`;
}

/** Each flow's sender, flow 1 first (the text of its `f<k>.sender` key). */
export function flowSenders(s: Scenario): string[] {
  return Array.from({ length: flowCount(s) }, (_, i) => keyText(s, `f${i + 1}.sender`));
}

/** Flow k's start, s, as URL text (`f<k>.start`). */
export function flowStartText(s: Scenario, k: number): string {
  return keyText(s, `f${k}.start`);
}

function withSenders(s: Scenario, senders: readonly string[]): Edit {
  return applyFields(s, { flows: senders.join(','), sender: null });
}

/** Flow k's sender changed. */
export function setFlowSender(s: Scenario, k: number, sender: string): Edit {
  const list = flowSenders(s);
  list[k - 1] = sender;
  return withSenders(s, list);
}

/** Flow k's start changed (`f<k>.start`). */
export function setFlowStart(s: Scenario, k: number, start: string): Edit {
  return applyFields(s, { [`f${k}.start`]: start });
}

/** A flow added after the last one, with `sender` (refused past MAX_FLOWS). */
export function addFlow(s: Scenario, sender: string): Edit {
  const list = flowSenders(s);
  if (list.length >= MAX_FLOWS)
    return {
      ok: false,
      error: `flows: at most ${MAX_FLOWS} flows`,
      errors: [{ key: 'flows', message: `flows: at most ${MAX_FLOWS} flows` }],
    };
  return withSenders(s, [...list, sender]);
}

/** Flow k removed; the flows after it are renumbered with their own keys (refused for the last flow). */
export function removeFlow(s: Scenario, k: number): Edit {
  const n = flowCount(s);
  if (n <= 1 || k < 1 || k > n)
    return {
      ok: false,
      error: 'flows: a scenario keeps at least one flow',
      errors: [{ key: 'flows', message: 'flows: a scenario keeps at least one flow' }],
    };
  const q = queryOf(s);
  const senders = flowSenders(s);
  const out = new URLSearchParams();
  const perFlow = /^f\d+\./;
  for (const [key, value] of q) {
    if (key === 'flows' || key === 'sender' || key === 'drops' || perFlow.test(key)) continue;
    out.set(key, value);
  }
  out.set('flows', senders.filter((_, i) => i !== k - 1).join(','));
  for (let j = 1; j <= n; j++) {
    if (j === k) continue;
    const to = j < k ? j : j - 1;
    for (const key of FLOW_KEYS) {
      if (key === 'sender') continue;
      const v = q.get(keyName(key, j));
      if (v !== null) out.set(keyName(key, to), v);
    }
  }
  return parseQuery(out.toString());
}
