import { describe, expect, it } from 'vitest';
import { binSegments, delayModel, packetDelays } from '../../../src/ui/panels/delay';
import {
  classKeyOf,
  classOfFlow,
  flowClasses,
  flowGroups,
  hasCongestionControl,
} from '../../../src/ui/panels/flowClasses';
import { groupLegend } from '../../../src/ui/panels/groupLegend';
import { groupLines, type TputModel } from '../../../src/ui/panels/tput';
import {
  classShown,
  flowsSignature,
  onlyClass,
  setFlowsShown,
  shownText,
  toggleClass,
  visibleFlows,
} from '../../../src/ui/model/flowVisibility';
import { handTrace } from './handTrace';

const name = (f: number) => `flow ${f + 1}`;

describe('traffic classes', () => {
  const trace = handTrace();

  it('groups flows by application kind / protocol, in the order of their first flow', () => {
    const cs = flowClasses(trace);
    expect(cs.map((c) => [c.index, c.key, c.flows])).toEqual([
      [0, 'bulk/tcp', [0, 2]],
      [1, 'voip/udp', [1]],
    ]);
    expect(Array.from(classOfFlow(trace))).toEqual([0, 1, 0]);
    expect(classKeyOf({ app: 'ftp-clients', protocol: 'sctp' })).toBe('ftp-clients/sctp');
    expect(hasCongestionControl(trace.flows[1])).toBe(false);
    expect(hasCongestionControl(trace.flows[0])).toBe(true);
  });

  it('makes one line per shown flow, or per class of the shown flows', () => {
    expect(flowGroups(trace, [0, 1, 2], false, name).map((g) => [g.key, g.style, g.flows])).toEqual(
      [
        ['flow0', 0, [0]],
        ['flow1', 1, [1]],
        ['flow2', 2, [2]],
      ],
    );
    const byClass = flowGroups(trace, [1, 2], true, name);
    expect(byClass.map((g) => [g.key, g.style, g.label, g.flows])).toEqual([
      ['class0', 0, 'bulk/tcp (1 flow)', [2]],
      ['class1', 1, 'voip/udp (1 flow)', [1]],
    ]);
  });

  it('names at most 12 lines in a legend and counts the rest', () => {
    const groups = Array.from({ length: 40 }, (_, f) => ({
      key: `flow${f}`,
      style: f,
      label: name(f),
      flows: [f],
    }));
    const items = groupLegend(groups);
    expect(items).toHaveLength(13);
    expect(items[11]!.label).toBe('flow 12');
    expect(items[12]!.label).toMatch(/^… and 28 more flows/);
    expect(groupLegend(groups.slice(0, 3)).map((i) => i.label)).toEqual([
      'flow 1',
      'flow 2',
      'flow 3',
    ]);
  });
});

describe('flow visibility', () => {
  const trace = handTrace();
  const [tcp, udp] = flowClasses(trace);

  it('shows every flow by default and filters the hidden ones', () => {
    expect(visibleFlows(trace, [])).toBeUndefined();
    expect(visibleFlows(trace, [7])).toBeUndefined(); // an id the run does not have
    expect(visibleFlows(trace, [1])).toEqual([0, 2]);
    expect(visibleFlows(trace, [0, 1, 2])).toEqual([]);
  });

  it('hides and shows flows and whole classes', () => {
    expect(setFlowsShown([], [2, 0], false)).toEqual([0, 2]);
    expect(setFlowsShown([0, 2], [0], true)).toEqual([2]);
    expect(classShown(tcp!, [])).toBe('all');
    expect(classShown(tcp!, [2])).toBe('some');
    expect(classShown(tcp!, [0, 2])).toBe('none');
    expect(toggleClass(tcp!, [])).toEqual([0, 2]); // all shown → hide the class
    expect(toggleClass(tcp!, [2])).toEqual([]); // some → show all of it
    expect(toggleClass(udp!, [0, 2])).toEqual([0, 1, 2]);
    expect(onlyClass(trace, udp!)).toEqual([0, 2]);
  });

  it('says what is shown, and identifies the run’s flows', () => {
    expect(shownText(trace, [])).toBe('3 of 3 flows shown');
    expect(shownText(trace, [0, 2])).toBe('1 of 3 flows shown (hidden: bulk/tcp)');
    expect(shownText(trace, [2])).toBe('2 of 3 flows shown');
    expect(flowsSignature(trace)).toBe('0:reno:bulk,1:udp:voip,2:reno:bulk');
  });
});

describe('one-way delay and jitter from the packet columns', () => {
  const trace = handTrace();
  const pd = packetDelays(trace);

  it('gives each delivered data packet its delivery time minus its send time', () => {
    const f1 = pd[0]!;
    expect(Array.from(f1.t)).toEqual([0.05, 0.09, 0.25]);
    expect(f1.delay[0]).toBeCloseTo(0.05, 12);
    expect(f1.delay[1]).toBeCloseTo(0.07, 12);
    expect(f1.delay[2]).toBeCloseTo(0.1, 12);
    expect([f1.sent, f1.dropped]).toEqual([4, 1]);
    expect(Array.from(pd[1]!.delay).map((d) => +d.toFixed(12))).toEqual([0.03, 0.02]);
    expect(pd[2]!.delay[0]).toBeCloseTo(0.08, 12);
  });

  it('updates RFC 3550 jitter J += (|D| − J)/16 in delivery order', () => {
    const j = pd[0]!.jitter;
    expect(j[0]).toBe(0);
    expect(j[1]).toBeCloseTo(0.02 / 16, 12); // D = 0.07 − 0.05
    expect(j[2]).toBeCloseTo(0.00125 + (0.03 - 0.00125) / 16, 12); // = 0.003046875
    expect(pd[1]!.jitter[1]).toBeCloseTo(0.01 / 16, 12);
  });

  it('bins per flow: mean and largest delay, jitter at the last packet, gaps where none', () => {
    const m = delayModel(pd, flowGroups(trace, [0, 1, 2], false, name), 0.1, 0.3);
    expect(m.bins).toBe(3);
    const f1 = m.series[0]!;
    expect(f1.mean[0]).toBeCloseTo(0.06, 12);
    expect(f1.max[0]).toBeCloseTo(0.07, 12);
    expect(Number.isNaN(f1.mean[1]!)).toBe(true);
    expect(f1.mean[2]).toBeCloseTo(0.1, 12);
    expect(Array.from(f1.packets)).toEqual([2, 0, 1]);
    expect(f1.jitter[0]).toBeCloseTo(0.00125, 12);
    expect(f1.jitter[2]).toBeCloseTo(0.003046875, 12);
    expect(f1.total.meanS).toBeCloseTo(0.22 / 3, 12);
    expect(f1.total.maxS).toBeCloseTo(0.1, 12);
    expect(m.maxMean).toBeCloseTo(0.1, 12);
  });

  it('bins per class: the class’s packets together, jitter the mean over its flows', () => {
    const m = delayModel(pd, flowGroups(trace, [0, 1, 2], true, name), 0.1, 0.3);
    const tcp = m.series[0]!;
    expect(tcp.group.label).toBe('bulk/tcp (2 flows)');
    expect(tcp.mean[2]).toBeCloseTo((0.1 + 0.08) / 2, 12);
    expect(tcp.packets[2]).toBe(2);
    expect(tcp.jitter[2]).toBeCloseTo((0.003046875 + 0) / 2, 12);
    expect([tcp.total.sent, tcp.total.dropped]).toEqual([5, 1]);
    const udp = m.series[1]!;
    expect(udp.mean[0]).toBeCloseTo(0.025, 12);
    expect(udp.jitter[0]).toBeCloseTo(0.000625, 12);
  });

  it('cuts a binned series into step segments at the empty bins', () => {
    const segs = binSegments(Float64Array.from([1, NaN, 2, 3]), 0.1, 0.35);
    expect(segs).toEqual([
      { points: [{ t: 0, v: 1 }], endT: 0.1 },
      {
        points: [
          { t: 0.2, v: 2 },
          { t: 0.30000000000000004, v: 3 },
        ],
        endT: 0.35,
      },
    ]);
  });
});

describe('throughput per class', () => {
  it('adds the flows of a class bin by bin', () => {
    const model = {
      binS: 1,
      factor: 10,
      flows: [
        {
          flow: 0,
          points: [
            { t: 0, v: 100 },
            { t: 1, v: 200 },
          ],
        },
        {
          flow: 1,
          points: [
            { t: 0, v: 5 },
            { t: 1, v: 7 },
          ],
        },
        {
          flow: 2,
          points: [
            { t: 0, v: 30 },
            { t: 1, v: 40 },
          ],
        },
      ],
      total: [],
      max: 0,
    } as unknown as TputModel;
    const lines = groupLines(model, [
      { key: 'class0', style: 0, label: 'bulk/tcp', flows: [0, 2] },
      { key: 'class1', style: 1, label: 'voip/udp', flows: [1] },
    ]);
    expect(lines.map((l) => l.points.map((p) => p.v))).toEqual([
      [130, 240],
      [5, 7],
    ]);
  });
});
