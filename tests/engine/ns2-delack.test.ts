/**
 * Delayed ACKs as ns-2.35's DelAck sinks do them (TCPSink/DelAck, TCPSink/Sack1/DelAck;
 * tcp-sink.cc DelAckSink::recv): an in-order segment waits up to interval_ = 100 ms for a
 * second one (RFC 1122 §4.2.3.2), out-of-order and gap-filling segments are acked at once
 * (RFC2581_immediate_ack_, RFC 2581 §4.2), and — SYN_immediate_ack_, true in ns-2.35 — the first
 * segment (seqno 0) is acked at once, so ACKs cover packets 1, 3, 5, … rather than 2, 4, 6.
 * tests/fixtures/ns2, set "delayed-ack" (`delack-<variant>-<tag>`): every variant with the Fall
 * & Floyd settings and with ns-2.35's own stack defaults, 0, 1 and 3 drops; the same checks as
 * every ns-2 fixture run (router events packet for packet at exact times, cwnd/ssthresh, per-ACK
 * state, summary).
 */
import { describe, expect, it } from 'vitest';
import { describeNs2RunChecks, comparisonsOf } from '../helpers/ns2-compare';
import { configFor, loadEvents, loadManifest } from '../helpers/ns2-fixtures';
import { PacketEventKind, PacketType, run } from '../../src/engine';

const manifest = loadManifest();
const runs = manifest.runs.filter((r) => r.set === 'delayed-ack');
const STOP = manifest.stopS;

const compared = comparisonsOf(STOP);

describe('delayed-ACK runs: the fixture set', () => {
  it('covers every variant, Fall & Floyd and ns-2.35 stack settings, with the DelAck sink', () => {
    expect(runs).toHaveLength(25);
    for (const r of runs) expect(r.params.delayedAck, r.name).toBe(true);
  });

  it('ns-2 acks the first segment at once, then every second one (or after 100 ms): 1, 3, 5, 6', () => {
    const acks = loadEvents('delack-reno-d0')
      .filter((e) => e.event === 'ACK')
      .slice(0, 4)
      .map((e) => e.cumAck);
    expect(acks).toEqual([1, 3, 5, 6]);
  });

  it('the engine does the same: its receiver acks 1 at once, then 3, 5 and 6', () => {
    const r = runs.find((x) => x.name === 'delack-reno-d0')!;
    const t = run(configFor(r, STOP));
    const P = t.packets;
    const X = t.transmissions;
    const acks: number[] = [];
    for (let i = 0; i < P.length && acks.length < 4; i++) {
      const u = P.uid[i]!;
      if (P.kind[i] === PacketEventKind.send && X.type[u] === PacketType.ack)
        acks.push(X.cumAck[u]!);
    }
    expect(acks).toEqual([1, 3, 5, 6]);
  });
});

describe.each(runs.map((r) => [r.name, r] as const))('delayed-ACK run %s', (_name, r) => {
  describeNs2RunChecks(() => compared(r), r, STOP, it);
});
