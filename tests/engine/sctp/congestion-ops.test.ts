/**
 * SCTP congestion ops (src/engine/sctp/congestion.ts) on hand-made path windows: where RFC 2960,
 * New-Reno SCTP, New-Reno SCTP* and RFC 4960 differ, and CMT's cuts. Bytes; MTU 1500.
 */
import { describe, expect, it } from 'vitest';
import {
  applyCut,
  applyGrowth,
  cmtOps,
  type PathWindow,
} from '../../../src/engine/sctp/congestion';
import { SCTP_VARIANTS } from '../../../src/engine/sctp/variants';

const MTU = 1500;
const w = (cwnd: number, ssthresh: number, pba = 0, acked = MTU): PathWindow => ({
  cwnd,
  ssthresh,
  partialBytesAcked: pba,
  newlyAckedBytes: acked,
});
const ops = (id: keyof typeof SCTP_VARIANTS) => SCTP_VARIANTS[id].congestion;

describe('SCTP congestion ops', () => {
  it('slow start at cwnd = ssthresh except New-Reno SCTP* (Caro et al. §5)', () => {
    expect(ops('sctp-2960').inSlowStart(w(6000, 6000))).toBe(true);
    expect(ops('sctp-newreno').inSlowStart(w(6000, 6000))).toBe(true);
    expect(ops('sctp-4960').inSlowStart(w(6000, 6000))).toBe(true);
    expect(ops('sctp-newreno-ca').inSlowStart(w(6000, 6000))).toBe(false);
  });

  it('grows by min(newly acked, MTU) in slow start with the window full, else not', () => {
    const o = ops('sctp-4960');
    expect(o.grow(w(3000, 9000, 0, 4000), MTU, 3000)).toEqual({
      cwnd: 4500,
      partialBytesAcked: 0,
      rule: 'sctp.slow-start',
    });
    expect(o.grow(w(3000, 9000, 0, 1000), MTU, 3000).cwnd).toBe(4000);
    expect(o.grow(w(3000, 9000), MTU, 2999).rule).toBe('sctp.window-not-full');
  });

  it('adds one MTU in congestion avoidance once partial_bytes_acked reaches cwnd (RFC 2960 §7.2.2)', () => {
    const o = ops('sctp-2960');
    expect(o.grow(w(9000, 6000, 9500), MTU, 9000)).toEqual({
      cwnd: 10500,
      partialBytesAcked: 500,
      rule: 'sctp.congestion-avoidance-increase',
    });
    expect(o.grow(w(9000, 6000, 8999), MTU, 9000).rule).toBe('sctp.congestion-avoidance');
  });

  it('cuts to max(⌊cwnd/2⌋, floor·MTU): 2 MTUs for RFC 2960, 4 for the others', () => {
    expect(ops('sctp-2960').fastRetransmit(w(7000, 1e9), MTU)).toEqual({
      ssthresh: 3500,
      cwnd: 3500,
    });
    expect(ops('sctp-4960').fastRetransmit(w(7000, 1e9), MTU)).toEqual({
      ssthresh: 6000,
      cwnd: 6000,
    });
    expect(ops('sctp-newreno').degrade(w(20001, 1e9), MTU)).toBe(10000);
    expect(ops('sctp-2960').degrade(w(5000, 1e9), MTU)).toBe(3000);
  });

  it('T3-rtx: ssthresh halved and cwnd 1 MTU; ns-2 leaves a window of 1 MTU alone, RFC 4960 not', () => {
    const o = ops('sctp-newreno');
    expect(o.t3(w(12000, 1e9), MTU, 'ns2')).toEqual({ ssthresh: 6000, cwnd: MTU });
    expect(o.t3(w(MTU, 6000), MTU, 'ns2')).toBeNull();
    expect(o.t3(w(MTU, 6000), MTU, 'rfc')).toEqual({ ssthresh: 6000, cwnd: MTU });
  });

  it('CMT: cuts with a 2-MTU floor whatever the variant, also at cwnd = 1 MTU; growth unchanged', () => {
    const o = cmtOps(ops('sctp-4960'));
    expect(o.fastRetransmit(w(7000, 1e9), MTU)).toEqual({ ssthresh: 3500, cwnd: 3500 });
    expect(o.t3(w(MTU, 6000), MTU, 'ns2')).toEqual({ ssthresh: 3000, cwnd: MTU });
    expect(o.grow(w(3000, 9000), MTU, 3000)).toEqual(
      ops('sctp-4960').grow(w(3000, 9000), MTU, 3000),
    );
  });

  it('applyCut clears partial_bytes_acked; applyGrowth writes cwnd and partial_bytes_acked', () => {
    const p = { cwnd: 9000, ssthresh: 1e9, partialBytesAcked: 4000 };
    applyCut(p, { ssthresh: 4500, cwnd: 4500 });
    expect(p).toEqual({ cwnd: 4500, ssthresh: 4500, partialBytesAcked: 0 });
    applyGrowth(p, {
      cwnd: 6000,
      partialBytesAcked: 10,
      rule: 'sctp.congestion-avoidance-increase',
    });
    expect(p).toEqual({ cwnd: 6000, ssthresh: 4500, partialBytesAcked: 10 });
  });
});
