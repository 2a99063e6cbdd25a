import { describe, expect, it } from 'vitest';
import { captureFlight, captureRtt, rowAtOrBefore } from '../../../src/ui/capture/flight';
import { flightSpec, fmtBytesTick, timeSeqSpec } from '../../../src/ui/capture/specs';
import { captureTimeSeq } from '../../../src/ui/capture/timeseq';
import { captureCsv } from '../../../src/ui/capture/csv';
import { packConnection, unpackConnection } from '../../../src/ui/capture/pack';
import { MarkKind } from '../../../src/ui/panels/palette';
import { toPoints } from '../../../src/ui/panels/series';
import { handAnalysis } from './handAnalysis';

describe('capture time–sequence model (tcptrace conventions)', () => {
  const a = handAnalysis();
  const m = captureTimeSeq(a);
  const kinds = (k: number) => Array.from(m.marks.kind).flatMap((x, i) => (x === k ? [i] : []));

  it('draws each segment at its last byte, the retransmission as R with its class', () => {
    expect(m.counts).toEqual({ segments: 4, retransmissions: 1, acks: 6, dupacks: 3, sacks: 2 });
    expect(kinds(MarkKind.segment).map((i) => m.marks.y[i])).toEqual([1001, 2001, 3001, 4001]);
    const [r] = kinds(MarkKind.segmentRetx);
    expect(m.marks.y[r!]).toBe(2001);
    expect(m.marks.event[r!]).toBe(11);
    expect(m.marks.labels.get(r!)).toBe('R');
    expect(m.marks.notes.get(r!)).toBe('fast retransmit');
    const tip = timeSeqSpec(a).describe([r!])[0]!;
    expect(tip.lines).toEqual([
      'fast retransmit',
      'bytes 1001–2001 (1000 B)',
      'packet 12 of the connection, t = 0.0341 s',
      'kinds: data+retransmission+ack',
    ]);
    expect(m.maxSeq).toBe(4001);
  });

  it('labels the 3rd duplicate ACK "3" and draws SACK blocks at their right edge', () => {
    const d = kinds(MarkKind.dupack);
    expect(d.map((i) => m.marks.event[i])).toEqual([8, 9, 10]);
    expect(d.map((i) => m.marks.labels.get(i))).toEqual([undefined, undefined, '3']);
    const s = kinds(MarkKind.sack);
    expect(s.map((i) => m.marks.y[i])).toEqual([3001, 4001]);
    expect(m.marks.notes.get(s[1]!)).toBe('SACK block 2001–4001');
  });

  it('steps the ACK line and the receive window only where they move', () => {
    expect(toPoints(m.ackLine)).toEqual([
      { t: 0.01, v: 1 },
      { t: 0.03, v: 1001 },
      { t: 0.045, v: 4001 },
    ]);
    expect(Array.from(m.windowLine.v)).toEqual([65536, 66536, 69536]);
    const spec = timeSeqSpec(a);
    expect(spec.yLabel).toBe('sequence number (bytes, relative)');
    expect(spec.ariaLabel).toContain(
      '4 new segments, 1 retransmissions, 6 ACKs (3 duplicates, 2 SACK blocks)',
    );
  });
});

describe('capture bytes in flight and RTT', () => {
  const a = handAnalysis(1);
  it('steps the flight, keeps the cwnd bound and the recovery as a band', () => {
    const f = captureFlight(a);
    expect(Array.from(f.flight.v)).toEqual([0, 1000, 2000, 3000, 4000, 3000, 0]);
    expect(f.maxBytes).toBe(4000);
    const spec = flightSpec(a, 'light');
    expect(spec.bands).toHaveLength(1);
    expect(spec.bands[0]).toMatchObject({ t0: 0.0341, t1: 0.045, label: 'FR' });
    expect(spec.lines.map((l) => l.key)).toEqual(['flight', 'bound0']);
    expect(spec.describeTime!(0.025)!.lines).toEqual([
      'in flight: 4000 B (4.0 × MSS 1000 B)',
      'cwnd bound here: 4000 B (4.0 segments)',
    ]);
  });
  it('puts each RTT sample on the packet row of its ACK, with the running minimum', () => {
    const r = captureRtt(a);
    expect(Array.from(r.samples.event)).toEqual([2, 7, 12]);
    expect(toPoints(r.minRtt)).toEqual([{ t: 0.01, v: 0.01 }]);
    expect(r.max).toBe(0.022);
    expect(rowAtOrBefore(a, 0.0335)).toBe(9);
  });
});

describe('the CSV export of a connection', () => {
  it('writes one row per packet with the kinds named', () => {
    const lines = captureCsv(handAnalysis()).trimEnd().split('\n');
    expect(lines).toHaveLength(14);
    expect(lines[0]).toBe('time_s,dir,seq,end,len,ack,win,inflight,kinds');
    expect(lines[12]).toBe('0.0341,data,1001,2001,1000,1,65535,3000,data+retransmission+ack');
    expect(lines[11]).toBe('0.034,ack,1,1,0,1001,65535,3000,ack+dupack');
  });
});

describe('byte ticks', () => {
  it('shorten thousands and millions', () => {
    expect([950, 9999, 12000, 800000, 1_000_000, 1_520_000].map(fmtBytesTick)).toEqual([
      '950',
      '9999',
      '12k',
      '800k',
      '1M',
      '1.52M',
    ]);
  });
});

describe('packing a connection for the page', () => {
  it('moves the models the worker built as typed columns and empties the object lists', () => {
    const a = handAnalysis(2);
    const { packed, buffers } = packConnection(a);
    expect(packed.analysis.rtt).toEqual([]);
    expect(packed.lists).toEqual({ rtt: 3, sacks: 2, dupacks: 3 });
    // Every step series crosses as transferred buffers, not as point objects.
    for (const s of [packed.timeseq.ackLine, packed.flight.flight, packed.rtt.minRtt]) {
      expect(s.t).toBeInstanceOf(Float64Array);
      expect(buffers).toContain((s.t as Float64Array).buffer);
      expect(buffers).toContain((s.v as Float64Array).buffer);
    }
    const b = unpackConnection(packed);
    expect(captureTimeSeq(b)).toBe(packed.timeseq);
    expect(toPoints(captureTimeSeq(b).ackLine)).toEqual(toPoints(captureTimeSeq(a).ackLine));
    expect(toPoints(captureTimeSeq(b).windowLine)).toEqual(toPoints(captureTimeSeq(a).windowLine));
    expect(Array.from(captureTimeSeq(b).marks.y)).toEqual(Array.from(captureTimeSeq(a).marks.y));
    expect(Array.from(captureFlight(b).flight.v)).toEqual([0, 1000, 2000, 3000, 4000, 3000, 0]);
    expect(toPoints(captureRtt(b).minRtt)).toEqual(toPoints(captureRtt(a).minRtt));
    expect(Array.from(b.packets.inflight)).toEqual(Array.from(a.packets.inflight));
  });
});
