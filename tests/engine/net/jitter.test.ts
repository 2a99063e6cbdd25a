/**
 * Link delay variation (LinkConfig.jitterS): each packet's delivery gets jitterS · U more, U from
 * the directed link's stream 'jitter', and never overtakes the packet ahead on the same link.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, run, type SimConfig } from '../../../src/engine';
import { RandomStream } from '../../../src/engine/core/streams';
import { fingerprint } from '../../../src/trace/fingerprint';
import { fallFloydConfig } from '../../helpers/fall-floyd';
import { flowOf, pathWith } from '../udp/config';

function withJitter(cfg: SimConfig, jitterS: number | undefined, link = 1): SimConfig {
  return { ...cfg, links: cfg.links.map((l, i) => (i === link ? { ...l, jitterS } : l)) };
}

describe('jitterS', () => {
  it('0 or absent leaves a TCP run byte-identical', async () => {
    const base = fallFloydConfig('sack', [14, 26, 28], { stopS: 10 });
    const a = await fingerprint(run(base));
    expect(await fingerprint(run(withJitter(base, 0)))).toBe(a);
    expect(await fingerprint(run({ ...withJitter(base, 0, 0), seed: 99 }))).toBe(a);
  });

  it('CBR over R1 → K1 with 30 ms of jitter: each delivery is max(previous, departure + txt + delay + 0.03·U)', () => {
    // 20 pps, 1000-byte datagrams: 10 ms on the 800 kb/s link, the queue stays empty.
    const cfg = withJitter(
      pathWith([flowOf(0, { kind: 'cbr', pps: 20 }, 972)], 4, { seed: 5 }),
      0.03,
    );
    const t = run(cfg);
    const p = t.packets;
    // Directed link index: link 1 (R1–K1) a → b is index 2.
    const u = new RandomStream(5, 'jitter', 2);
    let last = -Infinity;
    let n = 0;
    const departs = new Map<number, number>();
    for (let i = 0; i < p.length; i++) {
      if (p.kind[i] === PacketEventKind.depart && p.link[i] === 2)
        departs.set(p.uid[i]!, p.time[i]!);
      if (p.kind[i] === PacketEventKind.deliver) {
        const d = departs.get(p.uid[i]!)!;
        let at = d + (0.01 + 0.1) + 0.03 * u.uniform();
        if (at < last) at = last;
        last = at;
        expect(p.time[i]).toBe(at);
        n++;
      }
    }
    // 3 s of 20 pps: 60 sent; those sent after 4 − 0.14 s may still be on the wire.
    expect(n).toBeGreaterThanOrEqual(57);
    expect(t.flowStats[0]!.deliveredPackets).toBe(n);
  });

  it('never reorders, and clamps only when a draw would overtake', () => {
    // 90 pps (11.1 ms apart, 10 ms to transmit) with 50 ms of jitter: many draws would overtake.
    const cfg = withJitter(
      pathWith([flowOf(0, { kind: 'cbr', pps: 90 }, 972)], 5, { seed: 1 }),
      0.05,
    );
    const t = run(cfg);
    const p = t.packets;
    const X = t.transmissions;
    let prevSeq = 0;
    let prevT = -Infinity;
    let ties = 0;
    for (let i = 0; i < p.length; i++) {
      if (p.kind[i] !== PacketEventKind.deliver) continue;
      const seq = X.packet[p.uid[i]!]!;
      expect(seq).toBe(prevSeq + 1);
      expect(p.time[i]).toBeGreaterThanOrEqual(prevT);
      if (p.time[i] === prevT) ties++;
      prevSeq = seq;
      prevT = p.time[i]!;
    }
    expect(ties).toBeGreaterThan(10);
  });

  it('refuses a negative or non-finite jitterS', () => {
    const base = pathWith([flowOf(0, { kind: 'cbr', pps: 20 }, 972)], 2);
    expect(() => run(withJitter(base, -0.01))).toThrow(RangeError);
    expect(() => run(withJitter(base, NaN))).toThrow(/jitterS/);
  });
});
