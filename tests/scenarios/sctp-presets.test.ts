/**
 * The SCTP-feature presets of issue 13 run end to end, and what their notices state holds:
 * failover keeps the transfer going (sctp-failover), CMT uses both paths
 * (mobile-multihomed-cmt), streams unaffected by a loss keep delivering while TCP blocks
 * (hol-streams), PR-SCTP keeps VoIP's delay bounded (voip-pr-sctp).
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Trace } from '../../src/engine';
import { PATH_EVENT_NAMES, PATH_STATE_NAMES } from '../../src/engine/trace/path-events';
import {
  buildSimConfig,
  getPreset,
  parseScenarioQuery,
  presetDefaults,
  scenarioToQuery,
  validateScenario,
} from '../../src/scenarios';

const runPreset = (id: string) => run(buildSimConfig(presetDefaults(id)));
const ms = (t: number) => t.toFixed(3);

/** Path events other than `change`, as [time (ms), path, event, state, error count]. */
function pathStory(t: Trace, path: number): [string, string, string, number][] {
  const pe = t.pathEvents!;
  const out: [string, string, string, number][] = [];
  for (let i = 0; i < pe.length; i++) {
    const ev = PATH_EVENT_NAMES[pe.event[i]!]!;
    if (ev === 'change' || pe.path[i] !== path) continue;
    out.push([ms(pe.time[i]!), ev, PATH_STATE_NAMES[pe.state[i]!]!, pe.errorCount[i]!]);
  }
  return out;
}

/** Data packets per path: [sent, delivered after `after` s], from Trace.packetPaths. */
function dataByPath(t: Trace, after = 0): { sent: number[]; delivered: number[] } {
  const pathOf = new Map<number, number>();
  const pp = t.packetPaths!;
  for (let i = 0; i < pp.length; i++) pathOf.set(pp.uid[i]!, pp.path[i]!);
  const sent = [0, 0];
  const delivered = [0, 0];
  const P = t.packets;
  const X = t.transmissions;
  for (let i = 0; i < P.length; i++) {
    const uid = P.uid[i]!;
    if (X.type[uid] !== PacketType.data) continue;
    const k = pathOf.get(uid)!;
    if (P.kind[i] === PacketEventKind.send) sent[k]!++;
    if (P.kind[i] === PacketEventKind.deliver && P.time[i]! > after) delivered[k]!++;
  }
  return { sent, delivered };
}

describe('the issue 13 presets are valid and round-trip', () => {
  for (const id of [
    'sctp-failover',
    'mobile-multihomed',
    'mobile-multihomed-cmt',
    'hol-streams',
    'voip-pr-sctp',
  ]) {
    it(id, () => {
      const s = presetDefaults(id);
      expect(validateScenario(s)).toEqual([]);
      const q = scenarioToQuery(s);
      expect(q).toBe(`preset=${id}&sender=${s.flows[0]!.sender}`);
      const r = parseScenarioQuery(q);
      expect(r.ok && r.scenario).toEqual(s);
      expect(getPreset(id)!.notice.length).toBeGreaterThan(200);
    });
  }
});

describe('sctp-failover: the transfer continues on the alternate path', () => {
  const t = runPreset('sctp-failover');

  it('the primary K0 is inactive after Path.Max.Retrans + 1 = 3 T3-rtx expiries, then fails over, and recovers after the repair', () => {
    expect(t.flows[0]!.paths).toEqual([
      { src: 'S0', dst: 'K0' },
      { src: 'S1', dst: 'K1' },
    ]);
    expect(pathStory(t, 0)).toEqual([
      ['5.383', 't3-expiry', 'active', 1],
      ['6.500', 't3-expiry', 'active', 2],
      ['8.559', 't3-expiry', 'active', 3],
      ['8.559', 'inactive', 'inactive', 3],
      ['8.559', 'failover', 'inactive', 3],
      ['11.415', 'heartbeat', 'inactive', 3],
      ['13.415', 'heartbeat-timeout', 'inactive', 4],
      ['14.621', 'heartbeat', 'inactive', 4],
      ['14.676', 'heartbeat-ack', 'inactive', 0],
      ['14.676', 'recovered', 'active', 0],
      ['14.676', 'primary', 'active', 0],
    ]);
    // the idle backup K1 only exchanges HEARTBEATs, every one answered
    const k1 = pathStory(t, 1).map((r) => r[1]);
    expect(new Set(k1)).toEqual(new Set(['heartbeat', 'heartbeat-ack']));
    expect(k1.filter((e) => e === 'heartbeat').length).toBe(
      k1.filter((e) => e === 'heartbeat-ack').length,
    );
  });

  it('data delivered after the failure at 5 s: 1455 packets over K1, and K0 again after its recovery', () => {
    const { sent, delivered } = dataByPath(t, 5);
    expect(sent).toEqual([3615, 1495]);
    expect(delivered).toEqual([2401, 1455]);
    // every data packet delivered over K0 after the failure came after the recovery (or was in
    // flight at 5 s)
    const afterFail = dataByPath(t, 5.1).delivered[0]!;
    expect(afterFail).toBe(dataByPath(t, 14.676).delivered[0]!);
    expect(t.flowStats[0]).toMatchObject({ deliveredBytes: 4988000, timeouts: 3 });
  });
});

describe('the multi-homed mobile (003_… §4.5): M0 in an 802.11g cell, M1 in an 802.16 cell', () => {
  it('builds the Wi-Fi access as an 802.11g cell (loss its frame error rate, the drops in front of it) and the WiMAX access as an 802.16 cell; link=wired keeps the point-to-point accesses', () => {
    const q = (x: string) => {
      const r = parseScenarioQuery(x);
      if (!r.ok) throw new Error(x);
      return buildSimConfig(r.scenario);
    };
    const cells = q('preset=mobile-multihomed&drops=5');
    expect(cells.media).toEqual([
      {
        kind: 'wifi',
        phy: 'g',
        nodes: ['AP', 'M0'],
        ap: 'AP',
        queueLimit: 50,
        frameErrorRate: 0.01,
      },
      { kind: 'wimax', nodes: ['BS', 'M1'], bs: 'BS', queueLimit: 50 },
    ]);
    expect(cells.links.map((l) => `${l.a}-${l.b}`)).toEqual(['S-n1', 'n1-n0', 'n0-AP', 'n0-BS']);
    expect(cells.losses).toEqual([
      expect.objectContaining({
        from: 'n0',
        to: 'AP',
        lossRate: 0,
        drops: [{ flow: 0, packet: 5, transmission: 1 }],
      }),
    ]);
    const wired = q('preset=mobile-multihomed&link=wired');
    expect(wired.media).toBeUndefined();
    expect(wired.links.map((l) => `${l.a}-${l.b}:${l.bandwidthBps}`)).toEqual([
      'S-n1:100000000',
      'n1-n0:2000000',
      'n0-AP:100000000',
      'AP-M0:1500000',
      'n0-BS:100000000',
      'BS-M1:800000',
    ]);
    expect(wired.losses).toEqual([
      expect.objectContaining({ from: 'AP', to: 'M0', lossRate: 0.01 }),
    ]);
    for (const id of ['mobile-multihomed', 'mobile-multihomed-cmt']) {
      expect(getPreset(id)!.notice).not.toMatch(/No MAC layer/);
      expect(getPreset(id)!.notice).toMatch(
        /802\.11g cell.*802\.16 cell.*Still simplified: one mobile/,
      );
    }
  });

  it('without CMT every new DATA chunk goes to the Wi-Fi primary, whose MAC retries its frame errors; WiMAX carries HEARTBEATs, one lost in the bottleneck queue', () => {
    const t = runPreset('mobile-multihomed');
    expect(t.flows[0]!.paths!.map((p) => p.dst)).toEqual(['M0', 'M1']);
    expect(dataByPath(t).sent).toEqual([9955, 0]);
    expect(t.flowStats[0]).toMatchObject({
      deliveredBytes: 14496500,
      fastRetransmits: 28,
      timeouts: 0,
    });
    const [wifi, wimax] = t.media!;
    expect(wifi!.label).toMatch(/^802\.11g/);
    expect(wimax!.kind).toBe('wimax');
    expect(wifi!.stats.map((m) => [m.node, m.retries, m.retryDrops])).toEqual([
      ['AP', 99, 0],
      ['M0', 98, 0],
    ]);
    const story = pathStory(t, 1);
    expect(story.filter((r) => r[1] === 'heartbeat-timeout')).toEqual([
      ['31.230', 'heartbeat-timeout', 'active', 1],
    ]);
    const hb = story.filter((r) => r[1] === 'heartbeat').map((r) => Number(r[0]));
    const gaps = hb.slice(1).map((x, i) => x - hb[i]!);
    expect(gaps.reduce((m, g) => Math.min(m, g), Infinity)).toBeGreaterThanOrEqual(5.7);
    expect(gaps.reduce((m, g) => Math.max(m, g), -Infinity)).toBeLessThanOrEqual(7.1);
  });

  it('with CMT both paths carry data (Trace.packetPaths), each repairing its own losses, and no more arrives', () => {
    const t = runPreset('mobile-multihomed-cmt');
    expect(dataByPath(t).sent).toEqual([5043, 5015]);
    expect(t.flowStats[0]).toMatchObject({
      deliveredBytes: 14487692,
      fastRetransmits: 108,
      timeouts: 0,
    });
  });
});

describe('the mobile’s Wi-Fi fails at 20 s (fail=wifi@20, as the notices suggest)', () => {
  const failed = (id: string) => {
    const r = parseScenarioQuery(`preset=${id}&fail=wifi@20`);
    if (!r.ok) throw new Error(id);
    return run(buildSimConfig(r.scenario));
  };

  it('without CMT: M0 inactive after 3 T3-rtx expiries, then the transfer goes on over WiMAX', () => {
    const t = failed('mobile-multihomed');
    expect(pathStory(t, 0).slice(0, 5)).toEqual([
      ['21.007', 't3-expiry', 'active', 1],
      ['23.050', 't3-expiry', 'active', 2],
      ['27.090', 't3-expiry', 'active', 3],
      ['27.090', 'inactive', 'inactive', 3],
      ['27.090', 'failover', 'inactive', 3],
    ]);
    // then only HEARTBEATs to the dead M0, each unanswered
    expect(
      new Set(
        pathStory(t, 0)
          .slice(5)
          .map((r) => r[1]),
      ),
    ).toEqual(new Set(['heartbeat', 'heartbeat-timeout']));
    expect(dataByPath(t, 20).delivered).toEqual([0, 5295]);
  });

  it('with CMT: the same failover, and more over WiMAX after the failure', () => {
    const t = failed('mobile-multihomed-cmt');
    expect(pathStory(t, 0).filter((r) => r[1] === 'failover')).toEqual([
      ['27.130', 'failover', 'inactive', 3],
    ]);
    expect(dataByPath(t, 20).delivered).toEqual([0, 5544]);
  });
});

/** Deliveries of one flow in [from, to] s as [time (ms), stream, packet]. */
function deliveries(t: Trace, flow: number, from: number, to: number): [string, number, number][] {
  const d = t.deliveries!;
  const out: [string, number, number][] = [];
  for (let i = 0; i < d.length; i++) {
    if (d.flow[i] === flow && d.time[i]! >= from && d.time[i]! <= to) {
      out.push([ms(d.time[i]!), d.stream[i]!, d.packet[i]!]);
    }
  }
  return out;
}

describe('hol-streams: streams unaffected by a loss keep delivering while TCP blocks', () => {
  const t = runPreset('hol-streams');

  it('TCP delivers nothing between packet 39 (1.364 s) and the retransmitted 40, then 40–60 at once', () => {
    expect(deliveries(t, 0, 1.3, 1.862)).toEqual([
      ['1.302', 0, 33],
      ['1.312', 0, 34],
      ['1.323', 0, 35],
      ['1.333', 0, 36],
      ['1.343', 0, 37],
      ['1.354', 0, 38],
      ['1.364', 0, 39],
    ]);
    const burst = deliveries(t, 0, 1.863, 1.8634);
    expect(burst.map((r) => r[2])).toEqual(Array.from({ length: 21 }, (_, i) => 40 + i));
  });

  it('SCTP loses TSN 40 of stream 3: streams 0–2 keep delivering, stream 3 waits for 40', () => {
    const during = deliveries(t, 1, 1.57, 2.0);
    expect(during.length).toBe(21);
    expect(new Set(during.map((r) => r[1]))).toEqual(new Set([0, 1, 2]));
    expect(during[0]).toEqual(['1.572', 0, 41]);
    expect(during.at(-1)).toEqual(['1.988', 2, 67]);
    expect(deliveries(t, 1, 2.029, 2.031)).toEqual(
      [40, 44, 48, 52, 56, 60, 64, 68].map((p) => ['2.030', 3, p]),
    );
    // the same loss for both: packet 40, one retransmission each
    expect(t.flowStats.map((f) => f.retransmissions)).toEqual([1, 1]);
  });
});

describe('voip-pr-sctp: PR-SCTP keeps VoIP’s delay bounded, reliable SCTP does not', () => {
  it('first send → delivery to the application: at most 1.383 s over PR-SCTP, 2.548 s over reliable SCTP', () => {
    const t = runPreset('voip-pr-sctp');
    const first = new Map<string, number>();
    const P = t.packets;
    const X = t.transmissions;
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (P.kind[i] !== PacketEventKind.send || X.type[u] !== PacketType.data) continue;
      const k = `${X.flow[u]}:${X.packet[u]}`;
      if (!first.has(k)) first.set(k, P.time[i]!);
    }
    const d = t.deliveries!;
    const max = [0, 0];
    const sum = [0, 0];
    const n = [0, 0];
    for (let i = 0; i < d.length; i++) {
      const f = d.flow[i]!;
      if (f > 1) continue;
      const wait = d.time[i]! - first.get(`${f}:${d.packet[i]}`)!;
      max[f] = Math.max(max[f]!, wait);
      sum[f]! += wait;
      n[f]!++;
    }
    expect(max.map(ms)).toEqual(['1.383', '2.548']);
    expect(sum.map((x, f) => ms(x / n[f]!))).toEqual(['0.348', '0.436']);
    expect(t.flowStats.map((f) => f.abandoned ?? 0)).toEqual([25, 0, 0]);
    expect(t.flowStats.map((f) => f.timeouts)).toEqual([9, 10, 0]);
    // UDP never waits and never repairs: what is lost stays lost
    expect(t.flowStats[2]).toMatchObject({ retransmissions: 0, deliveredPackets: 1002 });
  });
});
