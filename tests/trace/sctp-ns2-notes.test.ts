/**
 * The log's RFC-vs-ns-2 notes for the three choices the ns2 profile makes like ns-2.35 on
 * multi-homed SCTP associations (issue 23 item 5; src/engine/README.md's rule-set table): the
 * association's single HEARTBEAT timer (and ns-2's HEARTBEATs at once on a T3-rtx expiry or a
 * HEARTBEAT timeout), CMT's DAC count of 0 without delayed SACKs, and the receiver's reply
 * address chosen by routing. Real runs of app links; each note is checked as the exact sentence
 * on the exact row, and none of them appears under profile rfc.
 */
import { describe, expect, it } from 'vitest';
import { run, type Trace } from '../../src/engine';
import { explainAt, explainPathNote } from '../../src/trace/explain';
import { PATH_NOTE_CODES } from '../../src/engine/trace/notes';
import { decisionsOf } from '../../src/engine/trace/records';
import { PathEvent } from '../../src/engine/trace/path-events';
import { buildSimConfig } from '../../src/scenarios';
import { parseScenarioQuery } from '../../src/scenarios/query';
import { loadMultihomeRuns, multihomeConfig } from '../engine/sctp/multihome/ns2';

function traceOf(link: string): Trace {
  const parsed = parseScenarioQuery(link);
  if (!parsed.ok) throw new Error(`${link}: ${JSON.stringify(parsed.errors)}`);
  return run(buildSimConfig(parsed.scenario));
}

const FAILOVER = 'preset=sctp-failover&hb=1&pmr=2&fail=primary@3.3&repair=primary@7.5';
// the mobile's accesses as point-to-point links (link=wired): the SACK sequence these notes were read on
const CMT_DELACK = 'preset=mobile-multihomed-cmt&delack=1&drops=43,44&link=wired';
const CMT_NO_DELACK = 'preset=mobile-multihomed-cmt&delack=0&drops=43,44&link=wired';

/** The HEARTBEAT rows of a path as [time to 4 decimals, note sentence or null]. */
function heartbeats(t: Trace, path: number): Array<[string, string | null]> {
  const E = t.pathEvents!;
  const out: Array<[string, string | null]> = [];
  for (let i = 0; i < E.length; i++)
    if (E.path[i] === path && E.event[i] === PathEvent.heartbeat)
      out.push([E.time[i]!.toFixed(4), explainPathNote(t, i)?.sentence ?? null]);
  return out;
}

const NS2_HB_TIMER =
  "RFC 4960 would time this path's HEARTBEATs with a timer of its own, set from its own RTO of 0.5 s; ns-2.35 runs one timer for the association, set from the RTO of the path it looked at last, and HEARTBEATs the path idle the longest";

describe('ns2 profile: notes on the HEARTBEATs of the association’s single timer', () => {
  const t = traceOf(`${FAILOVER}&profile=ns2`);

  it('the alternate K1’s HEARTBEATs come from the association’s timer: each row says what RFC 4960’s per-path timer would use', () => {
    const k1 = heartbeats(t, 1);
    expect(k1.length).toBe(13);
    expect(k1[0]).toEqual(['1.4664', NS2_HB_TIMER]);
    for (const [, note] of k1) expect(note).toBe(NS2_HB_TIMER);
  });

  it('the failed primary K0: HEARTBEATed at once when T3-rtx makes it inactive and when that HEARTBEAT times out, each with its note', () => {
    expect(heartbeats(t, 0)).toEqual([
      [
        '6.9156',
        'RFC 4960 would HEARTBEAT this inactive path only when its own heartbeat timer fires (RTO + HB.interval ± RTO/2, with its RTO now 2 s); ns-2.35 sends one at once when a T3-rtx expiry finds the path inactive',
      ],
      [
        '8.9156',
        'RFC 4960 would send the next HEARTBEAT to this path RTO + HB.interval ± RTO/2 after the unanswered one, with its backed-off RTO of 2 s; ns-2.35 resends it as soon as the HEARTBEAT times out',
      ],
    ]);
    const E = t.pathEvents!;
    const i = [...E.time].findIndex(
      (x, k) => E.path[k] === 0 && x.toFixed(4) === '6.9156' && E.event[k] === PathEvent.heartbeat,
    );
    expect(explainPathNote(t, i)?.source).toBe(
      'RFC 4960 §8.3; ns-2 sctp.cc Timeout (SendHeartbeat after TimeoutRtx)',
    );
  });

  it('no other path row carries a note', () => {
    const E = t.pathEvents!;
    for (let i = 0; i < E.length; i++)
      if (E.event[i] !== PathEvent.heartbeat) expect(E.note[i], `row ${i}`).toBe(0);
  });
});

describe('ns2 profile: CMT without delayed SACKs, a SACK whose DAC count is 0', () => {
  const t = traceOf(`${CMT_NO_DELACK}&profile=ns2`);

  it('the first SACK that would report TSN 43 missing under the RFC rule set says why it does not', () => {
    const dac = decisionsOf(t).filter((d) => d.note?.code === 'rfc.sctp-dac-zero');
    expect(dac[0]!.id).toBe(47);
    expect(dac[0]!.note!.value).toBe(43);
    expect(explainAt(t, 47).text).toBe(
      "1st duplicate SACK for TSN 42, no missing report yet for TSN 43: the newly gap-acked chunks no longer count as outstanding, so with cwnd 45\u202f932 bytes (30.951 MTUs) the sender sends nothing; 44\u202f520 bytes (30 MTUs) outstanding after it (RFC 2960 §7.2.4 (missing reports, HTNA per the Implementer's Guide) and §6.1 B (send while outstanding < cwnd); Caro et al. §2.1) — Under the RFC rule set the receiver would count this SACK as acknowledging at least one DATA packet (DAC), so it would add a missing report to TSN 43; ns-2.35 counts DATA packets only with delayed SACKs, so without them its SACK carries 0 and the loss waits for the T3-rtx timer (Iyengar et al. §3.3 (DAC); ns-2 sctp-cmt.cc ProcessGapAckBlocks, iDataPktCountSinceLastSack)",
    );
  });

  it('with delayed SACKs the count is ns-2’s own: no DAC note', () => {
    const d = traceOf(`${CMT_DELACK}&profile=ns2`);
    expect(decisionsOf(d).some((x) => x.note?.code === 'rfc.sctp-dac-zero')).toBe(false);
  });
});

describe('ns2 profile: the receiver’s reply address chosen by routing', () => {
  it('mobile-multihomed-cmt: M1 is answered from M0 — the first such SACK says where RFC 4960 would answer from', () => {
    const t = traceOf(`${CMT_DELACK}&profile=ns2`);
    const first = decisionsOf(t).find((d) => d.note?.code === 'rfc.sctp-reply-source')!;
    expect(first.id).toBe(6);
    expect(t.nodes[first.note!.value]).toBe('M1');
    expect(explainAt(t, 6).text).toBe(
      'SACK advances the Cumulative TSN Ack to 4 with the full cwnd in use: slow start, cwnd 5\u202f864 → 7\u202f348 bytes (4.951 MTUs) (+ min(newly acked bytes, MTU)); sends 10–13 (RFC 2960 §7.2.1 (slow start while cwnd ≤ ssthresh); Caro et al. §2.1) — RFC 4960 would answer from M1, the address the packet it answers arrived at; ns-2.35 takes its source address from the routing table towards the sender (SetSource), so this reply left from another one (RFC 4960 §6.4, §8.3; ns-2 sctp.cc SetSource)',
    );
  });
});

describe('ns2 rules: a HEARTBEAT-ACK from the address routing chose', () => {
  // ns-2.35's reply-route-rtx setup (a single-homed sender S0 linked to A and B; both receiver
  // addresses route towards S0 through K0 first), HEARTBEATs every second: the idle K1's
  // HEARTBEATs are answered from K0.
  const params = {
    ...loadMultihomeRuns().find((r) => r.name === 'reply-route-rtx')!.params,
    hb: 1,
    stop: 10,
  };
  const hbAcks = (t: Trace) => {
    const E = t.pathEvents!;
    const out: Array<[number, string, string | null]> = [];
    for (let i = 0; i < E.length; i++)
      if (E.event[i] === PathEvent['heartbeat-ack'])
        out.push([E.path[i]!, E.time[i]!.toFixed(4), explainPathNote(t, i)?.sentence ?? null]);
    return out;
  };

  it('every HEARTBEAT-ACK row of K1 notes that RFC 4960 would answer from K1', () => {
    const rows = hbAcks(run(multihomeConfig(params)));
    expect(rows.length).toBe(4);
    for (const [path, , note] of rows) {
      expect(path).toBe(1);
      expect(note).toBe(
        'RFC 4960 would answer from K1, the address the packet it answers arrived at; ns-2.35 takes its source address from the routing table towards the sender (SetSource), so this reply left from another one',
      );
    }
  });

  it('under rfc rules the answer leaves from K1: no note', () => {
    const rows = hbAcks(run(multihomeConfig(params, { rules: 'rfc' })));
    expect(rows.length).toBe(4);
    for (const [, , note] of rows) expect(note).toBeNull();
  });
});

describe('profile rfc: none of these notes', () => {
  it.each([FAILOVER, CMT_DELACK, CMT_NO_DELACK])('%s', (link) => {
    const t = traceOf(`${link}&profile=rfc`);
    const codes = new Set<string>(['rfc.sctp-dac-zero', ...PATH_NOTE_CODES]);
    expect(decisionsOf(t).filter((d) => d.note && codes.has(d.note.code))).toEqual([]);
    expect([...t.pathEvents!.note].filter((n) => n !== 0)).toEqual([]);
  });
});
