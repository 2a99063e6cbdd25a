/**
 * A flow's keys → FlowConfig through their descriptors' `apply` (src/scenarios/flow-fields.ts),
 * laid over the profile's stack fields: exact fields per key, an explicit key over the profile's
 * default, SCTP keys on SCTP flows only and away from their defaults.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, buildSimConfig, parseScenarioQuery } from '../../src/scenarios';
import { flowKeyFields } from '../../src/scenarios/flow-fields';

function flowsOf(query: string) {
  const r = parseScenarioQuery(query);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { scenario: r.scenario, config: buildSimConfig(r.scenario) };
}

describe('flowKeyFields', () => {
  it('sets exactly the fields of the keys with an apply (Fall & Floyd Reno flow)', () => {
    expect(flowKeyFields(DEFAULT_SCENARIO.flows[0]!)).toEqual({
      sender: 'reno',
      windowPkts: 28,
      mssBytes: 1000,
      startS: 1,
      bugfix: true,
      dupackThreshold: 3,
      delayedAck: false,
    });
  });

  it('frtx reads the sender (auto: 4 for RFC 2960 SCTP), mss the application (size)', () => {
    const { scenario } = flowsOf('flows=reno,sctp-2960,udp&f3.app=cbr&f3.size=200&f1.frtx=5');
    const [reno, sctp, udp] = scenario.flows.map(flowKeyFields);
    expect(reno!.dupackThreshold).toBe(5);
    expect(sctp!.dupackThreshold).toBe(4);
    expect(udp!.mssBytes).toBe(200);
    expect(udp!.app).toEqual({ kind: 'cbr', pps: scenario.flows[2]!.pps });
    expect(reno!.app).toBeUndefined();
  });

  it('an explicit key wins over the profile: rtomin over ns2 SCTP’s minimum RTO of 1 s', () => {
    const auto = flowsOf('sender=sctp-4960&profile=ns2').config.flows[0]!;
    const typed = flowsOf('sender=sctp-4960&profile=ns2&rtomin=0.5').config.flows[0]!;
    expect(auto.minRtoS).toBe(1);
    expect(typed.minRtoS).toBe(0.5);
    expect({ ...typed, minRtoS: 1 }).toEqual(auto);
  });

  it('SCTP keys set nothing at their defaults or on a TCP flow', () => {
    const sctp = flowsOf('sender=sctp-4960').scenario.flows[0]!;
    expect(Object.keys(flowKeyFields(sctp)).sort()).toEqual([
      'bugfix',
      'delayedAck',
      'dupackThreshold',
      'mssBytes',
      'sender',
      'startS',
      'windowPkts',
    ]);
    expect(flowKeyFields({ ...sctp, pmr: 2 }).pathMaxRetrans).toBe(2);
    expect(flowKeyFields({ ...sctp, sender: 'reno', pmr: 2 }).pathMaxRetrans).toBeUndefined();
  });
});
