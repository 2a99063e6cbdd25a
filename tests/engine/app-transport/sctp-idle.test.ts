/**
 * An idle SCTP path between an FTP client's files (RFC 4960 §7.2.1; ns-2.35 CwndDegradeTimer):
 * per RTO without new data, cwnd above 2 MTUs halves, not below the variant's floor (4 MTUs for
 * RFC 4960), and no row is written once it sits at the floor; the T3-rtx timer is off while
 * nothing is outstanding (§6.3.2 R2). The same under both rule sets.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run } from '../../../src/engine';
import { fallFloydConfig } from '../../helpers/fall-floyd';

describe.each(['ns2', 'rfc'] as const)('sctp-4960 ftp-clients, rules %s', (rules) => {
  const cfg = fallFloydConfig('sctp-4960', [], {
    flow: {
      app: { kind: 'ftp-clients', meanBytes: 60_000, shape: 1.18, thinkS: 30 },
      rules,
      pathMtuBytes: 1500,
      mssBytes: 1452,
      headerBytes: 48,
      dataChunkHeaderBytes: 16,
      windowPkts: 64,
      initialRwndBytes: 65_536,
    },
    stopS: 300,
  });
  cfg.seed = 5;
  const trace = run(cfg);
  const ds = decisionsOf(trace);
  const mtu = rules === 'ns2' ? 1468 : 1500;

  it('halves cwnd once per RTO while idle, down to 4 MTUs, then writes nothing more', () => {
    const degrade = ds.filter((d) => d.code === 'sctp.cwnd-degrade');
    expect(degrade.length).toBeGreaterThan(0);
    for (const d of degrade) {
      const [from, to] = d.changes.cwnd!; // MTUs; bytes = MTUs · mtu
      const bytes = Math.round(from * mtu);
      expect(to).toBeCloseTo(Math.max(Math.trunc(bytes / 2), 4 * mtu) / mtu, 9);
    }
    // Between two files nothing is sent: the rows of an idle period are degrade rows only.
    const first = degrade[0]!;
    const idle = ds.filter((d) => d.time >= first.time && d.time < first.time + 5);
    expect(idle.every((d) => d.code === 'sctp.cwnd-degrade')).toBe(true);
    expect(idle.at(-1)!.after.cwnd).toBe(4);
    expect(ds.some((d) => d.code === 'sctp.rto')).toBe(false);
  });

  it('sends the next file after the think time, never shuts down', () => {
    expect(ds.filter((d) => d.code === 'sctp.app-send').length).toBeGreaterThan(0);
    expect(ds.some((d) => d.code === 'sctp.shutdown')).toBe(false);
  });
});
