import { decisionsOf } from '../../src/engine';
import { explainAll, explainNote, explainRule } from '../../src/engine/trace/explain';
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
