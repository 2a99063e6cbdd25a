/**
 * CMT uses both paths (Iyengar et al. §1, §4; 003_… §2.3): on two equal, disjoint paths
 * (1 Mb/s, 40 ms, queue 20 each, the cmt-equal fixture's topology, ns-2.35's SCTP defaults) a
 * CMT association delivers about twice what one SCTP path delivers, and both paths carry the
 * data (Trace.packetPaths); a multi-homed association without CMT sends new data to the primary
 * only. The numbers are the engine's, measured over 20 s.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Trace } from '../../../../src/engine';
import { PathEvent } from '../../../../src/engine/trace/path-events';
import { cmtConfigFor, loadCmtManifest } from './ns2-cmt';

const runs = loadCmtManifest();
const equal = runs.find((r) => r.name === 'cmt-equal')!;
const long = { ...equal, params: { ...equal.params, stop: 20 } };

/** DATA transmissions (retransmissions included) per path index. */
function dataPerPath(t: Trace): number[] {
  const data = new Set<number>();
  const p = t.packets;
  const X = t.transmissions;
  for (let i = 0; i < p.length; i++)
    if (X.type[p.uid[i]!] === PacketType.data && p.kind[i] === PacketEventKind.send)
      data.add(p.uid[i]!);
  const out = [0, 0];
  const pp = t.packetPaths!;
  for (let i = 0; i < pp.length; i++) if (data.has(pp.uid[i]!)) out[pp.path[i]!]!++;
  return out;
}

describe('CMT on two equal paths, 20 s', () => {
  const cmt = run(cmtConfigFor(long));
  const noCmt = run(cmtConfigFor(long, { cmt: false }));
  const single = run(cmtConfigFor(long, { cmt: false, srcAddrs: ['S0'], dstAddrs: ['K0'] }));

  it('delivers 4 504 104 bytes, 1.96 times the 2 301 420 bytes of one SCTP path', () => {
    expect(cmt.flowStats[0]!.deliveredBytes).toBe(4504104);
    expect(single.flowStats[0]!.deliveredBytes).toBe(2301420);
    const ratio = cmt.flowStats[0]!.deliveredBytes / single.flowStats[0]!.deliveredBytes;
    expect(ratio).toBeGreaterThan(1.9);
    expect(ratio).toBeLessThan(2);
  });

  it('sends DATA on both paths about equally: 1573 and 1571 transmissions', () => {
    expect(dataPerPath(cmt)).toEqual([1573, 1571]);
    expect(cmt.flowStats[0]!.packetsSent).toBe(1573 + 1571);
  });

  it('without CMT the same association sends new data to the primary only (2 333 364 bytes)', () => {
    // path 1 carries only retransmissions (RFC 4960 §6.4.1: to an alternate destination)
    expect(dataPerPath(noCmt)).toEqual([1620, 24]);
    expect(noCmt.flowStats[0]!.retransmissions).toBe(24);
    expect(noCmt.flowStats[0]!.deliveredBytes).toBe(2333364);
  });
});

describe('CMT when a path is lost or fails (fixture runs)', () => {
  it('cmt-loss: TSN 40, lost on path 1, is fast-retransmitted on path 0, the larger cwnd (RTX_CWND)', () => {
    const t = run(cmtConfigFor(runs.find((r) => r.name === 'cmt-loss')!));
    const p = t.packets;
    const X = t.transmissions;
    const sends: Array<[number, number]> = [];
    const pathOf = new Map<number, number>();
    for (let i = 0; i < t.packetPaths!.length; i++)
      pathOf.set(t.packetPaths!.uid[i]!, t.packetPaths!.path[i]!);
    for (let i = 0; i < p.length; i++) {
      const u = p.uid[i]!;
      if (p.kind[i] === PacketEventKind.send && X.type[u] === PacketType.data && X.packet[u] === 40)
        sends.push([p.time[i]!, pathOf.get(u)!]);
    }
    expect(sends).toEqual([
      [1.0398848000000003, 1],
      [1.2156128000000004, 0],
    ]);
    expect(t.flowStats[0]!.fastRetransmits).toBe(1);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('cmt-fail: path 1 goes inactive after 3 T3-rtx expiries (Path.Max.Retrans 2); path 0 carries on', () => {
    const t = run(cmtConfigFor(runs.find((r) => r.name === 'cmt-fail')!));
    const e = t.pathEvents!;
    const rows: Array<[number, number, string]> = [];
    for (let i = 0; i < e.length; i++) {
      const ev = e.event[i]!;
      if (ev === PathEvent['t3-expiry'] || ev === PathEvent.inactive)
        rows.push([e.time[i]!, e.path[i]!, ev === PathEvent.inactive ? 'inactive' : 't3-expiry']);
    }
    expect(rows.map(([, path, ev]) => `${path} ${ev}`)).toEqual([
      '1 t3-expiry',
      '1 t3-expiry',
      '1 t3-expiry',
      '1 inactive',
    ]);
    const inactiveAt = rows.at(-1)![0];
    // DATA still sent on path 0 after that
    const after = dataPerPathAfter(t, inactiveAt);
    expect(after[0]).toBeGreaterThan(0);
    expect(after[1]).toBe(0);
  });
});

function dataPerPathAfter(t: Trace, from: number): number[] {
  const pathOf = new Map<number, number>();
  for (let i = 0; i < t.packetPaths!.length; i++)
    pathOf.set(t.packetPaths!.uid[i]!, t.packetPaths!.path[i]!);
  const out = [0, 0];
  const p = t.packets;
  const X = t.transmissions;
  for (let i = 0; i < p.length; i++)
    if (
      p.kind[i] === PacketEventKind.send &&
      X.type[p.uid[i]!] === PacketType.data &&
      p.time[i]! > from
    )
      out[pathOf.get(p.uid[i]!)!]!++;
  return out;
}
