/**
 * RFC 4960's multi-homing rules, each on a hand-built network: the sender's addresses S0, S1,
 * the receiver's K0 (primary) and K1, links S0 –10 Mb/s– A –1 Mb/s, 50 ms– K0 (path 0) and
 * S1 –10 Mb/s– B –1 Mb/s, 50 ms– K1 (path 1); ns-2.35's Agent/SCTP defaults (1468-byte chunks in
 * 1500-byte packets, initial cwnd 4380 bytes, RTO.Initial 3 s, RTO.Min 1 s), handshake and one
 * confirmation HEARTBEAT per path; the primary's link fails with SimConfig.linkEvents, losses are
 * scripted per path. Windows in bytes, times and RTO in seconds.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Trace } from '../../../../src/engine';
import { multihomeConfig, pathEventList, type MultihomeParams } from './ns2';
import type { FlowConfig } from '../../../../src/engine';

const runMh = (p: MultihomeParams, flow: Partial<FlowConfig> = {}) => run(multihomeConfig(p, flow));

/** Every DATA transmission: [time, TSN, path, retransmission]. */
function dataSends(t: Trace): { time: number; tsn: number; path: number; retx: boolean }[] {
  const pathOf = new Map<number, number>();
  const c = t.packetPaths!;
  for (let i = 0; i < c.length; i++) pathOf.set(c.uid[i]!, c.path[i]!);
  const p = t.packets;
  const X = t.transmissions;
  const out = [];
  for (let i = 0; i < p.length; i++) {
    const u = p.uid[i]!;
    if (p.kind[i] !== PacketEventKind.send || X.type[u] !== PacketType.data) continue;
    out.push({
      time: p.time[i]!,
      tsn: X.packet[u]!,
      path: pathOf.get(u)!,
      retx: X.retx[u] === 1,
    });
  }
  return out;
}

/** The non-`change` path events with the values after each. */
function events(t: Trace) {
  const e = t.pathEvents!;
  return pathEventList(t)
    .map((r, i) => ({
      ...r,
      rto: e.rto[i]!,
      cwnd: e.cwnd[i]!,
      ssthresh: e.ssthresh[i]!,
      active: e.state[i] === 0,
    }))
    .filter((r) => r.event !== 'change');
}

describe('RFC 4960 §6.4: retransmissions to an alternate path', () => {
  it('ns2 rules: a fast retransmission goes to the alternate active path (sctp.cc rtxToAlt_ 1); new data stays on the primary', () => {
    const t = runMh({ drops0: '20', stop: 4 });
    expect(
      dataSends(t)
        .filter((s) => s.tsn === 20)
        .map((s) => [s.path, s.retx]),
    ).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(
      dataSends(t)
        .filter((s) => !s.retx)
        .every((s) => s.path === 0),
    ).toBe(true);
    expect(t.flowStats[0]!.fastRetransmits).toBe(1);
  });

  it('rfc rules: a fast retransmission stays on its active path, a retransmission after a T3-rtx expiry goes to the alternate ("a chunk that timed out")', () => {
    const t = runMh({ drops0: '20,20:2', stop: 6 }, { rules: 'rfc' });
    expect(
      dataSends(t)
        .filter((s) => s.tsn === 20)
        .map((s) => [s.time.toFixed(6), s.path]),
    ).toEqual([
      ['1.167472', 0],
      ['1.317130', 0], // fast retransmission, lost again on path 0
      ['2.317130', 1], // T3-rtx of path 0 (RTO 1 s) expired: to the alternate
    ]);
    expect(events(t).map((e) => [e.time.toFixed(6), e.path, e.event, e.errors])).toEqual([
      ['2.317130', 0, 't3-expiry', 1],
    ]);
  });
});

describe('RFC 4960 §6.3.3 E1–E2, §7.2.3: per-path T3-rtx, cwnd and RTO', () => {
  it('each T3-rtx expiry on the failed primary doubles its RTO up to RTO.Max (maxRtoS 4) and sets its cwnd to 1 MTU; the alternate keeps its own', () => {
    const t = runMh({ down: 3, pmr: 10, stop: 30 }, { maxRtoS: 4, hbIntervalS: 0 });
    const ev = events(t);
    expect(
      ev.map((e) => [e.time.toFixed(6), e.path, e.event, e.errors, e.rto, e.cwnd, e.ssthresh]),
    ).toEqual([
      ['3.978717', 0, 't3-expiry', 1, 2, 1468, 33752],
      ['6.092374', 0, 't3-expiry', 2, 4, 1468, 5872],
      ['10.405997', 0, 't3-expiry', 3, 4, 1468, 5872],
      ['14.719619', 0, 't3-expiry', 4, 4, 1468, 5872],
      ['19.033242', 0, 't3-expiry', 5, 4, 1468, 5872],
      ['23.346864', 0, 't3-expiry', 6, 4, 1468, 5872],
      ['27.660486', 0, 't3-expiry', 7, 4, 1468, 5872],
    ]);
    // Path 1 never timed out: its RTO is its own (RTO.Min after its RTT samples), its cwnd grew.
    const e = t.pathEvents!;
    const p1 = [...Array(e.length).keys()].filter((i) => e.path[i] === 1);
    expect(p1.every((i) => e.rto[i] === 1 && e.errorCount[i] === 0)).toBe(true);
    expect(p1.reduce((m, i) => Math.max(m, e.cwnd[i]!), -Infinity)).toBeGreaterThan(4380);
  });
});

describe('RFC 4960 §8.2: Path.Max.Retrans and failover', () => {
  it('the primary becomes inactive at its Path.Max.Retrans + 1 = 3rd strike and new data fails over to path 1 (rfc rules)', () => {
    const t = runMh({ down: 3, pmr: 2, stop: 16 }, { rules: 'rfc', hbIntervalS: 0 });
    const ev = events(t);
    expect(ev.map((e) => [e.time.toFixed(6), e.path, e.event, e.errors, e.active])).toEqual([
      // The strike's row, then the path's new state (cwnd unit 1500 bytes under rfc rules, so
      // the times are not those of the ns2 runs).
      ['3.985094', 0, 't3-expiry', 1, true],
      ['6.098752', 0, 't3-expiry', 2, true],
      ['10.412374', 0, 't3-expiry', 3, true],
      ['10.412374', 0, 'inactive', 3, false],
      ['10.412374', 0, 'failover', 3, false],
    ]);
    const fresh = dataSends(t).filter((s) => !s.retx);
    expect(fresh.filter((s) => s.time > 10.412374).every((s) => s.path === 1)).toBe(true);
    expect(fresh.filter((s) => s.time > 10.412374).length).toBeGreaterThan(400);
    expect(fresh.filter((s) => s.time < 10.412374).every((s) => s.path === 0)).toBe(true);
  });
});

describe('RFC 4960 §8.3: HEARTBEATs', () => {
  it('an idle alternate gets a HEARTBEAT every RTO + HB.interval ± RTO/2; its HEARTBEAT-ACK is an RTT sample and leaves the error counter at 0; the busy primary gets none', () => {
    const t = runMh({ hb: 1, bw: '0.2Mb', stop: 12 });
    const ev = events(t);
    const hb = ev.filter((e) => e.event === 'heartbeat');
    // The times are the seeded jitter's (ns2 rules: the association's one timer, which always
    // finds the idle alternate the path idle the longest).
    expect(hb.length).toBeGreaterThanOrEqual(4);
    expect(hb.every((e) => e.path === 1)).toBe(true);
    for (let i = 1; i < hb.length; i++) {
      const gap = hb[i]!.time - hb[i - 1]!.time;
      expect(gap).toBeGreaterThanOrEqual(1 + 0.5); // RTO (1 s) + HB.interval − RTO/2
      expect(gap).toBeLessThan(1 + 1.5); // RTO + HB.interval + RTO/2
    }
    const acks = ev.filter((e) => e.event === 'heartbeat-ack');
    expect(acks.map((e) => [e.time.toFixed(6), e.path, e.errors, e.rto])).toEqual(
      hb.map((h) => [(h.time + 0.1045696).toFixed(6), 1, 0, 1]),
    );
  });

  it("the jitter comes from the flow's seeded stream: the same seed gives the same times, another seed others", () => {
    const times = (seed: number) => {
      const cfg = multihomeConfig({ hb: 1, bw: '0.2Mb', stop: 12 });
      cfg.seed = seed;
      return events(run(cfg))
        .filter((e) => e.event === 'heartbeat')
        .map((e) => e.time);
    };
    expect(times(7)).toEqual(times(7));
    expect(times(7)).not.toEqual(times(8));
  });

  it('ns2 rules: an unanswered HEARTBEAT is a strike, doubles the RTO and is resent at once; the alternate is inactive after Path.Max.Retrans + 1 = 3', () => {
    const t = runMh({ hb: 1, down1: 1, pmr: 2, stop: 20 });
    const ev = events(t);
    // The first HEARTBEAT's time is the seeded jitter's; each later row follows from it.
    const t0 = ev[0]!.time;
    expect(
      ev.map((e) => [(e.time - t0).toFixed(6), e.path, e.event, e.errors, e.rto, e.active]),
    ).toEqual([
      ['0.000000', 1, 'heartbeat', 0, 1, true],
      ['1.000000', 1, 'heartbeat-timeout', 1, 2, true],
      ['1.000000', 1, 'heartbeat', 1, 2, true],
      ['3.000000', 1, 'heartbeat-timeout', 2, 4, true],
      ['3.000000', 1, 'heartbeat', 2, 4, true],
      ['7.000000', 1, 'heartbeat-timeout', 3, 8, true],
      ['7.000000', 1, 'inactive', 3, 8, false],
      ['7.000000', 1, 'heartbeat', 3, 8, false],
      ['15.000000', 1, 'heartbeat-timeout', 4, 16, false],
      ['15.000000', 1, 'heartbeat', 4, 16, false],
    ]);
    expect(t0).toBeGreaterThan(2); // data from 0.8 s, then RTO (1 s) + HB.interval ± RTO/2
  });

  it("rfc rules: after an unanswered HEARTBEAT the next one waits for the path's timer (RTO + HB.interval ± RTO/2 with the doubled RTO)", () => {
    // 30 s: the fourth HEARTBEAT comes up to RTO.Max-doubled 8 + 1 + 4 s after the third.
    const t = runMh({ hb: 1, down1: 1, pmr: 2, stop: 30 }, { rules: 'rfc' });
    const ev = events(t)
      .filter((e) => e.path === 1)
      .slice(0, 8);
    // The first HEARTBEAT's time is the seeded jitter's; everything after follows from it.
    expect(ev.map((e) => [e.event, e.errors, e.rto])).toEqual([
      ['heartbeat', 0, 1],
      ['heartbeat-timeout', 1, 2],
      ['heartbeat', 1, 2],
      ['heartbeat-timeout', 2, 4],
      ['heartbeat', 2, 4],
      ['heartbeat-timeout', 3, 8],
      ['inactive', 3, 8],
      ['heartbeat', 3, 8],
    ]);
    const at = ev.map((e) => e.time);
    for (const [sent, timeout, rto] of [
      [0, 1, 1],
      [2, 3, 2],
      [4, 5, 4],
    ] as const)
      expect(at[timeout]! - at[sent]!).toBeCloseTo(rto, 9); // the timeout is one RTO later
    // The next HEARTBEAT: RTO + HB.interval ± RTO/2 after the one that timed out, with its RTO doubled.
    for (const [prev, next, rto] of [
      [0, 2, 2],
      [2, 4, 4],
      [4, 7, 8],
    ] as const) {
      const gap = at[next]! - at[prev]!;
      expect(gap).toBeGreaterThanOrEqual(rto + 1 - rto / 2);
      expect(gap).toBeLessThan(rto + 1 + rto / 2);
    }
  });

  it.each([1, 2, 3, 4, 5])(
    'rfc rules, seed %i: each HEARTBEAT to a dead alternate follows the previous one by RTO + HB.interval ± RTO/2 with the RTO its timeout doubled (RFC 4960 §8.3), up to RTO.Max',
    (seed) => {
      // The alternate's link is down from 1 s: every HEARTBEAT times out, each doubling the RTO
      // (2, 4, …, RTO.Max 60 s). RFC 4960 §8.3: a HEARTBEAT per RTO + HB.interval, jittered by
      // ± RTO/2, "and exponential backoff of the RTO if the previous HEARTBEAT is unanswered".
      const cfg = multihomeConfig(
        { hb: 30, down1: 1, pmr: 1000, amr: 1000, stop: 900 },
        { rules: 'rfc' },
      );
      cfg.seed = seed;
      const ev = events(run(cfg)).filter((e) => e.path === 1);
      const sent = ev.filter((e) => e.event === 'heartbeat');
      const rtoAfter = ev.filter((e) => e.event === 'heartbeat-timeout').map((e) => e.rto);
      expect(sent.length).toBeGreaterThanOrEqual(9);
      expect(rtoAfter.slice(0, 7)).toEqual([2, 4, 8, 16, 32, 60, 60]);
      for (let k = 1; k < sent.length; k++) {
        const rto = rtoAfter[k - 1]!; // the RTO after heartbeat k − 1 timed out
        const gap = sent[k]!.time - sent[k - 1]!.time;
        const jitter = gap - rto - 30;
        expect(jitter, `gap ${k}: ${gap.toFixed(3)} s with RTO ${rto}`).toBeGreaterThanOrEqual(
          -rto / 2 - 1e-9,
        );
        expect(jitter, `gap ${k}: ${gap.toFixed(3)} s with RTO ${rto}`).toBeLessThan(rto / 2);
      }
    },
  );

  it('the failed primary recovers: its HEARTBEAT-ACK clears the error counter, the path is active again and new data returns to it', () => {
    const t = runMh({ down: 3, up: 8, pmr: 1, stop: 14 });
    expect(
      events(t).map((e) => [e.time.toFixed(6), e.path, e.event, e.errors, e.rto, e.active]),
    ).toEqual([
      ['3.978717', 0, 't3-expiry', 1, 2, true],
      ['6.092374', 0, 't3-expiry', 2, 4, true],
      ['6.092374', 0, 'inactive', 2, 4, false],
      ['6.092374', 0, 'failover', 2, 4, false],
      ['6.092374', 0, 'heartbeat', 2, 4, false], // ns-2 Timeout: at once to the path just lost
      ['10.092374', 0, 'heartbeat-timeout', 3, 8, false],
      ['10.092374', 0, 'heartbeat', 3, 8, false], // the link is up since 8 s: answered
      ['10.193360', 0, 'heartbeat-ack', 0, 1, false],
      ['10.193360', 0, 'recovered', 0, 1, true],
      ['10.193360', 0, 'primary', 0, 1, true],
    ]);
    const fresh = dataSends(t).filter((s) => !s.retx);
    const between = fresh.filter((s) => s.time > 6.1 && s.time < 10.19336);
    expect(between.length).toBeGreaterThan(300);
    expect(between.every((s) => s.path === 1)).toBe(true);
    const after = fresh.filter((s) => s.time > 10.19336);
    expect(after.length).toBeGreaterThan(100);
    expect(after.every((s) => s.path === 0)).toBe(true);
  });
});

describe('RFC 4960 §8.1: Association.Max.Retrans', () => {
  it('with both paths down the association aborts when the strikes over all paths exceed Association.Max.Retrans (4): nothing is sent afterwards', () => {
    const t = runMh({ down: 3, down1: 3, pmr: 2, amr: 4, stop: 60 });
    const ev = events(t);
    expect(ev.map((e) => [e.time.toFixed(6), e.path, e.event, e.errors])).toEqual([
      ['3.978717', 0, 't3-expiry', 1],
      ['4.978717', 1, 't3-expiry', 1],
      ['6.978717', 0, 't3-expiry', 2],
      ['8.978717', 1, 't3-expiry', 2],
      ['12.978717', 0, 't3-expiry', 3],
      ['12.978717', 0, 'inactive', 3],
      ['12.978717', 0, 'failover', 3],
      ['12.978717', 0, 'abort', 3],
      ['12.978717', 1, 'abort', 2],
    ]);
    const p = t.packets;
    const S = [t.nodes.indexOf('S0'), t.nodes.indexOf('S1')];
    let last = 0;
    for (let i = 0; i < p.length; i++)
      if (p.kind[i] === PacketEventKind.send && S.includes(p.node[i]!)) last = p.time[i]!;
    // The last packet is path 1's T3-rtx retransmission at 8.98 s; the expiry at 12.98 s aborts
    // before anything is resent.
    expect(last).toBeCloseTo(8.978717, 6);
    expect(t.flowStats[0]!.timeouts).toBe(5);
  });
});

describe('paths, addresses and single-homed associations', () => {
  it('FlowInfo.paths: one per destination address, from the nearest source address; SACKs and HEARTBEAT-ACKs carry the path of the address they answer from', () => {
    const t = runMh({ hb: 1, bw: '0.2Mb', stop: 4 });
    expect(t.flows[0]!.paths).toEqual([
      { src: 'S0', dst: 'K0' },
      { src: 'S1', dst: 'K1' },
    ]);
    const pathOf = new Map<number, number>();
    const c = t.packetPaths!;
    for (let i = 0; i < c.length; i++) pathOf.set(c.uid[i]!, c.path[i]!);
    const p = t.packets;
    const X = t.transmissions;
    const K0 = t.nodes.indexOf('K0');
    const K1 = t.nodes.indexOf('K1');
    let sacks = 0;
    for (let i = 0; i < p.length; i++) {
      if (p.kind[i] !== PacketEventKind.send) continue;
      const n = p.node[i]!;
      if (n === K0 || n === K1) {
        expect(pathOf.get(p.uid[i]!)).toBe(n === K0 ? 0 : 1);
        if (X.type[p.uid[i]!] === PacketType.ack) sacks++;
      }
    }
    expect(sacks).toBeGreaterThan(20);
  });

  it('the source address is the one with the fewest hops to the destination, the first listed on ties', () => {
    const cfg = multihomeConfig({ stop: 2 }, { srcAddrs: ['S1', 'S0'] });
    expect(run(cfg).flows[0]!.paths).toEqual([
      { src: 'S0', dst: 'K0' },
      { src: 'S1', dst: 'K1' },
    ]);
    // A third sender address one hop from A: S0 and X tie for K0 — the first listed wins.
    const tie = multihomeConfig({ stop: 2 }, { srcAddrs: ['X', 'S0', 'S1'] });
    tie.nodes.push('X');
    tie.links.push({ a: 'X', b: 'A', bandwidthBps: 10e6, delayS: 0, queueLimit: 50 });
    expect(run(tie).flows[0]!.paths).toEqual([
      { src: 'X', dst: 'K0' },
      { src: 'S1', dst: 'K1' },
    ]);
  });

  it('a single-homed association writes no path events or packet paths and sends no HEARTBEAT after its confirmation, whatever HB.interval says', () => {
    const cfg = multihomeConfig(
      { stop: 12 },
      { srcAddrs: undefined, dstAddrs: undefined, hbIntervalS: 1 },
    );
    const t = run(cfg);
    expect(t.flows[0]!.paths).toEqual([{ src: 'S0', dst: 'K0' }]);
    expect(t.pathEvents!.length).toBe(0);
    expect(t.packetPaths!.length).toBe(0);
    const c = t.controls!;
    const hb = [...Array(c.length).keys()].filter((k) => c.names[c.label[k]!] === 'HEARTBEAT');
    expect(hb.length).toBe(1);
    expect(t.flowStats[0]!.deliveredPackets).toBe(863);
  });
});
