/**
 * Routes that follow the links (SimConfig.linkEvents, net/link-events.ts, Network): which link
 * a packet takes before, during and after a failure; the tie rule; a node without a route
 * keeping its old next hop; drops of a down link counted with cause linkDown; every packet sent
 * is delivered or dropped.
 */
import { describe, expect, it } from 'vitest';
import {
  DropCause,
  PacketEventKind as K,
  PacketType,
  run,
  type SimConfig,
  type Trace,
} from '../../../src/engine';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { Network } from '../../../src/engine/net/network';
import { Recorder } from '../../../src/engine/trace/recorder';
import { pentagonConfig } from './dynamic/pentagon';

/** A square S–A–K / S–B–K: two 2-hop routes, S–A listed first. */
function squareConfig(): SimConfig {
  const l = { bandwidthBps: 1e6, delayS: 0.01, queueLimit: 10 };
  const p = pentagonConfig();
  return {
    ...p,
    nodes: ['S', 'A', 'K', 'B'],
    links: [
      { a: 'S', b: 'A', ...l },
      { a: 'A', b: 'K', ...l },
      { a: 'S', b: 'B', ...l },
      { a: 'B', b: 'K', ...l },
    ],
  };
}

function network(cfg: SimConfig): Network {
  return new Network(cfg, new Scheduler(), new Recorder());
}

/** The link a packet at `from` for `to` takes, as "X→Y" (or "none"). */
function hop(net: Network, from: string, to: string): string {
  const li = net.routeLink(net.nodeIndex(from), net.nodeIndex(to));
  if (li < 0) return 'none';
  const l = net.links[li]!;
  return `${net.nodes[l.from]}→${net.nodes[l.to]}`;
}

describe('route recomputation', () => {
  it('a tie goes to the link listed first, before and after a failure and a repair', () => {
    const net = network(squareConfig());
    expect(hop(net, 'S', 'K')).toBe('S→A');
    expect(hop(net, 'K', 'S')).toBe('K→A');
    net.setLinkUp('A', 'K', false);
    expect(hop(net, 'S', 'K')).toBe('S→B');
    expect(hop(net, 'A', 'K')).toBe('A→S');
    expect(hop(net, 'K', 'S')).toBe('K→B');
    net.setLinkUp('K', 'A', true);
    expect(hop(net, 'S', 'K')).toBe('S→A');
    expect(hop(net, 'A', 'K')).toBe('A→K');
  });

  it('a node cut off from a destination keeps its old next hop (ns-2 Session routing)', () => {
    const net = network(pentagonConfig());
    expect(hop(net, 'S', 'K')).toBe('S→A');
    expect(hop(net, 'B', 'K')).toBe('B→C');
    net.setLinkState('A', 'K', false);
    net.setLinkState('C', 'K', false);
    net.recomputeRoutes();
    // K is unreachable: the routes of the last computation that reached it stay.
    expect(hop(net, 'S', 'K')).toBe('S→A');
    expect(hop(net, 'A', 'K')).toBe('A→K');
    expect(hop(net, 'B', 'K')).toBe('B→C');
    // Routes among the others follow the links that are up.
    expect(hop(net, 'A', 'C')).toBe('A→S');
    expect(net.links[net.linkIndex('A', 'K')]!.up).toBe(false);
    expect(net.links[net.linkIndex('K', 'A')]!.up).toBe(false);
  });

  it('one link down then the other: the intermediate routes are the ones kept', () => {
    const net = network(pentagonConfig());
    net.setLinkUp('A', 'K', false);
    expect(hop(net, 'A', 'K')).toBe('A→S');
    net.setLinkUp('C', 'K', false);
    expect(hop(net, 'A', 'K')).toBe('A→S');
    expect(hop(net, 'S', 'K')).toBe('S→B');
  });

  it('rejects an unknown link and a bad time', () => {
    expect(() =>
      run(pentagonConfig({ linkEvents: [{ link: { a: 'S', b: 'K' }, at: 2, up: false }] })),
    ).toThrow(/no link S → K/);
    expect(() =>
      run(pentagonConfig({ linkEvents: [{ link: { a: 'A', b: 'K' }, at: -1, up: false }] })),
    ).toThrow(RangeError);
  });
});

/** Departures of flow 0's data packets from S, as [time, "S→X"]. */
function departuresFromS(t: Trace): [number, string][] {
  const p = t.packets;
  const X = t.transmissions;
  const out: [number, string][] = [];
  for (let i = 0; i < p.length; i++) {
    if (p.kind[i] !== K.depart || X.type[p.uid[i]!] !== PacketType.data || p.node[i] !== 0)
      continue;
    const l = t.links[p.link[i]!]!;
    out.push([p.time[i]!, `${l.from}→${l.to}`]);
  }
  return out;
}

describe('packets follow the routes', () => {
  const down = { link: { a: 'K', b: 'A' }, at: 2, up: false };
  const up = { link: { a: 'A', b: 'K' }, at: 3, up: true };

  it('S sends on S–A, then on S–B while A–K is down, then on S–A again', () => {
    const deps = departuresFromS(run(pentagonConfig({ linkEvents: [down, up] })));
    const before = deps.filter(([t]) => t < 2);
    const during = deps.filter(([t]) => t >= 2 && t < 3);
    const after = deps.filter(([t]) => t >= 3);
    expect(before.length).toBeGreaterThan(50);
    expect(new Set(before.map(([, l]) => l))).toEqual(new Set(['S→A']));
    expect(during.length).toBeGreaterThan(0);
    expect(new Set(during.map(([, l]) => l))).toEqual(new Set(['S→B']));
    expect(after.length).toBeGreaterThan(50);
    expect(new Set(after.map(([, l]) => l))).toEqual(new Set(['S→A']));
  });

  it('with no link events the run is the static network’s, drop for drop', () => {
    const a = run(pentagonConfig());
    const b = run(pentagonConfig({ linkEvents: [] }));
    expect(b.packets.length).toBe(a.packets.length);
    expect(Array.from(b.packets.time)).toEqual(Array.from(a.packets.time));
    expect(b.linkStats).toEqual(a.linkStats);
    expect(a.linkStats.every((s) => s.drops.linkDown === undefined)).toBe(true);
  });
});

describe('drops of a down link', () => {
  // K cut off from 2 s to 4.5 s: the retransmission at the RTO (3.007 s) dies at A–K.
  const events = ['A', 'C'].flatMap((x) => [
    { link: { a: 'K', b: x }, at: 2, up: false },
    { link: { a: 'K', b: x }, at: 4.5, up: true },
  ]);
  const t = run(pentagonConfig({ linkEvents: events, stopS: 9 }));
  const p = t.packets;
  const X = t.transmissions;
  const downDrops: number[] = [];
  for (let i = 0; i < p.length; i++)
    if (p.kind[i] === K.drop && p.cause[i] === DropCause.linkDown) downDrops.push(i);

  it('are recorded with cause linkDown: at the failure and on arrival while down', () => {
    const times = downDrops.map((i) => p.time[i]!);
    expect(times.filter((x) => x === 2).length).toBe(11);
    const later = downDrops.filter((i) => p.time[i]! > 2);
    // 3 data packets on S→A at the failure, then the retransmission of packet 89 at 3.018224 s.
    expect(later.map((i) => X.packet[p.uid[i]!])).toEqual([100, 101, 102, 89]);
    expect(p.time[later[3]!]).toBeCloseTo(3.018224, 9);
    for (const i of later) expect(t.links[p.link[i]!]).toMatchObject({ from: 'A', to: 'K' });
    expect(t.flowStats[0]!.timeouts).toBe(2);
  });

  it('are counted on the links, and only there', () => {
    const perLink = t.links.map(() => 0);
    for (const i of downDrops) perLink[p.link[i]!]!++;
    t.linkStats.forEach((s, li) => expect(s.drops.linkDown ?? 0).toBe(perLink[li]));
    expect(perLink.reduce((a, b) => a + b, 0)).toBe(15);
  });

  it('no packet departs on a link while it is down', () => {
    const ak = t.links.findIndex((l) => l.from === 'A' && l.to === 'K');
    for (let i = 0; i < p.length; i++) {
      if (p.kind[i] === K.depart && p.link[i] === ak) {
        expect(p.time[i]! < 2 || p.time[i]! >= 4.5).toBe(true);
      }
    }
  });
});

describe('conservation with link events', () => {
  it.each([
    [
      'A–K down and up',
      [
        { link: { a: 'A', b: 'K' }, at: 2, up: false },
        { link: { a: 'A', b: 'K' }, at: 3, up: true },
      ],
    ],
    [
      'K cut off for 2.5 s',
      ['A', 'C'].flatMap((x) => [
        { link: { a: x, b: 'K' }, at: 2, up: false },
        { link: { a: x, b: 'K' }, at: 4.5, up: true },
      ]),
    ],
    [
      'A–K flapping',
      [1.5, 1.9, 2.3, 2.35, 4].map((at, k) => ({ link: { a: 'A', b: 'K' }, at, up: k % 2 === 1 })),
    ],
  ])('%s: every packet sent is delivered or dropped, exactly once', (_name, linkEvents) => {
    // A 300-packet file over a two-flow network; the run ends long after both transfers close.
    const cfg = pentagonConfig({
      linkEvents,
      stopS: 60,
      secondFlowAt: 1.2,
      flow: { app: { kind: 'file', bytes: 300_000 } },
    });
    const t = run(cfg);
    const p = t.packets;
    const fate = new Map<number, number>();
    let sent = 0;
    let delivered = 0;
    let dropped = 0;
    for (let i = 0; i < p.length; i++) {
      const uid = p.uid[i]!;
      if (p.kind[i] === K.send) {
        sent++;
        fate.set(uid, 0);
      } else if (p.kind[i] === K.deliver || p.kind[i] === K.drop) {
        if (p.kind[i] === K.deliver) delivered++;
        else dropped++;
        expect(fate.get(uid)).toBe(0); // sent before, not yet delivered or dropped
        fate.set(uid, 1);
      }
    }
    expect(dropped).toBeGreaterThan(0);
    expect(sent).toBe(delivered + dropped);
    // Both transfers completed: 300 packets delivered in order to each receiver.
    expect(t.flowStats.map((s) => s.deliveredPackets)).toEqual([300, 300]);
  });
});
