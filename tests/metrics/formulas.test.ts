/** The paper formulas on hand-computed numbers (src/metrics/formulas.ts, protocols.ts). */
import { describe, expect, it } from 'vitest';
import { jainIndex } from '../../src/metrics/formulas';
import {
  bitsPerSecond,
  linkUtilization,
  meanByProtocol,
  percentIncrease,
  percentThroughput,
  sctpOverTcpIncrease,
} from '../../src/metrics';

describe('paper formulas', () => {
  it('bits per second: bytes · 8 / seconds', () => {
    expect(bitsPerSecond(1000, 2)).toBe(4000);
    expect(() => bitsPerSecond(1000, 0)).toThrow(RangeError);
  });

  it('percentage throughput (000 eq. 1): share of the total, null for a zero total', () => {
    expect(percentThroughput(1, 4)).toBe(25);
    expect(percentThroughput(0, 4)).toBe(0);
    expect(percentThroughput(0, 0)).toBeNull();
  });

  it('percentage increase (000 eq. 2): (a − b) / b · 100, null when b = 0', () => {
    expect(percentIncrease(150, 100)).toBe(50);
    expect(percentIncrease(50, 100)).toBe(-50);
    expect(percentIncrease(100, 100)).toBe(0);
    expect(percentIncrease(100, 0)).toBeNull();
  });

  it('link utilization (000 eq. 3): 375,000 bytes in 1 s fill a 3 Mb/s link', () => {
    expect(linkUtilization(375_000, 3e6, 1)).toBe(100);
    expect(linkUtilization(37_500, 3e6, 2)).toBe(5);
    expect(() => linkUtilization(1, 0, 1)).toThrow(RangeError);
  });

  it("Jain's index (004 eq. 1): 1 for equal shares, 1/n for one taker, 1 for one flow and for all zero", () => {
    expect(jainIndex([7, 7, 7])).toBe(1);
    expect(jainIndex([3, 1])).toBe(0.8); // 16 / (2 · 10)
    expect(jainIndex([1, 0, 0, 0])).toBe(0.25);
    expect(jainIndex([5])).toBe(1);
    expect(jainIndex([0, 0])).toBe(1);
    expect(jainIndex(new Float64Array([2, 4]))).toBe(0.9); // 36 / (2 · 20)
    expect(() => jainIndex([])).toThrow(RangeError);
    expect(() => jainIndex([1, -1])).toThrow(RangeError);
  });

  it('groups λ by protocol and compares the SCTP mean with the TCP mean', () => {
    const flows = [
      { protocol: 'tcp' as const, uniqueBytes: 100 },
      { protocol: 'tcp' as const, uniqueBytes: 300 },
      { protocol: 'sctp' as const, uniqueBytes: 300 },
    ];
    expect(meanByProtocol(flows)).toEqual({ tcp: 200, sctp: 300 });
    expect(sctpOverTcpIncrease(flows)).toBe(50);
    expect(sctpOverTcpIncrease(flows.slice(0, 2))).toBeNull(); // no SCTP flow
    expect(meanByProtocol(flows.slice(2))).toEqual({ tcp: null, sctp: 300 });
    expect(sctpOverTcpIncrease([{ protocol: 'tcp', uniqueBytes: 0 }, flows[2]!])).toBeNull();
  });
});
