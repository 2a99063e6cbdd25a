import { describe, expect, it } from 'vitest';
import { decisionsOf, reason, reasonCodes, type Decision, type SenderVars } from '../../src/engine';
import { SCTP_REASONS } from '../../src/engine/sctp/reasons';
import {
  explainAll,
  explainDecision,
  isKnownPlaceholder,
  templatePlaceholders,
} from '../../src/trace/explain';
import { run } from '../../src/engine';
import { fallFloyd, fallFloydTrace } from './fixtures';
import { fallFloydConfig } from '../helpers/fall-floyd';

const AFTER: SenderVars = {
  cwnd: 7.142857142857143,
  ssthresh: 7,
  dupacks: 3,
  recover: 29,
  pipe: 12,
  flightsize: 15,
  highestAck: 14,
  nextSeq: 30,
  partialBytesAcked: 0,
  rto: 2,
};

function synthetic(code: string, changes: Decision['changes']): Decision {
  return {
    id: 0,
    time: 2.5,
    flow: 0,
    code: code as Decision['code'],
    trigger: { kind: 'ack', cumAck: 14, dupacks: 3, event: 0 },
    packets: [15, 30, 31, 32],
    changes,
    after: AFTER,
  };
}

describe('explainDecision on every catalog code', () => {
  const trace = fallFloydTrace('reno', [15]);
  // The shell's codes, every variant's own (registered by its file) and SCTP's.
  const codes = reasonCodes();
  it('the catalog has every TCP variant’s and SCTP’s codes', () => {
    for (const c of [
      'tcp.rto',
      'reno.inflate',
      'newreno.partial-ack',
      'sack.partial-ack',
      'fack.exit-recovery',
      'tahoe.fast-retransmit',
      'cubic.convex',
    ])
      expect(codes, c).toContain(c);
    for (const c of Object.keys(SCTP_REASONS)) expect(codes, c).toContain(c);
  });

  it('knows every placeholder the TCP and SCTP templates use', () => {
    for (const code of codes) {
      for (const name of templatePlaceholders(reason(code).template)) {
        expect(isKnownPlaceholder(name), `${code}: {${name}}`).toBe(true);
      }
    }
  });

  it.each(codes)('%s fills its template without leaking placeholders', (code) => {
    for (const changes of [
      {},
      { cwnd: [15, 7] as [number, number], ssthresh: [28, 7] as [number, number] },
    ]) {
      const text = explainDecision(synthetic(code, changes), trace);
      expect(text).not.toMatch(/[{}]/);
      expect(text).not.toContain('?');
      expect(text).not.toContain('undefined');
      expect(text).not.toContain('NaN');
      expect(text.endsWith(`(${reason(code).source})`)).toBe(true);
    }
  });

  it('renders unknown placeholders as "?" instead of "{x}", and timer triggers', () => {
    const d: Decision = {
      ...synthetic('tcp.rto', { rto: [1, 2] }),
      trigger: { kind: 'timer', timer: 'rto', event: -1 },
    };
    const text = explainDecision(d, trace);
    expect(text).toContain('RTO 1 s');
    expect(text).toContain('go back to 15');
    expect(explainDecision(synthetic('sctp.made-up', {}), trace)).toBe('sctp.made-up');
  });
});

describe('fall-floyd explanations', () => {
  it('Reno, 1 drop: the fast retransmit of 15', () => {
    const trace = fallFloydTrace('reno', [15]);
    const fr = explainAll(trace).filter(
      (e) => decisionsOf(trace)[e.id]!.code === 'reno.fast-retransmit',
    );
    expect(fr).toHaveLength(1);
    expect(fr[0]!.time).toBe(2.07976);
    expect(fr[0]!.text).toBe(
      '3rd duplicate ACK for 14: fast retransmit of 15; ssthresh 28 → 7, cwnd 15 → 7 + 3 inflation ' +
        '(RFC 2581 §3.2 steps 1–2 (ssthresh = flightsize/2, cwnd = ssthresh + 3)) — ' +
        'RFC 5681 would set ssthresh = 7.5 here (half the FlightSize of 15 packets); ns-2.35 halves ' +
        'min(cwnd, rwnd) instead (RFC 5681 §3.2 step 2, eq. 4; ns-2 tcp.cc slowdown)',
    );
  });

  it('Reno, 1 drop: dupacks 1–2 send nothing, later ones inflate, cwnd growth trimmed to 3 decimals', () => {
    const trace = fallFloydTrace('reno', [15]);
    const texts = explainAll(trace).map((e) => e.text);
    expect(texts).toContain(
      '1st duplicate ACK for 14: below the threshold of 3, nothing is sent (RFC 2581 §3.2 (fast retransmit waits for the 3rd duplicate ACK))',
    );
    expect(
      texts.some(
        (t) =>
          t.startsWith('9th duplicate ACK for 14: another packet has left the network') &&
          t.includes('sends 30'),
      ),
    ).toBe(true);
    // The first new ACK (29) ends recovery; cwnd grows once from 7 (7 + 1/7).
    expect(
      texts.some(
        (t) => t.startsWith('New ACK for 29: ') && t.includes('7.143') && t.includes('sends 36'),
      ),
    ).toBe(true);
  });

  it('Reno, 2 drops: the bugfix suppresses a second fast retransmit, then the RTO fires', () => {
    const texts = explainAll(fallFloydTrace('reno', [15, 29])).map((e) => e.text);
    expect(
      texts.some((t) =>
        /^3rd duplicate ACK for \d+: no fast retransmit, because ACK \d+ does not pass recover = 29/.test(
          t,
        ),
      ),
    ).toBe(true);
    expect(
      texts.some((t) => t.startsWith('Retransmission timer expired (RTO 1 s): ssthresh 7 → ')),
    ).toBe(true);
  });

  it('NewReno, 3 drops: partial ACKs retransmit the next hole', () => {
    const texts = explainAll(fallFloydTrace('newreno', [15, 27, 29])).map((e) => e.text);
    expect(
      texts.some((t) =>
        t.startsWith('Partial ACK for 26 (recover = 29): NewReno retransmits 27 at once'),
      ),
    ).toBe(true);
    expect(
      texts.some((t) =>
        t.startsWith(
          'ACK for 37 covers recover = 29: NewReno leaves fast recovery, cwnd = ssthresh = 7 then grows to 7.143; sends 40–44',
        ),
      ),
    ).toBe(true);
  });

  it('SACK, 1 drop: pipe starts at 29 − 14 − 3 = 12 and drops by one per duplicate ACK', () => {
    const texts = explainAll(fallFloydTrace('sack', [15])).map((e) => e.text);
    expect(
      texts.some((t) =>
        t.startsWith(
          'Duplicate ACK for 14 in SACK recovery: pipe 12 → 11 (one packet left the network); sends nothing',
        ),
      ),
    ).toBe(true);
  });

  it('FACK, 1 drop: forward-most SACKed packet 18 triggers the retransmission', () => {
    const texts = explainAll(fallFloydTrace('fack', [15])).map((e) => e.text);
    expect(
      texts.some((t) =>
        t.startsWith(
          'ACK for 14 with forward-most SACKed packet 18: 3 packets lie between (≥ 3), so FACK retransmits 15; ssthresh 28 → 7, cwnd → 1',
        ),
      ),
    ).toBe(true);
  });

  it('explainAll keeps decision order, ids and times', () => {
    const trace = fallFloydTrace('tahoe', [15]);
    const all = explainAll(trace);
    expect(all.map((e) => e.id)).toEqual(decisionsOf(trace).map((d) => d.id));
    expect(all.map((e) => e.time)).toEqual(decisionsOf(trace).map((d) => d.time));
    expect(
      all.some((e) =>
        e.text.startsWith(
          '3rd duplicate ACK for 14: Tahoe fast-retransmits 15, ssthresh 28 → 7, cwnd 15 → 1 and goes back to 15',
        ),
      ),
    ).toBe(true);
  });

  it('SCTP: the fast-retransmit threshold comes from the trace (4 for RFC 2960 and New-Reno SCTP)', () => {
    for (const sender of ['sctp-2960', 'sctp-newreno'] as const) {
      const trace = run(
        fallFloyd(sender, [15], 6, { dupackThreshold: 4, firstPacketWithoutHeader: false }),
      );
      const texts = explainAll(trace).map((e) => e.text);
      expect(
        texts.some((t) =>
          t.startsWith(
            '4th duplicate SACK for TSN 14, the 4th missing report for TSN 15 (threshold 4): fast retransmit of 15',
          ),
        ),
      ).toBe(true);
    }
    const t4960 = run(fallFloyd('sctp-4960', [15], 6, { firstPacketWithoutHeader: false }));
    expect(
      explainAll(t4960).some((e) =>
        e.text.startsWith(
          '3rd duplicate SACK for TSN 14, the 3rd missing report for TSN 15 (threshold 3):',
        ),
      ),
    ).toBe(true);
  });
});

describe('cwnd 0 (ns-2.35 halves a window of 1 with no floor)', () => {
  it('says so in the row of the cut, matching ns-2 fixture gen-newreno-frtx1-cwnd0-a', () => {
    const t = run(
      fallFloydConfig('newreno', [5, '5:2'], {
        stopS: 6,
        flow: { bugfix: false, dupackThreshold: 1, windowPkts: 10 },
        bottleneck: { queueLimit: 3 },
      }),
    );
    const cuts = decisionsOf(t).filter((d) => d.changes.cwnd && d.changes.cwnd[1] === 0);
    // ns-2.35 (tests/fixtures/ns2/gen-newreno-frtx1-cwnd0-a.vars.csv.gz) has cwnd 0 first at
    // 2.7049999999999996 s, after the 1st duplicate ACK for 4 following the timeout (the 8th
    // duplicate of ACK 4 in all: the timeout reset the sender's counter, the row says both).
    expect(cuts[0]!.time).toBe(2.7049999999999996);
    const text = explainDecision(cuts[0]!, t);
    expect(text).toContain(
      "8th duplicate ACK for 4 (NewReno's duplicate counter: 1): fast retransmit of 5",
    );
    expect(text).toContain(
      '— cwnd 0 as in ns-2.35, which halves ⌊window⌋ = 1 with no floor (tcp.cc slowdown); RFC 5681 §3.2 keeps cwnd ≥ 1 segment',
    );
    // ns-2 halves the window of 1 while 9 packets are outstanding: the RFC halves the FlightSize.
    expect(cuts[0]!.note).toEqual({ code: 'rfc.cut-flightsize', value: 4.5 });
    expect(text).toMatch(
      / — RFC 5681 would set ssthresh = 4\.5 here \(half the FlightSize of 9 packets\); ns-2\.35 halves min\(cwnd, rwnd\) instead \(RFC 5681 §3\.2 step 2, eq\. 4; ns-2 tcp\.cc slowdown\)$/,
    );
    // Rows that do not cut cwnd to 0 carry no such note.
    const other = decisionsOf(t).find((d) => d.code === 'tcp.slow-start')!;
    expect(explainDecision(other, t)).not.toContain('ns-2.35, which halves');
  });
});
