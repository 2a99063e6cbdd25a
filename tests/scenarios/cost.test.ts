/**
 * The run-cost estimate (src/scenarios/cost.ts) against real engine runs: at least the real
 * data packets, ACKs, packet events, decisions and trace bytes (an upper bound, so the budget
 * holds), the pieces of the bound on runs where one of them decides, the count of small runs,
 * the paced applications, the guards and the limit text. Within 2× on every preset (here: one full
 * run each, which the trace-bytes bound needs anyway) and on the grid of N-flow dumbbells
 * (cost-grid.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Trace } from '../../src/engine';
import {
  COUNT_BELOW_EVENTS,
  PRESETS,
  SENDER_IDS,
  boundRunCost,
  buildSimConfig,
  estimateRunCost,
  boundScenarioCost,
  limitText,
  limits,
  parseScenarioQuery,
  runGuards,
  scenarioFromPreset,
  withinLimits,
  type RunCost,
} from '../../src/scenarios';
import { flowModel, roundsBound } from '../../src/scenarios/cost-flow';
import { backupShare } from '../../src/scenarios/cost-failover';
import { overshootDrops } from '../../src/scenarios/cost-overshoot';
import { configKey } from '../helpers/config-key';

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
 * Long runs (60–2000 s): one and two flows, TCP and SCTP, the three topologies, the generated
 * case of issue 20, and the regimes where the bound is tightest (a 2-packet queue with no delay
 * and a fast retransmit on one missing report; the access link as the bottleneck; SCTP's
 * 64-byte chunks in 1500-byte cwnd units). Ratios estimate / real packet events measured when
 * this test was written are in the comments.
 */
const LONG: readonly string[] = [
  // the generated case (1.07)
  'preset=caro-fig5-2-drops&sender=sctp-2960&sender2=tahoe&bw=1e7&mss=64&stop=60&icwnd=100',
  // GEO link, SACK TCP and Original SCTP (1.07; 1.63 with the paper's 1.5 % loss)
  'preset=geo-segment-8&stop=500',
  'preset=geo-segment-8&stop=500&loss=0.015',
  // satellite dumbbell, two flows, 1 % loss (1.50, 1.54)
  'preset=alamgir-fig9&sender2=sack&stop=1000&loss=0.01',
  'preset=alamgir-fig8&sender2=sctp-2960&stop=1000&loss=0.01',
  // Fall & Floyd, two flows and long single flows (1.32, 1.50, 1.35, 1.50, 1.79)
  'preset=fall-floyd&sender=reno&sender2=sack&stop=1000&loss=0.01',
  'preset=fall-floyd&sender=sack&stop=2000&loss=0.01',
  'preset=fall-floyd&sender=sctp-newreno&stop=2000',
  'preset=ff-0-drops&sender=sctp-2960&stop=1500&maxburst=4',
  'preset=ff-5-drops&sender=newreno&stop=1000&delack=1',
  // v2: the papers' table presets (ns2 profile, loss on the wire; 1.66, 1.56, 1.09), 3 flows
  // with their own starts and payloads (1.57)
  'preset=alamgir-table2&stop=300',
  'preset=geo-table2&n=8&stop=200',
  'preset=geo-table3&n=6&stop=300&loss=0',
  'preset=fall-floyd&flows=reno,sack,sctp-4960&f2.start=20&f3.mss=500&stop=300&loss=0.01',
  // SCTP windows in bytes: ns-2's 65536-byte a_rwnd whatever `window` says, an explicit rwnd,
  // and 64-byte chunks in 1500-byte MTU units of cwnd (1.13, 1.12, 3.2: the estimate once took
  // `window` packets and 1 initial packet, then a loss-limited window of MTUs as chunks, and
  // was below these runs, at 0.51 of the last)
  'preset=fall-floyd&sender=sctp-4960&profile=ns2&window=1&stop=300',
  'preset=fall-floyd&sender=sctp-2960&rwnd=200000&window=2&stop=300',
  'preset=geo-table3&flows=sctp-4960&mss=64&stop=300',
  // tight regimes: the access link saturated (1.06, 1.04), a 2-packet queue without delay and
  // a fast retransmit on one missing report (1.18; 0.96 before drops counted frtx)
  'preset=fall-floyd&sender=sack&bw=8e6&window=200&queue=100&stop=300',
  'preset=fall-floyd&sender=tahoe&bw=1e10&stop=2000',
  'preset=caro-fig2-1-drop&sender=sctp-newreno&bw=660603&delay=0&queue=2&window=2366&stop=300&frtx=1',
  // an initial window far beyond the tightest queue (FTP clients' files on Vicuña's 2 Mb/s
  // dumbbell, 25-packet queue): the first flight leaves at once, the queue keeps 26 of it, and
  // SCTP's fast retransmit resends the lost chunks at once as far as the halved cwnd lets.
  // Sent / retransmitted / dropped (estimate / real packet events): 39 MTUs of 64-byte chunks,
  // a first flight of 716 — 3291 / 1034 / 1034 (1.23; the fuzz's case: the bound was 3281 data
  // packets before it counted the first flight); 60 MTUs of 100-byte chunks — 2350 / 906 / 906
  // (1.25; bound 2183 before); RFC 4960 SCTP, 100 MTUs, a first flight of the 819-chunk a_rwnd
  // — 3856 / 1599 / 1599 (1.21; bound 3281 before); the rfc profile's 1500-byte MTU unit, a
  // first flight of 732 — 3296 / 1039 / 1039 (1.23; bound 3281 before); SACK TCP with an
  // initial window of 100 packets — 2375 / 117 / 84 (1.06)
  'preset=vicuna-c-tcp-udp&flows=sctp-newreno-ca&icwnd=39&primary=auto&mss=64&reverse=0',
  'preset=vicuna-c-tcp-udp&flows=sctp-newreno-ca&icwnd=60&mss=100',
  'preset=vicuna-c-tcp-udp&flows=sctp-4960&icwnd=100&mss=64',
  'preset=vicuna-c-tcp-udp&flows=sctp-newreno-ca&icwnd=39&mss=64&profile=rfc',
  'preset=vicuna-c-tcp-udp&flows=sack&icwnd=100&mss=64&window=200',
];

describe('run-cost estimate', () => {
  it('is at least the real counts on long runs, and at most 2× the real packet events but for 64-byte SCTP chunks', () => {
    for (const q of LONG) {
      const cfg = configOf(q);
      const e = estimateRunCost(cfg);
      const r = realOf(run(cfg, { record: 'metrics' }));
      expectBound(q, e, r);
      // (small chunks: a cwnd of MTUs lets a single association fill the 200 kb/s link, which it
      // does not do at 1.5 % loss: 3.2)
      const most = q.includes('mss=64&stop=300') ? 4 : 2;
      expect(e.packetEvents / r.events, q).toBeLessThanOrEqual(most);
    }
  }, 60_000);

  it('every preset and two-flow variants: within 2× of the packet events and never below the run, its ACKs or its trace bytes; the run within the bound’s scheduler events', () => {
    const presetQueries = new Set(PRESETS.map((p) => `preset=${p.id}`));
    const queries = [
      ...presetQueries,
      'preset=ff-3-drops&sender=sack&sender2=sctp-4960',
      'preset=geo-segment-8&sender2=none',
      'preset=alamgir-fig9&sender2=newreno&loss=0.02&stop=60',
      'preset=fall-floyd&sender=fack&sender2=sctp-newreno-ca&loss=0.05&stop=100&delack=1',
    ];
    // Presets that open on the same network (Vicuña et al.'s scenarios b–e open with scenario
    // a's clients) build the same config: the estimate, the bound and the run are functions of
    // the config alone, so each config is run and checked once.
    const checked = new Set<string>();
    for (const q of queries) {
      const cfg = configOf(q);
      const key = configKey(cfg);
      if (checked.has(key)) continue;
      checked.add(key);
      const e = estimateRunCost(cfg);
      const b = boundRunCost(cfg);
      // the engine's own scheduler count stays within the bound's (run() throws past maxEvents)
      const t = run(cfg, { maxEvents: b.schedulerEvents });
      const r = realOf(t);
      expectBound(q, e, r);
      // the bound alone (a small run's estimate is its count instead) holds too
      expectBound(`${q} (bound)`, b, r);
      // (every preset: 1.00 / 1.07 / 1.66 min / median / max when written)
      if (presetQueries.has(q)) {
        // (an 802.11 cell's presets: the estimate takes each station ↔ AP pair for a link of
        // its own at the PHY rate and knows no contention, so it may be 4× — dainotti-w2w-ap,
        // whose packets cross the cell twice: 3.1)
        const most = cfg.media?.length ? 4 : 2;
        expect(e.packetEvents / r.events, `${q}: estimate / packet events`).toBeLessThanOrEqual(
          most,
        );
      }
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
  }, 180_000);

  it('slow start a round trip at a time: at most double the round before, up to the cap', () => {
    expect(roundsBound(0, 1, 8)).toBe(0);
    expect(roundsBound(5, 1, 8)).toBe(1 + 2 + 4 + 8 + 8);
    expect(roundsBound(3, 4, 100)).toBe(4 + 8 + 16);
    expect(roundsBound(4, 3, 2.5)).toBe(4 * 2.5);
  });

  it('a first flight beyond the queue: the chunks an initial cwnd of MTUs holds, lost and resent at once, in the overshoot', () => {
    const cfg = configOf(
      'preset=vicuna-c-tcp-udp&flows=sctp-newreno-ca&icwnd=39&primary=auto&mss=64&reverse=0',
    );
    const m = flowModel(cfg, cfg.flows[0]!, { events: 0 });
    // 39 MTUs of 1500 bytes in 80-byte chunks (64 + the 16-byte chunk header): 731.25
    expect(m.initialWindow).toBe(732);
    // … all of it a first flight: the first file is larger, the a_rwnd holds 820 chunks
    expect(m.firstFlight).toBe(732);
    // its tightest link: the 2 Mb/s bottleneck, a 25-packet queue
    expect(m.path[1]!.cfg.bandwidthBps).toBe(2e6);
    expect(m.path[1]!.cfg.queueLimit).toBe(25);
    // the slow-start overshoot (the pipe: 112-byte packets over the round trip, and the queue)
    // and the first flight: 732 − 26 lost, resent, and lost again at most
    const pipe = (2e6 / (8 * 112)) * m.rttS + 25;
    expect(overshootDrops([m], [1])[0]).toBeCloseTo(Math.min(m.window, pipe) + 2 * (732 - 26), 9);
    // the engine: 716 chunks at once (cwnd 39 × 1468 bytes: ns-2's MTU unit), 1034 dropped —
    // 691 of the first flight, 298 of the 367 resent at once; every drop resent once
    const t = run(cfg);
    const P = t.packets;
    const X = t.transmissions;
    let first = -1;
    let flight = 0;
    let drops = 0;
    for (let i = 0; i < P.length; i++) {
      if (X.type[P.uid[i]!] !== PacketType.data) continue;
      if (P.kind[i] === PacketEventKind.drop) drops++;
      if (P.kind[i] !== PacketEventKind.send) continue;
      if (first < 0) first = P.time[i]!;
      if (P.time[i] === first) flight++;
    }
    expect([flight, drops, t.flowStats[0]!.retransmissions]).toEqual([716, 1034, 1034]);
    expect(overshootDrops([m], [1])[0]).toBeGreaterThan(drops);
    const e = boundRunCost(cfg);
    expect(e.dataPackets).toBeGreaterThanOrEqual(t.flowStats[0]!.packetsSent);
    // a first flight is at most what the application offers before an ACK can return: the
    // INIT and COOKIE exchanges (2 × 0.333 s of propagation) and a round trip — a 10 kB file's
    // 157 chunks; a CBR source's 100 packets a second, one at the start: 101
    const of = (app: string) => {
      const c = configOf(`preset=vicuna-c-tcp-udp&flows=sctp-newreno-ca&icwnd=39&mss=64&${app}`);
      return flowModel(c, c.flows[0]!, { events: 1000 });
    };
    expect(of('app=file&bytes=10000').firstFlight).toBe(157);
    const cbr = of('app=cbr&pps=100');
    expect(cbr.activeS - cbr.dataS + cbr.rttS).toBeCloseTo(0.9996, 4);
    expect(cbr.firstFlight).toBe(101);
  });

  it('a flow alone is bounded by its window or its bottleneck, a round trip at a time', () => {
    // window 4 (+ 1) over a 0.20216 s round trip (2 × 100 ms, a 1040-byte packet and a 40-byte
    // ACK through 8 Mb/s twice): 990 rounds from cwnd 1
    const w = estimateRunCost(configOf('preset=fall-floyd&sender=reno&window=4&bw=8e6&stop=201'));
    expect(w.flows[0]!.rttS).toBeCloseTo(0.2 + 2 * ((8 * 1080) / 8e6), 12);
    expect(w.flows[0]!.demand).toBe(roundsBound(990, 1, 5));
    // 800 kb/s: 96.15 packets a second, 20.4 a round trip — the window (29) is not the limit
    const c = configOf('preset=fall-floyd&sender=reno&stop=1001');
    const e = estimateRunCost(c);
    const perSecond = 800e3 / (8 * 1040);
    expect(e.flows[0]!.demand).toBeGreaterThan(perSecond * 999);
    expect(e.flows[0]!.demand).toBeLessThan(perSecond * 1000);
    // and a run does not reach it: Reno's timeouts after multiple drops in a window of the
    // 8-packet queue leave the link idle (53,367 data packets sent: 1.89 × the real packet events)
    const r = realOf(run(c, { record: 'metrics' }));
    expectBound('fall-floyd reno 1000 s', e, r);
    expect(e.packetEvents / r.events).toBeLessThan(2);
  });

  it('paced UDP sources: every datagram their application offers, exactly (its replay with the run’s draws)', () => {
    for (const q of [
      'preset=fall-floyd&sender=udp&app=voip&stop=300',
      'preset=fall-floyd&flows=4*udp&app=onoff&on=2&off=5&stop=300&seed=7',
      'preset=fall-floyd&flows=2*udp&app=ftp-clients&think=3&stop=300',
    ]) {
      const cfg = configOf(q);
      const sent = run(cfg, { record: 'metrics' }).flowStats.reduce((n, f) => n + f.packetsSent, 0);
      expect(boundRunCost(cfg).dataPackets, q).toBe(sent);
    }
  });

  it(`a run whose bound is under ${COUNT_BELOW_EVENTS} packet events is counted: its estimate is the run’s own counts`, () => {
    for (const q of ['preset=ff-3-drops', 'preset=alamgir-fig8', 'preset=geo-segment-8']) {
      const cfg = configOf(q);
      const b = boundRunCost(cfg);
      expect(b.packetEvents, q).toBeLessThanOrEqual(COUNT_BELOW_EVENTS);
      const t = run(cfg, { record: 'metrics' });
      const e = estimateRunCost(cfg);
      expect([e.packetEvents, e.decisions, e.dataPackets], q).toEqual([
        t.eventCount,
        t.decisionCount,
        t.flowStats.reduce((n, f) => n + f.packetsSent, 0),
      ]);
      // the bound is above it (ff-3-drops with Reno: 4.2 ×; SACK makes 2.5 × Reno's events there)
      expect(b.packetEvents, q).toBeGreaterThan(t.eventCount);
    }
    // a run whose scheduler is busy with an application's ticks (100,000 CBR packets a second
    // offered to a 1 kb/s link: 3.9 M scheduler events in 40 s for a few hundred packet events;
    // at 391 s, 39 M — now refused by the scheduler-event limit) is not waited for: its bound
    const ticks = configOf(
      'preset=fall-floyd&flows=sack,newreno&f2.app=cbr&f2.pps=100000&bw=1000&stop=40',
    );
    expect(boundRunCost(ticks).packetEvents).toBeLessThan(COUNT_BELOW_EVENTS);
    expect(estimateRunCost(ticks)).toEqual(boundRunCost(ticks));
    // over the count's limit, the bound itself
    const big = configOf('preset=fall-floyd&sender=reno&stop=100');
    expect(estimateRunCost(big)).toEqual(boundRunCost(big));
  });

  it('a multi-homed association (issue 13): its fastest path, every path with CMT, whichever address is primary', () => {
    // K1 is not reachable from S0: the estimate takes each address's path from its nearest source
    const e = estimateRunCost(configOf('preset=sctp-failover&primary=K1'));
    expect(e.flows[0]!.hops).toBe(3);
    // 2 × 27 ms + serialisation of a 1048-byte packet and a 40-byte ACK on 100 Mb/s, 2 Mb/s,
    // 100 Mb/s
    const rtt = 2 * (0.001 + 0.025 + 0.001) + 8 * 1088 * (2 / 100e6 + 1 / 2e6);
    expect(e.flows[0]!.rttS).toBeCloseTo(rtt, 12);
    // one 2 Mb/s path's packets over 25 s (failover moves the data, it does not add a path) …
    const path = (2e6 / (8 * 1048)) * 25;
    expect(e.flows[0]!.demand).toBeLessThanOrEqual(path);
    expect(e.flows[0]!.demand).toBeGreaterThan(0.99 * path);
    // … and both with CMT
    const cmt = estimateRunCost(configOf('preset=sctp-failover&cmt=1'));
    expect(cmt.flows[0]!.demand).toBeGreaterThan(1.98 * path);
    for (const q of [
      'preset=sctp-failover&primary=K1&hb=0.5',
      'preset=mobile-multihomed-cmt&loss=0.05',
      'preset=mobile-multihomed&fail=wifi@10',
      'preset=mobile-multihomed-cmt&flows=sctp-4960,sctp-4960&hb=0',
      // a lossy primary: retransmissions to the backup arrive, every packet sent may get its
      // SACK (decisions were 1,375 for 1,411), and with 64-byte chunks the window holds 19 a
      // unit, so a loss rarely ends in a timeout (data packets were 1,628 for 1,872: the fuzz)
      'preset=mobile-multihomed&loss=0.2&sender=sctp-2960',
      'preset=mobile-multihomed&flows=sctp-4960&delack=0&loss=0.5&think=0.001&f1.mss=64&stop=4.5',
      // a lossy primary the data fails over from (Path.Max.Retrans 0 or 1): its window meets the
      // clean backup's loss while away (cost-failover.ts backupShare). Real data packets /
      // packet events (bound before, now): the long-tier fuzz's case, three associations —
      // 6008 / 81,489 (4227 / 53,789; 15,217 / 205,419); 3418 / 46,373 (2483 / 32,445; 7387 /
      // 99,760); on the mobile: 4025 / 71,264 (2787 / 49,210; 6777 / 120,663) and with
      // HEARTBEATs every second 3317 / 59,322 (301 / 6352; 4111 / 74,587)
      'preset=sctp-failover&flows=sctp-4960,sctp-4960,sctp-4960&pmr=0&loss=0.5&primary=auto&rtoinit=&cmt=0&streams=1&jitter=0&silence=0.01&f2.size=auto&f2.start=0',
      'preset=sctp-failover&pmr=1&loss=0.3',
      'preset=mobile-multihomed&pmr=0&loss=0.3',
      'preset=mobile-multihomed&flows=sctp-2960&pmr=0&loss=0.5&hb=1',
    ]) {
      const cfg = configOf(q);
      // (the bound: a run this small is counted, its estimate is its own count)
      expectBound(q, boundRunCost(cfg), realOf(run(cfg)));
    }
    // away from the primary: after Path.Max.Retrans + 1 T3-rtx expiries (the mobile's RTO.Min
    // 1 s, 2 s, … up to RTO.Max 4 s) until a HEARTBEAT is answered (HB.interval 5 s + 1.5
    // RTO.Max + a round trip); with CMT, without heartbeats or with links going down (the
    // failover preset's primary paths fail), all the time
    const share = (q: string) => {
      const c = configOf(q);
      return backupShare(c, c.flows[0]!, 2, 0.05);
    };
    expect(share('preset=mobile-multihomed&pmr=0')).toBeCloseTo(11.05 / (11.05 + 1), 12);
    expect(share('preset=mobile-multihomed&pmr=3')).toBeCloseTo(11.05 / (11.05 + 11), 12);
    expect(share('preset=mobile-multihomed-cmt')).toBe(1);
    expect(share('preset=mobile-multihomed&hb=0')).toBe(1);
    expect(share('preset=mobile-multihomed&fail=wifi@10')).toBe(1);
    expect(share('preset=sctp-failover')).toBe(1);
  }, 60_000);

  it('every preset fits the budget with every sender', () => {
    for (const p of PRESETS) {
      // (UDP with the presets' bulk sources is not a valid scenario: it would never stop sending)
      for (const sender of SENDER_IDS.filter((x) => x !== 'udp')) {
        // (the bound: what the budget checks)
        const e = boundScenarioCost(scenarioFromPreset(p.id, { sender }))!;
        expect(withinLimits(e), `${p.id} ${sender}`).toBe(true);
      }
    }
  }, 60_000); // every preset × every sender (14): ~6 s alone, more on a busy machine

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

  it('delayed ACKs under a sparse application: a packet alone is ACKed by the timer, every packet its own ACK', () => {
    // Vicuña's dumbbell, 200 s. Real data packets / ACKs / packet events (bound before the
    // timer term, now):
    const queries: [string, number][] = [
      // the long-tier fuzz's case (seed 20250111, run 310): an ON–OFF source of 40 kb/s sends
      // about one 1468-byte chunk an ON period, 0.6 s apart, beyond the 200 ms SACK delay —
      // 514 / 512 / 7216 (5948, 7504)
      ['preset=vicuna-d-sctp-udp&flows=sctp-4960&frame=0.001&streams=1&size=auto&app=onoff', 512],
      // the same source over NewReno with ns-2's DelAck sink (100 ms): 515 / 514 / 7198 (5915, 7393)
      ['preset=vicuna-d-sctp-udp&flows=newreno&app=onoff&delack=1', 514],
      // CBR at 2 packets a second: 401 / 399 / 5636 (4718, 5936)
      ['preset=vicuna-d-sctp-udp&flows=sctp-4960&app=cbr&pps=2', 399],
      // VoIP's 20 ms frames in talk spurts, ACKed in pairs: 586 / 307 / 6222 (7196, 9003)
      ['preset=vicuna-d-sctp-udp&flows=sack&app=voip&delack=1', 307],
    ];
    for (const [q, acks] of queries) {
      const cfg = configOf(q);
      expect(cfg.flows[0]!.delayedAck, q).toBe(true);
      const t = run(cfg);
      const r = realOf(t);
      const b = boundRunCost(cfg);
      expectBound(q, b, r);
      expectBound(q, estimateRunCost(cfg), r);
      let sent = 0;
      for (let i = 0; i < t.packets.length; i++) {
        const uid = t.packets.uid[i]!;
        if (
          t.packets.kind[i] === PacketEventKind.send &&
          t.transmissions.type[uid] === PacketType.ack
        )
          sent++;
      }
      expect(sent, q).toBe(acks);
      expect(b.acks, q).toBeGreaterThanOrEqual(acks);
      expect(b.packetEvents / r.events, q).toBeLessThanOrEqual(2);
    }
  }, 60_000);

  it('run guards: 1.25 × the run’s own bound, at least 100 000 and at most 1.25 × the limit', () => {
    const small = configOf('preset=ff-3-drops&sender=reno');
    expect(runGuards(small)).toEqual({
      maxEvents: limits.RUN_GUARD_EVENTS,
      maxPacketEvents: 100_000,
    });
    const big = configOf('preset=fall-floyd&sender=sack&stop=2000&loss=0.01');
    const e = boundRunCost(big).packetEvents;
    expect(e).toBeGreaterThan(100_000);
    expect(runGuards(big).maxPacketEvents).toBe(Math.ceil(1.25 * e));
  });

  it('states the limit in a user’s units', () => {
    expect(limits.MAX_RUN_EVENTS).toBe(8_000_000);
    expect(limitText()).toBe('8,000,000 packet events (about 8 s of CPU, 644 MB in the page)');
  });
});
