/**
 * The run-cost estimate (src/scenarios/cost.ts) against real engine runs: it must be at least
 * the real data packets, ACKs, packet events and decisions (an upper bound, so the budget
 * holds), and not absurdly more on long runs (≤ 20×). Also: the limit text, and that every
 * preset fits the budget.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Trace } from '../../src/engine';
import {
  PRESETS,
  SENDER_IDS,
  buildSimConfig,
  estimateRunCost,
  estimateScenarioCost,
  limitText,
  limits,
  parseScenarioQuery,
  runGuards,
  scenarioFromPreset,
  withinLimits,
  type RunCost,
} from '../../src/scenarios';

function configOf(q: string) {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(`${q}: ${JSON.stringify(p.errors)}`);
  return buildSimConfig(p.scenario);
}

interface Real {
  data: number;
  events: number;
  decisions: number;
}

const realOf = (t: Trace): Real => ({
  data: t.flowStats.reduce((n, f) => n + f.packetsSent, 0),
  events: t.eventCount,
  decisions: t.decisionCount,
});

function expectBound(q: string, e: RunCost, r: Real): void {
  expect(e.dataPackets, `${q}: data packets`).toBeGreaterThanOrEqual(r.data);
  expect(e.packetEvents, `${q}: packet events`).toBeGreaterThanOrEqual(r.events);
  expect(e.decisions, `${q}: decisions`).toBeGreaterThanOrEqual(r.decisions);
}

/**
 * Long runs (100–2000 s): one and two flows, TCP and SCTP, the three topologies, the
 * generated case of the issue, and the regimes where the bound is tightest (a 2-packet queue
 * with no delay; the access link as the bottleneck). Ratios estimate / real packet events
 * measured when this test was written are in the comments.
 */
const LONG: readonly string[] = [
  // the generated case (1.62)
  'preset=caro-fig5-2-drops&sender=sctp-2960&sender2=tahoe&bw=1e7&mss=64&stop=60&icwnd=100',
  // GEO link, SACK TCP and Original SCTP (1.67; 7.4 with the paper's 1.5 % loss)
  'preset=geo-segment-8&stop=500',
  'preset=geo-segment-8&stop=500&loss=0.015',
  // satellite dumbbell, two flows, 1 % loss (5.7, 5.7)
  'preset=alamgir-fig9&sender2=sack&stop=1000&loss=0.01',
  'preset=alamgir-fig8&sender2=sctp-2960&stop=1000&loss=0.01',
  // Fall & Floyd, two flows and long single flows (2.5, 3.9, 2.6, 2.9, 4.0)
  'preset=fall-floyd&sender=reno&sender2=sack&stop=1000&loss=0.01',
  'preset=fall-floyd&sender=sack&stop=2000&loss=0.01',
  'preset=fall-floyd&sender=sctp-newreno&stop=2000',
  'preset=ff-0-drops&sender=sctp-2960&stop=1500&maxburst=4',
  'preset=ff-5-drops&sender=newreno&stop=1000&delack=1',
  // v2: the papers' table presets (ns2 profile, loss on the wire; 5.5, 6.8, 3.2), 3 flows with
  // their own starts and payloads (3.9)
  'preset=alamgir-table2&stop=300',
  'preset=geo-table2&n=8&stop=200',
  'preset=geo-table3&n=6&stop=300&loss=0',
  'preset=fall-floyd&flows=reno,sack,sctp-4960&f2.start=20&f3.mss=500&stop=300&loss=0.01',
  // SCTP windows in bytes: ns-2's 65536-byte a_rwnd whatever `window` says, an explicit rwnd,
  // and ns-2's 4380-byte initial cwnd in 64-byte chunks (2.2, 2.2, 7.1; the estimate once took
  // `window` packets and 1 initial packet, and was below these runs)
  'preset=fall-floyd&sender=sctp-4960&profile=ns2&window=1&stop=300',
  'preset=fall-floyd&sender=sctp-2960&rwnd=200000&window=2&stop=300',
  'preset=geo-table3&flows=sctp-4960&mss=64&stop=300',
  // tight regimes: the access link saturated (1.57, 1.56), a 2-packet queue without delay (1.86)
  'preset=fall-floyd&sender=sack&bw=8e6&window=200&queue=100&stop=300',
  'preset=fall-floyd&sender=tahoe&bw=1e10&stop=2000',
  'preset=caro-fig2-1-drop&sender=sctp-newreno&bw=660603&delay=0&queue=2&window=2366&stop=300&frtx=1',
];

describe('run-cost estimate', () => {
  it('is at least the real counts on long runs, and at most 20× the real packet events', () => {
    const ratios: string[] = [];
    for (const q of LONG) {
      const cfg = configOf(q);
      const e = estimateRunCost(cfg);
      const r = realOf(run(cfg, { record: 'metrics' }));
      expectBound(q, e, r);
      const ratio = e.packetEvents / r.events;
      expect(ratio, q).toBeLessThanOrEqual(20);
      ratios.push(ratio.toFixed(2));
    }
    expect(ratios).toHaveLength(LONG.length);
  }, 60_000);

  it('bounds ACKs and the trace bytes of full runs too (every preset, and two-flow variants)', () => {
    const queries = [
      ...PRESETS.map((p) => `preset=${p.id}`),
      'preset=ff-3-drops&sender=sack&sender2=sctp-4960',
      'preset=geo-segment-8&sender2=none',
      'preset=alamgir-fig9&sender2=newreno&loss=0.02&stop=60',
      'preset=fall-floyd&sender=fack&sender2=sctp-newreno-ca&loss=0.05&stop=100&delack=1',
    ];
    for (const q of queries) {
      const cfg = configOf(q);
      const e = estimateRunCost(cfg);
      const t = run(cfg);
      expectBound(q, e, realOf(t));
      const P = t.packets;
      const X = t.transmissions;
      let acks = 0;
      for (let i = 0; i < P.length; i++) {
        if (P.kind[i] === PacketEventKind.send && X.type[P.uid[i]!] === PacketType.ack) acks++;
      }
      expect(e.acks, `${q}: acks`).toBeGreaterThanOrEqual(acks);
      // (issue 13's sparse tables too: deliveries, path events, packet paths)
      const bytes = [
        t.packets,
        t.transmissions,
        t.decisions,
        t.samples,
        t.ackBlocks,
        t.deliveries ?? {},
        t.pathEvents ?? {},
        t.packetPaths ?? {},
      ]
        .flatMap((cols) => Object.values(cols))
        .reduce((n: number, v) => n + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0);
      expect(e.traceBytes, `${q}: trace bytes`).toBeGreaterThanOrEqual(bytes);
    }
  }, 60_000);

  it('counts 2h + 1 events per packet and direction: 10 per data packet on Fall & Floyd, 14 on the satellite dumbbell', () => {
    const ff = estimateRunCost(configOf('preset=fall-floyd&sender=reno&stop=100'));
    expect(ff.flows[0]!.hops).toBe(2);
    const sat = estimateRunCost(configOf('preset=alamgir-fig8&stop=100'));
    expect(sat.flows[0]!.hops).toBe(3);
    // packet events = (2h + 1) · (data + ACKs + control packets)
    expect(ff.packetEvents).toBe(Math.ceil(5 * (2 * ff.flows[0]!.dataPackets + 12)));
    expect(sat.packetEvents).toBe(Math.ceil(7 * (2 * sat.flows[0]!.dataPackets + 12)));
  });

  it('the default Fall & Floyd run is bounded by its bottleneck and window, not by stop · bw', () => {
    const e = estimateRunCost(configOf('preset=fall-floyd&sender=reno&stop=1001'));
    const f = e.flows[0]!;
    // window 28 + 1 over a 0.2114 s round trip, × 1.5
    expect(f.rttS).toBeCloseTo(0.2 + (8 * 1040) / 8e6 + (8 * 1040) / 800e3, 9);
    expect(f.windowRate).toBeCloseTo((29 / f.rttS) * 1.5, 6);
    // 800 kb/s of 1040-byte packets, × 2, over 1000 s: the shared bound wins; plus the slack
    // icwnd + 2 (window + 1) + 1000 s / 1 s minimum RTO + 20
    const slack = 1 + 2 * 29 + 1000 + 20;
    expect(e.dataPackets).toBe(Math.ceil((800e3 / (8 * 1040)) * 2 * 1000 + slack));
  });

  it('a multi-homed association (issue 13): every path counted, whichever address is primary', () => {
    // K1 is not reachable from S0: the estimate takes each address's path from its nearest source
    const e = estimateRunCost(configOf('preset=sctp-failover&primary=K1'));
    expect(e.flows[0]!.hops).toBe(3);
    // 2 × 25 ms + serialisation of a 1048-byte packet on 100 Mb/s, 2 Mb/s, 100 Mb/s, both ways
    const rtt = 2 * (0.001 + 0.025 + 0.001) + ((8 * 1048) / 100e6) * 2 + (8 * 1048) / 2e6;
    expect(e.flows[0]!.rttS).toBeCloseTo(rtt, 12);
    // access: the primary's links before its loss point (S0–A0, 100 Mb/s) plus the backup's
    // slowest link (no loss point on it: A1–B1, 2 Mb/s), × 1.5
    expect(e.flows[0]!.accessRate).toBeCloseTo(((100e6 + 2e6) / (8 * 1048)) * 1.5, 6);
    for (const q of [
      'preset=sctp-failover&primary=K1&hb=0.5',
      'preset=mobile-multihomed-cmt&loss=0.05',
      'preset=mobile-multihomed&fail=wifi@10',
    ]) {
      const cfg = configOf(q);
      expectBound(q, estimateRunCost(cfg), realOf(run(cfg)));
    }
  }, 60_000);

  it('every preset fits the budget with every sender', () => {
    for (const p of PRESETS) {
      // (UDP with the presets' bulk sources is not a valid scenario: it would never stop sending)
      for (const sender of SENDER_IDS.filter((x) => x !== 'udp')) {
        const e = estimateScenarioCost(scenarioFromPreset(p.id, { sender }))!;
        expect(withinLimits(e), `${p.id} ${sender}`).toBe(true);
      }
    }
  });

  it('the issue’s runaway UDP runs are refused before they start (issue 23)', () => {
    // Estimated at 4.6 M, 7.3 M and 7.95 M packet events before, they made 65.5 M and 150.9 M
    // (or were stopped by the event guard after 3.5 minutes): every datagram an application
    // offers is sent, and the first queue drops what its link cannot carry.
    for (const q of [
      'preset=geo-shared&sender=udp&app=ftp-clients&bytes=80000&think=0.001&pps=100000&talk=0.01&stop=600',
      'preset=fall-floyd&sender=udp&app=ftp-clients&think=0.001&stop=1000',
      'preset=fall-floyd&flows=128*udp&app=cbr&pps=100000&bw=1e10&stop=9.5',
      'preset=fall-floyd&sender=udp&app=cbr&pps=100000&stop=60',
    ]) {
      const p = parseScenarioQuery(q);
      expect(p.ok, q).toBe(false);
      if (!p.ok) expect(p.errors[0]!.message, q).toMatch(/this run would simulate about/);
    }
    // 128 flows × 100 000 datagrams/s × 8.5 s, a send and at least a drop each
    const p = parseScenarioQuery(
      'preset=fall-floyd&flows=128*udp&app=cbr&pps=100000&bw=1e10&stop=9.5',
    );
    const said = !p.ok && /about ([\d,]+) packet events/.exec(p.errors[0]!.message);
    expect(Number(said && said[1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(
      2 * 128 * 100_000 * 8.5,
    );
  });

  it('applications with random cycles: the estimate is at least the run, however short the spurts or long the periods', () => {
    const queries = [
      // talk spurts shorter than a frame: one frame per spurt all the same
      'preset=fall-floyd&sender=udp&app=voip&talk=0.01&silence=0.01&stop=300',
      'preset=fall-floyd&sender=udp&app=voip&talk=0.01&silence=0.01&frame=0.1&hold=1000&stop=300',
      'preset=fall-floyd&sender=sctp-4960&app=voip&talk=0.01&silence=0.01&hold=1000&stop=100',
      // few long ON–OFF periods (ON most of a short run: 1.33 × the estimate before)
      'preset=fall-floyd&flows=udp,udp&app=onoff&on=50&off=10&stop=100',
      'preset=fall-floyd&sender=udp&app=onoff&on=300&off=30&stop=300',
      // files over UDP: sent at once, the rest dropped in the first queue
      'preset=fall-floyd&sender=udp&app=ftp-clients&think=1&stop=300',
      'preset=fall-floyd&sender=udp&app=file&bytes=10000000&stop=100',
    ];
    for (const q of queries) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const cfg = configOf(`${q}&seed=${seed}`);
        expectBound(
          `${q}&seed=${seed}`,
          estimateRunCost(cfg),
          realOf(run(cfg, { record: 'metrics' })),
        );
      }
    }
  }, 60_000);

  it('run guards: 1.25 × the run’s own estimate, at least 100 000 and at most 1.25 × the limit', () => {
    const small = configOf('preset=ff-3-drops&sender=reno');
    expect(runGuards(small)).toEqual({
      maxEvents: limits.RUN_GUARD_EVENTS,
      maxPacketEvents: 100_000,
    });
    const big = configOf('preset=fall-floyd&sender=sack&stop=2000&loss=0.01');
    const e = estimateRunCost(big).packetEvents;
    expect(e).toBeGreaterThan(100_000);
    expect(runGuards(big).maxPacketEvents).toBe(Math.ceil(1.25 * e));
  });

  it('states the limit in a user’s units', () => {
    expect(limits.MAX_RUN_EVENTS).toBe(8_000_000);
    expect(limitText()).toBe('8,000,000 packet events (about 8 s of CPU, 644 MB in the page)');
  });
});
