import { decisionsOf } from '../../src/engine';
import { explainAll, explainNote, explainRule } from '../../src/trace/explain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { reason } from '../../src/engine';
import { parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { logRowParts, splitSource, type LogPart } from '../../src/ui/model/logRow';
import { decisionLabel } from '../../src/ui/model/traceIndex';
import { runScenario } from '../../src/ui/worker/runScenario';
import type { RunResult } from '../../src/ui/worker/protocol';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

function resultFor(q: string): RunResult {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(`bad query ${q}`);
  return runScenario(p.scenario).result;
}

const text = (parts: LogPart[]) => parts.map((p) => p.text).join('');

// Every TCP and SCTP rule shows up in these runs (fast retransmit, inflation, partial ACKs,
// SACK/FACK recovery, timeouts, missing reports, the SCTP handshake).
const QUERIES = [
  'preset=ff-3-drops&sender=reno',
  'preset=ff-0-drops&sender=tahoe',
  'preset=ff-3-drops&sender=newreno',
  'preset=ff-5-drops&sender=sack',
  'preset=ff-3-drops&sender=fack',
  'preset=ff-3-drops&sender=sctp-2960',
  'preset=ff-5-drops&sender=sctp-newreno',
  'preset=geo-segment-8',
];

let runs: RunResult[];
beforeAll(() => {
  runs = QUERIES.map(resultFor);
});

describe('log rows read once', () => {
  it('splits the source off the end of the sentence and keeps every word', () => {
    expect(
      splitSource('New ACK for 1: slow start (RFC 2581 §3.1 (x))', 'RFC 2581 §3.1 (x)'),
    ).toEqual({
      sentence: 'New ACK for 1: slow start',
      source: 'RFC 2581 §3.1 (x)',
    });
    expect(splitSource('No source here', '')).toEqual({ sentence: 'No source here', source: '' });
    for (const r of runs) {
      for (const ex of explainAll(r.trace)) {
        const d = decisionsOf(r.trace)[ex.id]!;
        const parts = logRowParts(d, explainRule(d, r.trace), reason(d.code));
        expect(text(parts.head) + text(parts.body)).toBe(parts.sentence);
        const rule = parts.source ? `${parts.sentence} (${parts.source})` : parts.sentence;
        // The full text is the rule's sentence, then its note (the RFC text) if it has one.
        const note = explainNote(d, r.trace);
        expect(note ? `${rule} — ${note.sentence} (${note.source})` : rule).toBe(ex.text);
      }
    }
  });

  it('names the rule once: inside the sentence, or as a tag when the sentence does not say it', () => {
    for (const r of runs) {
      for (const ex of explainAll(r.trace)) {
        const d = decisionsOf(r.trace)[ex.id]!;
        const parts = logRowParts(d, explainRule(d, r.trace), reason(d.code));
        const rules = [...parts.head, ...parts.body].filter((p) => p.kind === 'rule');
        for (const tagged of parts.tag ? parts.tag.split(', ') : []) {
          // A tagged rule is not already in the sentence.
          expect(parts.sentence.toLowerCase()).not.toContain(tagged.toLowerCase());
        }
        expect(rules.length + (parts.tag ? 1 : 0)).toBeGreaterThan(0);
      }
    }
  });

  it('reads the fast retransmit row as in UX.md: trigger, rule, numbers, then the source', () => {
    const r = runs[0]!;
    const d = decisionsOf(r.trace).find((x) => x.code === 'reno.fast-retransmit')!;
    const parts = logRowParts(d, explainRule(d, r.trace), reason(d.code));
    expect(text(parts.head)).toBe('3rd duplicate ACK for 14:');
    expect(parts.body.find((p) => p.kind === 'rule')?.text).toBe('fast retransmit');
    expect(parts.body.find((p) => p.kind === 'packet')).toMatchObject({ text: '15', packet: 15 });
    expect(parts.tag).toBe('');
    expect(parts.source).toBe(reason(d.code).source);
    expect(parts.sentence).not.toContain('RFC');
    expect(parts.extraPackets).toEqual([]);
  });

  it('every packet a decision sends is a link in the sentence (ranges by their ends) or after it', () => {
    for (const r of runs) {
      for (const ex of explainAll(r.trace)) {
        const d = decisionsOf(r.trace)[ex.id]!;
        const parts = logRowParts(d, explainRule(d, r.trace), reason(d.code));
        const linked = [...parts.head, ...parts.body].flatMap((p) =>
          p.kind === 'packet' ? [p.packet] : [],
        );
        for (const p of linked) expect(d.packets).toContain(p);
        if (d.packets.length > 0)
          expect(linked.length + parts.extraPackets.length).toBeGreaterThan(0);
        for (const p of d.packets) {
          const inRange = linked.some((a) => linked.some((b) => a < p && p < b));
          expect(linked.includes(p) || inRange || parts.extraPackets.includes(p)).toBe(true);
        }
      }
    }
  });
});

describe('decision labels', () => {
  it('give a duplicate count only to ACKs that repeat the cumulative ACK', () => {
    const newreno = runs[2]!.trace;
    const partial = decisionsOf(newreno).find((d) => d.code === 'newreno.partial-ack')!;
    expect(partial.trigger.kind === 'ack' && partial.trigger.dupacks).toBeGreaterThan(0);
    expect(decisionLabel(partial)).toBe('partial ACK');
    const reno = runs[0]!.trace;
    expect(decisionLabel(decisionsOf(reno).find((d) => d.code === 'reno.fast-retransmit')!)).toBe(
      '3rd duplicate ACK, fast retransmit',
    );
    expect(decisionLabel(decisionsOf(reno).find((d) => d.code === 'tcp.dupack')!)).toBe(
      '1st duplicate ACK',
    );
  });

  it('say "missing report" for SCTP, which counts them per TSN', () => {
    const sctp = runs[5]!.trace;
    expect(decisionLabel(decisionsOf(sctp).find((d) => d.code === 'sctp.missing-report')!)).toBe(
      '1st missing report',
    );
    expect(decisionLabel(decisionsOf(sctp).find((d) => d.code === 'sctp.fast-retransmit')!)).toBe(
      '4th missing report, fast retransmit',
    );
    for (const d of decisionsOf(sctp)) expect(decisionLabel(d)).not.toContain('duplicate ACK');
  });
});

describe('log wording (issue 10 item 8): each row says which count, which unit, why nothing is sent', () => {
  /** The rule's sentence (no note) of the first decision of query q at time `at` (±1 µs). */
  function ruleAt(q: string, at: number): string {
    const r = resultFor(q);
    const d = decisionsOf(r.trace).find((x) => Math.abs(x.time - at) < 1e-6);
    if (!d) throw new Error(`no decision at ${at} in ${q}`);
    return explainRule(d, r.trace);
  }
  const n = '\u202f'; // thousands separator of byte counts

  it("1. NewReno after a partial ACK: the duplicates of this ACK number, and NewReno's own counter", () => {
    expect(ruleAt('preset=ff-3-drops&sender=newreno', 2.35404)).toBe(
      "1st duplicate ACK for 26 (NewReno's duplicate counter: 13): another packet has left the network, so fast recovery inflates the window by one beyond cwnd = 7; " +
        'sends 34 (window ⌊cwnd⌋ + inflation = 7 + 1 = 8; 8 packets outstanding after it) ' +
        '(RFC 2581 §3.2 step 3 (cwnd + 1 per further duplicate ACK))',
    );
    // Where the two counts agree, one: Reno's counter restarts with every new ACK.
    expect(ruleAt('preset=ff-3-drops&sender=reno', 2.35404)).toMatch(/^1st duplicate ACK for 26: /);
  });

  it("2. SCTP: Caro et al.'s duplicate ack for 28 and the protocol's missing report for 29", () => {
    // Caro et al. §4.2: "Upon receiving the fifth duplicate ack for packet 28 … the sender transmits packet 41."
    expect(ruleAt('preset=caro-fig3-2-drops', 2.494352)).toBe(
      `5th duplicate SACK for TSN 28, the 8th missing report for TSN 29: the newly gap-acked chunks no longer count as outstanding, so with cwnd 4${n}250 bytes (4.25 MTUs) the sender sends 41; 5${n}000 bytes (5 MTUs) outstanding after it ` +
        "(RFC 2960 §7.2.4 (missing reports, HTNA per the Implementer's Guide) and §6.1 B (send while outstanding < cwnd); Caro et al. §2.1)",
    );
  });

  it('3. SCTP windows in bytes, with MTUs beside them', () => {
    expect(ruleAt('preset=caro-fig3-2-drops', 2.091084)).toBe(
      `4th duplicate SACK for TSN 14, the 4th missing report for TSN 15 (threshold 4): fast retransmit of 15 at once, outside cwnd; ssthresh 65${n}536 → 7${n}500 bytes (7.5 MTUs), cwnd 15${n}000 → 7${n}500 bytes (7.5 MTUs) (no fast recovery in RFC 2960); then sends nothing ` +
        '(RFC 2960 §7.2.4 (fast retransmit) and §7.2.3 (ssthresh = max(cwnd/2, 2·MTU), cwnd = ssthresh); Caro et al. §2.1, §4.1)',
    );
  });

  it('4–5. a duplicate ACK past the threshold outside fast recovery names its rule and the window against the packets outstanding', () => {
    expect(ruleAt('preset=ff-3-drops&sender=reno', 2.38524)).toBe(
      '4th duplicate ACK for 26: past the threshold of 3, but no fast recovery is under way (this ACK got no fast retransmit), so the window is not inflated; ' +
        'window ⌊cwnd⌋ = 7 vs 7 packets outstanding: nothing may be sent ' +
        '(ns-2 tcp-reno.cc / tcp-newreno.cc recv (dupwnd_ grows only while last_cwnd_action_ is CWND_ACTION_DUPACK); RFC 2582 §3 step 1 (careful variant))',
    );
    // 5. Inside fast recovery the inflated window is set against the packets outstanding too.
    expect(ruleAt('preset=ff-3-drops&sender=reno', 2.09016)).toBe(
      '4th duplicate ACK for 14: another packet has left the network, so fast recovery inflates the window by one beyond cwnd = 7; ' +
        'window ⌊cwnd⌋ + inflation = 7 + 4 = 11 vs 15 packets outstanding: nothing may be sent ' +
        '(RFC 2581 §3.2 step 3 (cwnd + 1 per further duplicate ACK))',
    );
    for (const q of [
      'preset=ff-3-drops&sender=reno',
      'preset=ff-3-drops&sender=newreno',
      'preset=ff-2-drops&sender=reno',
    ]) {
      const r = resultFor(q);
      expect(
        decisionsOf(r.trace).filter((d) => d.code === 'tcp.ack-in-recovery'),
        q,
      ).toEqual([]);
    }
  });

  it('6. SACK and CUBIC fast retransmits speak of pipe, not inflation', () => {
    expect(ruleAt('preset=ff-3-drops&sender=sack', 2.079848)).toBe(
      '3rd duplicate ACK for 14: fast retransmit of 15; ssthresh 28 → 7, cwnd 15 → 7; SACK recovery starts with pipe = 15 outstanding − 3 = 12 and sends only while pipe < cwnd ' +
        '(Fall & Floyd 1996 §5 (pipe = packets outstanding less the duplicate ACKs; send while pipe < cwnd); RFC 2581 §3.2 step 1 (ssthresh = flightsize/2))',
    );
    const cubic = ruleAt('preset=ff-3-drops&sender=cubic', 2.079848);
    expect(cubic).toContain(
      'SACK recovery starts with pipe = 15 outstanding − 3 = 12 and sends only while pipe < cwnd',
    );
    for (const t of [cubic, ruleAt('preset=ff-3-drops&sender=sack', 2.079848)])
      expect(t).not.toContain('inflation');
  });

  it('7. Original SCTP, Fig. 3: the ACK for 28 is not a missing report for 29 (HTNA)', () => {
    // Caro et al. §4.2: "this ack's newest newly acked packet is 15, which does not count as a missing report for packet 29."
    expect(ruleAt('preset=caro-fig3-2-drops', 2.303096)).toBe(
      `SACK advances the Cumulative TSN Ack to 28 with the full cwnd in use: slow start, cwnd 7${n}500 → 8${n}500 bytes (8.5 MTUs) (+ min(newly acked bytes, MTU)); sends 39 and 40; ` +
        'not a missing report for TSN 29: its highest newly acked TSN is 15 (HTNA), so 29 keeps 3 reports ' +
        '(RFC 2960 §7.2.1 (slow start while cwnd ≤ ssthresh); Caro et al. §2.1)',
    );
    // New-Reno SCTP's modified HTNA counts it (and fast-retransmits 29): no such clause.
    const nr = resultFor('preset=caro-fig3-2-drops&sender=sctp-newreno');
    for (const ex of explainAll(nr.trace))
      expect(ex.text).not.toContain('not a missing report for TSN 29');
  });

  it("8. Alamgir Fig. 9's start row cites what it does: the scenario's initial cwnd, above the RFCs'", () => {
    expect(ruleAt('preset=alamgir-fig9', 0)).toBe(
      `Data transfer starts with the scenario's initial cwnd, 17${n}616 bytes (12 MTUs), more than the RFCs allow: sends 1–13 ` +
        "(the scenario's initial cwnd; RFC 2960 §7.2.1 allows at most 2·MTU, RFC 4960 §7.2.1 min(4·MTU, max(2·MTU, 4380 bytes)))",
    );
    // Caro et al.'s cwnd of 1 MTU keeps the plain start row, within RFC 2960's limit.
    expect(ruleAt('preset=caro-fig3-2-drops', 1)).toBe(
      'Data transfer starts with cwnd 1 000 bytes (1 MTU): sends 1 (RFC 2960 §7.2.1 (initial cwnd at most 2·MTU); RFC 4960 §7.2.1 (min(4·MTU, max(2·MTU, 4380 bytes))))'.replace(
        '1 000',
        `1${n}000`,
      ),
    );
  });
});

describe('start rows cite a source that agrees with their cwnd', () => {
  it('TCP: Alamgir Fig. 8 starts at cwnd 2, and the source allows it', () => {
    const r = resultFor('preset=alamgir-fig8');
    const start = decisionsOf(r.trace).find((d) => d.code === 'tcp.start')!;
    expect(explainRule(start, r.trace)).toBe(
      'The transfer starts with cwnd 2: sends 1 and 2 (RFC 2581 §3.1 (initial window of at most 2 segments); RFC 3390 §2 (up to min(4·MSS, max(2·MSS, 4380 bytes))))',
    );
  });
});
