import { decisionsOf } from '../../../src/engine';
import { describe, expect, it } from 'vitest';
import { PacketEventKind as K, PacketType as T } from '../../../src/engine';
import { MarkKind } from '../../../src/ui/panels/palette';
import { marksOfKind } from '../../../src/ui/panels/marks';
import { timeSeqModel } from '../../../src/ui/panels/timeseq';
import { countEvents, fallFloydTrace, renoThreeDrops } from './fixtures';

describe('time–sequence model', () => {
  const trace = renoThreeDrops();
  const P = trace.packets;
  const X = trace.transmissions;
  const S1 = trace.nodes.indexOf('S1');
  const m = timeSeqModel(trace, 0);

  it('one bar per data segment sent by the sender, retransmissions marked R', () => {
    const sends = countEvents(
      trace,
      (i) => P.kind[i] === K.send && X.type[P.uid[i]!] === T.data && P.node[i] === S1,
    );
    expect(m.counts.segments + m.counts.retransmissions).toBe(sends);
    expect(m.counts.retransmissions).toBe(trace.flowStats[0]!.retransmissions);
    const retx = marksOfKind(m.marks, MarkKind.segmentRetx);
    expect(retx.every((i) => m.marks.labels.get(i) === 'R')).toBe(true);
    expect(retx.map((i) => m.marks.packet[i])).toContain(15);
  });

  it('ACK staircase from ACKs delivered to the sender, non-decreasing', () => {
    const acks = countEvents(
      trace,
      (i) => P.kind[i] === K.deliver && X.type[P.uid[i]!] === T.ack && P.node[i] === S1,
    );
    expect(m.counts.acks).toBe(acks);
    for (let i = 1; i < m.ackLine.length; i++)
      expect(m.ackLine[i]!.v).toBeGreaterThan(m.ackLine[i - 1]!.v);
  });

  it('labels the 3rd duplicate ACK "3", and it is the one that triggers fast retransmit', () => {
    const labelled = marksOfKind(m.marks, MarkKind.dupack).filter(
      (i) => m.marks.labels.get(i) === '3',
    );
    expect(labelled.length).toBeGreaterThanOrEqual(1);
    const fr = decisionsOf(trace).find((d) => d.code === 'reno.fast-retransmit')!;
    expect(labelled.map((i) => m.marks.event[i])).toContain(fr.trigger.event);
    expect(m.marks.packet[labelled[0]!]).toBe(14);
  });

  it('receive-window line = cumulative ACK + the flow window (28)', () => {
    expect(m.windowLine.length).toBe(m.ackLine.length);
    m.windowLine.forEach((p, k) =>
      expect(p).toEqual({ t: m.ackLine[k]!.t, v: m.ackLine[k]!.v + 28 }),
    );
  });

  it('SCTP: fast retransmits are labelled "FR", no wire-level dupack count', () => {
    const t = fallFloydTrace('sctp-2960', [15, 27, 29]);
    const s = timeSeqModel(t, 0);
    const labels = [...s.marks.labels.values()];
    const frs = decisionsOf(t).filter((d) => d.code === 'sctp.fast-retransmit').length;
    expect(labels.filter((l) => l === 'FR').length).toBe(frs);
    expect(labels.filter((l) => /^\d+$/.test(l))).toEqual([]);
  });

  it('no SACK marks for Reno; SACK marks for the SACK sender', () => {
    expect(m.counts.sacks).toBe(0);
    const s = timeSeqModel(fallFloydTrace('sack', [15, 27, 29]), 0);
    expect(s.counts.sacks).toBeGreaterThan(0);
  });
});
