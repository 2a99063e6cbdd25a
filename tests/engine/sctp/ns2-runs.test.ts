/**
 * Every ns-2.35 Agent/SCTP fixture run (tests/fixtures/ns2-sctp/manifest.json) against the engine,
 * packet for packet: the published Fall & Floyd runs, the runs where the receiver window binds
 * (windows 8–40, queues 3–20, 0.5–3 Mb/s, with drops while the receiver holds out-of-order
 * chunks), the receiver's delayed SACK (ns-2's sackDelay_ 0.2 s and a SACK per second packet)
 * all of ns-2's own SCTP defaults at once (1468-byte chunks that count their 16-byte header,
 * a 64 KB receiver window, RFC 4960's 4380-byte initial cwnd, delayed SACKs, 3 missing reports),
 * and the receiver window binding under both profiles with Max.Burst off, delayed SACKs, an
 * a_rwnd that is not a whole number of chunks and lost retransmissions (`rwnd-grid`). A run may
 * end before the manifest's 6 s (params.stopS).
 *
 * For each run and each engine sender it names (runs without any loss check all four): every
 * event at R1 and every arrival at K1 at the exact double time, in ns-2's order; after every
 * SACK, cwnd, ssthresh, partial_bytes_acked, outstanding bytes and the RTO; the sequence of
 * cwnd/ssthresh changes; and the run's summary totals. A run that cannot be made to agree goes
 * in KNOWN_DIVERGENT with its first divergence; there are none.
 */
import { describe, expect, it } from 'vitest';
import type { SctpSenderId } from '../../../src/engine';
import {
  compareSctpWithNs2,
  loadSctpManifest,
  readNs2Vars,
  type Ns2SctpParams,
  type Ns2SctpRun,
} from '../../helpers/ns2-sctp';

/** `<run>/<sender>` → the first divergence, for runs that do not agree yet. */
const KNOWN_DIVERGENT: Record<string, string> = {};

const manifest = loadSctpManifest();
const runs = manifest.runs;
/** When a run ends, seconds: its own stopS (short runs on fast links), else the manifest's. */
const stopOf = (r: Ns2SctpRun) =>
  (r.params as Ns2SctpParams & { stopS?: number }).stopS ?? manifest.stopS;
const cases: Array<[string, Ns2SctpRun, SctpSenderId]> = [];
for (const r of runs)
  for (const s of r.params.engineSenders ?? [r.params.sender]) cases.push([`${r.name}/${s}`, r, s]);

describe('ns-2.35 Agent/SCTP fixture runs', () => {
  it('has the published runs, the 30 added with the options, the 25 of the rwnd grid and the 4 zero-window runs', () => {
    const bySet = (set: string) => runs.filter((r) => r.set === set).length;
    expect(bySet('published')).toBe(22);
    expect(bySet('rwnd') + bySet('delayed-sack') + bySet('ns2-defaults')).toBe(30);
    expect(bySet('rwnd-grid')).toBe(25);
    expect(bySet('zero-rwnd')).toBe(4);
    expect(runs.length).toBe(81);
  });

  it('zero-rwnd: the peer window closes to 0 and reopens at least three times in each run', () => {
    for (const r of runs.filter((x) => x.set === 'zero-rwnd')) {
      const vars = readNs2Vars(r.name).filter((v) => v.cause === 'ack');
      let reopened = 0;
      for (let i = 1; i < vars.length; i++)
        if (vars[i - 1]!.peerRwnd === 0 && vars[i]!.peerRwnd > 0) reopened++;
      expect(reopened, r.name).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(cases)('%s: events, variables, cwnd changes and summary match ns-2', (key, r, sender) => {
    const c = compareSctpWithNs2(r, sender, stopOf(r));
    const report = [c.events, c.vars, c.changes].filter(Boolean).join('\n');
    if (KNOWN_DIVERGENT[key] !== undefined) {
      expect(report, `${key} now agrees with ns-2: remove it from KNOWN_DIVERGENT`).not.toBe('');
      return;
    }
    if (report) expect.fail(`${key}:\n${report}`);
    expect(c.summary).toEqual(r.summary);
  });
});
