/**
 * ns-2.35 as the oracle for a dynamic network (tests/fixtures/ns2-dynamic/,
 * scripts/ns2/dynamic.tcl): TCP over a pentagon S–A–K / S–B–C–K whose short route's link A–K
 * (and, in one run, C–K too) fails and recovers (`$ns rtmodel-at`, `$ns rtproto Session`).
 * Every departure, arrival and drop on every link must equal ns-2's, in order, at the exact
 * double time — the drops of what the failing link held, the packets rerouted over S–B–C–K and
 * back — and so must every sender's cwnd / ssthresh change after an ACK or a timeout.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  DropCause,
  PacketEventKind as K,
  PacketType,
  run,
  type LinkEvent,
  type SimConfig,
  type Trace,
} from '../../../src/engine';
import { engineVarRows, firstRowDifference } from '../../helpers/ns2-compare';
import { PENTAGON_NODES, pentagonConfig } from './dynamic/pentagon';

const DIR = new URL('../../fixtures/ns2-dynamic/', import.meta.url);

interface Case {
  name: string;
  params: {
    variant: 'reno' | 'sack';
    fail: 'AK' | 'AK+CK';
    down: number;
    up?: number;
    q: number;
    two?: number;
    start2?: number;
    stop: number;
  };
}

const manifest = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as {
  runs: Case[];
};

function fixture(name: string, kind: 'events' | 'vars'): string[] {
  const text = strFromU8(gunzipSync(readFileSync(new URL(`${name}.${kind}.csv.gz`, DIR))));
  return text.trim().split('\n').slice(1);
}

const NODES = PENTAGON_NODES;

/** The case as an engine config: the same links in the same order, flows with ff96 settings. */
function dynamicConfig(c: Case): SimConfig {
  const p = c.params;
  // ns-2 takes a link's two directions down in Tcl's `array names` order, K→A before A→K
  // for this link (seen in its trace); naming the link K–A gives the engine that order.
  const links = p.fail
    .split('+')
    .map((l) => (l === 'AK' ? { a: 'K', b: 'A' } : { a: 'K', b: 'C' }));
  const linkEvents: LinkEvent[] = [];
  for (const link of links) {
    linkEvents.push({ link, at: p.down, up: false });
    if (p.up !== undefined) linkEvents.push({ link, at: p.up, up: true });
  }
  return pentagonConfig({
    sender: p.variant,
    q: p.q,
    stopS: p.stop,
    linkEvents,
    secondFlowAt: p.two ? (p.start2 ?? 1) : undefined,
  });
}

const fmt = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));

/** The engine's packet events in the fixture's layout. */
function engineEvents(t: Trace): string[] {
  const p = t.packets;
  const X = t.transmissions;
  const rows: string[] = [];
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    const link = t.links[p.link[i]!];
    if (!link) continue; // send: not on a link
    const u = p.uid[i]!;
    const data = X.type[u] === PacketType.data;
    const pkt = data ? X.packet[u]! : X.cumAck[u]!;
    const ev = kind === K.depart ? 'DEP' : kind === K.drop ? 'DROP' : kind === K.send ? '' : 'RCV';
    if (!ev) continue;
    const from = NODES.indexOf(link.from);
    const to = NODES.indexOf(link.to);
    rows.push(
      `${fmt(p.time[i]!)},${ev},${from},${to},${data ? 'tcp' : 'ack'},${X.flow[u]! + 1},${pkt},${X.size[u]}`,
    );
  }
  return rows;
}

describe('ns-2.35 dynamic network runs (link down / up, Session routing)', () => {
  it('has the runs: down only, down then up, two senders, during slow start, no route', () => {
    const names = manifest.runs.map((r) => r.name);
    expect(names).toEqual([
      'reno-ak-down',
      'reno-ak-down-up',
      'sack-two-ak-down-up',
      'reno-slowstart-ak-down-up',
      'reno-isolated-k',
    ]);
  });

  it.each(manifest.runs.map((r) => [r.name, r] as const))(
    '%s: every packet event on every link at the exact time',
    (_name, c) => {
      const got = engineEvents(run(dynamicConfig(c)));
      const diff = firstRowDifference(got, fixture(c.name, 'events'));
      expect(diff, diff ?? '').toBeNull();
    },
  );

  it.each(manifest.runs.map((r) => [r.name, r] as const))(
    '%s: every cwnd / ssthresh change, ACK- and timer-caused',
    (_name, c) => {
      const got = engineVarRows(run(dynamicConfig(c)));
      const diff = firstRowDifference(got, fixture(c.name, 'vars'));
      expect(diff, diff ?? '').toBeNull();
    },
  );

  it('the failure drops what A–K held, with cause linkDown, and counts it on the links', () => {
    const c = manifest.runs.find((r) => r.name === 'reno-ak-down')!;
    const t = run(dynamicConfig(c));
    const p = t.packets;
    let atDown = 0;
    for (let i = 0; i < p.length; i++) {
      if (p.kind[i] === K.drop && p.cause[i] === DropCause.linkDown) {
        expect(p.time[i]).toBe(2);
        atDown++;
      }
    }
    // ns-2: 2 ACKs on K→A's wire, 5 data packets queued at A and 4 on A→K's wire.
    expect(atDown).toBe(11);
    const ak = t.links.findIndex((l) => l.from === 'A' && l.to === 'K');
    const ka = t.links.findIndex((l) => l.from === 'K' && l.to === 'A');
    expect(t.linkStats[ak]!.drops.linkDown).toBe(9);
    expect(t.linkStats[ka]!.drops.linkDown).toBe(2);
    expect(t.linkStats[0]!.drops.linkDown).toBeUndefined();
  });
});
