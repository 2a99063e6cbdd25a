/**
 * A comparison preset opened by link enters compare mode with the preset's senders unless the
 * link chooses senders itself (issue 21 item 10); its notice says so from the same list.
 */
import { describe, expect, it } from 'vitest';
import { getPreset, presetNotice, PRESETS } from '../../src/ui/deps/scenarios';
import { compareSentence, presetCompare } from '../../src/scenarios/presets/compare';
import { parseLocation } from '../../src/ui/model/urlState';

const FIG5 = ['newreno', 'sack', 'fack', 'sctp-2960', 'sctp-newreno', 'sctp-newreno-ca'];

describe('comparison presets by link', () => {
  it('a link with the preset only opens its compare list', () => {
    const p = parseLocation('?preset=caro-fig5-3-drops');
    expect(p.errors).toEqual([]);
    expect(p.ok).toBe(true);
    expect(p.view.compare).toEqual(FIG5);
    expect(parseLocation('?preset=dainotti-eth2eth').view.compare).toEqual([
      'udp',
      'sack',
      'sctp-4960',
    ]);
    expect(parseLocation('?preset=caro-fig2-1-drop&drops=15,20').view.compare).toEqual([
      'sctp-2960',
      'sctp-newreno',
    ]);
  });

  it('a link that names senders keeps them', () => {
    expect(parseLocation('?preset=caro-fig5-3-drops&sender=sack').view.compare).toBeUndefined();
    expect(parseLocation('?preset=caro-fig5-3-drops&flows=sack,sack').view.compare).toBeUndefined();
    expect(parseLocation('?preset=caro-fig5-3-drops&f1.sender=fack').view.compare).toBeUndefined();
    expect(parseLocation('?preset=caro-fig5-3-drops&compare=newreno,sack').view.compare).toEqual([
      'newreno',
      'sack',
    ]);
    // A preset without a list opens one run, as before.
    expect(parseLocation('?preset=ff-3-drops').view.compare).toBeUndefined();
  });

  it('the notice names the senders from the same list', () => {
    const fig5 = getPreset('caro-fig5-3-drops')!;
    expect(presetCompare(fig5)).toEqual(FIG5);
    expect(compareSentence(fig5)).toBe(
      'Opens in compare mode, its six senders side by side: NewReno, SACK, FACK, SCTP (RFC 2960), New-Reno SCTP and New-Reno SCTP*.',
    );
    expect(presetNotice(fig5, 'sctp-newreno')).toContain('Compare the six senders');
    expect(presetNotice(fig5, 'sctp-newreno').endsWith(compareSentence(fig5)!)).toBe(true);
    const dainotti = getPreset('dainotti-eth2eth')!;
    expect(presetNotice(dainotti, 'udp')).toContain(
      'Opens in compare mode, its three senders side by side: UDP, SACK and SCTP (RFC 4960).',
    );
    // Every preset whose notice tells the reader to compare the senders has a list.
    for (const p of PRESETS)
      if (/compare the (six|three|two|\w+) senders/i.test(p.notice))
        expect(presetCompare(p), p.id).not.toBeNull();
    expect(compareSentence(getPreset('ff-3-drops')!)).toBeNull();
  });

  it('an AQM preset opens its one key compared: the same flows through two disciplines, or with and without ECN', () => {
    expect(parseLocation('?preset=codel-vs-droptail').view.compare).toEqual([
      'aqm:droptail',
      'aqm:codel',
    ]);
    expect(parseLocation('?preset=fq-codel-fairness').view.compare).toEqual([
      'aqm:codel',
      'aqm:fq-codel',
    ]);
    expect(parseLocation('?preset=ecn-vs-drop').view.compare).toEqual(['ecn:0', 'ecn:1']);
    // a link that sets the compared key, or its own list, keeps its choice; a sender does not
    expect(parseLocation('?preset=codel-vs-droptail&aqm=pie').view.compare).toBeUndefined();
    expect(parseLocation('?preset=ecn-vs-drop&ecn=0').view.compare).toBeUndefined();
    expect(
      parseLocation('?preset=codel-vs-droptail&compare=aqm:codel,aqm:pie').view.compare,
    ).toEqual(['aqm:codel', 'aqm:pie']);
    expect(parseLocation('?preset=codel-vs-droptail&sender=reno').view.compare).toEqual([
      'aqm:droptail',
      'aqm:codel',
    ]);
    expect(parseLocation('?preset=bufferbloat').view.compare).toBeUndefined();
    const codel = getPreset('codel-vs-droptail')!;
    expect(compareSentence(codel)).toBe(
      'Opens in compare mode, the same flows through two runs side by side: aqm = droptail and aqm = codel.',
    );
    expect(presetNotice(codel, 'cubic').endsWith(compareSentence(codel)!)).toBe(true);
    expect(compareSentence(getPreset('ecn-vs-drop')!)).toBe(
      'Opens in compare mode, the same flows through two runs side by side: ecn = 0 and ecn = 1.',
    );
  });
});
