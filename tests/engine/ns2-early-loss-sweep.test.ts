/**
 * Losses among the first packets over the whole space (issue 9 §1): a representative sample of
 * an ns-2.35 sweep over every TCP variant × windowInit_ 1–10 × losses among the first 10 packets
 * (single, consecutive and spread multiple losses, a lost retransmission) × delayed ACK off/on ×
 * the Fall & Floyd settings and ns-2.35's own stack defaults (tests/fixtures/ns2, set
 * "early-loss-sweep", `early-sweep-<variant>-iw<k>-<tag>[-ns2][-da]`; the list is
 * earlyLossSweepCases in scripts/ns2/cases.mjs). The runs differ in path: the first packet
 * lost, losses before and after the first ACK advances, too few duplicate ACKs for a fast
 * retransmit, a retransmission lost again. Each gets the checks every ns-2 fixture run gets;
 * the assertions below pin a few of those paths with ns-2's numbers.
 */
import { describe, expect, it } from 'vitest';
import { describeNs2RunChecks, comparisonsOf } from '../helpers/ns2-compare';
import { loadEvents, loadManifest, loadVars, type Ns2Run } from '../helpers/ns2-fixtures';
import { decisionsOf } from '../../src/engine';

const manifest = loadManifest();
const runs = manifest.runs.filter((r) => r.set === 'early-loss-sweep');
const STOP = manifest.stopS;

const compared = comparisonsOf(STOP);
const byName = (name: string): Ns2Run => {
  const r = runs.find((x) => x.name === name);
  if (!r) throw new Error(`no fixture run ${name}`);
  return r;
};
/** Router events of the engine run (up to the stop time) of a fixture run. */
const engineEvents = (name: string) => compared(byName(name)).ours;

describe('early losses over the whole space: the fixture set', () => {
  it('has 44 runs: every variant under both settings families, delayed ACK on and off, icwnd 1, 2, 3, 4, 5, 7, 10', () => {
    expect(runs).toHaveLength(44);
    for (const v of ['tahoe', 'reno', 'newreno', 'sack', 'fack']) {
      for (const ns2 of [false, true]) {
        for (const delack of [false, true]) {
          expect(
            runs.some(
              (r) =>
                r.params.variant === v &&
                (r.params.synSegment ?? false) === ns2 &&
                (r.params.delayedAck ?? false) === delack,
            ),
            `${v} ns2=${ns2} delack=${delack}`,
          ).toBe(true);
        }
      }
    }
    expect(new Set(runs.map((r) => r.params.initialCwndPkts))).toEqual(
      new Set([1, 2, 3, 4, 5, 7, 10]),
    );
  });

  it('icwnd 1, packet 1 lost: nothing comes back, the initial RTO of 3 s resends it at 4.0 s (ARR at R1 4.001)', () => {
    const name = 'early-sweep-tahoe-iw1-d1';
    const retx = (es: ReturnType<typeof loadEvents>) =>
      es.find((e) => e.event === 'ARR' && e.retx === 1);
    expect(retx(loadEvents(name))?.time).toBe(4.001);
    expect(retx(engineEvents(name))?.time).toBe(4.001);
  });

  it('icwnd 3, packets 2 and 3 lost after packet 1 is acked: only 2 duplicate ACKs, so the RTO (1 s after the first new ACK) and no fast retransmit', () => {
    const r = byName('early-sweep-reno-iw3-d2-3');
    expect(r.summary).toMatchObject({ timeouts: 1, fast_retransmits: 0 });
    const vars = loadVars(r.name);
    expect(Math.max(...vars.map((v) => v.dupacks))).toBe(2);
    expect(vars.find((v) => v.cause === 'timer')?.time).toBe(2.21144);
    const ds = decisionsOf(compared(r).trace);
    expect(Math.max(...ds.map((d) => d.after.dupacks))).toBe(2);
    expect(ds.find((d) => d.trigger.kind === 'timer')?.time).toBeCloseTo(2.21144, 9);
  });

  it('icwnd 10, packet 1 lost twice: the 9 duplicate ACKs for 0 neither resend it nor restart the timer; the RTO at 4.0 s resends it, that copy is dropped too and the backed-off RTO (6 s) falls after the end', () => {
    const name = 'early-sweep-tahoe-iw10-d1-1x2';
    for (const es of [loadEvents(name), engineEvents(name)]) {
      const ones = es.filter((e) => e.pkt === 1 && e.event !== 'DEP');
      expect(ones.map((e) => [e.time, e.event, e.retx])).toEqual([
        [1.001, 'ARR', 0],
        [1.001, 'DROP', 0],
        [4.001, 'ARR', 1],
        [4.001, 'DROP', 1],
      ]);
      expect(es.at(-1)!.time).toBeLessThan(4.01);
    }
  });

  it("FACK, icwnd 2, packet 1 lost: ns-2's oldack restarts the timer on the one duplicate ACK (with the initial 3 s, before its RTT sample), so the RTO fires at 1.212968 + 3 s", () => {
    const r = byName('early-sweep-fack-iw2-d1');
    const t = loadVars(r.name).find((v) => v.cause === 'timer')!.time;
    expect(t).toBe(4.212968);
    const rto = decisionsOf(compared(r).trace).find((d) => d.trigger.kind === 'timer')!;
    expect(rto.time).toBeCloseTo(4.212968, 9);
    expect(rto.packets).toEqual([1]);
  });

  it("FACK, icwnd 3, packet 1 lost: the sink echoes packet 2's timestamp before any ACK (ns-2 last_ack_sent_ starts at 0), FACK samples a 0.21 s RTT on the 1st duplicate ACK and the 2nd restarts the timer at the 1 s minimum: packet 1 again at R1 at 2.224368 (was 4.854368)", () => {
    const name = 'early-sweep-fack-iw3-d1';
    for (const es of [loadEvents(name), engineEvents(name)]) {
      const retx = es.find((e) => e.event === 'ARR' && e.retx === 1)!;
      expect([retx.time, retx.pkt]).toEqual([2.2243679999999997, 1]);
    }
  });

  it('DelAck sink: the resent duplicate of packet 4 (the highest in order) is acked 100 ms later like new data, not at once — ACK 4 at 2.74556 (ns-2 DelAckSink::recv has no duplicate test)', () => {
    const name = 'early-sweep-reno-iw2-d2-3-da';
    for (const es of [loadEvents(name), engineEvents(name)]) {
      const acks4 = es.filter((e) => e.event === 'ACK' && e.cumAck === 4).map((e) => e.time);
      expect(acks4).toEqual([2.63516, 2.7455600000000002]);
    }
  });

  it('with the SYN (ns-2.35 defaults), losing the SYN costs the initial RTO of 3 s', () => {
    const r = byName('early-sweep-tahoe-iw1-d1-ns2');
    const es = loadEvents(r.name);
    expect(es.slice(0, 4).map((e) => [e.time, e.event, e.pkt])).toEqual([
      [1.00004, 'ARR', 1],
      [1.00004, 'DROP', 1],
      [4.00004, 'ARR', 1],
      [4.00004, 'DEP', 1],
    ]);
    expect(engineEvents(r.name).slice(0, 4)).toEqual(compared(r).theirs.slice(0, 4));
  });
});

describe.each(runs.map((r) => [r.name, r] as const))('early-loss sweep run %s', (_name, r) => {
  // Runs that stall on purpose (a retransmission lost again, backed-off RTO) have few events.
  describeNs2RunChecks(() => compared(r), r, STOP, it, { minEvents: 25 });
});
