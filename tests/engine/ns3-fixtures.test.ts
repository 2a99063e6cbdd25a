/**
 * The ns-3.37 fixtures (tests/fixtures/ns3-*, README in tests/fixtures/ns3) hold what their
 * README says: each parses with the columns the loader expects, states the path its ackclock
 * query sets up, runs in time order, and shows the behaviour the run was made for (BBR's
 * modes, PRR's retransmissions and sndcnt rule, the bottleneck's drop-tail limit).
 */
import { describe, expect, it } from 'vitest';
import {
  NS3_SETS,
  bbrModeSequence,
  listNs3Fixtures,
  loadAllNs3Fixtures,
  loadNs3Fixture,
  prrStepsWithSends,
  scriptedDropList,
  type Ns3Fixture,
} from '../helpers/ns3-fixtures';
import { parseScenarioQuery, type Scenario } from '../../src/scenarios';

const ALL = loadAllNs3Fixtures();

const sorted = (ts: number[]) => ts.every((t, i) => i === 0 || t >= ts[i - 1]!);

/**
 * A fixture's ackclock query, parsed by the app's own parser. The keys issue 25 adds are not in
 * the engine yet: `bbr` is read as `cubic` and `recovery=` is left out, which changes no key this
 * test compares.
 */
function parseQuery(q: string): Scenario {
  const today = q.replace(/\bbbr\b/g, 'cubic').replace(/&recovery=\w+/g, '');
  const r = parseScenarioQuery(today);
  if (!r.ok) throw new Error(`${q}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.scenario;
}

describe('ns-3.37 fixtures', () => {
  it('every set has its runs', () => {
    expect(NS3_SETS.map((s) => listNs3Fixtures(s).length)).toEqual([14, 10, 4]);
  });

  it.each(ALL.map((f) => [`${f.set}/${f.name}`, f] as const))(
    '%s: its ackclock query, sizes and time order',
    (_, f: Ns3Fixture) => {
      expect(f.generator).toBe('ns-3.37');
      expect(f.name).toBe(f.name.trim());
      // The query sets up the same path, flows, start times, windows and handshake.
      const sc = parseQuery(f.ackclock);
      expect([sc.bw, sc.delay, sc.queue, sc.stop]).toEqual([
        f.params.bw,
        f.params.delay,
        f.params.queue,
        f.params.stop,
      ]);
      const starts = f.params.start.split(',').map(Number);
      expect(sc.flows.map((fl) => fl.start)).toEqual(f.flows.map((_, i) => starts[i] ?? starts[0]));
      for (const fl of sc.flows) {
        expect([fl.window, fl.icwnd, fl.handshake, fl.delack]).toEqual([
          f.params.window,
          f.params.icwnd,
          true,
          false,
        ]);
      }
      expect(f.params.segmentBytes).toBe(1000);
      expect(f.params.wireBytes).toBe(1040);
      expect(f.flows.map((fl) => fl.sender).join()).toBe(f.params.flows);
      for (const fl of f.flows) {
        expect(sorted(fl.sent.map((r) => r.t))).toBe(true);
        expect(sorted(fl.acks.map((r) => r.t))).toBe(true);
        expect(fl.sent[0]!.seq).toBe(1);
        expect(fl.sent[0]!.t).toBeCloseTo(fl.summary.firstDataS, 9);
        // Retransmissions: the summary counts every one, the table lists every one.
        expect(fl.sent.filter((r) => r.retx === 1).length).toBe(fl.summary.retransmissions);
        expect(fl.summary.deliveredBytes % 1000).toBe(0);
      }
      // Drop-tail: at most queue − 1 wait beside the one in transmission, and overflow only
      // when the queue was full.
      const b = f.bottleneck;
      expect(b.maxWaiting).toBeLessThanOrEqual(f.params.queue - 1);
      if (b.overflow.length > 0) expect(b.maxWaiting).toBe(f.params.queue - 1);
      expect(b.otherDrops).toBe(0);
      expect(b.overflow.length).toBe(f.flows.reduce((s, fl) => s + fl.summary.overflowDrops, 0));
      expect(b.utilisation).toBeLessThanOrEqual(1000 / 1040 + 1e-9);
    },
  );

  it.each(ALL.map((f) => [`${f.set}/${f.name}`, f] as const))(
    '%s: the scripted drops happen, and each dropped packet is sent again',
    (_, f: Ns3Fixture) => {
      for (const fl of f.flows) {
        const want = scriptedDropList(f, fl.flow);
        expect(new Set(fl.scripted.map((d) => `${d.seq}:${d.transmission}`))).toEqual(
          new Set(want.map(([p, k]) => `${p}:${k}`)),
        );
        for (const d of fl.scripted) {
          expect(fl.sent.some((s) => s.seq === d.seq && s.retx === 1 && s.t > d.t)).toBe(true);
        }
      }
    },
  );

  describe('PRR (TcpPrrRecovery)', () => {
    const prrRuns = ALL.filter((f) => f.flows.some((fl) => fl.recovery === 'prr'));

    it('the runs with PRR are the ns3-prr set and CUBIC with PRR', () => {
      expect(prrRuns.map((f) => f.name)).toEqual([
        ...listNs3Fixtures('ns3-prr').filter((n) => !n.startsWith('classic-')),
        'cubic-10m-40ms-q100-d-prr',
      ]);
    });

    it.each(prrRuns.map((f) => [f.name, f] as const))(
      '%s: cwnd = pipe + sndcnt on every step; the step entering recovery sends one segment',
      (_, f: Ns3Fixture) => {
        const steps = f.flows[0]!.prr!;
        expect(steps.length).toBeGreaterThan(0);
        expect(steps[0]!.enter).toBe(1);
        for (const s of steps) {
          expect(s.cwnd).toBe(s.pipe + s.sndcnt);
          if (s.enter === 1) {
            expect(s.prr_out).toBe(0);
            expect(s.sndcnt).toBeGreaterThanOrEqual(1000);
          }
        }
      },
    );

    it.each(prrRuns.map((f) => [f.name, f] as const))(
      '%s: each ACK in recovery sends floor(sndcnt / segment) packets',
      (_, f: Ns3Fixture) => {
        for (const s of prrStepsWithSends(f.flows[0]!)) {
          expect(s.sent.length).toBe(Math.floor(Math.max(s.sndcnt, 0) / f.params.segmentBytes));
        }
      },
    );

    it('prr-ff-d3: the Fall & Floyd three-drop list, step by step (SSRB)', () => {
      const f = loadNs3Fixture('ns3-prr', 'prr-ff-d3');
      const fl = f.flows[0]!;
      expect(fl.sent.filter((s) => s.retx === 1).map((s) => s.seq)).toEqual([15, 27, 29]);
      expect(fl.summary.timeouts).toBe(0);
      const first = fl.prr![0]!;
      // 13 packets in flight at the 3rd duplicate ACK: ssthresh = 13000 / 2 bytes, RecoverFS 17000.
      expect(first).toMatchObject({ ack: 14, pipe: 13000, ssthresh: 6500, recover_fs: 17000 });
      expect(first.sndcnt).toBe(1000);
      // The packets each step sends: 15 at once, then 32, 33 as prr_delivered grows, 27 …
      expect(
        prrStepsWithSends(fl)
          .filter((st) => st.sent.length > 0)
          .map((st) => st.sent),
      ).toEqual([[15], [32], [33], [27], [34, 35], [29], [36], [37, 38], [39], [40]]);
      // While pipe > ssthresh, sndcnt = ceil(prr_delivered · ssthresh / RecoverFS) − prr_out.
      for (const s of fl.prr!.filter((x) => x.enter === 0 && x.pipe > x.ssthresh)) {
        expect(s.sndcnt).toBe(
          Math.max(Math.ceil((s.prr_delivered * s.ssthresh) / s.recover_fs) - s.prr_out, 0),
        );
      }
    });

    it('classic-ff-d3 resends what prr-ff-d3 resends, but cuts cwnd to ssthresh at once', () => {
      const classic = loadNs3Fixture('ns3-prr', 'classic-ff-d3').flows[0]!;
      const prr = loadNs3Fixture('ns3-prr', 'prr-ff-d3').flows[0]!;
      const resent = (fl: typeof prr) => fl.sent.filter((s) => s.retx === 1).map((s) => s.seq);
      expect(resent(classic)).toEqual([15, 27, 29]);
      expect(resent(prr)).toEqual([15, 27, 29]);
      const firstInRecovery = (fl: typeof prr) => fl.acks.find((a) => a.state === 'recovery')!;
      expect(firstInRecovery(classic)).toMatchObject({ ack: 14, cwnd: 6.5, ssthresh: 6.5 });
      expect(firstInRecovery(prr)).toMatchObject({ ack: 14, cwnd: 14, ssthresh: 6.5 });
    });

    it('SSRB and CRB differ only once pipe ≤ ssthresh (prr-ff-d3 vs prr-ff-d3-crb)', () => {
      const ssrb = loadNs3Fixture('ns3-prr', 'prr-ff-d3').flows[0]!.prr!;
      const crb = loadNs3Fixture('ns3-prr', 'prr-ff-d3-crb').flows[0]!.prr!;
      const firstLow = ssrb.findIndex((s) => s.pipe <= s.ssthresh);
      expect(firstLow).toBeGreaterThan(0);
      expect(crb.slice(0, firstLow)).toEqual(ssrb.slice(0, firstLow));
      expect(crb.map((s) => s.sndcnt)).not.toEqual(ssrb.map((s) => s.sndcnt));
    });
  });

  describe('BBR (TcpBbr)', () => {
    const bbrFlows = ALL.flatMap((f) =>
      f.flows
        .filter((fl) => fl.sender === 'bbr')
        .map((fl) => [`${f.name} flow ${fl.flow}`, fl] as const),
    );

    it.each(bbrFlows)('%s: STARTUP, then DRAIN, then PROBE_BW', (_, fl) => {
      expect(
        bbrModeSequence(fl)
          .slice(0, 3)
          .map((m) => m.mode),
      ).toEqual(['STARTUP', 'DRAIN', 'PROBE_BW']);
      expect(fl.bbr![0]!.pacing_gain).toBe(2.89);
      for (const r of fl.bbr!.filter((x) => x.mode === 'PROBE_BW')) {
        expect(r.pacing_gain).toBe([1.25, 0.75, 1, 1, 1, 1, 1, 1][r.cycle]);
      }
    });

    it('bbr-10m-40ms-q100: PROBE_RTT twice, 10 s apart; the bandwidth estimate is the bottleneck payload rate', () => {
      const f = loadNs3Fixture('ns3-bbr', 'bbr-10m-40ms-q100');
      const fl = f.flows[0]!;
      const seq = bbrModeSequence(fl);
      expect(seq.map((m) => m.mode)).toEqual([
        'STARTUP',
        'DRAIN',
        'PROBE_BW',
        'PROBE_RTT',
        'PROBE_BW',
        'PROBE_RTT',
        'PROBE_BW',
      ]);
      const probeRtt = seq.filter((m) => m.mode === 'PROBE_RTT').map((m) => m.t);
      expect(probeRtt[0]).toBeCloseTo(10.083, 3);
      expect(probeRtt[1]).toBeCloseTo(20.666, 3);
      // 10 Mb/s of 1040-byte packets carrying 1000 bytes: 9.615 Mb/s of payload.
      const bw = fl.bbr!.filter((r) => r.mode === 'PROBE_BW').map((r) => r.bw_bps);
      expect(Math.max(...bw)).toBeCloseTo(10e6 * (1000 / 1040), -3);
      expect(fl.bbr![0]!.min_rtt_s).toBeCloseTo(0.082, 3);
      expect(f.bottleneck.utilisation).toBeGreaterThan(0.9);
    });

    it("BBR's standing queue after DRAIN is a tenth of CUBIC's on the same path", () => {
      const meanWaiting = (set: 'ns3-bbr' | 'ns3-cubic', name: string) => {
        const q = loadNs3Fixture(set, name).bottleneck.queue.filter((r) => r.t >= 3);
        return q.reduce((s, r) => s + r.waiting, 0) / q.length;
      };
      const bbr = meanWaiting('ns3-bbr', 'bbr-10m-40ms-q100');
      const cubic = meanWaiting('ns3-cubic', 'cubic-10m-40ms-q100');
      expect(bbr).toBeCloseTo(7.29, 1);
      expect(cubic).toBeCloseTo(70.55, 1);
    });

    it('bbr-10m-40ms-q300-drop: the one scripted loss is the only one', () => {
      const fl = loadNs3Fixture('ns3-bbr', 'bbr-10m-40ms-q300-drop').flows[0]!;
      expect(fl.summary).toMatchObject({ overflowDrops: 0, scriptedDrops: 1, retransmissions: 1 });
      expect(fl.sent.filter((s) => s.retx === 1).map((s) => s.seq)).toEqual([3000]);
    });
  });
});
