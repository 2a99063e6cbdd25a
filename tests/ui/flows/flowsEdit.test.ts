import { describe, expect, it } from 'vitest';
import {
  MAX_FLOWS,
  parseScenarioQuery,
  scenarioToQuery,
  type Scenario,
} from '../../../src/ui/deps/scenarios';
import {
  addFlow,
  flowSenders,
  flowStartText,
  removeFlow,
  setFlowSender,
  setFlowStart,
} from '../../../src/ui/model/flowsEdit';
import type { Edit } from '../../../src/ui/model/scenarioQuery';

function scenario(q: string): Scenario {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
  return p.scenario;
}
function ok(e: Edit): Scenario {
  if (!e.ok) throw new Error(e.error);
  return e.scenario;
}

describe('flows editor (through URL keys)', () => {
  it('reads every flow’s sender and start', () => {
    const s = scenario('preset=geo-table2&n=4&f3.start=1.5');
    expect(flowSenders(s)).toEqual(['sack', 'sctp-4960', 'sack', 'sctp-4960']);
    expect(flowStartText(s, 3)).toBe('1.5');
    expect(flowStartText(s, 1)).toBe('0');
  });

  it('adds a flow at the end, changes a sender and a start', () => {
    const s = scenario('preset=fall-floyd&sender=reno');
    const two = ok(addFlow(s, 'sack'));
    expect(two.flows.map((f) => f.sender)).toEqual(['reno', 'sack']);
    const changed = ok(setFlowSender(two, 2, 'newreno'));
    expect(changed.flows.map((f) => f.sender)).toEqual(['reno', 'newreno']);
    const later = ok(setFlowStart(changed, 2, '2.5'));
    expect(later.flows.map((f) => f.start)).toEqual([1, 2.5]);
    expect(new URLSearchParams(scenarioToQuery(later)).get('f2.start')).toBe('2.5');
    // A bad start is the scenario module's error, keyed by the flow's key.
    const bad = setFlowStart(changed, 2, '-1');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]!.key).toBe('f2.start');
  });

  it('removing a flow moves the later flows up with their own keys', () => {
    const s = scenario('preset=geo-table2&n=4&f2.start=1&f3.start=2&f4.start=3&f4.mss=1000');
    const r = ok(removeFlow(s, 2));
    expect(r.flows.map((f) => f.sender)).toEqual(['sack', 'sack', 'sctp-4960']);
    expect(r.flows.map((f) => f.start)).toEqual([0, 2, 3]);
    expect(r.flows.map((f) => f.mss)).toEqual([1448, 1448, 1000]);
    // Flow 1 removed: flow 2 becomes flow 1, drops included.
    const d = scenario('preset=fall-floyd&flows=reno,sack&drops=15&f2.drops=20,22');
    const first = ok(removeFlow(d, 1));
    expect(first.flows.map((f) => f.sender)).toEqual(['sack']);
    expect(first.flows[0]!.drops.map((x) => x.packet)).toEqual([20, 22]);
    // The last flow stays.
    expect(removeFlow(first, 1).ok).toBe(false);
  });

  it('refuses a flow past the most a scenario may have', () => {
    const many = scenario(
      `preset=geo-shared&stop=1&flows=${Array(MAX_FLOWS).fill('sack').join(',')}`,
    );
    expect(flowSenders(many)).toHaveLength(MAX_FLOWS);
    const r = addFlow(many, 'sack');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(`flows: at most ${MAX_FLOWS} flows`);
  });
});
