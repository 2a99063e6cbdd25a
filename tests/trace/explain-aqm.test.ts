/**
 * The sentences for CoDel's and PIE's drops and marks (src/trace/explain-aqm.ts), on short
 * runs: a 12 Mb/s UDP flow into CoDel (its first head drop is packet 154 at 0.1284 s with the
 * 5 ms target; with ns-3's target + T it is packet 160, as in
 * tests/fixtures/ns3-aqm/codel-cbr12.json), PIE on the same load, and ecn-vs-drop's first CE
 * mark.
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind, run, type Trace } from '../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';
import { aqmEventText } from '../../src/trace/explain-aqm';

function traceOf(q: string): Trace {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return run(buildSimConfig(p.scenario));
}

const CBR =
  'preset=bufferbloat-path&flows=udp&f1.app=cbr&f1.pps=1482.213439&f1.size=1012&queue=1002';

/** The first event of `kind` (with `cause`, for drops) at the bottleneck. */
function first(t: Trace, kind: number, cause?: number): number {
  const P = t.packets;
  for (let i = 0; i < P.length; i++)
    if (
      P.kind[i] === kind &&
      P.link[i] === t.bottleneck &&
      (cause === undefined || P.cause[i] === cause)
    )
      return i;
  throw new Error('none');
}

describe('aqmEventText', () => {
  it('CoDel head drop: the packet, its sojourn against target and interval, RFC 8289 §5.3–5.4', () => {
    const t = traceOf(`${CBR}&stop=0.25&aqm=codel`);
    const ev = first(t, PacketEventKind.drop, DropCause.aqm);
    expect(t.packets.time[ev]).toBeCloseTo(0.1284, 4);
    expect(aqmEventText(t, ev)).toMatch(
      /^CoDel head drop of packet 154 of flow 1: sojourn \d+\.\d ms ≥ target 5 ms for at least an interval \(100 ms\) — RFC 8289 §5\.3–5\.4; count 1, the next at 0\.2\d+ s/,
    );
    // a departure is not the discipline's doing
    expect(aqmEventText(t, first(t, PacketEventKind.depart))).toBeNull();
  });
  it('PIE early drop: the drop probability and queueing delay, RFC 8033 §4.1–4.2', () => {
    const t = traceOf(`${CBR}&stop=1&aqm=pie`);
    const text = aqmEventText(t, first(t, PacketEventKind.drop, DropCause.aqm))!;
    expect(text).toMatch(
      /^PIE early drop of packet \d+ of flow 1 on arrival, with drop probability \d+\.\d\d % \(queueing delay \d+\.\d ms against the 15 ms target\) — RFC 8033 §4\.1–4\.2$/,
    );
  });
  it('CoDel CE mark (ecn-vs-drop): marked instead of dropped, RFC 3168 §5', () => {
    const t = traceOf('preset=ecn-vs-drop&stop=1');
    expect(aqmEventText(t, first(t, PacketEventKind.mark))).toMatch(
      /^CE mark on packet \d+ of flow 1: CoDel's sojourn \d+\.\d ms ≥ target 5 ms for at least an interval \(100 ms\) — RFC 8289 §5\.3–5\.4, marked instead of dropped as RFC 3168 §5 allows/,
    );
  });
});
