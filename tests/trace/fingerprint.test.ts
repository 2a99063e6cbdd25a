import { describe, expect, it } from 'vitest';
import { NV, run, V, type Trace } from '../../src/engine';
import { canonicalJson, fingerprint } from '../../src/trace/fingerprint';
import { fallFloyd } from './fixtures';

describe('fingerprint', () => {
  it('is the same for the same config and has the ac3- form', () => {
    const a = fingerprint(run(fallFloyd('reno', [15])));
    const b = fingerprint(run(fallFloyd('reno', [15])));
    expect(a).toBe(b);
    expect(a).toMatch(/^ac3-[0-9a-f]{16}$/);
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
    // The retransmission flag of one transmission.
    const retx = t.transmissions.retx.slice();
    retx[50] = retx[50]! ^ 1;
    expect(fingerprint({ ...t, transmissions: { ...t.transmissions, retx } })).not.toBe(base);
    // One more packet sent by decision 20 (the list shifts by one from there on).
    const d = t.decisions;
    const list = new Int32Array(d.packetList.length + 1);
    const at = d.packetStart[21]!;
    list.set(d.packetList.subarray(0, at));
    list[at] = 99;
    list.set(d.packetList.subarray(at), at + 1);
    const starts = d.packetStart.map((v, i) => (i > 20 ? v + 1 : v));
    expect(
      fingerprint({ ...t, decisions: { ...d, packetList: list, packetStart: starts } }),
    ).not.toBe(base);
    // cwnd after the first decision (a flow's first row stores its whole vector), changed in
    // its last bit.
    expect(d.afterMask[0]).toBe((1 << NV) - 1);
    const afterList = d.afterList.slice();
    afterList[d.afterStart[0]! + V.cwnd] = afterList[d.afterStart[0]! + V.cwnd]! + 1e-12;
    expect(fingerprint({ ...t, decisions: { ...d, afterList } })).not.toBe(base);
    // The phase of one sample.
    const phase = t.samples.phase.slice();
    phase[3] = phase[3]! ^ 1;
    expect(fingerprint({ ...t, samples: { ...t.samples, phase } })).not.toBe(base);
    // A reason code renamed.
    expect(
      fingerprint({
        ...t,
        decisions: { ...d, codes: d.codes.map((c, i) => (i === 1 ? `${c}x` : c)) },
      }),
    ).not.toBe(base);
  });

  it('does not depend on where the column bytes live (views into larger buffers)', () => {
    const t = run(fallFloyd('reno', [15]));
    const p = t.packets;
    const x = t.transmissions;
    const shift = <T extends Float64Array | Uint8Array | Uint16Array | Int16Array | Int32Array>(
      a: T,
      Ctor: new (len: number) => T,
    ): T => {
      const n = a.length;
      const big = new Ctor(n + 3);
      big.set(a as unknown as ArrayLike<number>, 2);
      return big.subarray(2, 2 + n) as T;
    };
    const moved: Trace = {
      ...t,
      packets: {
        length: p.length,
        time: shift(p.time, Float64Array),
        kind: shift(p.kind, Uint8Array),
        node: shift(p.node, Uint16Array),
        link: shift(p.link, Int16Array),
        uid: shift(p.uid, Int32Array),
        qlen: shift(p.qlen, Uint16Array),
        cause: shift(p.cause, Uint8Array),
      },
      transmissions: {
        length: x.length,
        flow: shift(x.flow, Uint16Array),
        type: shift(x.type, Uint8Array),
        packet: shift(x.packet, Int32Array),
        retx: shift(x.retx, Uint8Array),
        cumAck: shift(x.cumAck, Int32Array),
        sackBlocks: shift(x.sackBlocks, Uint8Array),
        size: shift(x.size, Uint16Array),
      },
    };
    expect(fingerprint(moved)).toBe(fingerprint(t));
  });

  it('refuses a metrics-only run, which has no trace', () => {
    expect(() => fingerprint(run(fallFloyd('reno', [15]), { record: 'metrics' }))).toThrow(
      /metrics-only/,
    );
  });

  it('canonicalJson sorts keys and prints numbers with String()', () => {
    expect(canonicalJson({ b: 1, a: [0.1 + 0.2, -0, 'x'], c: undefined, d: null })).toBe(
      '{"a":[0.30000000000000004,0,"x"],"b":1,"d":null}',
    );
  });
});
