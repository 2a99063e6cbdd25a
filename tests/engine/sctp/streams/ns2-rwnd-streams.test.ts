/**
 * The receiver window with several streams (or unordered chunks) against ns-2.35
 * (tests/fixtures/ns2-prsctp, set `rwnd-streams`; scripts/ns2/prsctp-regen.mjs).
 *
 * a_rwnd is the receive buffer left (RFC 4960 §6.2, §3.3.4): a chunk leaves the buffer when it
 * is delivered to the application. ns-2.35 gives its bytes back in PassToUpperLayer, when its
 * own stream passes it up (in SSN order, or on arrival when unordered), not when the Cumulative
 * TSN passes it; the application reads at once. With one ordered stream the two are the same;
 * with several, chunks above a hole that their stream could deliver no longer hold the window
 * shut. Every run has the peer's window closing to 0 after overflow or scripted losses: every
 * event at R1 and arrival at K1 equal ns-2's at exact times, the sender's variables after
 * every SACK too.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run } from '../../../../src/engine';
import {
  engineRows,
  firstSctpCwndChangeDivergence,
  firstSctpEventDivergence,
  firstSctpVarsDivergence,
  loadSctpManifest,
  readNs2Events,
  readNs2Vars,
  sctpConfigFor,
  type Ns2SctpRun,
} from '../../../helpers/ns2-sctp';

const DIR = new URL('../../../fixtures/ns2-prsctp/', import.meta.url);
type StreamsRun = Ns2SctpRun & { pr: { streams: number; unord?: number } };
const runs = loadSctpManifest(DIR).runs.filter(
  (r) => (r.set as string) === 'rwnd-streams',
) as StreamsRun[];
const stopOf = (r: Ns2SctpRun) => (r.params as { stopS?: number }).stopS ?? 6;

describe('the multistream receiver-window runs', () => {
  it('are the four named in scripts/ns2/prsctp-regen.mjs', () => {
    expect(runs.map((r) => r.name)).toEqual([
      'ms4-w20-q5-1.5m-d0',
      'ms3-w12-q3-d2',
      'ms2-ns2-w14-q5-2m-d1',
      'un1-w16-q4-1.5m-d0',
    ]);
  });
});

describe.each(runs.map((r) => [r.name, r] as const))('ns-2 run %s', (_n, r) => {
  const stopS = stopOf(r);
  const cfg = sctpConfigFor(r, r.params.sender, stopS);
  cfg.flows[0] = {
    ...cfg.flows[0]!,
    streams: r.pr.streams,
    ...(r.pr.unord ? { unordered: true } : {}),
  };
  const trace = run(cfg);
  const mtu = r.params.mtuBytes - 32;

  it('the peer window closes to 0 (ns-2 peerRwnd 0 after some SACK)', () => {
    expect(readNs2Vars(r.name, DIR).some((v) => v.cause === 'ack' && v.peerRwnd === 0)).toBe(true);
  });

  it('every event at R1 and K1 equals ns-2 at exact times', () => {
    const ours = engineRows(trace).filter((e) => e.time < stopS);
    const theirs = readNs2Events(r.name, DIR).filter((e) => e.time < stopS);
    expect(theirs.length).toBeGreaterThan(500);
    const report = firstSctpEventDivergence(ours, theirs);
    expect(report, report ?? '').toBeNull();
  });

  it('the sender variables after every SACK and the cwnd changes equal ns-2', () => {
    const vars = readNs2Vars(r.name, DIR);
    const v = firstSctpVarsDivergence(trace, vars, mtu, stopS);
    expect(v, v ?? '').toBeNull();
    const c = firstSctpCwndChangeDivergence(trace, vars, mtu, stopS);
    expect(c, c ?? '').toBeNull();
    expect(decisionsOf(trace).length).toBeGreaterThan(50);
  });
});
