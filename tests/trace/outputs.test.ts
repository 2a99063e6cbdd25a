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
} from '../../src/trace/outputs';
import { run, type Trace } from '../../src/engine';
import { PacketEventKind, PacketType } from '../../src/engine/trace/types';
import { buildSimConfig, scenarioFromPreset } from '../../src/scenarios';
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

/**
 * The packet events at node `node` (by name) and on its link to `next`, read straight from the
 * columns (each event's transmission through its uid), as `time event flow packet/cum_ack retx`.
 */
function eventsAt(trace: Trace, node: string, next: string): string[] {
  const p = trace.packets;
  const x = trace.transmissions;
  const out: string[] = [];
  for (let i = 0; i < p.length; i++) {
    const u = p.uid[i]!;
    const type = x.type[u]!;
    const link = trace.links[p.link[i]!];
    const here = trace.nodes[p.node[i]!] === node;
    let ev = '';
    if (p.kind[i] === PacketEventKind.arrive && here && type !== PacketType.control)
      ev = type === PacketType.ack ? 'ack' : 'arrive';
    else if (
      p.kind[i] === PacketEventKind.depart &&
      link?.from === node &&
      link.to === next &&
      type === PacketType.data
    )
      ev = 'depart';
    else if (p.kind[i] === PacketEventKind.drop && here && type !== PacketType.control) ev = 'drop';
    if (!ev) continue;
    const n = type === PacketType.ack ? x.cumAck[u]! : x.packet[u]!;
    out.push(`${p.time[i]!} ${ev} ${x.flow[u]!} ${n} ${x.retx[u] ? 1 : 0}`);
  }
  return out;
}

const asEvents = (rows: ReturnType<typeof routerRows>) =>
  rows.map(
    (r) => `${r.time} ${r.event} ${r.flow} ${r.event === 'ack' ? r.cum_ack : r.packet} ${r.retx}`,
  );

describe('routerRows at another router (sctp-failover: A0 on path S0→K0, A1 on S1→K1)', () => {
  const trace = run(buildSimConfig(scenarioFromPreset('sctp-failover')));
  const a1 = { router: trace.nodes.indexOf('A1'), bottleneck: -1 };
  a1.bottleneck = trace.links.findIndex((l) => l.from === 'A1' && l.to === 'B1');

  it('gives the packets at A1 and on A1 → B1', () => {
    expect(trace.nodes[trace.router]).toBe('A0');
    expect(a1.router).toBeGreaterThanOrEqual(0);
    expect(a1.bottleneck).toBeGreaterThanOrEqual(0);
    const rows = routerRows(trace, a1);
    const expected = eventsAt(trace, 'A1', 'B1');
    expect(expected.length).toBeGreaterThan(100);
    expect(asEvents(rows.slice(0, 5))).toEqual(expected.slice(0, 5));
    expect(asEvents(rows)).toEqual(expected);
    // The alternate path carries data both ways at A1: arrivals, departures on A1 → B1, ACKs.
    for (const ev of ['arrive', 'depart', 'ack'])
      expect(rows.filter((r) => r.event === ev).length).toBeGreaterThan(0);
    // The first data at A1 is the failover's retransmission of packet 1098, about 5.38 s in.
    expect(rows[0]).toMatchObject({ event: 'arrive', flow: 0, packet: 1098, retx: 1 });
    expect(rows[0]!.time).toBeCloseTo(5.384, 3);
    // None of them is A0's.
    const a0 = new Set(asEvents(routerRows(trace)));
    expect(asEvents(rows).filter((e) => a0.has(e))).toEqual([]);
  });

  it('without `at`: the run’s own router A0 and A0 → B0, as before', () => {
    const rows = routerRows(trace);
    expect(asEvents(rows)).toEqual(eventsAt(trace, 'A0', 'B0'));
    expect(routerRows(trace, { router: trace.router, bottleneck: trace.bottleneck })).toEqual(rows);
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
