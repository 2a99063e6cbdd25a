import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run } from '../../../src/engine';
import { fallFloydConfig } from '../../helpers/fall-floyd';

describe('trace.ackBlocks', () => {
  it('records the SACK blocks of each ACK the receiver sends, keyed by uid', () => {
    // SACK with packet 15 dropped: the ACKs for 16, 17, … are duplicate ACKs for 14 carrying
    // the block 16..16, then 16..17, … (RFC 2018 §4: the block holding the newest packet first).
    const t = run(fallFloydConfig('sack', [15]));
    const P = t.packets;
    const X = t.transmissions;
    const sends: number[] = [];
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (
        P.kind[i] === PacketEventKind.send &&
        X.type[u] === PacketType.ack &&
        X.sackBlocks[u]! > 0
      )
        sends.push(i);
    }
    const first = sends[0]!;
    expect(X.cumAck[P.uid[first]!]).toBe(14);
    const rows = (uid: number) =>
      [...t.ackBlocks.uid.keys()]
        .filter((k) => t.ackBlocks.uid[k] === uid)
        .map((k) => [t.ackBlocks.first[k], t.ackBlocks.last[k]]);
    expect(rows(P.uid[first]!)).toEqual([[16, 16]]);
    expect(rows(P.uid[sends[1]!]!)).toEqual([[16, 17]]);
    // Every ACK with n blocks has exactly n rows.
    for (const i of sends) expect(rows(P.uid[i]!).length).toBe(X.sackBlocks[P.uid[i]!]);
  });

  it('is empty without SACK', () => {
    expect(run(fallFloydConfig('reno', [15])).ackBlocks.length).toBe(0);
  });
});
