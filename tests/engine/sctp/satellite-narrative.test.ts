/**
 * "SCTP and TCP sharing a satellite network" §V-C, on the geo-segment-8 preset: SACK TCP
 * (flow 0) and Original SCTP (flow 1) each lose segment 8 during slow start.
 */
import { describe, expect, it } from 'vitest';
import { run, type Decision } from '../../../src/engine';
import { buildSimConfig } from '../../../src/scenarios/build';
import { presetDefaults } from '../../../src/scenarios/defaults';
import { before } from './trace-query';

const t = run(buildSimConfig(presetDefaults('geo-segment-8')));
const acks = (flow: number) => t.decisions.filter((d) => d.flow === flow && d.trigger.kind === 'ack' && d.trigger.cumAck > 0);
const cum = (d: Decision) => (d.trigger.kind === 'ack' ? d.trigger.cumAck : -1);
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const MSS = 1448;

describe('§V-C.2 SCTP (flow 2)', () => {
  const a = acks(1);
  const i7 = a.findIndex((d) => cum(d) === 7);
  const dups = a.filter((d) => cum(d) === 7).slice(1);

  it('"when the SACK for segment 7 arrived …, segments 15 and 16 were clocked out because the association was in slow-start"', () => {
    expect(a[i7]!.code).toBe('sctp.slow-start');
    expect(a[i7]!.packets).toEqual([15, 16]);
    expect(a[i7]!.after.cwnd * MSS).toBe(13032); // "cwnd was nine" when the loss is detected
  });

  it('"with each of the first three dupacks, new segments (17, 18 and 19) were clocked out"', () => {
    expect(dups.slice(0, 3).map((d) => d.packets)).toEqual([[17], [18], [19]]);
    for (const d of dups.slice(0, 3)) expect(d.after.cwnd * MSS).toBe(13032);
  });

  it('"When the fourth dupack arrived …, the lost segment was Fast Retransmitted … the cwnd was also halved from 13032 bytes (nine segments) to 6516 bytes (4.5 segments). At that point, the flightsize was 11584 bytes (eight segments)."', () => {
    const d = dups[3]!;
    expect(r3(d.time)).toBe(3.072);
    expect(d.packets).toEqual([8]);
    expect([before(d, 'cwnd') * MSS, d.after.cwnd * MSS, d.after.ssthresh * MSS]).toEqual([13032, 6516, 6516]);
    expect(d.after.flightsize * MSS).toBe(11584);
  });

  it('"the flightsize gradually decreased by 1448 bytes until … the flightsize and cwnd allowed a new segment (number 20) to be clocked out. Three more dupacks arrived after this, and segments 21, 22 and 23 were sent on each arrival."', () => {
    for (const d of dups.slice(4, 7)) {
      expect((before(d, 'flightsize') - d.after.flightsize) * MSS).toBe(1448);
      expect(d.packets).toEqual([]);
    }
    expect(dups.slice(7).map((d) => d.packets)).toEqual([[20], [21], [22], [23]]);
  });

  it('"The cumulative SACK acknowledging the retransmitted segment … arrived …, at which point the cwnd=ssthresh. SCTP therefore, followed slow start to increase its cwnd to 7964 bytes (5.5 segments), and also clocked out two new segments."', () => {
    const d = a.find((x) => cum(x) === 19)!;
    expect(r3(d.time)).toBe(3.589);
    expect(before(d, 'cwnd')).toBe(before(d, 'ssthresh'));
    expect(d.code).toBe('sctp.slow-start');
    expect(d.after.cwnd * MSS).toBe(7964);
    expect(d.packets).toEqual([24, 25]);
  });

  it('"when the SACK for segment 20 arrived …, SCTP went into congestion-avoidance and increased its pba by the number of bytes acknowledged"', () => {
    const d = a.find((x) => cum(x) === 20)!;
    expect(d.code).toBe('sctp.congestion-avoidance');
    expect(d.changes.partialBytesAcked).toEqual([0, 1448]);
  });
});

describe('§V-C.1 TCP (flow 1)', () => {
  const a = acks(0);
  const dups = a.filter((d) => cum(d) === 7).slice(1);

  it('"the arrival of the SACK for segment 7 … resulting in cloking out of segments 15 and 16. … On arrival of the first two dupacks, no new segments were clocked out."', () => {
    expect(a.find((d) => cum(d) === 7)!.packets).toEqual([15, 16]);
    expect(dups.slice(0, 2).map((d) => d.packets)).toEqual([[], []]);
  });

  it('"When the third dupack arrived …, segment 8 was Fast Retransmitted, and cwnd dropped from nine segments to four segments. The flightsize at this point was six."', () => {
    const d = dups[2]!;
    expect(r3(d.time)).toBe(2.056);
    expect(d.packets).toEqual([8]);
    expect([before(d, 'cwnd'), d.after.cwnd]).toEqual([9, 4]);
    expect(d.after.pipe).toBe(6);
  });

  it('"So when the next two dupacks arrived, the TCP source did not send out new segments. On arrival of the sixth dupack …, flightsize came down to three, so the cwnd allowed the TCP source to clock out a new segment (number 17). … the cwnd remained constant at four."', () => {
    expect(dups.slice(3, 5).map((d) => d.packets)).toEqual([[], []]);
    expect(dups[5]!.packets).toEqual([17]);
    for (const d of dups.slice(2)) expect(d.after.cwnd).toBe(4);
  });

  it('"the cwnd was increased by a fraction to 4.25 … the cwnd reached 5.124 after arrival of another four SACKs"', () => {
    const grown = a.filter((d) => d.code === 'tcp.congestion-avoidance').slice(0, 5).map((d) => r3(d.after.cwnd));
    expect(grown).toEqual([4.25, 4.485, 4.708, 4.921, 5.124]);
  });
});
