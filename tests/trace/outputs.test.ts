import { describe, expect, it } from 'vitest';
import {
  CWND_COLUMNS,
  ROUTER_COLUMNS,
  cwndRows,
  routerRows,
  summaryJson,
  toCsv,
  toJson,
  toJsonRows,
} from '../../src/engine/trace/outputs';
import { fallFloydTrace } from './fixtures';

describe('routerRows (fall-floyd Reno, packet 15 dropped)', () => {
  const trace = fallFloydTrace('reno', [15]);
  const rows = routerRows(trace);
  const csv = toCsv(rows, ROUTER_COLUMNS);
  const lines = csv.split('\n');

  it('has the exact header', () => {
    expect(lines[0]).toBe('time,event,flow,packet,retx,cum_ack,cause');
  });

  it('starts with packet 1 arriving and leaving at once, and its ACK', () => {
    // Packet 1 has no header (1000 B = 1 ms on 8 Mb/s); the ACK returns after 0.1 + 0.1 + 0.0104…
    expect(lines.slice(1, 4)).toEqual([
      '1.001,arrive,0,1,0,,',
      '1.001,depart,0,1,0,,',
      '1.2114,ack,0,,0,1,',
    ]);
  });

  it('drops the first transmission of 15 (scripted) and forwards exactly one retransmission', () => {
    const drops = rows.filter((r) => r.event === 'drop');
    expect(drops).toEqual([
      {
        time: 1.66848,
        event: 'drop',
        flow: 0,
        packet: 15,
        retx: 0,
        cum_ack: null,
        cause: 'scripted',
      },
    ]);
    expect(lines).toContain('1.66848,drop,0,15,0,,scripted');
    const departs15 = rows.filter((r) => r.event === 'depart' && r.packet === 15);
    expect(departs15).toHaveLength(1);
    expect(departs15[0]).toMatchObject({ retx: 1, time: 2.0808 });
    expect(lines).toContain('2.0808,depart,0,15,1,,');
  });

  it('agrees with the engine counters and is in time order', () => {
    const departs = rows.filter((r) => r.event === 'depart').length;
    expect(departs).toBe(trace.linkStats[trace.bottleneck]!.departures);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.time).toBeGreaterThanOrEqual(rows[i - 1]!.time);
    for (const r of rows) {
      if (r.event === 'ack') expect(r.packet).toBeNull();
      else expect(r.cum_ack).toBeNull();
      if (r.event !== 'drop') expect(r.cause).toBe('');
    }
  });

  it('marks overflow drops (Reno without scripted drops overflows R1 in slow start)', () => {
    const overflow = routerRows(fallFloydTrace('reno', [])).filter((r) => r.event === 'drop');
    // the slow-start overflow of REFERENCE.md and the ff-0-drops notice: 31, then 46, 48, …, 56
    expect(overflow.map((r) => r.packet)).toEqual([31, 46, 48, 50, 52, 54, 56]);
    expect(overflow.every((r) => r.cause === 'overflow')).toBe(true);
  });
});

describe('cwndRows', () => {
  const trace = fallFloydTrace('reno', [15]);
  const rows = cwndRows(trace);

  it('has the header and one row per state sample', () => {
    expect(toCsv(rows, CWND_COLUMNS).split('\n')[0]).toBe(
      'time,flow,cwnd,ssthresh,dupacks,recover,pipe,flightsize,cwnd_bytes,ssthresh_bytes,partial_bytes_acked,phase',
    );
    expect(rows).toHaveLength(trace.samples.length);
    expect(rows[0]).toMatchObject({ time: 1, cwnd: 1, ssthresh: 28, phase: 'slow-start' });
  });

  it('cuts cwnd 15 → 7 with ssthresh 7 at the fast retransmit (ns-2 integer cut)', () => {
    const i = rows.findIndex((r) => r.cwnd === 7 && r.ssthresh === 7);
    expect(i).toBeGreaterThan(0);
    expect(rows[i - 1]).toMatchObject({ cwnd: 15, ssthresh: 28 });
    expect(rows[i]).toMatchObject({
      time: 2.07976,
      phase: 'fast-recovery',
      recover: 29,
      cwnd_bytes: 7000,
    });
    const line = toCsv(rows, CWND_COLUMNS).split('\n')[i + 1];
    expect(line).toBe('2.07976,0,7,7,3,29,-1,15,7000,7000,0,fast-recovery');
    // then 7 + 1/7 exactly, printed as the shortest round-trip double
    expect(toCsv(rows, CWND_COLUMNS)).toContain(',7.142857142857143,7,');
  });
});

describe('summaryJson', () => {
  it('counts per flow and per router link, with a fingerprint', () => {
    const s = summaryJson(fallFloydTrace('reno', [15]));
    expect(Object.keys(s)).toEqual([
      'stop_s',
      'flows',
      'router',
      'events',
      'decisions',
      'fingerprint',
    ]);
    expect(s.flows).toEqual([
      {
        flow: 0,
        sender: 'reno',
        src: 'S1',
        dst: 'K1',
        packets_sent: 296,
        retransmissions: 1,
        timeouts: 0,
        fast_retransmits: 1,
        delivered_bytes: 282000,
        delivered_packets: 282,
      },
    ]);
    expect(s.router.node).toBe('R1');
    expect(s.router.links[0]).toEqual({
      from: 'R1',
      to: 'K1',
      bottleneck: true,
      departures: 293,
      drops: { scripted: 1, overflow: 0, random: 0, total: 1 },
    });
    expect(s.router.links.map((l) => l.to)).toEqual(['K1', 'S1']);
    expect(s.fingerprint).toMatch(/^ac3-[0-9a-f]{16}$/);
  });
});

describe('serialisers', () => {
  it('toCsv: columns in order, empty cells for null, quoting when needed', () => {
    const rows = [
      { b: 1, a: 'x,y', c: null },
      { b: 0.1 + 0.2, a: 'say "hi"', c: 3 },
    ];
    expect(toCsv(rows, ['a', 'b', 'c'])).toBe(
      'a,b,c\n"x,y",1,\n"say ""hi""",0.30000000000000004,3\n',
    );
  });
  it('toJson and toJsonRows end with a newline and keep key order', () => {
    expect(toJson({ z: 1, a: [1, 2] })).toBe('{\n  "z": 1,\n  "a": [\n    1,\n    2\n  ]\n}\n');
    expect(
      toJsonRows([
        { z: 1, a: null },
        { z: 2, a: 'q' },
      ]),
    ).toBe('[\n{"z":1,"a":null},\n{"z":2,"a":"q"}\n]\n');
    expect(toJsonRows([])).toBe('[]\n');
  });
});
