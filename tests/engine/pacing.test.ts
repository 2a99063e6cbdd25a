/**
 * Sender pacing (src/engine/tcp/pacing.ts): with `pacing=1` the send loop lets a data packet
 * leave only once the previous one has had its bits' time at the pacing rate; without it
 * nothing changes. The rate of a window-based sender is Linux's (tcp_update_pacing_rate):
 * 2 × cwnd·MSS·8/srtt while cwnd < ssthresh/2, 1.2 × after.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type SimConfig } from '../../src/engine';
import { linuxPacingRate } from '../../src/engine/tcp/pacing';
import { resolveQuery } from '../../src/cli/scenario';
import { fingerprint } from '../../src/trace/fingerprint';

function config(query: string): SimConfig {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.config;
}

/** Times at which flow 0's data packets leave its sender (send events at the source node). */
function sendTimes(query: string): number[] {
  const t = run(config(query));
  const p = t.packets;
  const out: number[] = [];
  for (let i = 0; i < p.length; i++) {
    if (p.kind[i] !== PacketEventKind.send) continue;
    const uid = p.uid[i]!;
    if (t.transmissions.type[uid] !== PacketType.data || t.transmissions.flow[uid] !== 0) continue;
    out.push(p.time[i]!);
  }
  return out;
}

const BASE = 'preset=cubic-vs-reno&flows=cubic&stop=5';

describe('pacing', () => {
  it('the key defaults to off for every sender but BBR, and the trace is unchanged', () => {
    expect(config(BASE).flows[0]!.pacing).toBeUndefined();
    expect(config(`${BASE}&pacing=0`).flows[0]!.pacing).toBe(false);
    expect(config(`${BASE}&pacing=1`).flows[0]!.pacing).toBe(true);
    // pacing=0 is the same engine run as no key at all
    expect(fingerprint(run(config(`${BASE}&pacing=0`)))).toBe(fingerprint(run(config(BASE))));
  });

  it('unpaced, a window leaves back to back; paced, packets are spread out', () => {
    const burst = sendTimes(BASE);
    const paced = sendTimes(`${BASE}&pacing=1`);
    // Unpaced: slow start sends 2 packets per ACK at the same instant.
    const sameInstant = (ts: number[]) => ts.filter((t, i) => i > 0 && t === ts[i - 1]).length;
    expect(sameInstant(burst)).toBeGreaterThan(100);
    // Paced: after the first RTT sample no two data packets leave at the same instant except
    // a fast retransmission (it is not held: ns-3's DoRetransmit), which there are few of.
    const after = paced.filter((t) => t > 0.2);
    expect(sameInstant(after)).toBeLessThan(10);
    // 1040-byte packets (1000 + 40) at ≤ 2 × 10 Mb/s·… : the median gap is at least the
    // bottleneck's 832 µs per packet divided by the slow-start ratio 2 (416 µs).
    const gaps = after.slice(1).map((t, i) => t - after[i]!);
    gaps.sort((a, b) => a - b);
    expect(gaps[Math.floor(gaps.length / 2)]!).toBeGreaterThan(0.000416 * 0.99);
  });

  it("Linux's window-based rate", () => {
    // cwnd 10 < ssthresh 40/2: 2 × 10 × 1000 B × 8 / 0.1 s = 1.6 Mb/s
    expect(linuxPacingRate(10, 40, 10, 1000, 0.1)).toBeCloseTo(1.6e6, 6);
    // cwnd 30 ≥ 40/2: 1.2 × 30 × 1000 × 8 / 0.1 = 2.88 Mb/s
    expect(linuxPacingRate(30, 40, 12, 1000, 0.1)).toBeCloseTo(2.88e6, 6);
    // more in flight than cwnd (after a cut): the flight counts, 1.2 × 50 × 8000 / 0.1
    expect(linuxPacingRate(30, 40, 50, 1000, 0.1)).toBeCloseTo(4.8e6, 6);
    // no RTT sample yet: unpaced
    expect(linuxPacingRate(30, 40, 12, 1000, 0)).toBe(Infinity);
  });
});
