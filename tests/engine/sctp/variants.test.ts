/** What distinguishes the four SCTP senders, on the Fall & Floyd drop scenarios. */
import { decisionsOf } from '../../../src/engine';
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/engine';
import { SCTP_VARIANT_LIST, SCTP_VARIANTS } from '../../../src/engine/sctp/variants';
import { SCTP_SENDERS } from '../../../src/engine';
import { VARIANTS } from '../../../src/scenarios/variants';
import { rfc4960InitialCwnd } from '../../../src/engine/sctp/variant';
import { reason } from '../../../src/engine/trace/reasons';
import { isKnownPlaceholder, templatePlaceholders } from '../../../src/trace/explain';
import { SCTP_REASONS } from '../../../src/engine/sctp/reasons';
import { fallFloyd } from './setup';
import { ackFor, before, dupAcks } from './trace-query';

describe('SCTP variants', () => {
  it('New-Reno SCTP* (Caro et al. §5) does congestion avoidance at cwnd == ssthresh', () => {
    const star = run(fallFloyd({ sender: 'sctp-newreno-ca', drops: [15], stopS: 3 }));
    const d = ackFor(star, 32);
    expect(before(d, 'cwnd')).toBe(7.5);
    expect(before(d, 'ssthresh')).toBe(7.5);
    expect(d.code).toBe('sctp.exit-recovery'); // recover = 32: recovery ends here, without growth
    expect(d.after.cwnd).toBe(7.5);
    expect(d.after.partialBytesAcked).toBeGreaterThan(0);
    const plain = run(fallFloyd({ sender: 'sctp-newreno', drops: [15], stopS: 3 }));
    expect(ackFor(plain, 32).after.cwnd).toBe(8.5);
  });

  it('RFC 4960 fast-retransmits on the 3rd missing report; RFC 2960 on the 4th', () => {
    const t4960 = run(fallFloyd({ sender: 'sctp-4960', drops: [15], stopS: 3 }));
    expect(dupAcks(t4960, 14)[2]!.code).toBe('sctp.fast-recovery');
    expect(dupAcks(t4960, 14)[2]!.packets[0]).toBe(15);
    const t2960 = run(fallFloyd({ sender: 'sctp-2960', drops: [15], stopS: 3 }));
    expect(dupAcks(t2960, 14)[2]!.packets).toEqual([32]);
    expect(dupAcks(t2960, 14)[3]!.packets[0]).toBe(15);
  });

  it('ssthresh floors: 2·MTU in RFC 2960, 4·MTU in RFC 4960 (and ns-2.35)', () => {
    // rwnd 5 packets keeps cwnd at 6 (it grows while 5 ≥ cwnd): half is 3 packets.
    const a = run(
      fallFloyd({ sender: 'sctp-2960', drops: [6], stopS: 3, flow: { windowPkts: 5 } }),
    );
    const b = run(
      fallFloyd({ sender: 'sctp-4960', drops: [6], stopS: 3, flow: { windowPkts: 5 } }),
    );
    const cut = (t: typeof a) => decisionsOf(t).find((d) => /fast-re/.test(d.code))!;
    expect(before(cut(a), 'cwnd')).toBe(6);
    expect(cut(a).after.ssthresh).toBe(3);
    expect(before(cut(b), 'cwnd')).toBe(6);
    expect(cut(b).after.ssthresh).toBe(4);
  });

  it('RFC 4960 initial cwnd = min(4·MTU, max(2·MTU, 4380))', () => {
    expect(rfc4960InitialCwnd(1008)).toBe(4032);
    expect(rfc4960InitialCwnd(1448)).toBe(4380);
    expect(rfc4960InitialCwnd(3000)).toBe(6000);
    expect(SCTP_VARIANTS['sctp-4960'].defaults.initialCwndBytes(1448)).toBe(4380);
    expect(SCTP_VARIANTS['sctp-2960'].defaults.missingReports).toBe(4);
    expect(SCTP_VARIANTS['sctp-4960'].defaults.missingReports).toBe(3);
  });

  it('every sctp.* reason has a template the explainer can fill and a source', () => {
    for (const [code, e] of Object.entries(SCTP_REASONS)) {
      expect(reason(code).template).toBe(e.template);
      expect(e.source.length).toBeGreaterThan(5);
      for (const name of templatePlaceholders(e.template))
        expect(isKnownPlaceholder(name), `${code} {${name}}`).toBe(true);
    }
  });

  it('the handshake puts INIT, INIT-ACK, COOKIE-ECHO, COOKIE-ACK, HEARTBEAT, HEARTBEAT-ACK before the first DATA', () => {
    const t = run(
      fallFloyd({
        sender: 'sctp-newreno',
        stopS: 2,
        flow: { handshake: true, initialCwndPkts: 4 },
      }),
    );
    const codes = decisionsOf(t)
      .slice(0, 4)
      .map((d) => d.code);
    expect(codes).toEqual(['sctp.init', 'sctp.cookie-echo', 'sctp.established', 'sctp.start']);
    expect(decisionsOf(t)[3]!.packets).toEqual([1, 2, 3, 4]);
    const p = t.packets;
    const X = t.transmissions;
    const sizes: number[] = [];
    for (let i = 0; i < p.length && X.type[p.uid[i]!] !== 0; i++)
      if (p.kind[i] === 0) sizes.push(X.size[p.uid[i]!]!);
    expect(sizes).toEqual([56, 56, 36, 36, 56, 56]);
    const noHb = run(
      fallFloyd({
        sender: 'sctp-newreno',
        stopS: 2,
        flow: { handshake: true, confirmPath: false },
      }),
    );
    expect(decisionsOf(noHb)[2]!.code).toBe('sctp.start');
  });

  it('the registry list gives the sender ids and the app entries (identity from the variant objects)', () => {
    expect(SCTP_SENDERS).toEqual(['sctp-2960', 'sctp-newreno', 'sctp-newreno-ca', 'sctp-4960']);
    for (const v of SCTP_VARIANT_LIST) expect(SCTP_VARIANTS[v.id]).toBe(v);
    const app = VARIANTS.filter((v) => v.protocol === 'sctp');
    expect(app.map((v) => v.id)).toEqual(SCTP_SENDERS);
    for (const e of app)
      expect({ ...SCTP_VARIANTS[e.id as (typeof SCTP_SENDERS)[number]].meta }).toEqual({
        label: e.label,
        name: e.name,
        color: e.color,
        dash: e.dash,
        frtx: e.frtx,
        frtxSource: e.frtxSource,
      });
    // New-Reno SCTP* and RFC 4960 keep New-Reno SCTP's rules, with their own identity.
    expect(SCTP_VARIANTS['sctp-newreno-ca'].meta.name).toBe('New-Reno SCTP*');
    expect(SCTP_VARIANTS['sctp-4960'].meta.frtx).toBe(3);
    expect(SCTP_VARIANTS['sctp-4960'].fastRecovery).toBe(true);
  });
});
