/**
 * Generalisation check: the engine against ns-2.35 on Fall & Floyd runs OUTSIDE the published
 * set (tests/fixtures/ns2, set "generalisation"; parameters in manifest.json): other drop lists,
 * a packet dropped on its first and second transmission, queue limits 5 and 12, a 1.5 Mb/s
 * 50 ms bottleneck, windows 12 and 40, minimum RTO 0.2 s, maxburst 4, bugfix off. Same
 * comparison as the published runs: router events packet for packet at exact times,
 * cwnd/ssthresh changes, summary metrics.
 *
 * All runs match. Three RTT/RTO details had to be exactly ns-2's for that (pinned one by one
 * in tests/engine/ns2-rto.test.ts): RTO = srtt + 4·rttvar (tcp.cc rtt_update's shift of 3),
 * the clock phase boot_time_ added to each sample's send time, and the receiver echoing the
 * timestamp of the last in-order segment (tcp-sink.cc Acker::update_ts), which FACK's per-ACK
 * RTT samples depend on.
 */
import { describe, expect, it } from 'vitest';
import { describeNs2RunChecks, comparisonsOf } from '../helpers/ns2-compare';
import { loadEvents, loadManifest } from '../helpers/ns2-fixtures';
import { parseDrops } from '../helpers/fall-floyd';

const manifest = loadManifest();
const runs = manifest.runs.filter((r) => r.set === 'generalisation');
const STOP = manifest.stopS;

/** Runs where the engine leaves ns-2's path today: name → first divergence (engine vs ns-2). */
/** Runs expected to diverge from ns-2 (none now); name → what differs. */
const KNOWN_DIVERGENT: Record<string, string> = {};

const compared = comparisonsOf(STOP);

describe('ns-2 generalisation runs: the fixture set', () => {
  it('covers every variant with the new drop lists, topologies and settings', () => {
    expect(runs.length).toBeGreaterThanOrEqual(100);
    for (const v of ['tahoe', 'reno', 'newreno', 'sack', 'fack']) {
      const tags = runs
        .filter((r) => r.params.variant === v)
        .map((r) => r.name.slice(`gen-${v}-`.length));
      expect(tags).toEqual(
        expect.arrayContaining([
          'd10',
          'd20-21',
          'd14-16-18',
          'd30-31-32-33',
          'd5',
          'd40-50-60',
          'd15x2',
        ]),
      );
      expect(tags).toEqual(
        expect.arrayContaining([
          'q5-d0',
          'q12-d3',
          'bw1.5m-d0',
          'w12-d3',
          'w40-d0',
          'minrto0.2-d3',
        ]),
      );
    }
    for (const name of Object.keys(KNOWN_DIVERGENT))
      expect(runs.map((r) => r.name)).toContain(name);
  });

  it('has the scripted drops of its parameters (k-th transmission included) in every run', () => {
    for (const r of runs) {
      const seen = new Map<number, number>();
      const dropped: string[] = [];
      for (const e of loadEvents(r.name)) {
        if (e.event !== 'ARR') {
          if (e.event === 'DROP' && e.cause === 'scripted')
            dropped.push(`${e.pkt}:${seen.get(e.pkt)}`);
          continue;
        }
        seen.set(e.pkt, (seen.get(e.pkt) ?? 0) + 1);
      }
      const wanted = parseDrops(r.params.drops).map((d) => `${d.packet}:${d.transmission}`);
      expect(dropped, r.name).toEqual(wanted);
    }
  });
});

describe.each(runs.map((r) => [r.name, r] as const))('ns-2 generalisation run %s', (name, r) => {
  describeNs2RunChecks(() => compared(r), r, STOP, it, { known: KNOWN_DIVERGENT[name] });
});
