/**
 * TCP fed by an application against ns-2.35 (tests/fixtures/ns2-app, scripts/ns2/app-tcp.tcl):
 * finite transfers (`$ftp send <bytes>`: curseq_ = ⌈bytes / 1000⌉) for Reno, NewReno and SACK
 * with no loss, a lost middle packet and a lost last packet (and FACK's lost last packet), and CBR over TCP (Reno, SACK, FACK) at 200 kb/s on the
 * 800 kb/s bottleneck (application-limited). Every router row must equal ns-2's at the exact
 * double time, and the sender's cwnd, ssthresh, duplicate ACKs and highest ACK every time ns-2
 * printed them. (The CBR runs with an idle gap are in ns2-app-idle.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf } from '../../../src/engine';
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
      'cbr-fack-w6-64k-q3',
      'cbr-fack-w8-128k-q4',
      'cbr-fack-w5-100k-q2',
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

/**
 * FACK paced by an application (issue 23 item 9). ns-2's FackTcpAgent::send_much lets new data
 * out while t_seqno_ ≤ fack_ + win − retran_data_ and checks the receiver's window
 * (t_seqno_ ≤ highest_ack_ + wnd_) only in fast recovery, so between duplicate ACKs a SACK
 * block's fack_ lets a packet past the window: the ns-2 runs above (and the engine under ns2
 * rules, event for event) send packet highest ACK + window + k. Under `rfc` new data never
 * leaves beyond the cumulative ACK + the receiver's window (RFC 793 §3.7, RFC 5681 §2: the
 * sender may not send past the window the receiver offered; RFC 6675 §5 keeps it).
 */
describe('FACK and the receiver window', () => {
  const fackRuns = runs.filter((r) => r.name.startsWith('cbr-fack-'));
  /** [time, packet, cumulative ACK] of every new packet sent beyond cum ACK + window. */
  const beyond = (r: AppRun, rules: 'ns2' | 'rfc') => {
    const t = compareApp(r, appConfigFor(r, rules)).trace;
    const out: [number, number, number][] = [];
    let sent = 0;
    for (const d of decisionsOf(t)) {
      const una = d.after.highestAck!;
      for (const p of d.packets) {
        if (p > sent && p > una + r.params.window) out.push([d.time, p, una]);
        if (p > sent) sent = p;
      }
    }
    return out;
  };

  it.each(fackRuns.map((r) => [r.name, r] as const))(
    '%s: ns-2 sends past the window between duplicate ACKs (the engine under ns2 rules with it)',
    (_n, r) => {
      expect(compared(r).events).toBeNull();
      expect(beyond(r, 'ns2').length).toBeGreaterThan(0);
    },
  );

  it.each(fackRuns.map((r) => [r.name, r] as const))(
    '%s under rfc rules: no new packet beyond the cumulative ACK + window',
    (_n, r) => {
      expect(beyond(r, 'rfc')).toEqual([]);
    },
  );
});
