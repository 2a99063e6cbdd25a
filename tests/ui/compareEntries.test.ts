import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import {
  buildSimConfig,
  boundScenarioCost,
  findVariant,
  PROFILE_IDS,
  type Scenario,
} from '../../src/ui/deps/scenarios';
import { compareCost, compareProblem } from '../../src/ui/model/budget';
import {
  compareListProblems,
  knobKeys,
  parseEntry,
  runNames,
  runStyles,
  withEntry,
} from '../../src/ui/model/compareEntries';
import { divergences, firstDivergence } from '../../src/ui/model/divergence';
import { buildQuery, parseLocation } from '../../src/ui/model/urlState';
import { senderOptions } from '../../src/ui/model/scenarioQuery';

function scenarioOf(q: string): Scenario {
  const p = parseLocation(q);
  expect(p.errors).toEqual([]);
  return p.scenario;
}

describe('compare entries in the address: sender or sender@profile', () => {
  it('reads one sender under two profiles and writes it back as typed', () => {
    const p = parseLocation('?preset=ff-1-drops&sender=newreno&compare=newreno@ns2,newreno@rfc');
    expect(p.ok).toBe(true);
    expect(p.view.compare).toEqual(['newreno@ns2', 'newreno@rfc']);
    const q = buildQuery(p.scenario, p.view);
    expect(q).toBe('preset=ff-1-drops&sender=newreno&compare=newreno@ns2,newreno@rfc');
    const again = parseLocation(`?${q}`);
    expect(again.view).toEqual(p.view);
  });

  it('mixes plain senders (the scenario’s own profile) with sender@profile', () => {
    const p = parseLocation('?preset=ff-3-drops&compare=reno,newreno@rfc,sack');
    expect(p.errors).toEqual([]);
    expect(p.view.compare).toEqual(['reno', 'newreno@rfc', 'sack']);
    expect(buildQuery(p.scenario, p.view)).toContain('compare=reno,newreno@rfc,sack');
  });

  it('names the key and the bad entry; the rest of the link is kept', () => {
    const p = parseLocation('?preset=ff-2-drops&theme=dark&compare=newreno@rfx,reno');
    expect(p.ok).toBe(false);
    expect(p.errors).toEqual([
      {
        key: 'compare',
        message: 'compare: “newreno@rfx” names an unknown profile (ff96, ns2, rfc)',
      },
    ]);
    expect(p.badKeys).toEqual(['compare']);
    expect(p.raw.compare).toBe('newreno@rfx,reno');
    expect(p.view).toEqual({ theme: 'dark' });
    expect(p.scenario.preset).toBe('ff-2-drops');

    const unknown = parseLocation('?compare=westwood@rfc,reno,newreno@');
    expect(unknown.errors.map((e) => e.message)).toEqual([
      `compare: “westwood@rfc” names an unknown sender (${senderOptions().join(', ')})`,
      'compare: “newreno@” names an unknown profile (ff96, ns2, rfc)',
    ]);
    expect(unknown.view.compare).toBeUndefined();
  });

  it('refuses a run listed twice, or two entries that make the same run', () => {
    expect(parseLocation('?compare=newreno@rfc,reno,newreno@rfc').errors[0]!.message).toBe(
      'compare: “newreno@rfc” is listed twice',
    );
    // ff-1-drops runs under ff96: `newreno` and `newreno@ff96` are one run.
    expect(
      parseLocation('?preset=ff-1-drops&compare=newreno,newreno@ff96').errors[0]!.message,
    ).toBe(
      'compare: “newreno@ff96” makes the same run as “newreno” (this scenario’s profile is ff96)',
    );
    // Under profile=ns2 they differ.
    expect(
      parseLocation('?preset=ff-1-drops&profile=ns2&compare=newreno,newreno@ff96').errors,
    ).toEqual([]);
    expect(parseLocation('?compare=newreno@rfc').errors[0]!.message).toBe(
      'compare: “newreno@rfc” must list 2 to 6 runs (sender or sender@profile)',
    );
  });

  it('accepts every sender of the registry under every profile', () => {
    for (const s of senderOptions())
      for (const p of PROFILE_IDS)
        expect(parseEntry(`${s}@${p}`)).toEqual({ sender: s, profile: p });
    expect(compareListProblems(['reno@ns2', 'reno@rfc', 'reno@ff96', 'reno'], 'ns2', 6)).toEqual([
      { entry: 'reno', why: 'makes the same run as “reno@ns2” (this scenario’s profile is ns2)' },
    ]);
  });
});

describe('the run of an entry', () => {
  it('applies the profile to every flow, as profile= would, and keeps the scenario’s otherwise', () => {
    const s = scenarioOf('?preset=fall-floyd&flows=reno,sack&f2.profile=ns2');
    const r = withEntry(s, 'newreno@rfc')!;
    expect(r.flows.map((f) => [f.sender, f.profile])).toEqual([
      ['newreno', 'rfc'],
      ['sack', 'rfc'],
    ]);
    const plain = withEntry(s, 'newreno')!;
    expect(plain.flows.map((f) => [f.sender, f.profile])).toEqual([
      ['newreno', 'ff96'],
      ['sack', 'ns2'],
    ]);
    expect(withEntry(s, 'newreno@bogus')).toBeNull();
  });

  it('ns-2 and RFC runs of NewReno on one drop differ, and the divergence line finds where', () => {
    const s = scenarioOf('?preset=ff-1-drops');
    const [a, b] = ['newreno@ns2', 'newreno@rfc'].map((e) => run(buildSimConfig(withEntry(s, e)!)));
    // RFC 5681 eq. 1: 4 segments of 1000 bytes; ns-2.35 windowInit_ 2.
    expect(withEntry(s, 'newreno@rfc')!.flows[0]!.profile).toBe('rfc');
    expect(a!.flows[0]!.initialCwndPkts).toBe(2);
    expect(b!.flows[0]!.initialCwndPkts).toBe(4);
    // They part at their first decision: the SYN with cwnd 1 against the start with cwnd 4.
    const d = firstDivergence(divergences([a!, b!]));
    expect(d?.div).toMatchObject({ index: 0, baseTime: 1 });
  });

  it('the budget counts each run, at its bound (as the one-run budget does)', () => {
    const s = scenarioOf('?preset=ff-1-drops&stop=20');
    const one = (e: string) => boundScenarioCost(withEntry(s, e)!)!;
    const both = compareCost(s, ['newreno@ns2', 'newreno@rfc'])!;
    expect(both.packetEvents).toBe(
      one('newreno@ns2').packetEvents + one('newreno@rfc').packetEvents,
    );
    const three = compareCost(s, ['newreno', 'newreno@ns2', 'newreno@rfc'])!;
    expect(three.packetEvents).toBe(both.packetEvents + one('newreno').packetEvents);
    // (5.9 M packet events each: one fits, two do not)
    const big = scenarioOf('?preset=fall-floyd&sender=reno&bw=1e10&window=10000&stop=600');
    expect(compareProblem(big, ['reno@ns2'])).toBeNull();
    expect(compareProblem(big, ['reno@ns2', 'reno@rfc'])?.message).toMatch(
      /^compare: these 2 runs together would simulate about/,
    );
  });

  it('a profile edit that makes two entries one run is refused, naming the entry', () => {
    const s = scenarioOf('?preset=ff-1-drops&profile=ns2');
    expect(compareProblem(s, ['newreno', 'newreno@ns2'])).toEqual({
      key: 'compare',
      message:
        'compare: “newreno@ns2” makes the same run as “newreno” (this scenario’s profile is ns2)',
    });
    expect(compareProblem(s, ['newreno', 'newreno@rfc'])).toBeNull();
  });
});

describe('labels and styles of compared runs', () => {
  it('names each run with its profile once any entry names one', () => {
    expect(runNames(['reno', 'newreno'], 'ff96')).toEqual(['reno', 'newreno']);
    expect(runNames(['reno', 'newreno@rfc'], 'ff96')).toEqual(['reno@ff96', 'newreno@rfc']);
  });

  it('one sender under two profiles: same colour and dash, the profiles’ labels and markers', () => {
    const nr = findVariant('newreno')!;
    const [ns2, rfc] = runStyles(['newreno@ns2', 'newreno@rfc']);
    expect(ns2).toEqual({
      color: nr.color,
      dash: nr.dash,
      name: 'NewReno · ns-2.35 defaults',
      short: 'NewReno · ns2',
      marker: 'square',
    });
    expect(rfc).toEqual({
      color: nr.color,
      dash: nr.dash,
      name: 'NewReno · RFC text (5681, 6582, 4960)',
      short: 'NewReno · rfc',
      marker: 'triangle',
    });
    expect(runStyles(['reno@ff96', 'newreno@rfc']).map((s) => s.marker)).toEqual([
      'circle',
      'triangle',
    ]);
  });

  it('senders compared under one profile look as they always did: no markers', () => {
    const st = runStyles(['reno', 'newreno']);
    expect(st.map((s) => [s.name, s.marker])).toEqual([
      ['Reno', null],
      ['NewReno', null],
    ]);
    expect(runStyles(['reno@rfc', 'sack@rfc']).map((s) => [s.name, s.marker])).toEqual([
      ['Reno · RFC text (5681, 6582, 4960)', null],
      ['SACK · RFC text (5681, 6582, 4960)', null],
    ]);
  });
});

describe('compare entries: one run key compared (key:value)', () => {
  it('compare=aqm:droptail,aqm:codel runs the scenario once per discipline, the sender as it is', () => {
    const p = parseLocation('?preset=codel-vs-droptail&compare=aqm:droptail,aqm:codel');
    expect(p.errors).toEqual([]);
    expect(p.view.compare).toEqual(['aqm:droptail', 'aqm:codel']);
    expect(buildQuery(p.scenario, p.view)).toContain('compare=aqm:droptail,aqm:codel');
    const [a, b] = ['aqm:droptail', 'aqm:codel'].map((e) => withEntry(p.scenario, e)!);
    expect([a!.aqm, b!.aqm]).toEqual(['droptail', 'codel']);
    expect(a!.flows.map((f) => f.sender)).toEqual(['cubic', 'newreno']);
    expect(runNames(['aqm:droptail', 'aqm:codel'], 'ff96')).toEqual(['aqm:droptail', 'aqm:codel']);
    const styles = runStyles(['aqm:droptail', 'aqm:codel']);
    expect(styles.map((s) => s.name)).toEqual(['aqm = droptail', 'aqm = codel']);
    expect(styles[0]!.color).not.toBe(styles[1]!.color);
  });
  it('refuses a value the key does not take, the sender as a key, a second key and a sender among knobs', () => {
    const bad = (list: string[]) => compareListProblems(list, 'ff96', 6).map((x) => x.entry);
    expect(bad(['aqm:droptail', 'aqm:blue'])).toEqual(['aqm:blue']);
    // a flow key is compared for every flow (ecn:0,ecn:1); senders are compared by name
    expect(bad(['mss:500', 'mss:1000'])).toEqual([]);
    expect(bad(['ecn:0', 'ecn:1'])).toEqual([]);
    expect(bad(['sender:reno', 'sender:sack'])).toEqual(['sender:reno', 'sender:sack']);
    expect(knobKeys()).toContain('aqm');
    expect(knobKeys()).toContain('ecn');
    expect(knobKeys()).not.toContain('sender');
    expect(bad(['aqm:codel', 'queue:100'])).toEqual(['queue:100']);
    expect(bad(['aqm:codel', 'reno'])).toEqual(['reno']);
    expect(bad(['queue:10', 'queue:1000'])).toEqual([]);
    expect(bad(['queue:10'])).toEqual([null]);
  });
});
