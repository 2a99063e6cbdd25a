/**
 * N flows (scenario v2): `flows=` lists the senders (1 to 128 flows), `f<k>.<key>` sets flow k's
 * key, an unprefixed flow key sets every flow (but `sender` and `drops` are flow 1's), and a
 * flow's own key wins over the unprefixed one whatever the order typed. Errors name the key as
 * typed.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import {
  MAX_FLOWS,
  buildSimConfig,
  parseScenarioQuery,
  presetDefaults,
  readScenarioQuery,
  scenarioToQuery,
  type Scenario,
  type ScenarioError,
} from '../../src/scenarios';

function parsed(q: string): Scenario {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

function errors(q: string): ScenarioError[] {
  const r = parseScenarioQuery(q);
  if (r.ok) throw new Error(`expected errors for ${q}`);
  return r.errors;
}

const senders = (n: number, s = 'reno') => Array.from({ length: n }, () => s).join(',');

describe('flows=: the list of senders', () => {
  it('one flow', () => {
    const s = parsed('preset=geo-segment-8&flows=reno');
    expect(s.flows.map((f) => f.sender)).toEqual(['reno']);
    // flow 1 keeps the preset's other keys (its drops of segment 8)
    expect(s.flows[0]!.drops).toEqual([{ packet: 8, transmission: 1 }]);
    expect(buildSimConfig(s).nodes).toEqual(['S1', 'R1', 'K1']);
  });

  it('three flows: the preset’s flow keeps its keys, the new ones start from the preset’s defaults with no drops', () => {
    const s = parsed('preset=ff-2-drops&flows=reno,sack,sctp-4960');
    expect(s.flows.map((f) => [f.sender, f.drops.length, f.start, f.mss, f.window])).toEqual([
      ['reno', 2, 1, 1000, 28],
      ['sack', 0, 1, 1000, 28],
      ['sctp-4960', 0, 1, 1000, 28],
    ]);
    const cfg = buildSimConfig(s);
    expect(cfg.nodes).toEqual(['S1', 'S2', 'S3', 'R1', 'K1']);
    expect(cfg.flows.map((f) => [f.id, f.src, f.dst])).toEqual([
      [0, 'S1', 'K1'],
      [1, 'S2', 'K1'],
      [2, 'S3', 'K1'],
    ]);
    const t = run(cfg);
    expect(t.flowStats.map((f) => f.deliveredPackets > 30)).toEqual([true, true, true]);
  });

  it(`${MAX_FLOWS} flows are allowed and run; ${MAX_FLOWS + 1} is an error naming flows`, () => {
    expect(MAX_FLOWS).toBe(128);
    const q = `preset=fall-floyd&flows=${senders(64, 'reno')},${senders(64, 'sctp-newreno-ca')}`;
    const s = parsed(q);
    expect(s.flows).toHaveLength(128);
    // the writer gives runs of one sender as k*id, which reads back the same
    const short = 'preset=fall-floyd&flows=64*reno,64*sctp-newreno-ca';
    expect(scenarioToQuery(s)).toBe(short);
    expect(parsed(short)).toEqual(s);
    const cfg = buildSimConfig(s);
    expect(cfg.nodes).toHaveLength(130);
    expect(cfg.flows[127]).toMatchObject({
      id: 127,
      sender: 'sctp-newreno-ca',
      src: 'S128',
      dst: 'K1',
    });
    const t = run(cfg);
    expect(t.flowStats).toHaveLength(128);
    expect(t.flowStats.every((f) => f.packetsSent > 0)).toBe(true);
    // f128 is a key; f129 is not one
    expect(parsed(`${q}&f128.mss=500`).flows[127]!.mss).toBe(500);
    expect(errors(`${q}&f129.mss=500`).map((e) => e.key)).toEqual(['f129.mss']);

    const over = errors(`preset=fall-floyd&flows=${senders(129)}`);
    expect(over).toHaveLength(1);
    expect(over[0]!.key).toBe('flows');
    expect(over[0]!.message).toMatch(/^flows: must be 1 to 128 senders separated by commas, /);
  });

  it('an empty or bad list is an error naming flows', () => {
    expect(errors('flows=')).toEqual([
      {
        key: 'flows',
        message:
          'flows: must be 1 to 128 senders separated by commas, each one of tahoe, reno, newreno, sack, fack, cubic, vegas, bbr, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960, udp, got ""',
      },
    ]);
    expect(errors('flows=reno,,sack').map((e) => e.message)).toEqual([
      'flows: unknown sender ""; each must be one of tahoe, reno, newreno, sack, fack, cubic, vegas, bbr, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960, udp',
    ]);
  });
});

describe('f<k>.<key>: one flow’s key', () => {
  it('f3.start=2 starts flow 3 at 2 s; the others keep the preset’s start', () => {
    const s = parsed('preset=fall-floyd&flows=reno,reno,reno&f3.start=2');
    expect(s.flows.map((f) => f.start)).toEqual([1, 1, 2]);
    expect(buildSimConfig(s).flows.map((f) => f.startS)).toEqual([1, 1, 2]);
    const t = run(buildSimConfig(s));
    // flow 3's first data packet leaves at 2 s
    let first = Infinity;
    for (let i = 0; i < t.packets.length; i++) {
      if (t.transmissions.flow[t.packets.uid[i]!] === 2) {
        first = t.packets.time[i]!;
        break;
      }
    }
    expect(first).toBe(2);
  });

  it('a key of a flow the scenario does not have is an error naming it', () => {
    expect(errors('preset=fall-floyd&flows=reno,sack,sctp-4960&f5.mss=1448')).toEqual([
      {
        key: 'f5.mss',
        message: 'f5.mss: there is no flow 5; the scenario has 3 flows (list them with flows=)',
      },
    ]);
    expect(errors('preset=fall-floyd&f2.drops=3')).toEqual([
      {
        key: 'f2.drops',
        message: 'f2.drops: there is no flow 2; the scenario has 1 flow (list them with flows=)',
      },
    ]);
  });

  it('bad values name the key as typed', () => {
    expect(errors('preset=fall-floyd&flows=reno,reno&f2.mss=10&f1.window=0&f2.profile=x')).toEqual([
      {
        key: 'f1.window',
        message: 'f1.window: must be a whole number between 1 and 10000 (packets), got "0"',
      },
      {
        key: 'f2.mss',
        message: 'f2.mss: must be a whole number between 64 and 9000 (bytes), got "10"',
      },
      {
        key: 'f2.profile',
        message: 'f2.profile: unknown profile "x"; must be one of ff96, ns2, rfc',
      },
    ]);
  });
});

describe('unprefixed flow keys', () => {
  it('set every flow — sender and drops only flow 1', () => {
    const s = parsed(
      'preset=fall-floyd&flows=reno,sack,tahoe&mss=1448&delack=1&profile=ns2&sender=newreno&drops=4',
    );
    expect(s.flows.map((f) => [f.sender, f.drops.length, f.mss, f.delack, f.profile])).toEqual([
      ['newreno', 1, 1448, true, 'ns2'],
      ['sack', 0, 1448, true, 'ns2'],
      ['tahoe', 0, 1448, true, 'ns2'],
    ]);
  });

  it('f<k>.key wins over the unprefixed key whatever the order typed', () => {
    const a = parsed('preset=fall-floyd&flows=reno,reno,reno&mss=500&f2.mss=1448');
    const b = parsed('preset=fall-floyd&f2.mss=1448&flows=reno,reno,reno&mss=500');
    const c = parsed('f2.mss=1448&mss=500&preset=fall-floyd&flows=reno,reno,reno');
    expect(a.flows.map((f) => f.mss)).toEqual([500, 1448, 500]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(scenarioToQuery(a)).toBe('preset=fall-floyd&flows=reno,reno,reno&mss=500&f2.mss=1448');
    // f1.sender when sender is not given; f1.drops likewise
    const d = parsed('preset=fall-floyd&f1.sender=sack&f1.drops=7&flows=reno,tahoe');
    expect(d.flows.map((f) => [f.sender, f.drops.length])).toEqual([
      ['sack', 1],
      ['tahoe', 0],
    ]);
  });

  it('n sets a table preset’s flows; flows= then changes them', () => {
    expect(parsed('preset=geo-table2&n=6').flows.map((f) => f.sender)).toEqual([
      'sack',
      'sctp-4960',
      'sack',
      'sctp-4960',
      'sack',
      'sctp-4960',
    ]);
    const s = parsed('preset=geo-table2&n=6&flows=sack,sack');
    expect([s.n, s.bw, s.queue, s.flows.length]).toEqual([6, 7e6, 80, 2]);
    expect(presetDefaults('geo-table2', 6).flows).toHaveLength(6);
  });
});

describe('readScenarioQuery with several flows', () => {
  it('keeps the good keys and lists the bad ones by the name typed', () => {
    const r = readScenarioQuery(
      'preset=fall-floyd&flows=reno,sack&f2.mss=10&f2.start=3&f1.mss=500',
    );
    expect(r.badKeys).toEqual(['f2.mss']);
    expect(r.errors.map((e) => e.key)).toEqual(['f2.mss']);
    expect(r.scenario.flows.map((f) => [f.sender, f.mss, f.start])).toEqual([
      ['reno', 500, 1],
      ['sack', 1000, 3],
    ]);
  });

  it('a bad flow list: the flows of the preset, and its f<k>. keys that now have no flow listed too', () => {
    const r = readScenarioQuery('preset=fall-floyd&flows=reno,westwood&f2.mss=1448&stop=8');
    expect(r.badKeys).toEqual(['flows', 'f2.mss']);
    expect(r.scenario.flows.map((f) => f.sender)).toEqual(['reno']);
    expect(r.scenario.stop).toBe(8);
  });
});

describe('a table row and a flow list that disagree', () => {
  it('warns that the n row was sized for another number of flows', () => {
    const r = parseScenarioQuery('preset=geo-table2&n=6&flows=sack,sctp-4960');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.flows).toHaveLength(2);
    expect(r.scenario.bw).toBe(7e6);
    expect(r.warnings).toContain(
      'flows: 2 flows, but the n = 6 row of geo-table2 has 6 (its bandwidth and buffer are for 6)',
    );
  });
  it('says nothing when they agree', () => {
    const r = parseScenarioQuery('preset=geo-table2&n=4&flows=sack,sctp-4960,sack,sack');
    expect(r.ok && r.warnings).toEqual([]);
  });
});
