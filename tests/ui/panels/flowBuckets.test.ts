/** Rows grouped by flow in one pass (src/ui/panels/flowBuckets.ts). */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run } from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { cwndTicks } from '../../../src/ui/panels/cwnd';
import { MarkKind } from '../../../src/ui/panels/palette';
import { bucketByFlow, rowsOf } from '../../../src/ui/panels/flowBuckets';
import { flowDecisionRows, flowSampleRows } from '../../../src/ui/panels/traceCache';

describe('bucketByFlow', () => {
  it('groups rows by flow, ascending, leaving out rows of flow −1', () => {
    const flows = [2, 0, -1, 2, 0, 0, 5, -1, 2];
    const g = bucketByFlow(flows.length, (i) => flows[i]!);
    expect(g.map((r) => [...r])).toEqual([[1, 4, 5], [], [0, 3, 8], [], [], [6]]);
    expect([...rowsOf(g, 2)]).toEqual([0, 3, 8]);
    expect([...rowsOf(g, 1)]).toEqual([]);
    // A flow past the largest seen: no rows.
    expect([...rowsOf(g, 9)]).toEqual([]);
  });

  it('no rows, or none with a flow: no groups', () => {
    expect(bucketByFlow(0, () => 0)).toEqual([]);
    expect(bucketByFlow(3, () => -1)).toEqual([]);
  });
});

describe('per-flow rows of a 4-flow run, from one pass each', () => {
  const q = parseScenarioQuery('preset=ff-0-drops&flows=reno,sack,newreno,sctp-2960&stop=5');
  if (!q.ok) throw new Error('bad query');
  const trace = run(buildSimConfig(q.scenario));
  const D = trace.decisions;
  const P = trace.packets;
  const X = trace.transmissions;

  it('each flow’s decision and sample rows are the rows of that flow, ascending, with their times', () => {
    let decisions = 0;
    let samples = 0;
    for (let flow = 0; flow < 4; flow++) {
      const d = flowDecisionRows(trace, flow);
      const want = [...Array(D.length).keys()].filter((i) => D.flow[i] === flow);
      expect([...d.rows]).toEqual(want);
      expect([...d.times]).toEqual(want.map((i) => D.time[i]));
      const s = flowSampleRows(trace, flow);
      const S = trace.samples;
      expect([...s.rows]).toEqual(
        [...Array(S.length).keys()].filter((j) => D.flow[S.decision[j]!] === flow),
      );
      decisions += d.rows.length;
      samples += s.rows.length;
    }
    expect(decisions).toBe(D.length);
    expect(samples).toBe(trace.samples.length);
  });

  it('each flow’s drop ticks are its drops at the router (data or ACK), in event order', () => {
    let total = 0;
    for (let flow = 0; flow < 4; flow++) {
      const want: number[] = [];
      for (let i = 0; i < P.length; i++) {
        if (P.kind[i] !== PacketEventKind.drop || P.node[i] !== trace.router) continue;
        const u = P.uid[i]!;
        if (X.flow[u] === flow && X.type[u] !== PacketType.control) want.push(i);
      }
      const ticks = cwndTicks(trace, flow);
      const timeouts = trace.flowStats[flow]!.timeouts;
      expect(ticks.n).toBe(want.length + timeouts);
      const drops = [...ticks.event.subarray(0, ticks.n)].filter(
        (_, k) => ticks.kind[k] !== MarkKind.timeout,
      );
      expect(drops).toEqual(want);
      total += want.length;
    }
    // Four senders in slow start overflow the 8-packet queue.
    expect(total).toBeGreaterThan(10);
  });
});
