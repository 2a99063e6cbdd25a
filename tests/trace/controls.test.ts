/**
 * The trace names every control packet it carries (Trace.controls): the handshakes' SYN /
 * SYN-ACK and INIT / INIT-ACK / COOKIE-ECHO / COOKIE-ACK / HEARTBEAT / HEARTBEAT-ACK, and a
 * finite transfer's close, FIN / FIN-ACK (TCP) and SHUTDOWN / SHUTDOWN-ACK / SHUTDOWN-COMPLETE
 * (RFC 4960 §9.2) — in send order, keyed by the uid of the control packets' send events.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type SenderId, type Trace } from '../../src/engine';
import { fingerprint } from '../../src/trace/fingerprint';
import { fallFloydConfig } from '../helpers/fall-floyd';

function fileRun(sender: SenderId): Trace {
  return run(
    fallFloydConfig(sender, [], {
      flow: { handshake: true, app: { kind: 'file', bytes: 5_000 } },
      stopS: 10,
    }),
  );
}

const names = (t: Trace): string[] => Array.from(t.controls!.label, (k) => t.controls!.names[k]!);

/** uids of the control packets' send events, in order. */
function controlSends(t: Trace): number[] {
  const P = t.packets;
  const X = t.transmissions;
  const out: number[] = [];
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (P.kind[i] === PacketEventKind.send && X.type[u] === PacketType.control) out.push(u);
  }
  return out;
}

describe('control packet names in the trace', () => {
  it('TCP: SYN, SYN-ACK, then FIN, FIN-ACK after the last data packet is acknowledged', () => {
    const t = fileRun('reno');
    expect(names(t)).toEqual(['SYN', 'SYN-ACK', 'FIN', 'FIN-ACK']);
    expect(Array.from(t.controls!.uid)).toEqual(controlSends(t));
  });

  it('SCTP: the association set-up, the path-confirming HEARTBEAT, then the SHUTDOWN sequence', () => {
    const t = fileRun('sctp-4960');
    expect(names(t)).toEqual([
      'INIT',
      'INIT-ACK',
      'COOKIE-ECHO',
      'COOKIE-ACK',
      'HEARTBEAT',
      'HEARTBEAT-ACK',
      'SHUTDOWN',
      'SHUTDOWN-ACK',
      'SHUTDOWN-COMPLETE',
    ]);
    expect(Array.from(t.controls!.uid)).toEqual(controlSends(t));
  });

  it('a bulk run without a handshake has none, and the names are part of the fingerprint', () => {
    const bulk = run(fallFloydConfig('reno', [], { stopS: 3 }));
    expect(bulk.controls!.length).toBe(0);
    const t = fileRun('reno');
    const renamed: Trace = {
      ...t,
      controls: { ...t.controls!, names: ['SYN', 'SYN-ACK', 'FIN', 'RST'] },
    };
    expect(fingerprint(renamed)).not.toBe(fingerprint(t));
  });
});
