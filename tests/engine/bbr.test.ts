/**
 * BBR v1 (src/engine/tcp/variants/bbr.ts, bbr-model.ts) on the path: one flow over a
 * 10 Mb/s bottleneck, 40 ms of round-trip propagation (1 ms access + 19 ms bottleneck each way)
 * and a 100-packet drop-tail queue, with nothing else on it. Checked: the mode sequence and
 * PROBE_RTT's period from the rate trace, pacing_rate = pacing_gain × bw, the utilisation and
 * queueing-delay bar against CUBIC (both from `--out metrics`), determinism and the seeded
 * PROBE_BW start phase, the max filter, and the narrated rows.
 */
import { describe, expect, it } from 'vitest';
import { BBR_MODES, decisionsOf, run, type SimConfig, type Trace } from '../../src/engine';
import { WindowedMaxFilter } from '../../src/engine/tcp/variants/bbr-filters';
import { resolveQuery } from '../../src/cli/scenario';
import { runCli } from '../../src/cli/main';
import { explainDecision } from '../../src/trace/explain';
import { fingerprint } from '../../src/trace/fingerprint';

const PATH = 'preset=cubic-vs-reno&bw=10000000&delay=0.019&queue=100';
const bbrQuery = (stop: number, extra = '') => `${PATH}&flows=bbr&stop=${stop}${extra}`;

function config(query: string): SimConfig {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`${query}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.config;
}

/** [time, mode] at every change of the rate trace's state column (flow 0). */
function modeChanges(t: Trace): [number, string][] {
  const r = t.rates!;
  const out: [number, string][] = [];
  let prev = -1;
  for (let i = 0; i < r.length; i++) {
    if (r.flow[i] !== 0 || r.state[i] === prev) continue;
    prev = r.state[i]!;
    out.push([r.time[i]!, BBR_MODES[prev]!]);
  }
  return out;
}

describe('BBR on 10 Mb/s, 40 ms, a 100-packet queue', () => {
  const trace = run(config(bbrQuery(35)));

  it('STARTUP → DRAIN → PROBE_BW, then PROBE_RTT every ~10 s for 200 ms and a round', () => {
    const modes = modeChanges(trace);
    expect(modes.slice(0, 3).map(([, m]) => m)).toEqual(['STARTUP', 'DRAIN', 'PROBE_BW']);
    // the pipe is full within the first second
    expect(modes[1]![0]).toBeLessThan(1);
    const probeRtt = modes.filter(([, m]) => m === 'PROBE_RTT').map(([t]) => t);
    expect(probeRtt.length).toBe(3); // 35 s: at about 10, 20 and 30 s
    for (let k = 0; k < probeRtt.length; k++) {
      const i = modes.findIndex(([t, m]) => m === 'PROBE_RTT' && t === probeRtt[k]);
      const [exitT, next] = modes[i + 1]!;
      expect(next).toBe('PROBE_BW'); // the pipe was full: back to PROBE_BW
      // at least 200 ms once in flight ≤ 4, plus the round: < 400 ms on a 40 ms path
      expect(exitT - probeRtt[k]!).toBeGreaterThan(0.2);
      expect(exitT - probeRtt[k]!).toBeLessThan(0.4);
      // the next one 10 s after min_rtt was last refreshed: at this exit or, by an RTT sample
      // as low as min_rtt, a little later (10.29 and 10.55 s apart when written)
      if (k + 1 < probeRtt.length) {
        expect(probeRtt[k + 1]! - exitT).toBeGreaterThan(10);
        expect(probeRtt[k + 1]! - probeRtt[k]!).toBeLessThan(11);
      }
    }
    expect(probeRtt[0]!).toBeGreaterThan(10);
    expect(probeRtt[0]!).toBeLessThan(10.5);
  });

  it('pacing rate = pacing gain × bw estimate once the pipe is full; bw ≈ the bottleneck', () => {
    const r = trace.rates!;
    let checked = 0;
    const gains = new Set<number>();
    for (let i = 0; i < r.length; i++) {
      if (BBR_MODES[r.state[i]!] === 'STARTUP') continue;
      const want = r.pacingGain[i]! * r.bwEstimate[i]!;
      expect(Math.abs(r.pacingRate[i]! - want) / want).toBeLessThan(1e-12);
      gains.add(r.pacingGain[i]!);
      checked++;
    }
    expect(checked).toBeGreaterThan(10_000);
    // DRAIN 1/2.885, the cycle's 0.75, 1, 1.25
    expect([...gains].sort()).toEqual([1 / 2.885, 0.75, 1, 1.25].sort());
    // payload at 10 Mb/s on the wire: 10e6 × 1000/1040 = 9.615 Mb/s
    const last = r.length - 1;
    expect(r.bwEstimate[last]! / 1e6).toBeCloseTo(9.615, 2);
    // 2 × (1 + 19) ms + 1040 bytes at 10 Mb/s and at 100 Mb/s + the ACK's 40 bytes: 40.95 ms
    expect(r.minRtt[last]!).toBeCloseTo(0.04095, 5);
  });

  it('≥ 90 % utilisation, with a mean queueing delay far below CUBIC’s (--out metrics)', () => {
    const metrics = (sender: string) => {
      const out = runCli([
        `${PATH}&flows=${sender}&stop=30`,
        '--out',
        'metrics',
        '--format',
        'json',
      ]);
      expect(out.code).toBe(0);
      return (JSON.parse(out.stdout) as Record<string, number>[])[0]!;
    };
    const bbr = metrics('bbr');
    const cubic = metrics('cubic');
    expect(bbr.link_util).toBeGreaterThanOrEqual(90);
    // 8.1 ms against CUBIC's 66 ms when written (the whole run, BBR's STARTUP included)
    expect(bbr.mean_queue_delay_s).toBeLessThan(0.25 * cubic.mean_queue_delay_s!);
  });

  it('explains a gain-cycle step and the full pipe with their numbers and the draft’s sections', () => {
    const ds = decisionsOf(trace);
    const cycle = ds.find((d) => d.code === 'bbr.cycle' && d.time > 5)!;
    const text = explainDecision(cycle, trace);
    expect(text).toMatch(
      /PROBE_BW phase \d of 0–7: pacing gain (1\.25|0\.75|1) → pacing \d+\.\d\d Mb\/s/,
    );
    expect(text).toContain('bw estimate 9.62 Mb/s');
    expect(text).toContain('§4.3.4.1');
    const full = ds.find((d) => d.code === 'bbr.drain')!;
    expect(explainDecision(full, trace)).toMatch(
      /bw estimate 9\.\d\d Mb\/s grew less than 25 % for three rounds .* pacing gain 1\/2\.89 = 0\.347/,
    );
  });
});

describe('BBR determinism and its seeded PROBE_BW start', () => {
  it('the same seed gives the same fingerprint; the start phase follows the seed, never 0.75', () => {
    const q = bbrQuery(3);
    expect(fingerprint(run(config(q)))).toBe(fingerprint(run(config(q))));
    const phases = new Set<number>();
    for (let seed = 1; seed <= 8; seed++) {
      const r = run(config(`${q}&seed=${seed}`)).rates!;
      let i = 0;
      while (i < r.length && BBR_MODES[r.state[i]!] !== 'PROBE_BW') i++;
      expect(i, `seed ${seed}`).toBeLessThan(r.length);
      phases.add(r.phase[i]!);
    }
    expect(phases.has(1)).toBe(false);
    expect(phases.size).toBeGreaterThan(2);
  });

  it('pacing=0 turns BBR’s pacing off (cwnd-limited bursts), and the rate trace says so', () => {
    const t = run(config(bbrQuery(2, '&pacing=0')));
    expect(t.flows[0]!.pacing).toBeUndefined();
    expect(Array.from(t.rates!.pacingRate).every((x) => Number.isNaN(x))).toBe(true);
    expect(run(config(bbrQuery(2))).flows[0]!.pacing).toBe(true);
  });
});

describe('WindowedMaxFilter (BBR draft §4.1.1.2)', () => {
  it('keeps the best sample of the window and falls back to younger ones as it ages out', () => {
    const f = new WindowedMaxFilter();
    f.reset(0, 5);
    expect(f.update(10, 1, 3)).toBe(5);
    expect(f.update(10, 5, 4)).toBe(5); // a quarter of the window: 4 kept as the second choice
    expect(f.update(10, 11, 2)).toBe(4); // 5 (time 0) is older than 10: the 4 of time 5
    expect(f.update(10, 16, 1)).toBe(2); // the 4 (time 5) too: the 2 of time 11
    expect(f.update(10, 17, 9)).toBe(9); // a new best
    expect(f.update(10, 40, 1)).toBe(1); // nothing left in the window
  });
});
