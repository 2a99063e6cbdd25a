/**
 * The held-out ns-3.37 AQM runs with TCP (tests/fixtures/ns3-aqm, the last four of its README's
 * table: other flow counts, targets, intervals, rates and ECN with CoDel / FQ-CoDel than the
 * runs of tests/tables/aqm-ns3-tcp.test.ts). The senders are not ns-3's (its header says how),
 * so the queue's outcome is compared, with the same kind of tolerances:
 * - ECN (codel-cubic2-ecn: two CUBIC flows; fqcodel-newreno2-ecn-ping: two NewReno flows and a
 *   ping): no TCP packet dropped and none resent in either; CE marks within 50 % of ns-3's
 *   (measured 45 / 33 and 32 / 36); each flow's mean sojourn within 2.5 × ns-3's (CoDel:
 *   11.1 / 14.0 and 5.7 / 3.4 ms), FQ-CoDel's within T + 1.5 ms, its ping under 1 ms in both.
 * - codel-newreno-5m-t20 (target 20 ms, interval 200 ms, 5 Mb/s): the first three drops are the
 *   same packets at ns-3's time + T (within 0.1 ms), the drops within 30 % (12 / 13), every
 *   flow's mean sojourn within T + 1.5 ms.
 * - pie-newreno2-t30 (target 30 ms, two flows; PIE's draws are not ns-3's): drops within 30 %
 *   (230 / 291), each flow's mean sojourn within 40 % (39 / 45 and 39 / 31 ms).
 */
import { describe, expect, it } from 'vitest';
import { mean, ns3Drops, runNs3Aqm } from '../helpers/ns3-aqm';

describe('ns-3.37 AQM held-out runs with TCP', () => {
  it.each(['codel-cubic2-ecn', 'fqcodel-newreno2-ecn-ping'])(
    '%s: CE marks instead of drops, nothing resent; marks and sojourn close to ns-3’s',
    (name) => {
      const { fx, s, trace } = runNs3Aqm(name);
      const T = (1040 * 8) / fx.params.bw;
      const fq = fx.params.aqm === 'fqcodel';
      expect(fx.bottleneck.dropped).toBe(0);
      expect(s.drops).toEqual([]);
      expect(Math.abs(s.marks.length / fx.bottleneck.marked - 1)).toBeLessThan(0.5);
      fx.flows.forEach((f, i) => {
        const ours = mean(s.sojourn[i]!);
        if (f.sender === 'udp') {
          expect(f.meanSojournS).toBeLessThan(0.001);
          expect(ours).toBeLessThan(0.001);
          return;
        }
        expect(f.retransmissions).toBe(0);
        expect(trace.flowStats[i]!.retransmissions).toBe(0);
        expect(f.marks).toBeGreaterThan(0);
        expect(s.marks.filter((m) => m.flow === i + 1).length).toBeGreaterThan(0);
        if (fq) expect(Math.abs(ours - f.meanSojournS)).toBeLessThan(T + 0.0015);
        else {
          expect(ours).toBeLessThan(2.5 * f.meanSojournS);
          expect(ours).toBeGreaterThan(f.meanSojournS / 2.5);
        }
      });
    },
  );

  it('codel-newreno-5m-t20: the same first drops at ns-3’s time + T, drops and sojourn close', () => {
    const { fx, s } = runNs3Aqm('codel-newreno-5m-t20');
    const T = (1040 * 8) / fx.params.bw;
    ns3Drops(fx)
      .slice(0, 3)
      .forEach((d, k) => {
        const o = s.drops[k]!;
        expect([o.flow, o.pkt]).toEqual([d.flow, d.pkt]);
        expect(Math.abs(o.t - d.t - T)).toBeLessThan(1e-4);
      });
    expect(Math.abs(s.drops.length / fx.bottleneck.dropped - 1)).toBeLessThan(0.3);
    fx.flows.forEach((f, i) =>
      expect(Math.abs(mean(s.sojourn[i]!) - f.meanSojournS)).toBeLessThan(T + 0.0015),
    );
  });

  it('pie-newreno2-t30: drops within 30 %, each flow’s mean sojourn within 40 %', () => {
    const { fx, s } = runNs3Aqm('pie-newreno2-t30');
    expect(Math.abs(s.drops.length / fx.bottleneck.dropped - 1)).toBeLessThan(0.3);
    fx.flows.forEach((f, i) =>
      expect(Math.abs(mean(s.sojourn[i]!) / f.meanSojournS - 1)).toBeLessThan(0.4),
    );
  });
});
