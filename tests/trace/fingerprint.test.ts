import { describe, expect, it } from 'vitest';
import { run, type Trace } from '../../src/engine';
import { canonicalJson, fingerprint } from '../../src/engine/trace/fingerprint';
import { fallFloyd } from './fixtures';

describe('fingerprint', () => {
  it('is the same for the same config and has the ac1- form', () => {
    const a = fingerprint(run(fallFloyd('reno', [15])));
    const b = fingerprint(run(fallFloyd('reno', [15])));
    expect(a).toBe(b);
    expect(a).toMatch(/^ac1-[0-9a-f]{16}$/);
  });

  it('changes with one more drop, another sender or another stop time', () => {
    const base = fingerprint(run(fallFloyd('reno', [15])));
    expect(fingerprint(run(fallFloyd('reno', [15, 29])))).not.toBe(base);
    expect(fingerprint(run(fallFloyd('newreno', [15])))).not.toBe(base);
    expect(fingerprint(run(fallFloyd('reno', [15], 5)))).not.toBe(base);
  });

  it('sees a change in any single column value, decision or sample', () => {
    const t = run(fallFloyd('sack', [15]));
    const base = fingerprint(t);
    const mutated: Trace = { ...t, packets: { ...t.packets, qlen: t.packets.qlen.slice() } };
    mutated.packets.qlen[100] = mutated.packets.qlen[100]! + 1;
    expect(fingerprint(mutated)).not.toBe(base);
    const d = t.decisions[20]!;
    expect(
      fingerprint({
        ...t,
        decisions: t.decisions.map((x) => (x === d ? { ...d, packets: [...d.packets, 99] } : x)),
      }),
    ).not.toBe(base);
    const s = t.samples[3]!;
    expect(
      fingerprint({
        ...t,
        samples: t.samples.map((x) => (x === s ? { ...s, cwnd: s.cwnd + 1e-12 } : x)),
      }),
    ).not.toBe(base);
  });

  it('does not depend on where the column bytes live (views into larger buffers)', () => {
    const t = run(fallFloyd('reno', [15]));
    const p = t.packets;
    const n = p.length;
    const shift = <T extends Float64Array | Uint8Array | Uint16Array | Int16Array | Int32Array>(
      a: T,
      Ctor: new (len: number) => T,
    ): T => {
      const big = new Ctor(n + 3);
      big.set(a as unknown as ArrayLike<number>, 2);
      return big.subarray(2, 2 + n) as T;
    };
    const moved: Trace = {
      ...t,
      packets: {
        length: n,
        time: shift(p.time, Float64Array),
        kind: shift(p.kind, Uint8Array),
        node: shift(p.node, Uint16Array),
        link: shift(p.link, Int16Array),
        flow: shift(p.flow, Uint16Array),
        type: shift(p.type, Uint8Array),
        packet: shift(p.packet, Int32Array),
        retx: shift(p.retx, Uint8Array),
        cumAck: shift(p.cumAck, Int32Array),
        sackBlocks: shift(p.sackBlocks, Uint8Array),
        size: shift(p.size, Uint16Array),
        uid: shift(p.uid, Int32Array),
        qlen: shift(p.qlen, Uint16Array),
        cause: shift(p.cause, Uint8Array),
      },
    };
    expect(fingerprint(moved)).toBe(fingerprint(t));
  });

  it('canonicalJson sorts keys and prints numbers with String()', () => {
    expect(canonicalJson({ b: 1, a: [0.1 + 0.2, -0, 'x'], c: undefined, d: null })).toBe(
      '{"a":[0.30000000000000004,0,"x"],"b":1,"d":null}',
    );
  });
});
