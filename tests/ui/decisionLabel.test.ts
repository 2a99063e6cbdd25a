/** decisionLabel counts the duplicates of this ACK number, as the log's sentence does. */
import { describe, expect, it } from 'vitest';
import { decisionsOf } from '../../src/engine';
import { explainDecision } from '../../src/trace/explain';
import { decisionLabel } from '../../src/ui/model/traceIndex';
import { fallFloydTrace } from './panels/fixtures';

describe('decisionLabel: duplicates of this ACK number', () => {
  const trace = fallFloydTrace('newreno');
  const ds = decisionsOf(trace);

  it("NewReno after a partial ACK: '1st duplicate ACK', as the log says, not the counter's 13th", () => {
    const d = ds.find((x) =>
      explainDecision(x, trace).includes("(NewReno's duplicate counter: 13)"),
    )!;
    expect(explainDecision(d, trace)).toMatch(/^1st duplicate ACK for \d+ \(NewReno's/);
    expect(decisionLabel(d, trace)).toMatch(/^1st duplicate ACK/);
    // Without the trace: the sender's own counter.
    expect(decisionLabel(d)).toMatch(/^13th duplicate ACK/);
  });

  it('the fast retransmit keeps its ordinal: 3rd duplicate ACK', () => {
    const d = ds.find((x) => x.code.endsWith('fast-retransmit'))!;
    expect(decisionLabel(d, trace)).toBe(decisionLabel(d).replace(/^\d+\w\w/, '3rd'));
    expect(decisionLabel(d, trace)).toMatch(/^3rd duplicate ACK, /);
  });
});
