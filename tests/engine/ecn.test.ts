/**
 * ECN end to end (RFC 3168; engine tcp/ecn.ts, net/queue/red.ts) on the scenario keys: two Reno
 * flows through a RED bottleneck. With `ecn=1` RED marks instead of dropping, each sender halves
 * once per window on ECE without retransmitting and sends CWR; without it the same RED drops.
 * The ns-2.35 event-for-event comparison is tests/engine/net/queue/red-ns2.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { resolveQuery } from '../../src/cli/scenario';
import {
  decisionsOf,
  DropCause,
  EcnFlag,
  PacketEventKind as K,
  PacketType,
  run,
  type Trace,
} from '../../src/engine';
import { explainDecision } from '../../src/trace/explain';

const BASE = 'preset=fall-floyd&flows=2*reno&queue=40&aqm=red&red.bytes=0&stop=20';

function traceOf(q: string): Trace {
  const r = resolveQuery(q);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return run(r.config);
}

const ecn = traceOf(`${BASE}&ecn=1`);
const drop = traceOf(BASE);
const count = (t: Trace, kind: number, cause?: number): number => {
  let n = 0;
  for (let i = 0; i < t.packets.length; i++)
    if (t.packets.kind[i] === kind && (cause === undefined || t.packets.cause[i] === cause)) n++;
  return n;
};

describe('ECN through RED (RFC 3168)', () => {
  it('the same RED marks ECN flows and drops the others; with ECN nothing is retransmitted', () => {
    expect(count(ecn, K.mark)).toBeGreaterThan(5);
    expect(count(ecn, K.drop, DropCause.aqm)).toBe(0);
    expect(ecn.flowStats.map((f) => f.retransmissions)).toEqual([0, 0]);
    expect(count(drop, K.mark)).toBe(0);
    expect(count(drop, K.drop, DropCause.aqm)).toBeGreaterThan(5);
    expect(drop.flowStats.reduce((s, f) => s + f.retransmissions, 0)).toBeGreaterThan(5);
  });

  it('each ECE cut halves once per window, retransmits nothing, and the next packet carries CWR', () => {
    const bits = new Map<number, number>();
    for (let i = 0; i < ecn.ecn!.length; i++) bits.set(ecn.ecn!.uid[i]!, ecn.ecn!.bits[i]!);
    const cuts = decisionsOf(ecn).filter((d) => d.code === 'tcp.ecn-cut');
    expect(cuts.length).toBeGreaterThan(3);
    const lastRecover = new Map<number, number>();
    for (const d of cuts) {
      // ns-2: half of window() = min(⌊cwnd⌋, rwnd)
      const [w0, w1] = d.changes.cwnd!;
      const win = Math.min(Math.trunc(w0), ecn.flows[d.flow]!.windowPkts);
      expect(w1).toBe(Math.max(1, Math.trunc(win / 2)));
      expect(d.after.ssthresh).toBe(Math.max(2, Math.trunc(win / 2)));
      expect(d.packets).toEqual([]);
      // once per window: the ACK passed the recover point of the flow's previous cut
      const prev = lastRecover.get(d.flow);
      if (prev !== undefined && d.trigger.kind === 'ack')
        expect(d.trigger.cumAck).toBeGreaterThan(prev);
      lastRecover.set(d.flow, d.after.recover);
      // the flow's next data packet sent carries CWR
      const P = ecn.packets;
      const X = ecn.transmissions;
      let next = -1;
      for (let i = d.trigger.kind === 'ack' ? d.trigger.event : 0; i < P.length; i++) {
        const u = P.uid[i]!;
        if (P.kind[i] === K.send && X.flow[u] === d.flow && X.type[u] === PacketType.data) {
          next = u;
          break;
        }
      }
      expect(((bits.get(next) ?? 0) >> 2) & EcnFlag.cwr).toBe(EcnFlag.cwr);
    }
  });

  it('the log names the CE mark the ECE echoes and RED’s state then', () => {
    const d = decisionsOf(ecn).find((x) => x.code === 'tcp.ecn-cut')!;
    const text = explainDecision(d, ecn);
    expect(text).toMatch(
      /^ECE on the ACK for \d+ — packet \d+ was CE-marked at R1 at \d+\.\d{3} s: RED's average queue \d+\.\d\d ≥ min_th 5 packets, drop probability [\d.]+ \(Floyd & Jacobson 1993 §4\) — so the sender halves its window/,
    );
    expect(text).toContain('RFC 3168 §6.1.2');
  });

  it('the bottleneck records RED’s parameters and state; a drop-tail run has no AQM samples', () => {
    const rk = ecn.links.findIndex((l) => l.from === 'R1' && l.to === 'K1');
    expect(ecn.links[rk]!.aqm).toBe('red');
    // 800 kb/s: ptc = 200 packets/s of 500 bytes; auto min_th 5, max_th 15; w_q from the RTT
    // 3 (delay + 1/ptc) = 0.315 s (ns-2.35 q_weight_ −1)
    expect(ecn.links[rk]!.aqmParams).toMatchObject({ minth: 5, maxth: 15, maxp: 0.1, bytes: 0 });
    expect(ecn.links[rk]!.aqmParams!.wq).toBeCloseTo(1 - Math.exp(-1 / (10 * 0.315 * 200)), 12);
    expect(ecn.aqm!.length).toBeGreaterThan(1000);
    expect(traceOf('preset=fall-floyd').aqm).toBeUndefined();
  });
});
