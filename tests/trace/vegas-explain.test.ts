/**
 * The explanation log's rows for TCP Vegas (src/engine/tcp/variants/vegas.ts): each once-per-RTT
 * decision says which threshold diff was compared with (α, β, γ: the flow's own or ns-2.35's
 * 1, 3, 1) in the paper's terms, and the recovery rows say what was cut and why.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run, type Trace } from '../../src/engine';
import { explainDecision } from '../../src/trace/explain';
import { configFor, loadManifest } from '../helpers/ns2-fixtures';
import { runPreset } from '../scenarios/trace-facts';

/** The explanation of the first decision with `code` (and its time, 3 decimals). */
function first(t: Trace, code: string): string {
  const d = decisionsOf(t).find((x) => x.code === code);
  if (!d) throw new Error(`no ${code} decision`);
  return `${d.time.toFixed(3)} ${explainDecision(d, t)}`;
}

describe('Vegas explanation rows (ff-1-drops)', () => {
  const t = runPreset('ff-1-drops', 'vegas');

  it('slow start: the hold RTT, then the growing RTT compared with γ', () => {
    expect(first(t, 'vegas.slow-start-hold')).toMatch(
      /^1\.211 New ACK for 1 ends an RTT\. In slow start Vegas grows cwnd only every other RTT, so that it can compare the Expected rate \(window \/ BaseRTT\) with the Actual one in between: cwnd stays 1 for this RTT; sends 2 \(Brakmo & Peterson 1995 §3\.3/,
    );
    expect(first(t, 'vegas.slow-start-grow')).toMatch(
      /^1\.423 New ACK for 2 ends an RTT: Vegas compares the Expected rate \(window \/ BaseRTT\) with the Actual rate \(packets sent in that RTT \/ RTT\); diff = \(Expected − Actual\) × BaseRTT is the number of its packets queued in the network\. It is at most γ = 1, so slow start goes on, cwnd growing by one per ACK in the next RTT: 1 → 2; sends 3 and 4 /,
    );
  });

  it('congestion avoidance: below α grows, between α and β holds', () => {
    expect(first(t, 'vegas.increase')).toMatch(
      / It is below α = 1: too little queued, so cwnd grows/,
    );
    expect(first(t, 'vegas.hold')).toMatch(
      /^2\.924 .* It lies between α = 1 and β = 3, so cwnd stays 7 for the next RTT; sends 35 /,
    );
  });

  it('the retransmission cuts the window it was sent in; the next new ACK deflates', () => {
    expect(first(t, 'vegas.fast-retransmit')).toMatch(
      /^2\.501 3rd duplicate ACK for 14: Vegas retransmits 15 and 23 .* then adds one per duplicate ACK: cwnd 8 → 9 \(/,
    );
    expect(first(t, 'vegas.deflate')).toMatch(
      /^2\.713 New ACK for 22 after duplicate ACKs: Vegas removes the inflation, cwnd 13 → 6\.167 /,
    );
  });
});

describe('Vegas explanation rows with α 2, β 4 (fixture vegas-a2b4-d3)', () => {
  const r = loadManifest().runs.find((x) => x.name === 'vegas-a2b4-d3')!;
  const t = run(configFor(r));

  it('name the flow’s own thresholds', () => {
    const texts = decisionsOf(t)
      .filter((d) => d.code === 'vegas.hold' || d.code === 'vegas.increase')
      .map((d) => explainDecision(d, t));
    expect(texts.some((x) => x.includes('between α = 2 and β = 4'))).toBe(true);
    expect(texts.some((x) => x.includes('below α = 2'))).toBe(true);
    expect(texts.some((x) => /α = 1|β = 3/.test(x))).toBe(false);
  });
});
