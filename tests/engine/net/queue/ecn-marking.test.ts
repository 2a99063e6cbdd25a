/**
 * Issue 26's ECN bar: "the same run with ecn=1 has marks instead of drops and no
 * retransmissions caused by the AQM", on the ecn-vs-drop preset (one CUBIC flow with ECN through
 * a 1000-packet buffer), here 6 s of it under CoDel and FQ-CoDel, 4 s under PIE:
 * - CoDel and FQ-CoDel (RFC 8289 §5.4 / RFC 8290 §4.1.1 with RFC 3168): wherever the ecn=0 run
 *   drops, the ecn=1 run marks CE — no data packet of the flow is dropped, nothing is resent,
 *   and the marks are as many as the drops within a few (the sender reacts alike).
 * - PIE (RFC 8033 §5.1): ECN-capable packets are marked only while the drop probability is
 *   below 10 % ("mark_ecnth"); above it PIE drops them as it drops any packet, to protect the
 *   queue from a sender that ignores marks. So the run marks while p < 0.1 and drops only at
 *   p ≥ 0.1 (CUBIC's slow-start overshoot, before p has come back down); every retransmission
 *   comes after the first drop, none follows from a mark alone.
 * ecn-vs-drop's own 30 s numbers (CoDel) are in tests/scenarios/aqm-presets.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind, PacketType, run, type Trace } from '../../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../../src/scenarios';

function traceOf(q: string, record: 'full' | 'metrics' = 'full'): Trace {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return run(buildSimConfig(p.scenario), { record });
}

/** What the bottleneck did to the run's one flow (the preset's only flow), from its counters. */
interface Counts {
  /** Packets marked CE / dropped by the AQM / lost to overflow at the bottleneck. */
  marks: number;
  aqmDrops: number;
  overflow: number;
  retransmissions: number;
}

function counts(t: Trace): Counts {
  const l = t.linkStats[t.bottleneck]!;
  return {
    marks: l.marks ?? 0,
    aqmDrops: l.drops.aqm ?? 0,
    overflow: l.drops.overflow,
    retransmissions: t.flowStats[0]!.retransmissions,
  };
}

interface Outcome extends Counts {
  /** Time of the first AQM drop of flow 0 (Infinity: none) and of its first retransmission. */
  firstDropS: number;
  firstRetxS: number;
}

/** Counts from the packet events of a full trace, for flow 0's data packets. */
function outcome(t: Trace): Outcome {
  const P = t.packets;
  const X = t.transmissions;
  const o: Outcome = {
    marks: 0,
    aqmDrops: 0,
    overflow: 0,
    retransmissions: t.flowStats[0]!.retransmissions,
    firstDropS: Infinity,
    firstRetxS: Infinity,
  };
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (X.flow[u] !== 0 || X.type[u] !== PacketType.data) continue;
    if (P.kind[i] === PacketEventKind.send && X.retx[u] === 1)
      o.firstRetxS = Math.min(o.firstRetxS, P.time[i]!);
    if (P.link[i] !== t.bottleneck) continue;
    if (P.kind[i] === PacketEventKind.mark) o.marks++;
    if (P.kind[i] === PacketEventKind.drop && P.cause[i] === DropCause.aqm) {
      o.aqmDrops++;
      o.firstDropS = Math.min(o.firstDropS, P.time[i]!);
    }
    if (P.kind[i] === PacketEventKind.drop && P.cause[i] === DropCause.overflow) o.overflow++;
  }
  return o;
}

const Q = 'preset=ecn-vs-drop&stop=6';

describe.each(['codel', 'fq-codel'])('%s with ecn=1: marks instead of drops', (aqm) => {
  let ecn: Counts;
  let drop: Counts;
  beforeAll(() => {
    ecn = counts(traceOf(`${Q}&aqm=${aqm}`, 'metrics'));
    drop = counts(traceOf(`${Q}&aqm=${aqm}&ecn=0`, 'metrics'));
  });
  it('ecn=0 drops and resends; ecn=1 marks about as often, drops nothing and resends nothing', () => {
    expect(drop.aqmDrops).toBeGreaterThan(10);
    expect(drop.marks).toBe(0);
    expect(drop.retransmissions).toBeGreaterThanOrEqual(drop.aqmDrops);
    expect(ecn.marks).toBeGreaterThan(10);
    expect(Math.abs(ecn.marks - drop.aqmDrops)).toBeLessThanOrEqual(drop.aqmDrops / 2);
    expect(ecn.aqmDrops).toBe(0);
    expect(ecn.overflow).toBe(0);
    expect(ecn.retransmissions).toBe(0);
  });
});

describe('pie with ecn=1: marks while p < 10 %, drops above (RFC 8033 §5.1)', () => {
  let t: Trace;
  beforeAll(() => {
    // 4 s: the slow-start overshoot (p up to 0.5, the drops) and p coming back below 0.1
    t = traceOf('preset=ecn-vs-drop&stop=4&aqm=pie');
  });
  it('every mark at p < 0.1, every AQM drop at p ≥ 0.1; no retransmission before the first drop', () => {
    const P = t.packets;
    const A = t.aqm!;
    const link = t.bottleneck;
    // p in force at each packet event of the bottleneck: the last sample taken before it
    let k = -1;
    let p = 0;
    let marks = 0;
    let drops = 0;
    for (let i = 0; i < P.length; i++) {
      while (k + 1 < A.length && A.event[k + 1]! <= i) {
        k++;
        if (A.link[k] === link) p = A.a[k]!;
      }
      if (P.link[i] !== link) continue;
      if (P.kind[i] === PacketEventKind.mark) {
        marks++;
        expect(p).toBeLessThan(0.1);
      }
      if (P.kind[i] === PacketEventKind.drop && P.cause[i] === DropCause.aqm) {
        drops++;
        expect(p).toBeGreaterThanOrEqual(0.1);
      }
    }
    const o = outcome(t);
    expect(o).toMatchObject(counts(t));
    expect(marks).toBe(o.marks);
    expect(drops).toBe(o.aqmDrops);
    expect(o.marks).toBeGreaterThan(10);
    expect(o.aqmDrops).toBeGreaterThan(0);
    expect(o.overflow).toBe(0);
    expect(o.firstRetxS).toBeGreaterThan(o.firstDropS);
  });
});
