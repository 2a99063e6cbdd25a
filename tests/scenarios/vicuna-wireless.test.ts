/**
 * 003_…'s wireless topology (Figure 3; topologies/vicuna.ts with `link`) and the presets on it
 * (presets/vicuna-wireless.ts): the clients become one WiMAX or Wi-Fi cell's stations, every
 * flow keeps its RTT, and the VoIP calls pay the frame's wait; `link` is refused where there is
 * no wireless hop.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { run, type SimConfig, type Trace } from '../../src/engine';
import {
  boundScenarioCost,
  buildSimConfig,
  parseScenarioQuery,
  presetDefaults,
  PRESETS,
  withinLimits,
} from '../../src/scenarios';

const STOP = 30;

/** Per flow: propagation delay along S_k → n1 → n0 (the cell adds none). */
const pathDelay = (cfg: SimConfig, k: number) =>
  cfg.links
    .filter((l) => l.a === `S${k}` || (l.a === 'n1' && l.b === 'n0') || l.b === `C${k}`)
    .reduce((a, l) => a + l.delayS, 0);

describe('003’s wireless topology and its presets', () => {
  it('has the WiMAX presets of scenarios B, D and E, with the MAC model in their notices', () => {
    const ids = PRESETS.filter((p) => p.id.startsWith('vicuna-wimax-')).map((p) => p.id);
    expect(ids).toHaveLength(12);
    expect(ids.slice(0, 4)).toEqual([
      'vicuna-wimax-b-tcp-udp',
      'vicuna-wimax-b-tcp-sctp',
      'vicuna-wimax-b-sctp-udp',
      'vicuna-wimax-b-sctp-sctp',
    ]);
    for (const p of PRESETS.filter((x) => x.id.startsWith('vicuna-'))) {
      expect(p.notice).not.toMatch(/not modelled|no MAC/);
    }
    expect(PRESETS.find((p) => p.id === 'vicuna-wimax-d-tcp-udp')!.notice).toMatch(
      /802\.16 cell.*Still simplified in the cell/,
    );
  });

  it('has the Wi-Fi presets of scenarios A, B, D, E and F on an 802.11g cell', () => {
    const ids = PRESETS.filter((p) => p.id.startsWith('vicuna-wifi-')).map((p) => p.id);
    expect(ids).toHaveLength(20);
    expect(ids.filter((id) => id.endsWith('-tcp-udp'))).toEqual(
      ['a', 'b', 'd', 'e', 'f'].map((l) => `vicuna-wifi-${l}-tcp-udp`),
    );
    const cfg = buildSimConfig(presetDefaults('vicuna-wifi-b-sctp-udp'));
    expect(cfg.media).toEqual([
      expect.objectContaining({ kind: 'wifi', phy: 'g', ap: 'n0', queueLimit: 50 }),
    ]);
    expect(PRESETS.find((p) => p.id === 'vicuna-wifi-f-tcp-sctp')!.notice).toMatch(
      /802\.11g cell.*Still simplified in the cell: every client at 54 Mb\/s/,
    );
  });

  it('the largest point of each wireless preset’s sweep passes the run budget', () => {
    for (const p of PRESETS.filter((x) => /^vicuna-wi(max|fi)-/.test(x.id))) {
      const n = p.sizes ? Math.max(...p.sizes.values) : null;
      const s = presetDefaults(p.id, n);
      expect(withinLimits(boundScenarioCost(s)!), p.id).toBe(true);
      expect(s.link).toBe(p.id.startsWith('vicuna-wifi-') ? 'wifi-g' : 'wimax');
    }
  });

  it('puts the clients in one cell around n0, each flow keeping its RTT', () => {
    const wired = buildSimConfig(presetDefaults('vicuna-b-tcp-udp'));
    const cell = buildSimConfig(presetDefaults('vicuna-wimax-b-tcp-udp'));
    expect(wired.media).toBeUndefined();
    expect(cell.media).toEqual([
      expect.objectContaining({ kind: 'wimax', bs: 'n0', queueLimit: 50 }),
    ]);
    expect(cell.media![0]!.nodes).toEqual(['n0', ...wired.flows.map((_, i) => `C${i + 1}`)]);
    expect(cell.links.some((l) => l.a === 'n0' && l.b.startsWith('C'))).toBe(false);
    for (let k = 1; k <= wired.flows.length; k++) {
      expect(pathDelay(cell, k)).toBeCloseTo(pathDelay(wired, k), 12);
    }
  });

  describe('a 30 s run, wired and WiMAX', () => {
    let wired: Trace;
    let wimax: Trace;
    beforeAll(() => {
      wired = run(buildSimConfig({ ...presetDefaults('vicuna-b-tcp-udp'), stop: STOP }), {
        record: 'metrics',
      });
      wimax = run(buildSimConfig({ ...presetDefaults('vicuna-wimax-b-tcp-udp'), stop: STOP }), {
        record: 'metrics',
      });
    });

    it('delivers the calls, each packet later by about half a frame or more', () => {
      const voip = (t: Trace) => t.accumulators!.flows.slice(10, 20);
      const mean = (t: Trace) => {
        const f = voip(t);
        return f.reduce((a, x) => a + x.delaySumS, 0) / f.reduce((a, x) => a + x.arrivals, 0);
      };
      expect(voip(wimax).reduce((a, f) => a + f.arrivals, 0)).toBeGreaterThan(1000);
      // the wait for the next frame (5 ms frames: 2.5 ms on average) and the burst's place in it
      expect(mean(wimax) - mean(wired)).toBeGreaterThan(0.0025);
      expect(mean(wimax) - mean(wired)).toBeLessThan(0.01);
    });

    it('reports the cell’s members and the base station’s airtime', () => {
      const m = wimax.media![0]!;
      expect(m.kind).toBe('wimax');
      expect(m.nodes[0]).toBe('n0');
      const bs = m.stats[0]!;
      // n0 sends everything the 2 Mb/s bottleneck lets through: well under half its airtime
      expect(bs.airtimeS / STOP).toBeGreaterThan(0.02);
      expect(bs.airtimeS / STOP).toBeLessThan(0.5);
      expect(bs.collisions + bs.retries).toBe(0);
    });
  });

  it('elsewhere link=wimax makes a dumbbell’s bottleneck a cell, its base station the left router', () => {
    const r = parseScenarioQuery('preset=ff-3-drops&link=wimax&wimaxframe=0.01');
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const cfg = buildSimConfig(r.scenario);
    expect(cfg.media).toEqual([
      { kind: 'wimax', nodes: ['R1', 'K1'], bs: 'R1', queueLimit: 8, frameS: 0.01 },
    ]);
    expect(cfg.links.some((l) => l.a === 'R1' && l.b === 'K1')).toBe(false);
  });
});
