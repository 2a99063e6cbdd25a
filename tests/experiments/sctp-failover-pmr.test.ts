/**
 * Experiment (issue 13): how Path.Max.Retrans sets the cost of a failure. The sctp-failover
 * preset (primary link down from 5 s to 14 s, RTO.Min 0.5 s, RTO.Max 2 s) with Path.Max.Retrans
 * 0 to 4: the primary goes inactive at its (pmr + 1)-th T3-rtx expiry, each one more waiting an
 * RTO (doubled up to RTO.Max, RFC 4960 §6.3.3 E2), so failover comes 2 s later per step and the
 * association delivers about 0.5 MB less in the 25 s run per step from pmr 1 on; it recovers
 * with the first HEARTBEAT to the inactive path after the repair (§8.3: one per RTO +
 * HB.interval ± RTO/2 after the previous one timed out, so within RTO.Max + HB.interval +
 * RTO.Max/2 = 4 s of it), whose timing follows the path's own HEARTBEATs, not Path.Max.Retrans.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { PATH_EVENT_NAMES } from '../../src/engine/trace/path-events';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';

function failover(pmr: number) {
  const r = parseScenarioQuery(`preset=sctp-failover&pmr=${pmr}`);
  if (!r.ok) throw new Error(String(pmr));
  const t = run(buildSimConfig(r.scenario), { record: 'metrics' });
  const pe = t.pathEvents!;
  const at = (name: string) => {
    for (let i = 0; i < pe.length; i++) {
      if (pe.path[i] === 0 && PATH_EVENT_NAMES[pe.event[i]!] === name) return pe.time[i]!;
    }
    return NaN;
  };
  let expiries = 0;
  for (let i = 0; i < pe.length; i++) {
    if (PATH_EVENT_NAMES[pe.event[i]!] === 't3-expiry' && pe.time[i]! <= at('failover')) expiries++;
  }
  return {
    failover: at('failover').toFixed(3),
    expiries,
    recovered: at('recovered').toFixed(3),
    delivered: t.flowStats[0]!.deliveredBytes,
  };
}

describe('sctp-failover over Path.Max.Retrans 0–4', () => {
  it('failover at the (pmr + 1)-th T3-rtx expiry, 2 s (RTO.Max) later per step, less delivered', () => {
    // expiries = pmr + 1 (RFC 4960 §8.2: inactive once the error count exceeds Path.Max.Retrans);
    // the times and byte counts are engine values pinned.
    expect([0, 1, 2, 3, 4].map(failover)).toEqual([
      { failover: '5.383', expiries: 1, recovered: '14.417', delivered: 5733000 },
      { failover: '6.500', expiries: 2, recovered: '14.415', delivered: 5484000 },
      { failover: '8.559', expiries: 3, recovered: '14.676', delivered: 4988000 },
      { failover: '10.617', expiries: 4, recovered: '16.785', delivered: 4499000 },
      { failover: '12.676', expiries: 5, recovered: '16.785', delivered: 4019000 },
    ]);
    for (const pmr of [0, 1, 2, 3, 4]) {
      const back = Number(failover(pmr).recovered);
      expect(back).toBeGreaterThan(14); // the link is repaired at 14 s
      expect(back).toBeLessThanOrEqual(14 + 2 + 1 + 1 + 0.06); // + one round trip for the HEARTBEAT-ACK
    }
  });
});
