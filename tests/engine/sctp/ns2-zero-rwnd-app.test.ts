/**
 * Issue 23 item 1, as the app runs it: the app links of tests/fixtures/ns2-sctp's set
 * `zero-rwnd-app` (scripts/ns2/sctp-cases.mjs zeroRwndAppCases: `sctp-4960` alone on fall-floyd,
 * 1-2 Mb/s, 50 ms, queue 3-8, a receiver window of 10-30 chunks, no scripted drop, 20 s, under the
 * ns2 and ff96 profiles) against their ns-2.35 runs, event for event and in the sender's
 * variables after every SACK — the engine built from the link (parseScenarioQuery,
 * buildSimConfig), not from the fixture helper's config. In every run slow start overflows the
 * queue, the receiver holds the chunks above the lost TSNs and its a_rwnd falls to 0; the
 * chunks outstanding when a SACK reopens the window are counted on both sides (the issue saw
 * ns-2 at 10 and the engine at 11 with the parameters).
 */
import { describe, expect, it } from 'vitest';
import { run, type Trace } from '../../../src/engine';
import { buildSimConfig } from '../../../src/scenarios';
import { parseScenarioQuery } from '../../../src/scenarios/query';
import {
  engineRows,
  firstSctpEventDivergence,
  firstSctpVarsDivergence,
  loadSctpManifest,
  readNs2Events,
  readNs2Vars,
  type Ns2SctpRun,
} from '../../helpers/ns2-sctp';

type AppRun = Ns2SctpRun & { app: string };
const runs = loadSctpManifest().runs.filter((r) => r.set === 'zero-rwnd-app') as AppRun[];
const STOP_S = 20;

function traceOf(link: string): Trace {
  const parsed = parseScenarioQuery(link);
  if (!parsed.ok) throw new Error(`${link}: ${JSON.stringify(parsed.errors)}`);
  return run(buildSimConfig(parsed.scenario));
}

/**
 * ns-2's rows where the peer window is closed — no room for a chunk (0, or above 0 and below one
 * chunk with an a_rwnd that is not a whole number of chunks) — right before a SACK opens it:
 * [time, peer rwnd in bytes, chunks outstanding].
 */
function reopenings(name: string, chunkBytes: number): Array<[number, number, number]> {
  const vars = readNs2Vars(name).filter((v) => v.cause === 'ack');
  const out: Array<[number, number, number]> = [];
  for (let i = 1; i < vars.length; i++) {
    const v = vars[i - 1]!;
    if (v.peerRwnd < chunkBytes && vars[i]!.peerRwnd >= chunkBytes)
      out.push([v.time, v.peerRwnd, v.outstanding / chunkBytes]);
  }
  return out;
}

describe('issue 23 item 1: the app links of the zero-window runs against ns-2.35', () => {
  it('has the issue setup and four neighbours under each profile, and the ns2 link without rwnd', () => {
    expect(runs.map((r) => r.name)).toEqual(
      ['ns2', 'ff96'].flatMap((p) =>
        [
          'w20-q5-1.5m',
          'w10-q3-1m',
          'w30-q8-2m',
          'w15-q4-2m',
          ...(p === 'ns2' ? ['r20000-q5-1.5m', 'w20auto-q5-1.5m'] : ['r19500-q5-1.5m']),
        ].map((t) => `sctp-zwapp-${p}-${t}`),
      ),
    );
    expect(runs[0]!.app).toBe(
      'preset=fall-floyd&sender=sctp-4960&bw=1500000&delay=0.05&queue=5&window=20&stop=20&profile=ns2&rwnd=20320',
    );
  });

  it.each(runs.map((r) => [r.name, r] as const))(
    '%s: the app link agrees with ns-2 event for event, where the window closes',
    (name, r) => {
      const trace = traceOf(r.app);
      const ours = engineRows(trace).filter((e) => e.time < STOP_S);
      const theirs = readNs2Events(name).filter((e) => e.time < STOP_S);
      expect(firstSctpEventDivergence(ours, theirs)).toBeNull();
      // ns-2 prints bytes of its chunks; the engine's windows are in its MTU unit: ns2 1468
      // (mtu_ 1500 − 32) as ns-2's, ff96 one chunk (1008 in ns-2).
      // ff96's chunk is 1000 bytes of data, ns-2's 1008 with its header: partial_bytes_acked
      // (bytes) scales by 1000/1008, and the initial ssthresh of 65536 bytes is 65.536 chunks in
      // ff96 (66060 of ns-2's bytes), 65.01 in ns-2 — never reached here, where a window of at
      // most 30 chunks holds cwnd.
      const mtu = r.params.mtuBytes - 32;
      const ff96 = name.includes('-ff96-');
      const vars = readNs2Vars(name).map((v) =>
        ff96
          ? {
              ...v,
              pba: (v.pba / mtu) * 1000,
              ssthresh: v.ssthresh === 65536 ? Math.round(65.536 * mtu) : v.ssthresh,
            }
          : v,
      );
      expect(firstSctpVarsDivergence(trace, vars, mtu, STOP_S)).toBeNull();
      const reopen = reopenings(name, r.params.chunkBytes);
      // The link without rwnd: ns2's a_rwnd is 65536 bytes (64.5 chunks; `window` does not bind
      // an SCTP flow) and never closes here — in agreement with ns-2 all the same.
      if (name.includes('w20auto')) expect(reopen).toEqual([]);
      else expect(reopen.length).toBeGreaterThan(0);
      // The setup: the window closes once, with 6 (ns2) / 7 (ff96) chunks outstanding
      // on both sides (the vars above compare the outstanding bytes after every SACK), not 10/11.
      if (name === 'sctp-zwapp-ns2-w20-q5-1.5m')
        expect(reopen).toEqual([[1.7298173333333333, 0, 6]]);
      if (name === 'sctp-zwapp-ff96-w20-q5-1.5m')
        expect(reopen).toEqual([[1.8420013333333334, 0, 7]]);
    },
  );
});
