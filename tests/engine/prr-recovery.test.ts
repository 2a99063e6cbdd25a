/**
 * PRR (RFC 9937; src/engine/tcp/prr.ts) on the Fall & Floyd network (tests/helpers/fall-floyd.ts:
 * ff96 settings, cwnd 28 packets when the drops hit, rwnd 28, every packet ACKed with SACK
 * blocks). The expected values are worked out by hand from RFC 9937 §6 in packets (1 SMSS):
 *
 * - at the 3rd duplicate ACK for 13 (drop 14; 15, 16 and 17 SACKed, 14 … 27 outstanding):
 *   ssthresh = ⌊14/2⌋ = 7 (ns-2's halving under ff96), RecoverFS = 14 outstanding − 2 SACKed
 *   before this ACK = 12; DeliveredData = 1 (17 newly SACKed);
 * - pipe as RFC 6675 counts it: unSACKed packets not deemed lost (fewer than 3 SACKed above)
 *   count 1, the retransmitted ones 1 more;
 * - pipe > ssthresh: sndcnt = ⌈prr_delivered · 7 / 12⌉ − prr_out; pipe ≤ ssthresh: PRR-CRB,
 *   min(ssthresh − pipe, max(prr_delivered − prr_out, DeliveredData)), + 1 on a safeACK (PRR-SSRB).
 */
import { describe, expect, it } from 'vitest';
import {
  decisionsOf,
  PrrBound,
  run,
  type Decision,
  type SenderId,
  type Trace,
} from '../../src/engine';
import { explainDecision } from '../../src/trace/explain';
import { fingerprint } from '../../src/trace/fingerprint';
import { buildSimConfig, parseScenarioQuery, scenarioToQuery } from '../../src/scenarios';
import { fallFloydConfig, type DropSpec } from '../helpers/fall-floyd';

/** A PRR run on the Fall & Floyd network. */
function prrRun(sender: SenderId, drops: readonly DropSpec[]): Trace {
  return run(fallFloydConfig(sender, drops, { flow: { recovery: 'prr' } }));
}

interface Row {
  code: string;
  bound: number;
  prrDelivered: number;
  prrOut: number;
  pipe: number;
  sndcnt: number;
  cwnd: number;
  ssthresh: number;
  sent: number[];
  d: Decision;
}

/** The decisions with a PRR row, with that row. */
function prrRows(t: Trace): Row[] {
  const p = t.prr!;
  const ds = decisionsOf(t);
  const out: Row[] = [];
  for (let r = 0; r < p.length; r++) {
    const d = ds[p.decision[r]!]!;
    out.push({
      code: d.code,
      bound: p.bound[r]!,
      prrDelivered: p.prrDelivered[r]!,
      prrOut: p.prrOut[r]!,
      pipe: p.pipe[r]!,
      sndcnt: p.sndcnt[r]!,
      cwnd: d.after.cwnd,
      ssthresh: p.ssthresh[r]!,
      sent: d.packets,
      d,
    });
  }
  return out;
}

const { proportional: P, crb: C, ssrb: S, exit: X } = PrrBound;

describe('one drop (14), SACK with PRR: dupack by dupack as RFC 9937 §6.2 has it', () => {
  const t = prrRun('sack', [14]);
  const rows = prrRows(t);

  it('sndcnt, pipe, prr_delivered, prr_out, cwnd and what leaves on every ACK', () => {
    // In bytes (SMSS 1000): ssthresh 7000, RecoverFS 12 000; a packet leaves per whole SMSS of
    // sndcnt. [bound, prr_delivered, pipe, sndcnt, prr_out after, cwnd, packets sent]
    const want: [number, number, number, number, number, number, number[]][] = [
      [P, 1, 10, 1, 1, 11, [14]], // ⌈1000·7000/12000⌉ = 584 B, raised to 1 SMSS: retransmit 14
      [P, 2, 10, 0.167, 1, 10.167, []], // ⌈2000·7000/12000⌉ − 1000 = 167 B: less than a packet
      [P, 3, 9, 0.75, 1, 9.75, []], // 1750 − 1000 = 750 B (pipe: 14 retransmitted counts 1, 20–27)
      [P, 4, 8, 1.334, 2, 9.334, [28]], // 2334 − 1000 = 1334 B: one packet
      [P, 5, 8, 0.917, 2, 8.917, []], // 2917 − 2000
      [C, 6, 7, 0, 2, 7, []], // pipe 7 ≤ 7: min(7000 − 7000, max(6 − 2, 1)·1000) = 0
      [C, 7, 6, 1, 3, 7, [29]], // min(1000, 5000) = 1000 B
      [C, 8, 6, 1, 4, 7, [30]],
      [C, 9, 6, 1, 5, 7, [31]],
      [C, 10, 6, 1, 6, 7, [32]],
      [C, 11, 6, 1, 7, 7, [33]],
      [X, 11, 0, 0, 7, 7, [34]], // ACK for 27: cwnd = ssthresh = 7, then a new packet
    ];
    const r3 = (x: number) => Number(x.toFixed(3));
    expect(
      rows.map((r) => [
        r.bound,
        r.prrDelivered,
        r.pipe,
        r3(r.sndcnt),
        r.prrOut,
        r3(r.cwnd),
        r.sent,
      ]),
    ).toEqual(want);
    expect(rows.map((r) => r.code)).toEqual([
      'prr.enter',
      ...Array<string>(4).fill('prr.reduce'),
      ...Array<string>(6).fill('prr.crb'),
      'prr.exit',
    ]);
    // RecoverFS = 14 outstanding − 15 and 16 SACKed before the 3rd duplicate ACK
    expect(t.prr!.recoverFS[0]).toBe(12);
    expect(rows[0]!.ssthresh).toBe(7);
    // a single retransmission, and recovery leaves 7 packets (28 … 34) in flight: ssthresh
    expect(t.flowStats[0]!.retransmissions).toBe(1);
  });

  it('the log narrates each ACK with its numbers and cites RFC 9937', () => {
    const enter = explainDecision(rows[0]!.d, t);
    expect(enter).toContain('3rd duplicate ACK for 13 (1 packet newly SACKed)');
    expect(enter).toContain('RecoverFS = 12');
    expect(enter).toContain(
      'pipe 10000 B > ssthresh 7000 B, so the proportional part: sndcnt = ⌈prr_delivered × ssthresh / RecoverFS⌉ − prr_out = ⌈1000 × 7000 / 12000⌉ − 0 = 584 B, raised to one SMSS (1000 B) to force the fast retransmit',
    );
    expect(explainDecision(rows[1]!.d, t)).toContain(
      '= ⌈2000 × 7000 / 12000⌉ − 1000 = 167 B (0.167 packets: 0 whole packets may leave); cwnd 11 → pipe + sndcnt = 10 + 0.167 = 10.167; sends nothing',
    );
    expect(enter).toContain('cwnd 14 → pipe + sndcnt = 10 + 1 = 11; sends 14 (prr_out = 1)');
    expect(enter).toContain('RFC 9937 §6.1');
    const crb = explainDecision(rows[9]!.d, t);
    expect(crb).toContain(
      '12th duplicate ACK for 13 (1 packet newly SACKed): DeliveredData = 1, prr_delivered = 10; pipe 6000 B ≤ ssthresh 7000 B and snd.una did not advance (no safeACK), so PRR-CRB: sndcnt = min(ssthresh − pipe, max(prr_delivered − prr_out, DeliveredData)) = min(1000, max(5000, 1000)) = 1000 B (1 packet)',
    );
    expect(crb).toContain('RFC 9937 §6.2');
    expect(explainDecision(rows[11]!.d, t)).toContain(
      'ACK for 27 covers recover: fast recovery ends with cwnd = ssthresh = 7',
    );
    expect(explainDecision(rows[11]!.d, t)).toContain('RFC 9937 §6.4');
    for (const r of rows) expect(explainDecision(r.d, t)).not.toContain('?');
  });

  it('classic SACK recovery sends the same packets later (Fall & Floyd’s pipe waits, PRR spreads)', () => {
    const classic = run(fallFloydConfig('sack', [14]));
    expect(classic.prr).toBeUndefined();
    const sendTimes = (tr: Trace) =>
      decisionsOf(tr)
        .filter((d) => d.time > 2.06 && d.time < 2.2)
        .flatMap((d) => d.packets.map((n) => [n, Number(d.time.toFixed(4))]));
    // PRR: 28 on the 6th duplicate ACK (the proportional part), then one per ACK from the 9th
    // (PRR-CRB); classic (cwnd 7, pipe 11 − 1 per duplicate ACK) sends 28 only on the 8th
    expect(sendTimes(t)).toEqual([
      [14, 2.0694],
      [28, 2.1006],
      [29, 2.1318],
      [30, 2.1422],
      [31, 2.1526],
      [32, 2.163],
      [33, 2.1734],
    ]);
    expect(sendTimes(classic)).toEqual([[14, 2.0694], [28, 2.1214], ...sendTimes(t).slice(2)]);
  });
});

describe('PRR-CRB and PRR-SSRB', () => {
  it('a partial ACK with no further loss is a safeACK: SSRB, one more than CRB (3 drops, SACK)', () => {
    const rows = prrRows(prrRun('sack', [14, 15, 16]));
    // the duplicate ACKs are never safe; the partial ACKs for 14 and 15 are
    expect(rows.map((r) => r.bound)).toEqual([P, P, C, C, C, C, C, C, C, S, S, X]);
    const ssrb = rows.filter((r) => r.bound === S);
    expect(ssrb.map((r) => r.d.trigger.kind === 'ack' && r.d.trigger.cumAck)).toEqual([14, 15]);
  });

  it('a partial ACK over packets SACKed before: DeliveredData = 3 − 2 and the log says why', () => {
    // drops 14 and 17: the partial ACK for 16 covers 14 (resent), 15 and 16 (SACKed before)
    const t = prrRun('sack', [14, 17]);
    const rows = prrRows(t);
    const r = rows.findIndex((x) => x.d.trigger.kind === 'ack' && x.d.trigger.cumAck === 16);
    expect([t.prr!.cumAcked[r], t.prr!.delivered[r]]).toEqual([3, 1]);
    expect(explainDecision(rows[r]!.d, t)).toContain(
      'Partial ACK for 16 (3 packets newly acknowledged; the SACKed count falls by 2: packets SACKed before are now covered): DeliveredData = 1',
    );
  });

  it('where pipe is far below ssthresh, SSRB sends 2 where CRB would send 1 (4 drops, CUBIC)', () => {
    // CUBIC: ssthresh = 0.7 × FlightSize 14 = 9.8; four holes take pipe down to 8 and below
    const t = prrRun('cubic', [14, 15, 16, 17]);
    const p = t.prr!;
    const rows = prrRows(t);
    expect(rows[0]!.ssthresh).toBeCloseTo(9.8, 12);
    const i = rows.findIndex((r) => r.bound === S);
    const r = rows[i]!;
    const crb = Math.min(
      r.ssthresh - r.pipe,
      Math.max(p.prrDelivered[i]! - p.prrOutBefore[i]!, p.delivered[i]!),
    );
    // the first partial ACK (for 14): CRB would allow ⌊1.8⌋ = 1, SSRB ⌊2⌋ = 2 — 32 and 33 leave
    expect([r.pipe, crb, r.sndcnt, r.sent]).toEqual([7, 1, 2, [32, 33]]);
    // before it every ACK was PRR-CRB below ssthresh, each sending the next hole first
    expect(rows.slice(0, i).every((x) => x.bound === C)).toBe(true);
    expect(rows.slice(0, 4).map((x) => x.sent)).toEqual([[14], [15], [16], [17]]);
  });
});

describe('invariants over 1–4 drops, SACK and CUBIC', () => {
  const dropSets: DropSpec[][] = [
    [14],
    [14, 15],
    [14, 17],
    [14, 15, 16],
    [14, 16, 18, 20],
    [14, 15, 17, 19],
    [20, 21, 22, 23],
  ];
  const cases = (['sack', 'cubic'] as const).flatMap((s) => dropSets.map((d) => [s, d] as const));

  it.each(cases)('%s, drops %j', (sender, drops) => {
    const t = prrRun(sender, drops);
    const p = t.prr!;
    const rows = prrRows(t);
    expect(rows.length).toBeGreaterThan(drops.length);
    expect(t.flowStats[0]!.timeouts).toBe(0);
    for (let r = 0; r < rows.length; r++) {
      const x = rows[r]!;
      expect(x.sndcnt, 'sndcnt ≥ 0').toBeGreaterThanOrEqual(0);
      if (x.bound === X) {
        expect(x.cwnd, 'cwnd = ssthresh at the exit').toBe(x.ssthresh);
        continue;
      }
      expect(x.cwnd).toBeCloseTo(x.pipe + x.sndcnt, 12);
      // never more than sndcnt leaves, and prr_out counts what left
      expect(x.sent.length).toBeLessThanOrEqual(Math.floor(x.sndcnt + 1e-9));
      expect(p.prrOut[r]! - p.prrOutBefore[r]!).toBe(x.sent.length);
      const forced = p.forced[r] === 1;
      if (x.bound === P && !forced) {
        // the proportional part: prr_out never passes ⌈prr_delivered · ssthresh / RecoverFS⌉
        const allowed = Math.ceil((x.prrDelivered * x.ssthresh) / p.recoverFS[r]!);
        expect(x.prrOut).toBeLessThanOrEqual(allowed);
      }
      if ((x.bound === C || x.bound === S) && !forced) {
        // the reduction bounds: pipe after the transmissions stays at or below ssthresh
        expect(x.pipe + x.sent.length).toBeLessThanOrEqual(x.ssthresh + 1e-9);
      }
    }
    // one recovery, ending at ssthresh, every dropped packet retransmitted exactly once
    expect(rows.filter((r) => r.bound === X)).toHaveLength(1);
    expect(t.flowStats[0]!.retransmissions).toBe(drops.length);
  });
});

describe('recovery=prr|classic in the URL', () => {
  const flowOf = (q: string) => {
    const r = parseScenarioQuery(q);
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
    return buildSimConfig(r.scenario).flows[0]!;
  };

  it('round-trips and reaches the engine only as prr', () => {
    const q = 'preset=fall-floyd&sender=sack&drops=14&recovery=prr';
    const r = parseScenarioQuery(q);
    expect(r.ok && r.scenario.flows[0]!.recovery).toBe('prr');
    expect(r.ok && scenarioToQuery(r.scenario)).toContain('recovery=prr');
    expect(flowOf(q).recovery).toBe('prr');
    expect(flowOf('preset=fall-floyd&sender=sack&recovery=classic').recovery).toBeUndefined();
    expect(flowOf('preset=fall-floyd&sender=cubic').recovery).toBeUndefined();
  });

  it('auto: prr under profile=rfc for SACK and CUBIC, classic for the others and other profiles', () => {
    expect(flowOf('preset=fall-floyd&sender=sack&profile=rfc').recovery).toBe('prr');
    expect(flowOf('preset=fall-floyd&sender=cubic&profile=rfc').recovery).toBe('prr');
    expect(flowOf('preset=fall-floyd&sender=newreno&profile=rfc').recovery).toBeUndefined();
    expect(flowOf('preset=fall-floyd&sender=fack&profile=rfc').recovery).toBeUndefined();
    expect(flowOf('preset=fall-floyd&sender=sack&profile=ns2').recovery).toBeUndefined();
    expect(flowOf('preset=fall-floyd&sender=sack&profile=rfc&recovery=classic').recovery).toBe(
      undefined,
    );
  });

  it('prr for a sender without SACK recovery is an error naming the key', () => {
    const r = parseScenarioQuery('preset=fall-floyd&sender=reno&recovery=prr');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]!.key).toBe('recovery');
    expect(r.errors[0]!.message).toMatch(/^recovery: prr \(RFC 9937\) needs a SACK-based sender/);
    const two = parseScenarioQuery('preset=fall-floyd&flows=sack,fack&f2.recovery=prr');
    expect(!two.ok && two.errors[0]!.key).toBe('f2.recovery');
  });

  it('the same scenario gives the same PRR trace (fingerprint) twice', () => {
    const cfg = fallFloydConfig('cubic', [14, 16], { flow: { recovery: 'prr' } });
    expect(fingerprint(run(cfg))).toBe(fingerprint(run(cfg)));
  });
});
