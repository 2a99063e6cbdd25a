/**
 * The notices of the presets that fill a 1000-packet drop-tail buffer (bufferbloat,
 * codel-vs-droptail) and of red-floyd-jacobson (tests/scenarios/aqm-presets.test.ts has the
 * others), and the bufferbloat lab's sweep (preset `bufferbloat`: a bulk CUBIC flow with
 * 1500-byte packets and delayed ACKs and a 50/s ping on the 10 Mb/s, 40 ms round-trip path,
 * 30 s) over the buffer, 10 → 1000 packets, under each discipline, from the `--out metrics`
 * numbers (delay_mean_s of the ping, link_util): under drop-tail the ping's delay grows with the
 * buffer (25 → 699 ms, 20.5 ms being propagation and serialization); under CoDel and FQ-CoDel
 * it stays within the path's 20.5 ms + the 5 ms target + 1 ms at every buffer size, under PIE
 * within 20.5 + its 15 ms target + 2 ms. Utilisation (issue 26's bar: ≥ 90 %): drop-tail
 * ≥ 96 % from 20 packets up; CoDel and FQ-CoDel 91.1–91.7 %; PIE 93.0–96.3 % (2 timeouts from
 * 50 packets up: CUBIC's slow start overshoots while PIE's drop probability is still rising).
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind, run } from '../../src/engine';
import { computeMetrics, type RunMetrics } from '../../src/metrics';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';

function metricsOf(q: string): RunMetrics {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  const cfg = buildSimConfig(p.scenario);
  return computeMetrics(run(cfg, { record: 'metrics' }), cfg);
}

/** One-way delay of flow k (0-based), ms. */
const ms = (m: RunMetrics, k: number) => m.flows[k]!.delayMeanS! * 1000;

const BUFFERS = [10, 20, 50, 100, 200, 500, 1000];
const sweep = (aqm: string) =>
  BUFFERS.map((q) => {
    const m = metricsOf(`preset=bufferbloat&aqm=${aqm}&queue=${q}`);
    return { q, pingMs: m.flows[1]!.delayMeanS! * 1000, util: m.linkUtilPct };
  });

describe('bufferbloat (CUBIC + ping, 1000-packet buffer, 30 s)', () => {
  it('drop-tail: 98 % busy, the ping 699 ms one way; aqm=codel: 23.3 ms at 91 %', () => {
    const dt = metricsOf('preset=bufferbloat');
    expect(dt.flows[1]!.sender).toBe('udp');
    expect(dt.linkUtilPct).toBeCloseTo(98.37, 1);
    expect(ms(dt, 1)).toBeCloseTo(698.5, 1);
    const codel = metricsOf('preset=bufferbloat&aqm=codel');
    expect(ms(codel, 1)).toBeCloseTo(23.3, 1);
    expect(codel.linkUtilPct).toBeCloseTo(91.46, 2);
  });
});

describe('codel-vs-droptail (CUBIC + thin NewReno, 30 s)', () => {
  it('CoDel: the thin flow 23.5 ms one way, 5 fast retransmits, 91 % busy; drop-tail 796 ms at 98 %', () => {
    const codel = metricsOf('preset=codel-vs-droptail');
    expect(ms(codel, 1)).toBeCloseTo(23.51, 2);
    expect(ms(codel, 0)).toBeCloseTo(24.14, 2);
    expect(codel.flows[1]!.frEpisodes).toBe(5);
    expect(codel.linkUtilPct).toBeCloseTo(91.12, 2);
    const dt = metricsOf('preset=codel-vs-droptail&aqm=droptail');
    expect(ms(dt, 1)).toBeCloseTo(795.8, 1);
    expect(dt.linkUtilPct).toBeCloseTo(98.03, 2);
  });
});

describe('red-floyd-jacobson (four SACK flows through RED 5/15/0.002/0.02, 20 s)', () => {
  it('after 2 s the average queue is 8.3 packets on average (at most 17.3), the real one up to 23; 388 early drops, 33 overflows before 2 s', () => {
    const p = parseScenarioQuery('preset=red-floyd-jacobson');
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    const t = run(buildSimConfig(p.scenario));
    const link = t.bottleneck;
    expect(t.links[link]!.aqm).toBe('red');
    const a = t.aqm!;
    const avg: number[] = [];
    for (let i = 0; i < a.length; i++) if (a.link[i] === link && a.time[i]! >= 2) avg.push(a.a[i]!);
    expect(avg.reduce((x, y) => x + y, 0) / avg.length).toBeCloseTo(8.34, 2);
    expect(Math.max(...avg)).toBeCloseTo(17.28, 2);
    const P = t.packets;
    let maxQ = 0;
    let lastOverflow = 0;
    for (let i = 0; i < P.length; i++) {
      if (P.link[i] !== link) continue;
      if (P.kind[i] === PacketEventKind.depart && P.time[i]! >= 2)
        maxQ = Math.max(maxQ, P.qlen[i]!);
      if (P.kind[i] === PacketEventKind.drop && P.cause[i] === DropCause.overflow)
        lastOverflow = P.time[i]!;
    }
    expect(maxQ).toBe(23);
    expect(lastOverflow).toBeLessThan(2);
    expect(t.linkStats[link]!.drops).toMatchObject({ overflow: 33, aqm: 388 });
    expect(t.flowStats[0]!.timeouts).toBe(4);
  });
});

describe('bufferbloat swept over the buffer', () => {
  it('drop-tail: the ping’s delay grows with the buffer, 25 → 699 ms; the link ≥ 96 % busy from 20 packets', () => {
    const r = sweep('droptail');
    for (let i = 1; i < r.length; i++) expect(r[i]!.pingMs).toBeGreaterThan(r[i - 1]!.pingMs);
    expect(r.map((x) => Math.round(x.pingMs))).toEqual([25, 33, 63, 111, 208, 488, 699]);
    for (const x of r.slice(1)) expect(x.util).toBeGreaterThanOrEqual(96);
  });
  it.each([
    { aqm: 'codel', target: 5, slack: 1, utils: [91.45, 91.34, 91.68, 91.46, 91.46, 91.46, 91.46] },
    {
      aqm: 'fq-codel',
      target: 5,
      slack: 1,
      utils: [91.1, 91.43, 91.68, 91.46, 91.46, 91.46, 91.46],
    },
    { aqm: 'pie', target: 15, slack: 2, utils: [93.96, 96.33, 94.3, 93.55, 93.04, 93.04, 93.04] },
  ] as const)(
    '$aqm: the ping within 20.5 ms + target $target ms + $slack ms and the link at least 90 percent busy at every buffer',
    ({ aqm, target, slack, utils }) => {
      const r = sweep(aqm);
      for (const x of r) expect(x.pingMs).toBeLessThan(20.5 + target + slack);
      for (const x of r) expect(x.util).toBeGreaterThanOrEqual(90);
      r.forEach((x, i) => expect(x.util).toBeCloseTo(utils[i]!, 1));
    },
  );
});
