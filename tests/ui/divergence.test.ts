/**
 * Compare mode's first divergence is the first sender decision that differs (issue 21 item 5):
 * on ff-3-drops SACK and FACK part from Reno at the 3rd duplicate ACK for 14 (not at an ACK
 * that arrives 80 µs later), NewReno at the partial ACK for 26; ns-2's and the RFC's NewReno
 * part at their first decision (SYN with cwnd 1 vs the start with cwnd 4).
 */
import { describe, expect, it } from 'vitest';
import { run, type Trace } from '../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { withEntry } from '../../src/ui/model/compareEntries';
import { decisionDivergence, divergences, firstDivergence } from '../../src/ui/model/divergence';
import { contrastText, decisionBrief, divergenceEvent } from '../../src/ui/model/divergenceText';

function traceOf(q: string, entry?: string): Trace {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(q);
  const s = entry ? withEntry(p.scenario, entry) : p.scenario;
  if (!s) throw new Error(entry);
  return run(buildSimConfig(s));
}

const ff3 = (s: string) => traceOf(`preset=ff-3-drops&sender=${s}`);

describe('first different decision', () => {
  const [reno, newreno, sack, fack] = ['reno', 'newreno', 'sack', 'fack'].map(ff3) as Trace[];

  it('SACK parts from Reno at the 3rd duplicate ACK for 14: another rule, same cwnd', () => {
    const d = decisionDivergence(reno!, sack!)!;
    expect(d).toMatchObject({ flow: 0, index: 17, baseRow: 17, otherRow: 17, fields: ['rule'] });
    expect(d.baseTime).toBeCloseTo(2.07976, 5);
    expect(d.otherTime).toBeCloseTo(2.079848, 6);
    expect(divergenceEvent(reno!, sack!, d)).toBe('the 3rd duplicate ACK for 14');
    expect(contrastText(reno!, d.baseRow, d.fields, false)).toBe(
      'fast retransmit, cwnd 7 + 3 inflation',
    );
    expect(contrastText(sack!, d.otherRow, d.fields, false)).toBe(
      'fast retransmit, cwnd 7, pipe 12',
    );
    expect(decisionBrief(sack!, d.otherRow)).toBe(
      'fast retransmit: cwnd 7, ssthresh 7, pipe 12, sends 15 (2.080 s)',
    );
  });

  it('FACK parts there too (cwnd 1); NewReno only at the partial ACK for 26', () => {
    const f = decisionDivergence(reno!, fack!)!;
    expect(f).toMatchObject({ index: 17, fields: ['rule', 'cwnd'] });
    const n = decisionDivergence(reno!, newreno!)!;
    expect(n).toMatchObject({ index: 27, fields: ['rule', 'packets', 'cwnd'] });
    expect(divergenceEvent(reno!, newreno!, n)).toBe('a partial ACK for 26');
    expect(n.time).toBeCloseTo(2.29164, 5);
    const all = divergences([reno!, newreno!, sack!, fack!]);
    expect(all[0]).toBeNull();
    const first = firstDivergence(all)!;
    expect(first.runs).toEqual([2, 3]);
    expect(first.div.index).toBe(17);
  });

  it('ns-2’s NewReno and the RFC’s part at the start: SYN with cwnd 1 vs cwnd 4', () => {
    const q = 'preset=ff-3-drops&sender=newreno';
    const a = traceOf(q, 'newreno@ns2');
    const b = traceOf(q, 'newreno@rfc');
    const d = decisionDivergence(a, b)!;
    expect(d).toMatchObject({ index: 0, baseRow: 0, otherRow: 0 });
    expect(d.fields).toEqual(['rule', 'packets', 'cwnd']);
    expect(contrastText(a, 0, d.fields, true)).toBe('SYN, cwnd 1, sends 1 (1.000 s)');
    expect(contrastText(b, 0, d.fields, true)).toBe('start, cwnd 4, sends 1–4 (1.201 s)');
    expect(contrastText(b, -1, d.fields, true)).toBe('no such decision');
  });

  it('identical runs: none; a shorter run parts where its decisions end', () => {
    expect(decisionDivergence(reno!, ff3('reno'))).toBeNull();
    const short = traceOf('preset=ff-3-drops&sender=reno&stop=2');
    const d = decisionDivergence(reno!, short)!;
    expect(d.fields).toEqual(['missing']);
    expect(d.otherRow).toBe(-1);
    expect(d.baseTime).toBeGreaterThan(2);
  });

  it('SCTP against TCP parts at the first decision', () => {
    const d = decisionDivergence(reno!, ff3('sctp-2960'))!;
    expect(d.index).toBe(0);
    expect(d.fields).toContain('rule');
  });

  it('one MTU is singular: "cwnd 1 MTU", more are plural (Caro et al. Figure 5, 3 drops)', () => {
    const fig5 = (s: string) => traceOf(`preset=caro-fig5-3-drops&sender=${s}`);
    const tcp = fig5('newreno');
    const sctp = fig5('sctp-2960');
    const d = decisionDivergence(tcp, sctp)!;
    expect(d.otherRow).toBe(0);
    expect(contrastText(sctp, 0, ['ssthresh'], false)).toBe(
      'start, cwnd 1 MTU, ssthresh 65.536 MTUs',
    );
    expect(decisionBrief(sctp, 0)).toBe(
      'start: cwnd 1 MTU, ssthresh 65.536 MTUs, sends 1 (1.000 s)',
    );
  });
});
