import { describe, expect, it } from 'vitest';
import { resolveQuery } from '../../src/cli/scenario';
import { run, type SimConfig, type Trace } from '../../src/engine';
import { routerRows } from '../../src/trace/outputs';
import { captureEvents, controlLabels, tracePcap } from '../../src/pcap';
import { flowWires, tcpAckOf, tcpSeqOf } from '../../src/pcap/flows';

function traceOf(q: string): { trace: Trace; config: SimConfig } {
  const r = resolveQuery(q);
  if (!r.ok) throw new Error(q);
  return { trace: run(r.config), config: r.config };
}

describe('capture at a node', () => {
  it('at the router: the router output arrive and ack rows, one packet each, in order', () => {
    const { trace } = traceOf('preset=ff-3-drops&sender=sack');
    const ev = captureEvents(trace, trace.router);
    const rows = routerRows(trace).filter((r) => r.event === 'arrive' || r.event === 'ack');
    expect(ev.length).toBe(rows.length);
    ev.forEach((i, k) => {
      expect(trace.packets.time[i]).toBe(rows[k]!.time);
      expect(trace.transmissions.packet[trace.packets.uid[i]!]).toBe(rows[k]!.packet ?? 0);
    });
  });
  it('at the sender: every packet it sends and every ACK delivered to it', () => {
    const { trace } = traceOf('preset=ff-3-drops&sender=sack');
    const s1 = trace.nodes.indexOf('S1');
    const ev = [...captureEvents(trace, s1)];
    const data = ev.filter((i) => trace.transmissions.type[trace.packets.uid[i]!] === 0).length;
    expect(data).toBe(trace.flowStats[0]!.packetsSent);
  });
  it('the default node is the bottleneck upstream router; an unknown node is refused', () => {
    const { trace, config } = traceOf('preset=caro-fig3-2-drops');
    expect(tracePcap(trace, config).node).toBe('R1');
    expect(() => tracePcap(trace, config, { node: 'X9' })).toThrow(/no node 'X9'/);
  });
});

describe('control packets', () => {
  it('SCTP handshake and path confirmation, in order', () => {
    const { trace } = traceOf('preset=caro-fig3-2-drops&handshake=1');
    const labels = controlLabels(trace);
    const p = trace.packets;
    const x = trace.transmissions;
    const sent: string[] = [];
    for (let i = 0; i < p.length; i++)
      if (p.kind[i] === 0 && x.type[p.uid[i]!] === 2) sent.push(labels.get(p.uid[i]!)!);
    expect(sent).toEqual([
      'INIT',
      'INIT-ACK',
      'COOKIE-ECHO',
      'COOKIE-ACK',
      'HEARTBEAT',
      'HEARTBEAT-ACK',
    ]);
  });
  it('TCP handshake: SYN then SYN-ACK', () => {
    const { trace } = traceOf('preset=ff-3-drops&sender=sack&handshake=1');
    expect([...controlLabels(trace).values()]).toEqual(['SYN', 'SYN-ACK']);
  });
});

describe('TCP sequence numbers', () => {
  it('packet n starts at ISN + 1 + (n − 1)·MSS; a cumulative ACK of c acks ISN + 1 + c·MSS', () => {
    const { trace, config } = traceOf('preset=ff-3-drops&sender=sack');
    const w = flowWires(trace, config, 1000)[0]!;
    expect(tcpSeqOf(w, 1)).toBe(1001);
    expect(tcpSeqOf(w, 15)).toBe(1001 + 14 * 1000);
    expect(tcpAckOf(w, 14)).toBe(tcpSeqOf(w, 15));
  });
  it("ns-2's SYN segment: packet 1 is the SYN at the ISN, packet 2 starts at ISN + 1", () => {
    const { trace, config } = traceOf('preset=ff-3-drops&sender=sack');
    const w = { ...flowWires(trace, config, 0)[0]!, synSegment: true };
    expect(tcpSeqOf(w, 1)).toBe(0);
    expect(tcpSeqOf(w, 2)).toBe(1);
    expect(tcpSeqOf(w, 3)).toBe(1001);
    expect(tcpAckOf(w, 1)).toBe(1);
  });
  it('the ISN wraps modulo 2^32', () => {
    const { trace, config } = traceOf('preset=ff-3-drops&sender=sack');
    const w = flowWires(trace, config, 0xffffffff)[0]!;
    expect(tcpSeqOf(w, 1)).toBe(0);
    expect(tcpSeqOf(w, 2)).toBe(1000);
  });
});
