/**
 * Generalisation check: the engine against ns-2.35 on Fall & Floyd runs OUTSIDE the published
 * set (tests/fixtures/ns2, set "generalisation"; parameters in manifest.json): other drop lists,
 * a packet dropped on its first and second transmission, queue limits 5 and 12, a 1.5 Mb/s
 * 50 ms bottleneck, windows 12 and 40, minimum RTO 0.2 s, maxburst 4, bugfix off. Same
 * comparison as the published runs: router events packet for packet at exact times,
 * cwnd/ssthresh changes, summary metrics.
 *
 * Known divergences (it.fails) — all one failure mode, a retransmission timeout that fires
 * earlier in the engine than in ns-2, from three differences in the RTT/RTO machinery
 * (tests/engine/ns2-rto.test.ts pins each one on its own):
 *   A. RTO = srtt + 2·rttvar in the engine; ns-2.35 (tcp/tcp.cc, TcpAgent::rtt_update) uses
 *      t_rtxcur_ = ((t_rttvar_ << (rttvar_exp_ + T_SRTT_BITS − T_RTTVAR_BITS)) + t_srtt_) >>
 *      T_SRTT_BITS, i.e. srtt + 4·rttvar (shift 3, the engine shifts by 2).
 *   B. ns-2 offsets every RTT sample's send time by boot_time_ (TcpAgent::reset:
 *      boot_time_ = Random::uniform(tcp_tick_); rtt_update: sendtime += boot_time_ before
 *      tickoff = fmod(sendtime, tcp_tick_)); in these runs boot_time_ = 0.0055588071586372367 s.
 *      Without it the engine's first sample is 22 ticks where ns-2 has 21.
 *   C. FACK only: ns-2's TCPSink (ts_echo_bugfix_ true) echoes ts_to_echo_, which a segment
 *      above a hole does not update (tcp/tcp-sink.cc, Acker::update_ts); the engine echoes the
 *      timestamp of the packet that triggered the ACK, so FACK's per-ACK RTT samples during
 *      recovery are far smaller than ns-2's.
 * With A+B (and C for gen-fack-d15x2) applied experimentally, all runs below match ns-2 exactly.
 */
import { describe, expect, it } from 'vitest';
import { compareWithNs2, engineSummary, type RunComparison } from '../helpers/ns2-compare';
import { loadEvents, loadManifest, type Ns2Run } from '../helpers/ns2-fixtures';
import { parseDrops } from '../helpers/fall-floyd';

const manifest = loadManifest();
const runs = manifest.runs.filter((r) => r.set === 'generalisation');
const STOP = manifest.stopS;

/** Runs where the engine leaves ns-2's path today: name → first divergence (engine vs ns-2). */
const KNOWN_DIVERGENT: Record<string, string> = {
  'gen-newreno-d40-50-60': 'A+B: RTO 1.0 s vs 1.28 s after the ACK at 3.7748; packet 60 re-sent at 4.77584 vs 5.05584',
  'gen-fack-d15x2': 'A+B+C: RTO 1.0 s vs 1.32 s after the ACK at 2.406216; packet 15 re-sent at 3.407256 vs 3.727256',
  'gen-tahoe-minrto0.2-d2-3': 'A+B: first RTO 0.44 s vs 0.63 s; packet 2 re-sent at 1.65248 vs 1.84248',
  'gen-reno-minrto0.2-d2-3': 'A+B: first RTO 0.44 s vs 0.63 s; packet 2 re-sent at 1.65248 vs 1.84248',
  'gen-newreno-minrto0.2-d2-3': 'A+B: first RTO 0.44 s vs 0.63 s; packet 2 re-sent at 1.65248 vs 1.84248',
  'gen-sack-minrto0.2-d2-3': 'A+B: first RTO 0.44 s vs 0.63 s; packet 2 re-sent at 1.65248 vs 1.84248',
  'gen-fack-minrto0.2-d2-3': 'A+B: first RTO 0.44 s vs 0.63 s; packet 2 re-sent at 1.65248 vs 1.84248',
  'gen-reno-minrto0.2-d0': 'A+B: timeout at 2.79352 vs 2.86352; packet 46 re-sent at 2.79456 vs 2.86456',
  'gen-reno-minrto0.2-d3': 'A+B: timeout at 2.60164 vs 2.69164; packet 27 re-sent at 2.60268 vs 2.69268',
};

const cache = new Map<string, RunComparison>();
function compared(r: Ns2Run): RunComparison {
  let c = cache.get(r.name);
  if (!c) cache.set(r.name, (c = compareWithNs2(r, STOP)));
  return c;
}

describe('ns-2 generalisation runs: the fixture set', () => {
  it('covers every variant with the new drop lists, topologies and settings', () => {
    expect(runs.length).toBeGreaterThanOrEqual(100);
    for (const v of ['tahoe', 'reno', 'newreno', 'sack', 'fack']) {
      const tags = runs.filter((r) => r.params.variant === v).map((r) => r.name.slice(`gen-${v}-`.length));
      expect(tags).toEqual(
        expect.arrayContaining(['d10', 'd20-21', 'd14-16-18', 'd30-31-32-33', 'd5', 'd40-50-60', 'd15x2']),
      );
      expect(tags).toEqual(expect.arrayContaining(['q5-d0', 'q12-d3', 'bw1.5m-d0', 'w12-d3', 'w40-d0', 'minrto0.2-d3']));
    }
    for (const name of Object.keys(KNOWN_DIVERGENT)) expect(runs.map((r) => r.name)).toContain(name);
  });

  it('has the scripted drops of its parameters (k-th transmission included) in every run', () => {
    for (const r of runs) {
      const seen = new Map<number, number>();
      const dropped: string[] = [];
      for (const e of loadEvents(r.name)) {
        if (e.event !== 'ARR') {
          if (e.event === 'DROP' && e.cause === 'scripted') dropped.push(`${e.pkt}:${seen.get(e.pkt)}`);
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
  const known = KNOWN_DIVERGENT[name];
  const test = known ? it.fails : it;
  const note = known ? ` [known divergence ${known}]` : '';

  test(`router events equal ns-2 packet for packet at exact times${note}`, () => {
    const c = compared(r);
    expect(c.theirs.length).toBeGreaterThan(50);
    expect(c.events, c.events ?? '').toBeNull();
  });

  test(`cwnd/ssthresh changes and per-ACK state equal ns-2${note}`, () => {
    const c = compared(r);
    expect(c.vars, c.vars ?? '').toBeNull();
    expect(c.ackState, c.ackState ?? '').toBeNull();
  });

  test(`summary metrics equal ns-2${note}`, () => {
    const c = compared(r);
    const stats = c.trace.flowStats[0]!;
    expect(stats.retransmissions).toBe(r.summary.retransmissions);
    expect(stats.timeouts).toBe(r.summary.timeouts);
    expect(stats.fastRetransmits).toBe(r.summary.fast_retransmits);
    const { ns2_timeout_events: _ignored, ...summary } = r.summary;
    expect(engineSummary(c.trace, c.ours, STOP)).toEqual(summary);
  });
});
