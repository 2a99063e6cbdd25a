/**
 * FlowConfig.pathMtuBytes: SCTP counts cwnd in MTUs of pathMtuBytes − 32 bytes (ns-2.35's
 * uiMaxDataSize) while each chunk counts its own size in the outstanding data. Without it the
 * MTU is the chunk size, which every ns-2 comparison uses (ns2-compare.test.ts stays exact).
 */
import { decisionsOf, samplesOf } from '../../../src/engine';
import { describe, expect, it } from 'vitest';
import { run, type FlowConfig, type SimConfig } from '../../../src/engine';
import { fallFloyd } from './setup';

/** Original SCTP on the Fall & Floyd network, 1000-byte chunks, the first flight only. */
function firstFlight(flow: Partial<FlowConfig>, drops: number[] = []): SimConfig {
  return fallFloyd({
    sender: 'sctp-2960',
    drops,
    flow: { initialCwndPkts: 17, ...flow },
    stopS: 1.5,
  });
}

describe('pathMtuBytes: cwnd in MTUs, outstanding in chunk bytes', () => {
  it('cwnd 17 MTUs of 1020 bytes lets 18 chunks of 1000 bytes out; with the chunk as the MTU, 17', () => {
    const small = run(firstFlight({ pathMtuBytes: 1052 }));
    const start = decisionsOf(small)[0]!;
    // 17 MTUs is above both RFCs' initial cwnd: the row says it is the scenario's.
    expect(start.code).toBe('sctp.start-window');
    expect(start.after.cwnd).toBe(17);
    expect(samplesOf(small)[0]!.cwndBytes).toBe(17 * 1020);
    expect(start.packets).toHaveLength(18); // 17 · 1000 < 17 · 1020 ≤ 18 · 1000
    expect(start.after.flightsize * 1020).toBeCloseTo(18 * 1000, 6);

    const same = run(firstFlight({}));
    expect(samplesOf(same)[0]!.cwndBytes).toBe(17 * 1000);
    expect(decisionsOf(same)[0]!.packets).toHaveLength(17);
  });

  it('slow start adds min(newly acked, MTU): one 1000-byte chunk acked adds 1000, not 1020', () => {
    const t = run(firstFlight({ pathMtuBytes: 1052 }));
    const first = decisionsOf(t).find((d) => d.trigger.kind === 'ack')!;
    expect(first.code).toBe('sctp.slow-start');
    expect(first.after.cwnd * 1020).toBeCloseTo(17 * 1020 + 1000, 6);
  });

  it('a fast retransmit sets ssthresh = max(cwnd/2, 2 MTUs) in bytes of the MTU', () => {
    const t = run(firstFlight({ pathMtuBytes: 1052 }, [3]));
    const fr = decisionsOf(t).find((d) => d.code === 'sctp.fast-retransmit')!;
    const cwndBefore = fr.changes.cwnd![0] * 1020;
    expect(fr.packets).toEqual([3]);
    expect(fr.after.ssthresh * 1020).toBeCloseTo(Math.trunc(cwndBefore / 2), 6);
  });

  it('the default (no pathMtuBytes) is the chunk size: the same trace as pathMtuBytes = chunk + 32', () => {
    const a = run(firstFlight({}, [3]));
    const b = run(firstFlight({ pathMtuBytes: 1032 }, [3]));
    expect(Array.from(b.packets.time)).toEqual(Array.from(a.packets.time));
    expect(samplesOf(b)).toEqual(samplesOf(a));
  });

  it('a chunk larger than pathMtuBytes − 32 is refused, as ns-2 refuses it', () => {
    expect(() => run(firstFlight({ pathMtuBytes: 1000 }))).toThrow(/does not fit in path MTU 1000/);
  });
});
