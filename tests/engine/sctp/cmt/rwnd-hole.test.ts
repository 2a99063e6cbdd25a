/**
 * A receiver whose a_rwnd is used up by chunks held above a hole must still take the chunk that
 * fills the hole (it is delivered at once and frees the buffer; RFC 4960 §6.2 accepts a TSN
 * below the highest received). Found by the scenario fuzz: two CMT associations on the
 * multi-homed mobile with control loss; flow 0 held TSNs 68–111 (44 chunks of 1484 bytes of a
 * 65 536-byte window) and dropped every retransmission of TSN 67 for lack of room, stalling
 * from 1.45 s to the end of the run.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run } from '../../../../src/engine';
import { resolveQuery } from '../../../../src/cli/scenario';

// Random loss hits control packets only here (losson=control), a handful per run: with seed 3
// none is lost and the run is the fuzz's find (seeds 1 and 2 lose one and take another course;
// without the fix, seeds 3–23 all stall at TSN 66). link=wired: the network the fuzz found it on,
// the mobile's accesses as point-to-point links.
const QUERY =
  'preset=mobile-multihomed-cmt&flows=sctp-4960,sctp-4960&losson=control&seed=3&link=wired';

function config() {
  const r = resolveQuery(QUERY);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  expect(r.config.flows[0]!.rules).toBe('rfc');
  return r.config;
}

/** Times at which TSN `tsn` of flow 0 reached the receiver. */
function arrivals(trace: ReturnType<typeof run>, tsn: number): number[] {
  const P = trace.packets;
  const X = trace.transmissions;
  const out: number[] = [];
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (
      X.flow[u] === 0 &&
      X.type[u] === PacketType.data &&
      X.packet[u] === tsn &&
      P.kind[i] === PacketEventKind.deliver
    )
      out.push(P.time[i]!);
  }
  return out;
}

describe('SCTP receiver, rfc rules: the chunk at Cumulative TSN + 1 with a_rwnd used up (RFC 4960 §6.2)', () => {
  it('rfc rules: accepted, the association carries on', () => {
    const t = run(config());
    // Its first transmission was lost; the retransmission arrives once and is taken.
    expect(arrivals(t, 67).length).toBe(1);
    expect(t.flowStats[0]!.deliveredPackets).toBeGreaterThan(67);
    // Engine values pinned when the receiver took the chunk (before: flow 0 stalled at TSN 66).
    expect(t.flowStats[0]!.deliveredPackets).toBe(4430);
    expect(t.flowStats[0]!.timeouts).toBe(4);
    expect(t.flowStats[1]!.deliveredPackets).toBe(5360);
  });
});
