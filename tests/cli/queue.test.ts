/**
 * `--out queue` (src/cli/queue-output.ts, src/trace/queue-rows.ts): every link direction's
 * queue event by event, derived from the packet events — on drop-tail links as on a RED one —
 * with lengths that agree with the engine's own queue lengths, sojourn times, drops and marks.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { resolveQuery } from '../../src/cli/scenario';
import { PacketEventKind as K, run, type Trace } from '../../src/engine';
import { queueRows } from '../../src/trace/queue-rows';

const RED_ECN = 'preset=fall-floyd&flows=2*reno&queue=40&aqm=red&red.bytes=0&ecn=1&stop=20';
const DROPTAIL = 'preset=ff-3-drops&sender=reno';

const traces = new Map<string, Trace>();
/** One run per query, shared by the tests. */
function trace(q: string): Trace {
  let t = traces.get(q);
  if (!t) {
    const r = resolveQuery(q);
    if (!r.ok) throw new Error(q);
    traces.set(q, (t = run(r.config)));
  }
  return t;
}

describe('--out queue', () => {
  it('CSV: the header the issue names, then rows for every link, drop-tail included', () => {
    const out = runCli([DROPTAIL, '--out', 'queue']);
    expect(out.code).toBe(0);
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'time,link,qlen_pkts,qlen_bytes,sojourn_s,event,flow,packet,cause,aqm_state',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    // ff-3-drops: the three scripted drops at R1→K1, dropped before the queue (no sojourn)
    const drops = rows.filter((r) => r[5] === 'drop');
    expect(drops.map((r) => [r[1], r[7], r[8], r[4]])).toEqual([
      ['R1-K1', '15', 'scripted', ''],
      ['R1-K1', '27', 'scripted', ''],
      ['R1-K1', '29', 'scripted', ''],
    ]);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['S1-R1', 'R1-K1', 'K1-R1', 'R1-S1']));
    expect(rows.every((r) => r[9] === '')).toBe(true);
  });

  it('lengths after dequeue and drop equal the engine’s; every enqueue leaves; sojourns ≥ 0', () => {
    for (const q of [DROPTAIL, RED_ECN]) {
      const t = trace(q);
      const rows = queueRows(t);
      // the engine's qlen of each depart / queue drop, in order, per link
      const P = t.packets;
      const engine: string[] = [];
      for (let i = 0; i < P.length; i++) {
        if (P.kind[i] === K.depart) engine.push(`${P.link[i]}:${P.qlen[i]}`);
      }
      const name = t.links.map((l) => `${l.from}-${l.to}`);
      const ours = rows
        .filter((r) => r.event === 'dequeue')
        .map((r) => `${name.indexOf(r.link)}:${r.qlen_pkts}`);
      expect(ours).toEqual(engine);
      const enq = rows.filter((r) => r.event === 'enqueue').length;
      const deq = rows.filter((r) => r.event === 'dequeue').length;
      expect(enq).toBeGreaterThan(400);
      expect(enq - deq).toBeLessThanOrEqual(t.links.length * 50);
      expect(rows.every((r) => r.sojourn_s === null || r.sojourn_s >= 0)).toBe(true);
      expect(rows.some((r) => (r.sojourn_s ?? 0) > 0.05)).toBe(true);
    }
  });

  it('RED with ECN flows: marks with RED’s state, as many as the link counted, no AQM drops', () => {
    const t = trace(RED_ECN);
    const rows = queueRows(t);
    const marks = rows.filter((r) => r.event === 'mark');
    const rk = t.links.findIndex((l) => l.from === 'R1' && l.to === 'K1');
    expect(marks.length).toBe(t.linkStats[rk]!.marks);
    expect(marks.length).toBeGreaterThan(5);
    expect(marks.every((r) => r.link === 'R1-K1')).toBe(true);
    for (const m of marks) {
      const st = /^avg_pkts=([\d.e-]+);p=([\d.e-]+)$/.exec(m.aqm_state);
      expect(st, m.aqm_state).not.toBeNull();
      // marked only between min_th (auto: 5) and 2 max_th, with a non-zero probability
      expect(Number(st![1])).toBeGreaterThanOrEqual(5);
      expect(Number(st![2])).toBeGreaterThan(0);
    }
    expect(rows.some((r) => r.event === 'drop' && r.cause === 'aqm')).toBe(false);
    // every flow's data crossed without an AQM-caused retransmission
    expect(t.flowStats.map((f) => f.retransmissions)).toEqual([0, 0]);
  });
});
