/**
 * The SCTP panels and log rows on the issue-13 presets run by the engine: the failover
 * association's paths (sctp-failover) and the head-of-line blocking comparison (hol-streams).
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind, PacketType, run, type Trace } from '../../../src/engine';
import { buildSimConfig, scenarioFromPreset } from '../../../src/scenarios';
import { logEntries } from '../../../src/ui/model/logEntries';
import { pathLogRowAt, pathRowText } from '../../../src/ui/model/pathLogRows';
import { deliveryModel } from '../../../src/ui/panels/deliveries';
import { markGlyph } from '../../../src/ui/panels/draw/layers';
import { Glyph, MARK_STYLES, MarkKind } from '../../../src/ui/panels/palette';
import { pathModel, routerChoices } from '../../../src/ui/panels/paths';
import { routerMarks } from '../../../src/ui/panels/router';

const runs = new Map<string, Trace>();
const runPreset = (id: string) => {
  let t = runs.get(id);
  if (!t) {
    t = run(buildSimConfig(scenarioFromPreset(id)));
    runs.set(id, t);
  }
  return t;
};

describe('sctp-failover in the UI', () => {
  it('shades the primary path inactive from its failover to its recovery', () => {
    const trace = runPreset('sctp-failover');
    const m = pathModel(trace, 0);
    expect(m.paths.map((p) => p.label)).toEqual(['S0→K0 (primary)', 'S1→K1']);
    const fo = m.marks.find((x) => x.event === 'failover')!;
    const rec = m.marks.find((x) => x.event === 'recovered')!;
    expect(fo.path).toBe(0);
    expect(m.paths[0]!.inactive).toEqual([{ t0: fo.t, t1: rec.t }]);
    expect(m.paths[1]!.inactive).toEqual([]);
    // The alternate carries data after the failover: its cwnd grows past its initial value.
    const p1 = m.paths[1]!.cwnd;
    expect(p1.filter((p) => p.t > fo.t).some((p) => p.v > p1[0]!.v)).toBe(true);
  });

  it('logs the path going inactive and the failover with their numbers', () => {
    const trace = runPreset('sctp-failover');
    const L = logEntries(trace);
    const rows = Array.from(L.entry)
      .filter((e) => e < 0)
      .map((e) => pathLogRowAt(trace, -e - 1));
    const inactive = rows.find((r) => r.name === 'inactive')!;
    const E = trace.pathEvents!;
    const n = E.errorCount[inactive.row]!;
    // The path goes inactive at strike Path.Max.Retrans + 1; the trace names the value in force.
    expect(trace.flows[0]!.pathMaxRetrans).toBe(n - 1);
    expect(pathRowText(inactive)).toBe(
      `Path S0→K0 inactive: ${n} T3-rtx expiries in a row, error count ${n} exceeds Path.Max.Retrans ${n - 1}; new data fails over to S1→K1 (RFC 4960 §8.2)`,
    );
    expect(rows.filter((r) => r.name === 'heartbeat').length).toBeGreaterThan(3);
    expect(pathRowText(rows.find((r) => r.name === 'heartbeat')!)).toMatch(
      /^HEARTBEAT to K[01] \(idle path S[01]→K[01], every RTO \+ HB\.interval; RTO [\d.]+ s, error count \d+\) \(RFC 4960 §8\.3\)$/,
    );
    // No `change` row in the log.
    expect(rows.length).toBe(
      Array.from({ length: E.length }, (_, i) => E.event[i]).filter((e) => e !== 0).length,
    );
  });

  it('offers the alternate path’s router, where its packets carry the path’s glyphs', () => {
    const trace = runPreset('sctp-failover');
    const c = routerChoices(trace);
    expect(c.map((x) => x.label)).toEqual(['A0 (path S0→K0 (primary))', 'A1 (path S1→K1)']);
    const m = routerMarks(trace, { router: c[1]!.router, bottleneck: c[1]!.bottleneck }).marks;
    const arrivals = Array.from({ length: m.n }, (_, i) => i).filter(
      (i) => m.kind[i] === MarkKind.arrival,
    );
    expect(arrivals.length).toBeGreaterThan(100);
    for (const i of arrivals) expect(markGlyph(m, i)).toBe(Glyph.triangleUp);
  });

  it('marks the packets lost at the failed link as link-down drops (⊘), not scripted ones', () => {
    const trace = runPreset('sctp-failover');
    const m = routerMarks(trace).marks;
    const kinds = Array.from({ length: m.n }, (_, i) => m.kind[i]);
    // Every data or SACK drop with cause linkDown at the router's node (the failed link A0–B0's
    // queue and wire, and what reaches it while down; HEARTBEATs are not drawn in this plot).
    const P = trace.packets;
    const X = trace.transmissions;
    let atRouter = 0;
    for (let i = 0; i < P.length; i++)
      if (
        P.kind[i] === PacketEventKind.drop &&
        P.cause[i] === DropCause.linkDown &&
        P.node[i] === trace.router &&
        X.type[P.uid[i]!] !== PacketType.control
      )
        atRouter++;
    expect(atRouter).toBe(14);
    expect(kinds.filter((k) => k === MarkKind.dropLinkDown).length).toBe(atRouter);
    expect(kinds.filter((k) => k === MarkKind.dropScripted).length).toBe(0);
    expect(MARK_STYLES[MarkKind.dropLinkDown].label).toBe('drop (link down)');
  });
});

describe('hol-streams in the UI', () => {
  it('has one TCP byte-stream lane and four SCTP stream lanes', () => {
    const trace = runPreset('hol-streams');
    const m = deliveryModel(trace, [0, 1]);
    expect(m.lanes.map((l) => l.short)).toEqual(['1 TCP', '2 s0', '2 s1', '2 s2', '2 s3']);
    expect(m.marks.n).toBe(trace.deliveries!.length);
  });

  it('shows head-of-line blocking: a loss holds back the whole TCP byte stream, one SCTP stream at a time', () => {
    const trace = runPreset('hol-streams');
    const m = deliveryModel(trace, [0, 1]);
    const [tcp, ...sctp] = m.lanes;
    // TCP holds back more messages than any single SCTP stream, and some SCTP stream holds none.
    for (const s of sctp) expect(tcp!.held).toBeGreaterThan(s.held);
    expect(sctp.some((s) => s.held === 0)).toBe(true);
    // While TCP waits longest, some SCTP stream keeps delivering.
    const w = tcp!.waiting.reduce((a, x) => (x.t1 - x.t0 > a.t1 - a.t0 ? x : a));
    const during = (k: number) =>
      Array.from({ length: m.marks.n }, (_, i) => i).filter(
        (i) => m.lane[i] === k && m.marks.t[i]! > w.t0 && m.marks.t[i]! < w.t1,
      ).length;
    expect(sctp.some((_, k) => during(k + 1) > 0)).toBe(true);
  });
});
