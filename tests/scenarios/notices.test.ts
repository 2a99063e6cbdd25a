/**
 * Every number a Fall & Floyd preset's "what to notice" text states, checked against an engine
 * run of that preset. If the engine changes and a notice becomes false, this fails — fix the
 * notice (src/scenarios/presets/fall-floyd.ts) or the engine.
 */
import { samplesOf } from '../../src/engine';
import { describe, expect, it } from 'vitest';
import { getPreset, presetNotice } from '../../src/scenarios';
import { TCP_SENDERS } from '../../src/engine';
import {
  decisions,
  drops,
  dupacksFor,
  firstNewAck,
  retransmissions,
  runPreset,
  sendsBetween,
  timesOf,
} from './trace-facts';

const stats = (preset: string, sender: Parameters<typeof runPreset>[1]) =>
  runPreset(preset, sender).flowStats[0]!;

/**
 * The senders of the notices' "every TCP sender but Vegas and BBR" (Vegas and BBR have notes
 * of their own: Vegas grows every other round trip, BBR paces and is model-based).
 */
const BUT_VEGAS = TCP_SENDERS.filter((s) => s !== 'vegas' && s !== 'bbr');

describe('notices: every TCP sender on the drop presets', () => {
  for (const n of [1, 2, 3, 4, 5]) {
    it(`ff-${n}-drops: every TCP sender but Vegas and BBR fast-retransmits 15 at 2.080 s with ssthresh 7 (CUBIC 10.5)`, () => {
      for (const sender of BUT_VEGAS) {
        const fr = decisions(runPreset(`ff-${n}-drops`, sender), /fast-retransmit$/);
        if (sender === 'cubic')
          expect(fr[0]).toBe('2.080 cubic.fast-retransmit [15] cwnd 10.5 ssthresh 10.5');
        else expect(fr[0], sender).toMatch(/^2\.080 \S+ \[15\] cwnd \d+ ssthresh 7$/);
      }
    });
  }

  it('ff-4-drops: only Reno and Vegas time out; NewReno, SACK and FACK retransmit exactly 4 packets', () => {
    expect(TCP_SENDERS.filter((s) => stats('ff-4-drops', s).timeouts > 0)).toEqual([
      'reno',
      'vegas',
    ]);
    for (const s of ['newreno', 'sack', 'fack'] as const)
      expect(stats('ff-4-drops', s).retransmissions).toBe(4);
  });

  it('CUBIC repairs every scripted hole in one SACK recovery ending at 2.535 s (ff-2 … ff-5), 2.292 s with one drop', () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const t = runPreset(`ff-${n}-drops`, 'cubic');
      expect(t.flowStats[0], `ff-${n}`).toMatchObject({
        timeouts: 0,
        fastRetransmits: 1,
        retransmissions: n,
      });
      expect(decisions(t, /^sack\.exit-recovery$/)[0]!.slice(0, 5), `ff-${n}`).toBe(
        n === 1 ? '2.292' : '2.535',
      );
    }
  });

  it('ff-0-drops, CUBIC: 29.1 → 19.6 at 2.292 s, out of recovery at 2.681 s, next fast retransmit 227 at 4.526 s', () => {
    const t = runPreset('ff-0-drops', 'cubic');
    const fr = decisions(t, /fast-retransmit$/);
    // 0.7 × 28 in floating point is 19.599999999999998 (the cwnd column rounds it).
    expect(fr[0]).toMatch(
      /^2\.292 cubic\.fast-retransmit \[31\] cwnd 19\.6 ssthresh 19\.599999999999998$/,
    );
    expect(fr[1]).toMatch(/^4\.526 cubic\.fast-retransmit \[227\]/);
    expect(decisions(t, /^sack\.exit-recovery$/)[0]!.slice(0, 5)).toBe('2.681');
  });

  it('ff-1-drops: no sender times out', () => {
    for (const s of TCP_SENDERS) expect(stats('ff-1-drops', s).timeouts, s).toBe(0);
  });
});

describe('notices: no scripted drops (fall-floyd, ff-0-drops)', () => {
  it('slow start overflows R1: 31 at 1.922 s, then 46, 48, …, 56 within 2.13–2.19 s, for every TCP sender but Vegas and BBR', () => {
    for (const s of BUT_VEGAS) {
      for (const preset of ['fall-floyd', 'ff-0-drops']) {
        const d = drops(runPreset(preset, s));
        expect(d.slice(0, 7), `${preset} ${s}`).toEqual([
          '31@1.922',
          '46@2.133',
          '48@2.143',
          '50@2.154',
          '52@2.164',
          '54@2.174',
          '56@2.185',
        ]);
        expect(decisions(runPreset(preset, s), /fast-retransmit$/)[0]).toMatch(
          /^2\.292 \S+ \[31\]/,
        );
      }
    }
  });

  it('Tahoe: cwnd 1, ssthresh 14, 14 retransmissions, 7 of them needless, no timeout', () => {
    const t = runPreset('ff-0-drops', 'tahoe');
    expect(decisions(t, /fast-retransmit$/)[0]).toBe(
      '2.292 tahoe.fast-retransmit [31] cwnd 1 ssthresh 14',
    );
    expect(retransmissions(t).map((r) => Number(r.split('@')[0]))).toEqual([
      31, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,
    ]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('Reno: cwnd 14, timeout at 3.504 s resends 46 (cwnd 1, ssthresh 7), then 49 … 59 needlessly', () => {
    const t = runPreset('ff-0-drops', 'reno');
    expect(decisions(t, /fast-retransmit$/)).toEqual([
      '2.292 reno.fast-retransmit [31] cwnd 14 ssthresh 14',
    ]);
    expect(decisions(t, /^tcp\.rto$/)).toEqual(['3.504 tcp.rto [46] cwnd 1 ssthresh 7']);
    expect(retransmissions(t).map((r) => Number(r.split('@')[0]))).toEqual([
      31, 46, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
    ]);
  });

  it('NewReno: one hole per round trip, exit at 3.775 s, burst 71–84 overflows, second recovery from 79', () => {
    const t = runPreset('ff-0-drops', 'newreno');
    const partial = decisions(t, /partial-ack/).map((d) => d.split(' ').slice(0, 3).join(' '));
    expect(partial.slice(0, 6).map((p) => p.split(' ')[0])).toEqual([
      '2.504',
      '2.715',
      '2.927',
      '3.139',
      '3.351',
      '3.563',
    ]);
    expect(retransmissions(t)).toEqual([
      '31@2.292',
      '46@2.504',
      '48@2.715',
      '50@2.927',
      '52@3.139',
      '54@3.351',
      '56@3.563',
      '79@4.209',
      '80@4.421',
      '82@4.633',
      '83@4.845',
      '84@5.056',
    ]);
    expect(decisions(t, /exit-recovery/)[0]).toBe(
      '3.775 newreno.exit-recovery [71,72,73,74,75,76,77,78,79,80,81,82,83,84] cwnd 14.071 ssthresh 14',
    );
    expect(
      drops(t)
        .slice(7)
        .map((d) => d.split('@')[0]),
    ).toEqual(['79', '80', '82', '83', '84']);
    expect(t.flowStats[0]!.fastRetransmits).toBe(2);
  });

  it('SACK: resends the six holes within 2.417–2.469 s with cwnd 14, exit at 2.681 s', () => {
    const t = runPreset('ff-0-drops', 'sack');
    expect(retransmissions(t)).toEqual([
      '31@2.292',
      '46@2.417',
      '48@2.427',
      '50@2.438',
      '52@2.448',
      '54@2.458',
      '56@2.469',
    ]);
    expect(
      samplesOf(t)
        .filter((s) => s.time > 2.292 && s.time < 2.681)
        .every((s) => s.cwnd === 14),
    ).toBe(true);
    expect(timesOf(t, 'sack.exit-recovery')).toEqual(['2.681']);
  });

  it('FACK: ssthresh 14, cwnd 1, same resends as SACK, exit at 2.716 s with cwnd ≈ 14.9', () => {
    const t = runPreset('ff-0-drops', 'fack');
    expect(decisions(t, /fast-retransmit$/)).toEqual([
      '2.292 fack.fast-retransmit [31] cwnd 1 ssthresh 14',
    ]);
    expect(retransmissions(t)).toEqual([
      '31@2.292',
      '46@2.417',
      '48@2.427',
      '50@2.438',
      '52@2.448',
      '54@2.458',
      '56@2.469',
    ]);
    expect(decisions(t, /exit-recovery/)).toEqual([
      '2.716 fack.exit-recovery [73] cwnd 14.902 ssthresh 14',
    ]);
  });
});

describe('notices: ff-1-drops', () => {
  it('Tahoe retransmits only 15', () => {
    expect(retransmissions(runPreset('ff-1-drops', 'tahoe'))).toEqual(['15@2.080']);
  });
  it('Reno and NewReno send 30–35 on later duplicate ACKs; recovery ends at 2.292 s', () => {
    for (const s of ['reno', 'newreno', 'sack'] as const) {
      const t = runPreset('ff-1-drops', s);
      expect(sendsBetween(t, 2.081, 2.29), s).toEqual([30, 31, 32, 33, 34, 35]);
      expect(firstNewAck(t, 2.081, 14), s).toEqual({ time: '2.292', cumAck: 29 });
    }
    expect(timesOf(runPreset('ff-1-drops', 'newreno'), 'newreno.exit-recovery')).toEqual(['2.292']);
    expect(timesOf(runPreset('ff-1-drops', 'sack'), 'sack.exit-recovery')).toEqual(['2.292']);
  });
  it('FACK: cwnd back to 7 by 2.142 s, exit at 2.354 s with cwnd ≈ 7.9', () => {
    const t = runPreset('ff-1-drops', 'fack');
    expect(decisions(t, /recovery-ack/)[5]).toMatch(/^2\.142 fack\.recovery-ack \[30\] cwnd 7 /);
    expect(decisions(t, /exit-recovery/)).toEqual([
      '2.354 fack.exit-recovery [37] cwnd 7.945 ssthresh 7',
    ]);
  });
});

describe('notices: ff-2-drops', () => {
  it('Tahoe resends 29 at 2.292 s, no timeout', () => {
    expect(retransmissions(runPreset('ff-2-drops', 'tahoe'))).toEqual(['15@2.080', '29@2.292']);
    expect(stats('ff-2-drops', 'tahoe').timeouts).toBe(0);
  });
  it('Reno: exits on the ACK for 28 at 2.292 s, ignores the 3rd dupack at 2.375 s, times out at 3.292 s', () => {
    const t = runPreset('ff-2-drops', 'reno');
    expect(firstNewAck(t, 2.081, 14)).toEqual({ time: '2.292', cumAck: 28 });
    expect(timesOf(t, 'tcp.dupack-ignored')).toEqual(['2.375']);
    expect(decisions(t, /^tcp\.rto$/)).toEqual(['3.292 tcp.rto [29] cwnd 1 ssthresh 3']);
  });
  it('Reno with bugfix=0: fast-retransmits 29 at 2.375 s, cwnd 3, no timeout', () => {
    const t = runPreset('ff-2-drops', 'reno', { bugfix: false });
    expect(decisions(t, /fast-retransmit$/)).toEqual([
      '2.080 reno.fast-retransmit [15] cwnd 7 ssthresh 7',
      '2.375 reno.fast-retransmit [29] cwnd 3 ssthresh 3',
    ]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });
  it('NewReno: 29 on the partial ACK for 28 at 2.292 s, exit at 2.504 s', () => {
    const t = runPreset('ff-2-drops', 'newreno');
    expect(decisions(t, /partial-ack/)).toEqual([
      '2.292 newreno.partial-ack [29,35] cwnd 7 ssthresh 7',
    ]);
    expect(timesOf(t, 'newreno.exit-recovery')).toEqual(['2.504']);
  });
  it('SACK resends 29 at 2.354 s, exit at 2.566 s with cwnd 7; FACK the same, cwnd ≈ 8.6', () => {
    const sack = runPreset('ff-2-drops', 'sack');
    expect(retransmissions(sack)).toEqual(['15@2.080', '29@2.354']);
    expect(decisions(sack, /exit-recovery/)).toEqual([
      '2.566 sack.exit-recovery [43] cwnd 7 ssthresh 7',
    ]);
    const fack = runPreset('ff-2-drops', 'fack');
    expect(retransmissions(fack)).toEqual(['15@2.080', '29@2.354']);
    expect(decisions(fack, /exit-recovery/)).toEqual([
      '2.566 fack.exit-recovery [43] cwnd 8.556 ssthresh 7',
    ]);
  });
});

describe('notices: ff-3-drops', () => {
  it('Tahoe resends 27, 28 at 2.292 s and 29 at 2.504 s, no timeout', () => {
    expect(retransmissions(runPreset('ff-3-drops', 'tahoe'))).toEqual([
      '15@2.080',
      '27@2.292',
      '28@2.292',
      '29@2.504',
    ]);
    expect(stats('ff-3-drops', 'tahoe').timeouts).toBe(0);
  });
  it('Reno: partial ACK for 26 at 2.292 s, dupack ignored at 2.375 s, silence, RTO at 3.292 s, then 29 and 30', () => {
    const t = runPreset('ff-3-drops', 'reno');
    expect(firstNewAck(t, 2.081, 14)).toEqual({ time: '2.292', cumAck: 26 });
    expect(timesOf(t, 'tcp.dupack-ignored')).toEqual(['2.375']);
    expect(sendsBetween(t, 2.376, 3.29)).toEqual([]);
    expect(decisions(t, /^tcp\.rto$/)).toEqual(['3.292 tcp.rto [27] cwnd 1 ssthresh 3']);
    expect(retransmissions(t)).toEqual(['15@2.080', '27@3.292', '29@3.504', '30@3.504']);
  });
  it('NewReno: 27 at 2.292 s, 29 at 2.504 s, exit at 2.715 s, no timeout', () => {
    const t = runPreset('ff-3-drops', 'newreno');
    expect(retransmissions(t)).toEqual(['15@2.080', '27@2.292', '29@2.504']);
    expect(timesOf(t, 'newreno.exit-recovery')).toEqual(['2.715']);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });
  it('SACK and FACK resend 27 at 2.174 s and 29 at 2.354 s; exit at 2.566 s (SACK cwnd 7, FACK ≈ 8.4)', () => {
    for (const s of ['sack', 'fack'] as const) {
      expect(retransmissions(runPreset('ff-3-drops', s)), s).toEqual([
        '15@2.080',
        '27@2.174',
        '29@2.354',
      ]);
    }
    expect(decisions(runPreset('ff-3-drops', 'sack'), /exit-recovery/)).toEqual([
      '2.566 sack.exit-recovery [41] cwnd 7 ssthresh 7',
    ]);
    expect(decisions(runPreset('ff-3-drops', 'fack'), /exit-recovery/)).toEqual([
      '2.566 fack.exit-recovery [42] cwnd 8.437 ssthresh 7',
    ]);
  });
});

describe('notices: ff-4-drops', () => {
  it('Tahoe: 25, 26 at 2.292 s, 27–29 at 2.504 s', () => {
    expect(retransmissions(runPreset('ff-4-drops', 'tahoe'))).toEqual([
      '15@2.080',
      '25@2.292',
      '26@2.292',
      '27@2.504',
      '28@2.504',
      '29@2.504',
    ]);
  });
  it('Reno: RTO at 3.292 s resends 25 (cwnd 1, ssthresh 3), then 27–31: 7 retransmissions', () => {
    const t = runPreset('ff-4-drops', 'reno');
    expect(decisions(t, /^tcp\.rto$/)).toEqual(['3.292 tcp.rto [25] cwnd 1 ssthresh 3']);
    expect(retransmissions(t).map((r) => Number(r.split('@')[0]))).toEqual([
      15, 25, 27, 28, 29, 30, 31,
    ]);
  });
  it('NewReno: 25, 27, 29 at 2.292, 2.504, 2.715 s, exit at 2.927 s', () => {
    const t = runPreset('ff-4-drops', 'newreno');
    expect(retransmissions(t)).toEqual(['15@2.080', '25@2.292', '27@2.504', '29@2.715']);
    expect(timesOf(t, 'newreno.exit-recovery')).toEqual(['2.927']);
  });
  it('SACK and FACK: 25 at 2.153 s, 27 at 2.163 s, 29 at 2.354 s, exit at 2.566 s (FACK cwnd ≈ 8.3)', () => {
    for (const s of ['sack', 'fack'] as const) {
      const t = runPreset('ff-4-drops', s);
      expect(retransmissions(t), s).toEqual(['15@2.080', '25@2.153', '27@2.163', '29@2.354']);
      expect(timesOf(t, `${s}.exit-recovery`), s).toEqual(['2.566']);
    }
    expect(decisions(runPreset('ff-4-drops', 'fack'), /exit-recovery/)[0]).toMatch(/cwnd 8\.317 /);
  });
});

describe('notices: ff-5-drops', () => {
  it('Tahoe: 23–29 in three rounds 2.292–2.715 s, 8 retransmissions, no timeout', () => {
    const t = runPreset('ff-5-drops', 'tahoe');
    expect(retransmissions(t)).toEqual([
      '15@2.080',
      '23@2.292',
      '24@2.292',
      '25@2.504',
      '26@2.504',
      '27@2.504',
      '28@2.715',
      '29@2.715',
    ]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });
  it('Reno: partial ACK for 22 at 2.292 s, two dupacks, RTO at 3.292 s resends 23, then 25–31', () => {
    const t = runPreset('ff-5-drops', 'reno');
    expect(firstNewAck(t, 2.081, 14)).toEqual({ time: '2.292', cumAck: 22 });
    expect(dupacksFor(t, 2.292, 22)).toEqual(['2.354', '2.364']);
    expect(decisions(t, /^tcp\.rto$/)).toEqual(['3.292 tcp.rto [23] cwnd 1 ssthresh 3']);
    expect(retransmissions(t).map((r) => Number(r.split('@')[0]))).toEqual([
      15, 23, 25, 26, 27, 28, 29, 30, 31,
    ]);
  });
  it('NewReno: 23, 25, 27, 29 at 2.292, 2.504, 2.715, 2.927 s, exit at 3.139 s', () => {
    const t = runPreset('ff-5-drops', 'newreno');
    expect(retransmissions(t)).toEqual([
      '15@2.080',
      '23@2.292',
      '25@2.504',
      '27@2.715',
      '29@2.927',
    ]);
    expect(timesOf(t, 'newreno.exit-recovery')).toEqual(['3.139']);
  });
  it('SACK: 23, 25 at 2.142, 2.153 s, 27 at 2.292 s, 29 at 2.514 s, exit at 2.737 s', () => {
    const t = runPreset('ff-5-drops', 'sack');
    expect(retransmissions(t)).toEqual([
      '15@2.080',
      '23@2.142',
      '25@2.153',
      '27@2.292',
      '29@2.514',
    ]);
    expect(timesOf(t, 'sack.exit-recovery')).toEqual(['2.737']);
  });
  it('FACK: 23 and 25 at 2.142 s, 27 at 2.153 s, 29 at 2.375 s, exit at 2.587 s', () => {
    const t = runPreset('ff-5-drops', 'fack');
    expect(retransmissions(t)).toEqual([
      '15@2.080',
      '23@2.142',
      '25@2.142',
      '27@2.153',
      '29@2.375',
    ]);
    expect(timesOf(t, 'fack.exit-recovery')).toEqual(['2.587']);
  });
});

describe('notice texts', () => {
  it('every Fall & Floyd preset has a 2–4 sentence notice and a note for each TCP sender (except the generic one)', () => {
    for (const id of [
      'fall-floyd',
      'ff-0-drops',
      'ff-1-drops',
      'ff-2-drops',
      'ff-3-drops',
      'ff-4-drops',
      'ff-5-drops',
    ]) {
      const p = getPreset(id)!;
      const sentences = p.notice.split(/(?<=[.!?])\s+(?=[A-Z0-9])/);
      expect(sentences.length, id).toBeGreaterThanOrEqual(2);
      expect(sentences.length, id).toBeLessThanOrEqual(4);
      if (id !== 'fall-floyd')
        for (const s of TCP_SENDERS) expect(p.senderNotes?.[s], `${id} ${s}`).toBeTruthy();
    }
  });
  it('presetNotice appends the sender note', () => {
    const p = getPreset('ff-2-drops')!;
    expect(presetNotice(p, 'reno')).toBe(`${p.notice} ${p.senderNotes!.reno}`);
    const generic = getPreset('fall-floyd')!;
    expect(presetNotice(generic, 'reno')).toBe(generic.notice);
  });
});
