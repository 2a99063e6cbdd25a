/**
 * ns-2.35 as the oracle for multistreaming and PR-SCTP (tests/fixtures/ns2-prsctp/README.md).
 *
 * - ms4-fr3-d3: 4 outbound streams (numOutStreams_ 4), the published d3 drops. ns-2 feeds its
 *   streams round robin per chunk: every DATA chunk it sends (retransmissions included) has the
 *   Stream Identifier and SSN of streams.ts, and the engine with `streams: 4` matches the run
 *   event for event (every event at R1 and arrival at K1, exact double times).
 * - pr4-rel0-fr3-d1: 4 unreliable streams with reliability_ 0 (the engine's
 *   prMaxRetransmissions 0), TSN 15 dropped. Both abandon TSN 15 instead of retransmitting it,
 *   apply the fast retransmit's cut all the same (RFC 3758 §3.5 F5) and send the same DATA
 *   chunks in the same order with the same cwnd changes. They part on the wire, so the times
 *   drift by microseconds: ns-2's INIT carries the Forward-TSN-Supported parameter (RFC 3758
 *   §3.1, 4 bytes; the engine's INIT has none), and ns-2 sends a FORWARD TSN without (stream,
 *   SSN) pairs (40-byte packets, though RFC 3758 §3.5 C4 asks for them on ordered streams) with
 *   every SACK while its Advanced.Peer.Ack.Point is ahead, moving that point over every
 *   Gap-Acked TSN too (New Cumulative TSN 18, 19, …), where the engine sends one with the pair
 *   (2, 3) and New Cumulative TSN 15 and repeats it only after a smoothed RTT (F2's note).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decisionAt, PacketEventKind, PacketType, run, type Trace } from '../../../../src/engine';
import { ssnOf, streamOf } from '../../../../src/engine/sctp/streams';
import {
  engineRows,
  firstSctpEventDivergence,
  loadSctpManifest,
  readNs2Events,
  sctpConfigFor,
  type Ns2SctpRun,
} from '../../../helpers/ns2-sctp';

const DIR = new URL('../../../fixtures/ns2-prsctp/', import.meta.url);
const manifest = loadSctpManifest(DIR);
const byName = (n: string) => manifest.runs.find((r) => r.name === n)!;
const stopOf = (r: Ns2SctpRun) => (r.params as { stopS?: number }).stopS ?? manifest.stopS;

/** ns-2's chunks entering S1's link: [time, kind, tsn, stream, ssn, size]. */
function ns2Chunks(name: string): [number, string, number, number, number, number][] {
  const lines = readFileSync(new URL(`${name}.chunks.csv`, DIR), 'utf8')
    .replace(/\r/g, '')
    .trim()
    .split('\n');
  return lines.slice(1).map((l) => {
    const f = l.split(',');
    return [Number(f[0]), f[1]!, Number(f[2]), Number(f[3]), Number(f[4]), Number(f[5])];
  });
}

function engineRun(r: Ns2SctpRun, pr: boolean): Trace {
  const cfg = sctpConfigFor(r, r.params.sender, stopOf(r));
  cfg.flows[0]!.streams = 4;
  if (pr) cfg.flows[0]!.prMaxRetransmissions = 0;
  return run(cfg);
}

/** The engine's sends at S1: [time, 'DATA' | control label, TSN / New Cumulative TSN, bytes]. */
function engineSends(t: Trace): [number, string, number, number][] {
  const P = t.packets;
  const X = t.transmissions;
  const S1 = t.nodes.indexOf('S1');
  const c = t.controls!;
  const names = new Map<number, string>();
  for (let i = 0; i < c.length; i++) names.set(c.uid[i]!, c.names[c.label[i]!]!);
  const out: [number, string, number, number][] = [];
  for (let i = 0; i < P.length; i++) {
    if (P.kind[i] !== PacketEventKind.send || P.node[i] !== S1) continue;
    const u = P.uid[i]!;
    const data = X.type[u] === PacketType.data;
    out.push([
      P.time[i]!,
      data ? 'DATA' : names.get(u)!,
      data ? X.packet[u]! : X.cumAck[u]!,
      X.size[u]!,
    ]);
  }
  return out;
}

describe('ns-2.35 multistream run (numOutStreams_ 4)', () => {
  const r = byName('ms4-fr3-d3');

  it('every DATA chunk ns-2 sends has the round-robin Stream Identifier and SSN (RFC 4960 §6.5)', () => {
    const data = ns2Chunks(r.name).filter((c) => c[1] === 'DATA');
    expect(data.length).toBeGreaterThan(200);
    for (const [, , tsn, stream, ssn] of data)
      expect([stream, ssn]).toEqual([streamOf(tsn, 4), ssnOf(tsn, 4)]);
  });

  it('the engine with 4 streams matches ns-2 event for event', () => {
    const stop = stopOf(r);
    const ours = engineRows(engineRun(r, false)).filter((e) => e.time < stop);
    const theirs = readNs2Events(r.name, DIR).filter((e) => e.time < stop);
    expect(firstSctpEventDivergence(ours, theirs)).toBeNull();
  });
});

describe('ns-2.35 PR-SCTP run (numUnrelStreams_ 4, reliability_ 0; prMaxRetransmissions 0)', () => {
  const r = byName('pr4-rel0-fr3-d1');
  const t = engineRun(r, true);
  const ours = engineSends(t);
  const theirs = ns2Chunks(r.name);

  it('the same DATA chunks in the same order, TSN 15 never retransmitted', () => {
    const a = ours.filter((s) => s[1] === 'DATA').map((s) => s[2]);
    const b = theirs.filter((s) => s[1] === 'DATA').map((s) => s[2]);
    // ns-2's run ends (3 s) before its TSN 65 leaves, its timeline a few µs behind the engine's.
    expect(b).toEqual([...Array(64).keys()].map((k) => k + 1));
    expect(a.slice(0, 64)).toEqual(b);
    expect(t.flowStats[0]!.retransmissions).toBe(0);
    expect(t.flowStats[0]!.abandoned).toBe(1);
  });

  it('the same cwnd changes, with the fast retransmit’s cut although nothing is resent (F5)', () => {
    const vars = readFileSync(new URL(`${r.name}.vars.csv`, DIR), 'utf8')
      .replace(/\r/g, '')
      .trim()
      .split('\n')
      .slice(1);
    const changes = (xs: number[]) => xs.filter((x, i) => i === 0 || x !== xs[i - 1]);
    const theirCwnd = changes(vars.map((l) => Number(l.split(',')[1])));
    const mtu = r.params.mtuBytes - 32;
    const ourCwnd = changes(
      [...Array(t.decisions.length).keys()].map((i) =>
        Math.round(decisionAt(t, i).after.cwnd! * mtu),
      ),
    );
    expect(ourCwnd).toEqual(theirCwnd);
    expect(theirCwnd.slice(13, 16)).toEqual([17136, 18144, 9072]);
  });

  it('where they part on the wire: INIT size and the FORWARD TSNs', () => {
    const init = readNs2Events(r.name, DIR)[0]!;
    expect(init.size).toBe(60); // the engine's INIT: 56 bytes, no Forward-TSN-Supported parameter
    expect(ours[0]![3]).toBe(56);
    const fwdOurs = ours.filter((s) => s[1] === 'FORWARD-TSN').map((s) => [s[2], s[3]]);
    const fwdTheirs = theirs.filter((s) => s[1] === 'FORWARD-TSN');
    expect(fwdOurs).toEqual([
      [15, 44],
      [15, 44],
    ]);
    expect(fwdTheirs.length).toBe(17);
    expect(fwdTheirs.every((s) => s[5] === 40)).toBe(true);
    expect(fwdTheirs.slice(0, 3).map((s) => s[2])).toEqual([18, 19, 20]);
    // Both send the first one with the SACK that fast-retransmits TSN 15.
    expect(fwdTheirs[0]![0] - ours.find((s) => s[1] === 'FORWARD-TSN')![0]).toBeCloseTo(
      0.000088,
      9,
    );
  });
});
