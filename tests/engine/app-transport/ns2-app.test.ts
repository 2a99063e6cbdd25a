/**
 * TCP fed by an application against ns-2.35 (tests/fixtures/ns2-app, scripts/ns2/app-tcp.tcl):
 * finite transfers (`$ftp send <bytes>`: curseq_ = ⌈bytes / 1000⌉) for Reno, NewReno and SACK
 * with no loss, a lost middle packet and a lost last packet (and FACK's lost last packet), and CBR over TCP (Reno, SACK, FACK) at 200 kb/s on the
 * 800 kb/s bottleneck (application-limited). Every router row must equal ns-2's at the exact
 * double time, and the sender's cwnd, ssthresh, duplicate ACKs and highest ACK every time ns-2
 * printed them. (The CBR runs with an idle gap are in ns2-app-idle.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../../../src/metrics';
import { appConfigFor, compareApp, loadAppRuns, type AppComparison, type AppRun } from './ns2-app';

const runs = loadAppRuns().filter((r) => r.params.cbrStopS === undefined);
const cache = new Map<string, AppComparison>();
const compared = (r: AppRun): AppComparison => {
  let c = cache.get(r.name);
  if (!c) cache.set(r.name, (c = compareApp(r)));
  return c;
};

describe('the ns2-app fixture set', () => {
  it('holds the finite transfers and CBR runs named in scripts/ns2/app-cases.mjs', () => {
    expect(runs.map((r) => r.name)).toEqual([
      'file-reno-20-d0',
      'file-reno-20-dmid',
      'file-reno-20-dlast',
      'file-reno-60-dlast',
      'file-newreno-20-d0',
      'file-newreno-20-dmid',
      'file-newreno-20-dlast',
      'file-newreno-60-dlast',
      'file-sack-20-d0',
      'file-sack-20-dmid',
      'file-sack-20-dlast',
      'file-sack-60-dlast',
      'file-reno-20-dlast-ns2',
      'file-fack-20-dlast',
      'cbr-reno',
      'cbr-sack',
      'cbr-fack',
    ]);
  });
});

describe.each(runs.map((r) => [r.name, r] as const))('ns-2 app run %s', (_n, r) => {
  it('router rows equal ns-2 packet for packet at exact times', () => {
    const c = compared(r);
    expect(c.theirs.length).toBeGreaterThan(50);
    expect(c.events, c.events ?? '').toBeNull();
  });
  it('cwnd, ssthresh, duplicate ACKs and highest ACK equal ns-2 at every printed row', () => {
    const c = compared(r);
    expect(c.vars, c.vars ?? '').toBeNull();
  });
});

describe('a file that is not a whole number of segments', () => {
  // ns-2's TcpAgent::sendmsg rounds `$ftp send 19500` up to 20 whole segments (curseq_ = 20), as
  // the router rows above show; the file is still 19 500 bytes: that is what the application
  // offered and what reaches it, while unique_bytes counts the payload on the wire.
  it.each(['file-reno-20-d0', 'file-sack-20-dlast', 'file-reno-20-dlast-ns2'])(
    '%s: 20 segments sent, 19 500 bytes offered and delivered',
    (name) => {
      const r = runs.find((x) => x.name === name)!;
      const c = compared(r);
      const f = c.trace.flowStats[0]!;
      expect(f.offeredBytes).toBe(19_500);
      expect(f.deliveredBytes).toBe(19_500);
      const m = computeMetrics(c.trace, appConfigFor(r)).flows[0]!;
      expect([m.uniquePackets, m.uniqueBytes, m.deliveredBytes]).toEqual([20, 20_000, 19_500]);
    },
  );
});
